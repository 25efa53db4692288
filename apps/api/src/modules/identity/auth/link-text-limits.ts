import type { SecretHasher } from '@wfm/core/crypto';
import type { Logger } from '@wfm/core/logger';
import type { RateLimiter } from '@wfm/memory/rate-limiter';
import type { LinkTextsConfig } from './link-texts.config.js';
import type { MessagingTransport, TextMessage } from '../../notifications/messaging/messaging.transport.js';

const HOUR_SECONDS = 60 * 60;
const DAY_SECONDS = 24 * HOUR_SECONDS;

export type LinkTextLimit = 'per_number' | 'per_tenant';

/** A number as a log may show it: the country code's first digits and the last two, never the whole. */
export function maskMobile(mobile: string): string {
  return `${mobile.slice(0, 3)}…${mobile.slice(-2)}`;
}

/**
 * Reset and invite links sent by text cost money per message and anyone may ask for a reset, so an
 * attacker rotating addresses could make us text premium numbers without end (SMS pumping). This
 * transport withholds a link past a few an hour to one number or past a daily cap per tenant; the
 * counters live in the shared limiter store (Redis across API processes). A withheld message is not
 * accepted, as an unsent one is, and the callers answer the same whatever happened to it, so a caller
 * cannot tell a limit from an unknown number. Numbers are keyed by their keyed hash: the store never
 * holds them.
 */
export class LimitedLinkTexts implements MessagingTransport {
  private readonly withheldCounts: Record<LinkTextLimit, number> = { per_number: 0, per_tenant: 0 };

  constructor(
    private readonly texts: MessagingTransport,
    private readonly limiter: RateLimiter,
    private readonly limits: LinkTextsConfig,
    private readonly secrets: SecretHasher,
    private readonly logger: Logger,
  ) {}

  async send(msg: TextMessage): Promise<{ accepted: boolean }> {
    const limit = await this.exceeded(msg);
    if (limit) {
      this.withheldCounts[limit] += 1;
      this.logger.warn({ tenantId: msg.tenantId, to: maskMobile(msg.to), purpose: msg.about.purpose, limit }, 'link text withheld: sending limit reached');
      return { accepted: false };
    }
    return this.texts.send(msg);
  }

  /** Link texts withheld since the process started, by the limit that stopped them (for the metrics). */
  withheld(): Readonly<Record<LinkTextLimit, number>> {
    return { ...this.withheldCounts };
  }

  private async exceeded(msg: TextMessage): Promise<LinkTextLimit | null> {
    const perNumber = { points: this.limits.perNumberPerHour, durationSeconds: HOUR_SECONDS };
    if (!(await this.limiter.consume('link-texts-number', perNumber, this.secrets.hash(msg.to))).allowed) return 'per_number';
    const perTenant = { points: this.limits.perTenantPerDay, durationSeconds: DAY_SECONDS };
    if (!(await this.limiter.consume('link-texts-tenant', perTenant, msg.tenantId)).allowed) return 'per_tenant';
    return null;
  }
}
