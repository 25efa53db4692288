import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { testCertificate } from '@wfm/testing/https-receiver';
import type { Provider } from '../modules/access/integrations/providers.js';
import { localEgressEnv } from './local-egress.js';

/** How the fake answers every request: as the provider would, or failing in one way. */
export type FakeMode = 'ok' | 'unauthorized' | 'error' | 'hang' | 'redirect' | 'not-json';

export interface FakeDoor {
  id: string | number;
  name: string;
}

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export const FAKE_SECRETS = {
  kisiApiKey: 'kisi-api-key-7Qm2',
  brivoApiKey: 'brivo-api-key-9Xc4',
  brivoClientSecret: 'brivo-client-secret-3Lp8',
  brivoPassword: 'brivo-admin-password-5Vt1',
  openpathPassword: 'openpath-password-2Hd6',
  verkadaApiKey: 'verkada-api-key-8Rw3',
} as const;

const BRIVO_CLIENT_ID = 'brivo-client';
const BRIVO_USERNAME = 'integrations@example.test';
const OPENPATH_EMAIL = 'api-user@example.test';
const OPENPATH_ORG = 4242;

/**
 * One local HTTPS server playing all four providers, each under its own path prefix, with the
 * auth and door-list endpoints the adapters call. It caps every page at `pageCap` items whatever
 * the client asks for, so the adapters' paging is exercised with a handful of doors.
 *
 * It listens on 127.0.0.1 with the webhook test receiver's self-signed certificate (valid for
 * receiver.test, localhost, 127.0.0.1 and ::1): a client reaches it only when the egress
 * allow-list names 127.0.0.1 and it trusts `ca` (`apiEnv` for the API).
 */
export class FakeProviders {
  mode: FakeMode = 'ok';
  pageCap = 2;
  /** Where the 'redirect' mode sends the client. */
  redirectTo = 'https://elsewhere.example/';
  readonly requests: SeenRequest[] = [];
  /** TCP connections accepted, a TLS handshake or a request or not: "received nothing" means none. */
  connections = 0;
  doors: Record<Provider, FakeDoor[]> = FakeProviders.defaultDoors();
  ca = '';
  private server!: Server;
  url = '';
  port = 0;

  static async start(): Promise<FakeProviders> {
    const fake = new FakeProviders();
    const { key, cert } = await testCertificate();
    fake.ca = cert;
    fake.server = createServer({ key, cert }, (req, res) => void fake.handle(req, res));
    fake.server.on('connection', () => fake.connections++);
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    fake.port = (fake.server.address() as AddressInfo).port;
    fake.url = `https://127.0.0.1:${fake.port}`;
    return fake;
  }

  /** The API settings under which it may call this fake: 127.0.0.1 allowed through the egress check, the certificate trusted. */
  apiEnv(): Record<string, string> {
    return localEgressEnv(this.ca);
  }

  static defaultDoors(): Record<Provider, FakeDoor[]> {
    return {
      BRIVO: [
        { id: 101, name: 'Front door' },
        { id: 102, name: 'Loading bay' },
        { id: 103, name: 'Server room' },
      ],
      KISI: [
        { id: 201, name: 'Front door' },
        { id: 202, name: 'Loading bay' },
        { id: 203, name: 'Server room' },
      ],
      OPENPATH: [
        { id: 301, name: 'Front door' },
        { id: 302, name: 'Loading bay' },
        { id: 303, name: 'Server room' },
      ],
      VERKADA: [
        { id: '8f0c2f4e-0000-4000-8000-000000000401', name: 'Front door' },
        { id: '8f0c2f4e-0000-4000-8000-000000000402', name: 'Loading bay' },
        { id: '8f0c2f4e-0000-4000-8000-000000000403', name: 'Server room' },
      ],
    };
  }

  /** A config that authenticates against this server. */
  config(provider: Provider): Record<string, unknown> {
    switch (provider) {
      case 'BRIVO':
        return {
          baseUrl: `${this.url}/brivo/v1/api`,
          authUrl: `${this.url}/brivo-auth`,
          apiKey: FAKE_SECRETS.brivoApiKey,
          clientId: BRIVO_CLIENT_ID,
          clientSecret: FAKE_SECRETS.brivoClientSecret,
          username: BRIVO_USERNAME,
          password: FAKE_SECRETS.brivoPassword,
        };
      case 'KISI':
        return { baseUrl: `${this.url}/kisi`, apiKey: FAKE_SECRETS.kisiApiKey };
      case 'OPENPATH':
        return { baseUrl: `${this.url}/openpath`, orgId: OPENPATH_ORG, email: OPENPATH_EMAIL, password: FAKE_SECRETS.openpathPassword };
      case 'VERKADA':
        return { baseUrl: `${this.url}/verkada`, apiKey: FAKE_SECRETS.verkadaApiKey };
    }
  }

  reset(): void {
    this.mode = 'ok';
    this.pageCap = 2;
    this.redirectTo = 'https://elsewhere.example/';
    this.requests.length = 0;
    this.connections = 0;
    this.doors = FakeProviders.defaultDoors();
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.url);
    this.requests.push({ method: req.method ?? '', path: `${url.pathname}${url.search}`, headers: req.headers, body });
    switch (this.mode) {
      case 'hang':
        return;
      case 'unauthorized':
        return send(res, 401, { error: 'unauthorized' });
      case 'error':
        return send(res, 500, { error: 'internal' });
      case 'redirect':
        res.writeHead(302, { location: this.redirectTo }).end();
        return;
      case 'not-json':
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
        return;
      case 'ok':
        break;
    }
    const route = `${req.method} ${url.pathname}`;
    const q = url.searchParams;
    const h = req.headers;
    switch (route) {
      case 'GET /kisi/user':
        if (h.authorization !== `KISI-LOGIN ${FAKE_SECRETS.kisiApiKey}`) return send(res, 401, { code: 'unauthorized' });
        return send(res, 200, { id: 1, email: 'owner@example.test' });
      case 'GET /kisi/locks': {
        if (h.authorization !== `KISI-LOGIN ${FAKE_SECRETS.kisiApiKey}`) return send(res, 401, { code: 'unauthorized' });
        const all = this.doors.KISI;
        const { items, offset } = this.page(all, q.get('offset'), q.get('limit'));
        const range = items.length ? `${offset}-${offset + items.length - 1}/${all.length}` : `*/${all.length}`;
        return send(res, 200, items.map((d) => ({ id: d.id, name: d.name, place_id: 9 })), { 'x-collection-range': range });
      }
      case 'POST /brivo-auth/oauth/token': {
        const form = new URLSearchParams(body);
        const basic = `Basic ${Buffer.from(`${BRIVO_CLIENT_ID}:${FAKE_SECRETS.brivoClientSecret}`).toString('base64')}`;
        const valid =
          h.authorization === basic &&
          h['api-key'] === FAKE_SECRETS.brivoApiKey &&
          form.get('grant_type') === 'password' &&
          form.get('username') === BRIVO_USERNAME &&
          form.get('password') === FAKE_SECRETS.brivoPassword;
        if (!valid) return send(res, 401, { error: 'invalid_grant' });
        return send(res, 200, { access_token: 'brivo-access-token', token_type: 'bearer', expires_in: 60 });
      }
      case 'GET /brivo/v1/api/access-points': {
        if (h.authorization !== 'Bearer brivo-access-token' || h['api-key'] !== FAKE_SECRETS.brivoApiKey) return send(res, 401, { message: 'unauthorized' });
        const all = this.doors.BRIVO;
        const { items, offset } = this.page(all, q.get('offset'), q.get('pageSize'));
        return send(res, 200, { data: items.map((d) => ({ id: d.id, name: d.name, siteId: 7 })), offset, pageSize: items.length, count: all.length });
      }
      case 'POST /openpath/auth/login': {
        const creds = JSON.parse(body || '{}') as { email?: string; password?: string };
        if (creds.email !== OPENPATH_EMAIL || creds.password !== FAKE_SECRETS.openpathPassword) return send(res, 401, { message: 'Invalid credentials' });
        return send(res, 200, { data: { token: 'openpath-token', expiresAt: '2099-01-01T00:00:00Z' } });
      }
      case `GET /openpath/orgs/${OPENPATH_ORG}/entries`: {
        if (h.authorization !== 'Bearer openpath-token') return send(res, 401, { message: 'unauthorized' });
        const all = this.doors.OPENPATH;
        const { items } = this.page(all, q.get('offset'), q.get('limit'));
        return send(res, 200, { data: items.map((d) => ({ id: d.id, name: d.name })), totalCount: all.length });
      }
      case 'POST /verkada/token':
        if (h['x-api-key'] !== FAKE_SECRETS.verkadaApiKey) return send(res, 401, { message: 'unauthorized' });
        return send(res, 200, { token: 'verkada-token' });
      case 'GET /verkada/access/v1/doors':
        if (h['x-verkada-auth'] !== 'verkada-token') return send(res, 401, { message: 'unauthorized' });
        return send(res, 200, { doors: this.doors.VERKADA.map((d) => ({ door_id: d.id, name: d.name, site: { site_id: q.get('site_ids') } })) });
      default:
        return send(res, 404, { message: `no fake for ${route}` });
    }
  }

  private page(all: FakeDoor[], offsetParam: string | null, sizeParam: string | null): { items: FakeDoor[]; offset: number } {
    const offset = Number(offsetParam ?? 0);
    const size = Math.min(Number(sizeParam ?? this.pageCap), this.pageCap);
    return { items: all.slice(offset, offset + size), offset };
  }
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}
