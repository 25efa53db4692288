import webpush from 'web-push';
import { EgressRefusedError } from '@wfm/webhooks/egress';
import { HttpTransportError, type HttpClient } from '../../access/integrations/provider-http.js';

/** The platform's VAPID identity (RFC 8292): who the push services see sending. */
export interface VapidSettings {
  /** Uncompressed P-256 public key, base64url: what browsers subscribe with (applicationServerKey). */
  publicKey: string;
  privateKey: string;
  /** `mailto:` or `https:` contact for push services. */
  subject: string;
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * What became of one push: `accepted` by the push service; `gone` when the service says the
 * subscription no longer exists (404, 410), so it must be dropped; `unanswered` when no answer came
 * in time (PUSH_TIMEOUT_MS) or the connection failed, which a later attempt may get past;
 * `refused` for anything else.
 */
export type PushOutcome = { kind: 'accepted' } | { kind: 'gone' } | { kind: 'unanswered'; reason: string } | { kind: 'refused'; reason: string };

export interface PushSender {
  send(target: PushTarget, payload: string): Promise<PushOutcome>;
}

/** A notification not read within a day is stale: the push service may drop it rather than keep it for weeks. */
const TTL_SECONDS = 24 * 60 * 60;
const MAX_REASON = 300;

/**
 * Standard Web Push: `web-push` builds the request (the aes128gcm-encrypted payload for the
 * browser's keys, the VAPID JWT for the endpoint's origin), and it goes out through the egress
 * client, because the endpoint is an address the browser, not the operator, chose.
 */
export class WebPushSender implements PushSender {
  constructor(
    private readonly vapid: VapidSettings,
    private readonly http: HttpClient,
  ) {}

  async send(target: PushTarget, payload: string): Promise<PushOutcome> {
    const details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
      vapidDetails: this.vapid,
      TTL: TTL_SECONDS,
      contentEncoding: 'aes128gcm',
    });
    const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    try {
      const res = await this.http.send({ method: 'POST', url: details.endpoint, headers, body: details.body ?? undefined });
      if (res.status === 404 || res.status === 410) return { kind: 'gone' };
      if (res.status >= 200 && res.status < 300) return { kind: 'accepted' };
      return { kind: 'refused', reason: `HTTP ${res.status}${res.body ? `: ${res.body.slice(0, 200)}` : ''}`.slice(0, MAX_REASON) };
    } catch (err) {
      if (err instanceof HttpTransportError) return { kind: 'unanswered', reason: `no answer from the push service (${err.kind})` };
      if (err instanceof EgressRefusedError) return { kind: 'refused', reason: err.message };
      throw err;
    }
  }
}
