import { createHmac } from 'node:crypto';
import type { Clock } from '@wfm/core/clock';
import { timingSafeEqualStr } from '@wfm/core/crypto';
import { NotFoundError, UnauthorizedError } from '@wfm/core/errors';
import type { Logger } from '@wfm/core/logger';
import type { MessagingRepository, ReportedStatus } from './messaging.repository.js';
import type { TwilioStatusReceiptDto } from './messaging.schemas.js';
import type { TwilioSettings } from './twilio.client.js';

/** Twilio's message statuses that move a delivery; queued, sending, accepted and the like say nothing new. */
const STATUS: Record<string, ReportedStatus> = { sent: 'SENT', delivered: 'DELIVERED', read: 'READ', failed: 'FAILED', undelivered: 'FAILED' };

/**
 * Twilio's X-Twilio-Signature: base64 HMAC-SHA1, keyed by the auth token, of the full URL Twilio
 * called followed by every POST parameter's name and value, sorted by name.
 */
export function twilioSignature(authToken: string, url: string, params: URLSearchParams): string {
  const names = [...new Set(params.keys())].sort();
  const data = url + names.map((n) => params.getAll(n).map((v) => n + v).join('')).join('');
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/**
 * Twilio's message status callbacks (the StatusCallback each send names). Without Twilio
 * configured with a callback address the route does not exist (404).
 */
export class TwilioWebhooksService {
  constructor(
    private readonly settings: TwilioSettings | null,
    private readonly repo: MessagingRepository,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  requireConfigured(): TwilioSettings & { statusCallbackUrl: string } {
    const s = this.settings;
    if (!s?.statusCallbackUrl) throw new NotFoundError('No SMS provider is configured');
    return { ...s, statusCallbackUrl: s.statusCallbackUrl };
  }

  /**
   * A status report: the signature must match the URL Twilio was given, or a bare 401 and nothing
   * is read. Once signed the answer is 200 (Twilio would otherwise retry and alert): a report of an
   * unknown message or a status that moves nothing is counted as ignored.
   */
  async receive(rawBody: Buffer, signature: string | undefined): Promise<TwilioStatusReceiptDto> {
    const settings = this.requireConfigured();
    const params = new URLSearchParams(rawBody.toString('utf8'));
    const expected = twilioSignature(settings.authToken, settings.statusCallbackUrl, params);
    if (!timingSafeEqualStr((signature ?? '').trim(), expected)) throw new UnauthorizedError();

    const sid = params.get('MessageSid') ?? '';
    const status = STATUS[params.get('MessageStatus') ?? ''];
    if (params.get('AccountSid') !== settings.accountSid || !status || !sid) return { received: true, applied: false };
    const [message] = await this.repo.findByProviderIds('TWILIO_SMS', [sid]);
    if (!message) return { received: true, applied: false };
    const code = params.get('ErrorCode');
    const error = status === 'FAILED' ? `${params.get('MessageStatus')}${code && /^\d{1,8}$/.test(code) ? `, code ${code}` : ''}` : null;
    const now = this.clock.now();
    try {
      return { received: true, applied: await this.repo.applyStatus(message.tenantId, message.id, { status, at: now, error }, now) };
    } catch (err) {
      this.logger.warn({ err, tenantId: message.tenantId, messageId: message.id, status }, 'SMS status report not applied');
      return { received: true, applied: false };
    }
  }
}
