import { createHmac } from 'node:crypto';
import type { Clock } from '@wfm/core/clock';
import { timingSafeEqualStr } from '@wfm/core/crypto';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '@wfm/core/errors';
import type { Logger } from '@wfm/core/logger';
import type { MessagingRepository, ReportedStatus } from './messaging.repository.js';
import { WhatsAppStatusReport, type WhatsAppHandshakeQuery, type WhatsAppWebhookReceiptDto } from './messaging.schemas.js';
import type { WhatsAppSettings } from './whatsapp.client.js';

const STATUS: Record<WhatsAppStatusReport['status'], ReportedStatus> = { sent: 'SENT', delivered: 'DELIVERED', read: 'READ', failed: 'FAILED' };
const MAX_ERROR = 300;
const SIGNATURE_PREFIX = 'sha256=';

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const field = (v: unknown, key: string): unknown => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined);

/** `131047 Re-engagement message: More than 24 hours have passed…`, from the first error of a failed report. */
function describeFailure(errors: WhatsAppStatusReport['errors']): string | null {
  const e = errors?.[0];
  if (!e) return null;
  const head = [e.code, e.title].filter((p) => p !== undefined && p !== '').join(' ');
  const details = e.error_data?.details ?? e.message;
  return [head, details].filter(Boolean).join(': ').slice(0, MAX_ERROR) || null;
}

/**
 * The WhatsApp Cloud API's webhook: the verification handshake Meta runs when the callback URL is
 * saved, and the signed deliveries that report what became of each message. Without a configured
 * WhatsApp number the route does not exist (404).
 */
export class WhatsAppWebhooksService {
  constructor(
    private readonly settings: WhatsAppSettings | null,
    private readonly repo: MessagingRepository,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  /** For the routes' guard: checked before anything is parsed, so an unconfigured platform says nothing else. */
  requireConfigured(): WhatsAppSettings {
    if (!this.settings) throw new NotFoundError('No messaging provider is configured');
    return this.settings;
  }

  /** Meta's verification request: the challenge back when the mode is `subscribe` and the token matches. */
  handshake(query: WhatsAppHandshakeQuery): string {
    const settings = this.requireConfigured();
    const tokenMatches = timingSafeEqualStr(query['hub.verify_token'], settings.verifyToken);
    if (query['hub.mode'] !== 'subscribe' || !tokenMatches) throw new ForbiddenError('Verification token mismatch');
    return query['hub.challenge'];
  }

  /**
   * A delivery: `X-Hub-Signature-256` must be `sha256=` and the hex HMAC-SHA256 of the exact bytes
   * received, keyed by the app secret; otherwise a bare 401 and nothing is read. Once signed the
   * answer is 200 whatever was in it, because Meta retries anything else for days: each status
   * report of the platform's number is applied on its own, and one that is malformed, unknown or
   * fails to apply is counted as ignored without stopping the rest.
   */
  async receive(rawBody: Buffer, signature: string | undefined): Promise<WhatsAppWebhookReceiptDto> {
    const settings = this.requireConfigured();
    const expected = SIGNATURE_PREFIX + createHmac('sha256', settings.appSecret).update(rawBody).digest('hex');
    if (!timingSafeEqualStr((signature ?? '').trim().toLowerCase(), expected)) throw new UnauthorizedError();

    const payload = parseJson(rawBody);
    if (payload === undefined) this.logger.warn('signed WhatsApp webhook delivery that is not JSON');
    let ignored = 0;
    const reports: WhatsAppStatusReport[] = [];
    for (const entry of list(field(payload, 'entry'))) {
      for (const change of list(field(entry, 'changes'))) {
        const value = field(change, 'value');
        const statuses = list(field(value, 'statuses'));
        // One Meta app may serve several numbers; only this platform's number's reports are its own.
        if (field(field(value, 'metadata'), 'phone_number_id') !== settings.phoneNumberId) {
          ignored += statuses.length;
          continue;
        }
        for (const s of statuses) {
          const parsed = WhatsAppStatusReport.safeParse(s);
          if (parsed.success) reports.push(parsed.data);
          else ignored++;
        }
      }
    }

    const known = new Map((await this.repo.findByProviderIds('WHATSAPP', [...new Set(reports.map((r) => r.id))])).map((m) => [m.providerMessageId, m]));
    const now = this.clock.now();
    let applied = 0;
    for (const report of reports) {
      const message = known.get(report.id);
      if (!message) {
        ignored++;
        continue;
      }
      const status = STATUS[report.status];
      try {
        const changed = await this.repo.applyStatus(
          message.tenantId,
          message.id,
          { status, at: new Date(Number(report.timestamp) * 1000), error: status === 'FAILED' ? describeFailure(report.errors) : null },
          now,
        );
        if (changed) applied++;
        else ignored++;
      } catch (err) {
        ignored++;
        this.logger.warn({ err, tenantId: message.tenantId, messageId: message.id, status }, 'WhatsApp status report not applied');
      }
    }
    return { received: true, applied, ignored };
  }
}
