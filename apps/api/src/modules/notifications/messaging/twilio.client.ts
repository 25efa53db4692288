import { EgressRefusedError } from '@wfm/webhooks/egress';
import { HttpTransportError, type HttpClient, type HttpResponse } from '../../access/integrations/provider-http.js';
import type { SendOutcome, TextSender } from './provider.transport.js';

/** The platform's Twilio account and sender for SMS: operator settings, never a tenant's. */
export interface TwilioSettings {
  /** Twilio's REST base without a trailing slash: `https://api.twilio.com`. */
  apiUrl: string;
  /** `AC` and 32 hex digits. */
  accountSid: string;
  /** The account's auth token: the basic-auth password of every send and the key of X-Twilio-Signature. */
  authToken: string;
  /** The sender: a Twilio number in E.164 (`+447700900000`) or an alphanumeric sender id. */
  from: string;
  /** Where Twilio posts status reports (StatusCallback); null: none are asked for. */
  statusCallbackUrl: string | null;
  timeoutMs: number;
}

const MAX_REASON = 300;

/** The status callback route, under /api/v1; the configuration builds the full address Twilio signs over. */
export const TWILIO_WEBHOOK_PATH = '/messaging/webhooks/twilio';

/**
 * Twilio Programmable Messaging's send: POST /2010-04-01/Accounts/{AccountSid}/Messages.json,
 * form-encoded To, From, Body (and StatusCallback), HTTP basic auth with the account SID and auth
 * token. Every outcome is an answer: the message SID (`SM…`) when Twilio created the message, or
 * the reason it did not, with the auth token removed from anything echoed.
 */
export class TwilioClient implements TextSender {
  constructor(
    private readonly settings: TwilioSettings,
    private readonly http: HttpClient,
  ) {}

  async send(to: string, text: string): Promise<SendOutcome> {
    const { apiUrl, accountSid, authToken, from, statusCallbackUrl } = this.settings;
    const form = new URLSearchParams({ To: to, From: from, Body: text });
    if (statusCallbackUrl) form.set('StatusCallback', statusCallbackUrl);
    let res: HttpResponse;
    try {
      res = await this.http.send({
        method: 'POST',
        url: `${apiUrl}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`,
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
      });
    } catch (err) {
      if (err instanceof HttpTransportError) return this.refused(`no answer from the provider (${err.kind})`);
      if (err instanceof EgressRefusedError) return this.refused(err.message);
      throw err;
    }
    const json = parseJson(res.body) as { sid?: unknown; code?: unknown; message?: unknown } | undefined;
    if (res.status < 200 || res.status >= 300) {
      const code = typeof json?.code === 'number' ? `, code ${json.code}` : '';
      const message = typeof json?.message === 'string' ? `: ${json.message}` : '';
      return this.refused(`HTTP ${res.status}${code}${message}`);
    }
    const sid = json?.sid;
    if (typeof sid !== 'string' || !/^(SM|MM)[0-9a-f]{32}$/i.test(sid)) return this.refused(`HTTP ${res.status} without a message SID`);
    return { accepted: true, messageId: sid };
  }

  private refused(reason: string): SendOutcome {
    return { accepted: false, reason: reason.split(this.settings.authToken).join('[redacted]').slice(0, MAX_REASON) };
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
