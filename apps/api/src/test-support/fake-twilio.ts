import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenHttps, type LocalHttps } from './local-https.js';
import { localEgressEnv } from './local-egress.js';

/**
 * How the fake answers a send: as Twilio does (201 with the message), with Twilio's error for an
 * invalid number, with an authentication error that (unlike Twilio) quotes the password it got,
 * without an answer, or with a 201 lacking the SID.
 */
export type FakeTwilioMode = 'ok' | 'refuse' | 'bad-auth' | 'hang' | 'no-sid';

export const FAKE_TWILIO = {
  accountSid: 'AC0123456789abcdef0123456789abcdef',
  authToken: 'fake-twilio-auth-token-7c1e0b',
  from: '+15005550006',
} as const;

export interface SentSms {
  sid: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

/** A local HTTPS stand-in for Twilio's Messages resource, on 127.0.0.1 with the test certificate. */
export class FakeTwilio {
  mode: FakeTwilioMode = 'ok';
  readonly sent: SentSms[] = [];
  requests = 0;
  ca = '';
  url = '';
  private https!: LocalHttps;

  static async start(): Promise<FakeTwilio> {
    const fake = new FakeTwilio();
    fake.https = await listenHttps((req, body, res) => fake.handle(req, body, res));
    fake.ca = fake.https.ca;
    fake.url = fake.https.url;
    return fake;
  }

  /** The API settings of a platform whose SMS go through this fake. */
  apiEnv(over: Record<string, string> = {}): Record<string, string> {
    return {
      ...localEgressEnv(this.ca),
      TWILIO_API_URL: this.url,
      TWILIO_ACCOUNT_SID: FAKE_TWILIO.accountSid,
      TWILIO_AUTH_TOKEN: FAKE_TWILIO.authToken,
      TWILIO_FROM: FAKE_TWILIO.from,
      ...over,
    };
  }

  reset(): void {
    this.mode = 'ok';
    this.sent.length = 0;
    this.requests = 0;
  }

  stop(): Promise<void> {
    return this.https.stop();
  }

  private handle(req: IncomingMessage, body: Buffer, res: ServerResponse): void {
    this.requests++;
    if (this.mode === 'hang') return;
    const path = req.url ?? '';
    if (req.method !== 'POST' || path !== `/2010-04-01/Accounts/${FAKE_TWILIO.accountSid}/Messages.json`) {
      return send(res, 404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    }
    const authorization = req.headers.authorization;
    const expected = `Basic ${Buffer.from(`${FAKE_TWILIO.accountSid}:${FAKE_TWILIO.authToken}`).toString('base64')}`;
    if (this.mode === 'bad-auth' || authorization !== expected) {
      return send(res, 401, { code: 20003, message: `Authenticate (${FAKE_TWILIO.authToken})`, more_info: 'https://www.twilio.com/docs/errors/20003', status: 401 });
    }
    const form = Object.fromEntries(new URLSearchParams(body.toString('utf8')));
    if (this.mode === 'refuse') {
      return send(res, 400, { code: 21211, message: `The 'To' number ${form.To} is not a valid phone number.`, more_info: 'https://www.twilio.com/docs/errors/21211', status: 400 });
    }
    if (this.mode === 'no-sid') return send(res, 201, { status: 'queued' });
    const sid = `SM${randomBytes(16).toString('hex')}`;
    this.sent.push({ sid, path, authorization, contentType: req.headers['content-type'], form });
    return send(res, 201, { sid, account_sid: FAKE_TWILIO.accountSid, to: form.To, from: form.From, body: form.Body, status: 'queued', num_segments: '1' });
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
