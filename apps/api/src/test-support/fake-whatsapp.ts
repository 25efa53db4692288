import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { testCertificate } from '@wfm/testing/https-receiver';
import { localEgressEnv } from './local-egress.js';
import type { WhatsAppSettings } from '../modules/notifications/messaging/whatsapp.client.js';

/**
 * How the fake answers a send: as the Cloud API does, with Meta's error envelope for a number
 * outside the test recipients, with an OAuth error that (unlike Meta) quotes the token it got, so
 * that a test sees whether the token can leak, without an answer, or with a 200 lacking the id.
 */
export type FakeWhatsAppMode = 'ok' | 'refuse' | 'bad-token' | 'hang' | 'no-id';

export const FAKE_WHATSAPP = {
  accessToken: 'EAAFakeSystemUserToken0123456789abcdef',
  appSecret: 'fake-meta-app-secret-5f2d9c',
  verifyToken: 'verify-token-for-tests-4821',
  phoneNumberId: '106540352242922',
  templateName: 'visitor_pass_link',
  templateLanguage: 'en_GB',
  version: 'v24.0',
} as const;

/** The API's WhatsApp settings pointed at a running fake. */
export function fakeWhatsAppSettings(fake: FakeWhatsApp, over: Partial<WhatsAppSettings> = {}): WhatsAppSettings {
  return {
    apiUrl: `${fake.url}/${FAKE_WHATSAPP.version}`,
    phoneNumberId: FAKE_WHATSAPP.phoneNumberId,
    accessToken: FAKE_WHATSAPP.accessToken,
    appSecret: FAKE_WHATSAPP.appSecret,
    verifyToken: FAKE_WHATSAPP.verifyToken,
    templateName: FAKE_WHATSAPP.templateName,
    templateLanguage: FAKE_WHATSAPP.templateLanguage,
    timeoutMs: 5_000,
    ...over,
  };
}

export interface SentMessage {
  wamid: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: Record<string, unknown>;
}

export interface StatusReport {
  id: string;
  status: string;
  /** Unix seconds, as Meta sends them: a string. */
  timestamp: string;
  recipient_id?: string;
  errors?: Array<Record<string, unknown>>;
}

/**
 * A local HTTPS stand-in for the WhatsApp Cloud API's send endpoint
 * (`POST /<version>/<phone-number-id>/messages`), on 127.0.0.1 with the test certificate. It keeps
 * every request, and builds and signs webhook deliveries as Meta does (`X-Hub-Signature-256`).
 */
export class FakeWhatsApp {
  mode: FakeWhatsAppMode = 'ok';
  readonly sent: SentMessage[] = [];
  /** Every request, whatever it was. */
  requests = 0;
  ca = '';
  url = '';
  private server!: Server;

  static async start(): Promise<FakeWhatsApp> {
    const fake = new FakeWhatsApp();
    const { key, cert } = await testCertificate();
    fake.ca = cert;
    fake.server = createServer({ key, cert }, (req, res) => void fake.handle(req, res));
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    fake.url = `https://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  /** The API settings of a platform whose WhatsApp number is on this fake (egress to 127.0.0.1 allowed, the certificate trusted). */
  apiEnv(over: Record<string, string> = {}): Record<string, string> {
    return {
      ...localEgressEnv(this.ca),
      WHATSAPP_API_URL: `${this.url}/${FAKE_WHATSAPP.version}`,
      WHATSAPP_ACCESS_TOKEN: FAKE_WHATSAPP.accessToken,
      WHATSAPP_PHONE_NUMBER_ID: FAKE_WHATSAPP.phoneNumberId,
      WHATSAPP_APP_SECRET: FAKE_WHATSAPP.appSecret,
      WHATSAPP_VERIFY_TOKEN: FAKE_WHATSAPP.verifyToken,
      WHATSAPP_TEMPLATE_NAME: FAKE_WHATSAPP.templateName,
      WHATSAPP_TEMPLATE_LANGUAGE: FAKE_WHATSAPP.templateLanguage,
      ...over,
    };
  }

  reset(): void {
    this.mode = 'ok';
    this.sent.length = 0;
    this.requests = 0;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** A webhook delivery body as Meta sends it: one entry, one change of the `messages` field. */
  static statusDelivery(statuses: StatusReport[], phoneNumberId: string = FAKE_WHATSAPP.phoneNumberId): string {
    return JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId }, statuses },
            },
          ],
        },
      ],
    });
  }

  /** `X-Hub-Signature-256` of a body. */
  static sign(body: string | Buffer, secret: string = FAKE_WHATSAPP.appSecret): string {
    return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    this.requests++;
    if (this.mode === 'hang') return;
    const path = req.url ?? '';
    if (req.method !== 'POST' || path !== `/${FAKE_WHATSAPP.version}/${FAKE_WHATSAPP.phoneNumberId}/messages`) {
      return send(res, 400, { error: { message: 'Unsupported post request.', type: 'GraphMethodException', code: 100 } });
    }
    const authorization = req.headers.authorization;
    if (this.mode === 'bad-token' || authorization !== `Bearer ${FAKE_WHATSAPP.accessToken}`) {
      return send(res, 401, { error: { message: `Invalid OAuth access token - Cannot parse access token ${authorization ?? ''}`, type: 'OAuthException', code: 190, fbtrace_id: 'AbCdEf' } });
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
    if (this.mode === 'refuse') {
      return send(res, 400, {
        error: {
          message: '(#131030) Recipient phone number not in allowed list',
          type: 'OAuthException',
          code: 131030,
          error_data: { messaging_product: 'whatsapp', details: 'Recipient phone number not in allowed list: Add recipient phone number to recipient list and try again.' },
          fbtrace_id: 'AbCdEf',
        },
      });
    }
    if (this.mode === 'no-id') return send(res, 200, { messaging_product: 'whatsapp', contacts: [], messages: [] });
    const wamid = `wamid.${randomBytes(24).toString('base64url')}`;
    this.sent.push({ wamid, path, authorization, contentType: req.headers['content-type'], body });
    return send(res, 200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: wamid, message_status: 'accepted' }] });
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
