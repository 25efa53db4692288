import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenXeroRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * A local stand-in for Xero's identity and accounting APIs, in the shape Xero publishes: the
 * token endpoint (authorization_code and refresh_token grants, HTTP Basic client auth), the
 * connections list and Manual Journals. Tests point ACCOUNTING_XERO_* at it; nothing leaves the machine.
 */
export class FakeXero {
  readonly requests: SeenXeroRequest[] = [];
  clientId = 'fake-client-id';
  clientSecret = 'fake-client-secret';
  /** Codes the token endpoint accepts once each. */
  readonly codes = new Set<string>();
  organisation = { tenantId: 'b1f7c2de-0000-4000-8000-00000000x001', tenantName: 'Demo Bakery Ltd' };
  journalStatus = 200;
  private server!: Server;
  url = '';

  static async start(): Promise<FakeXero> {
    const fake = new FakeXero();
    fake.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const path = (req.url ?? '').split('?')[0]!;
        fake.requests.push({ method: req.method ?? '', path, headers: req.headers, body });
        const json = (status: number, value: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
        if (req.method === 'POST' && path === '/connect/token') {
          const basic = Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64');
          if (req.headers.authorization !== `Basic ${basic}`) return json(401, { error: 'invalid_client' });
          const form = new URLSearchParams(body);
          const grant = form.get('grant_type');
          if (grant === 'authorization_code' && fake.codes.delete(form.get('code') ?? '')) return json(200, { access_token: 'access-1', refresh_token: 'refresh-1', expires_in: 1800, token_type: 'Bearer' });
          if (grant === 'refresh_token' && form.get('refresh_token')?.startsWith('refresh-')) return json(200, { access_token: 'access-2', refresh_token: 'refresh-2', expires_in: 1800, token_type: 'Bearer' });
          return json(400, { error: 'invalid_grant' });
        }
        const bearer = req.headers.authorization?.replace(/^Bearer /, '');
        if (!bearer?.startsWith('access-')) return json(401, { Title: 'Unauthorized' });
        if (req.method === 'GET' && path === '/connections') return json(200, [{ id: 'conn-1', tenantId: fake.organisation.tenantId, tenantType: 'ORGANISATION', tenantName: fake.organisation.tenantName }]);
        if (req.method === 'POST' && path === '/api.xro/2.0/ManualJournals') {
          if (req.headers['xero-tenant-id'] !== fake.organisation.tenantId) return json(403, { Title: 'Forbidden' });
          if (fake.journalStatus !== 200) return json(fake.journalStatus, { Type: 'ValidationException' });
          return json(200, { ManualJournals: [{ ManualJournalID: `mj-${fake.requests.length}`, Status: 'POSTED' }] });
        }
        return json(404, { Title: 'Not Found' });
      });
    });
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  /** The API settings that point the Xero integration here. */
  apiEnv(): Record<string, string> {
    return {
      ACCOUNTING_XERO_CLIENT_ID: this.clientId,
      ACCOUNTING_XERO_CLIENT_SECRET: this.clientSecret,
      ACCOUNTING_XERO_AUTHORIZE_URL: `${this.url}/identity/connect/authorize`,
      ACCOUNTING_XERO_TOKEN_URL: `${this.url}/connect/token`,
      ACCOUNTING_XERO_API_URL: this.url,
    };
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}
