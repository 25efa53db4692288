import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { hashReaderKey, isReaderKeyFormat } from '@wfm/access/reader-key';
import { HttpError, PaymentRequiredError, TooManyRequestsError, UnauthorizedError } from '@wfm/core/errors';
import { planIncludes } from '@wfm/core/tenancy';
import type { AccessCache } from './cache/access-cache.js';

/**
 * A reader-bridge key, looked up by its hash in memory. Only failed attempts are counted per source
 * address (spec 01's default 120 per 60 s): a busy bridge's valid taps are never throttled, a
 * scanner of keys is.
 */
export class ReaderAuth {
  private readonly failures = new RateLimiterMemory({ points: 120, duration: 60, keyPrefix: 'reader-auth' });

  constructor(private readonly cache: AccessCache) {}

  /** `ip` is asked for only to count a refusal, before any await. */
  async authenticate(authorization: string, ip: () => string): Promise<{ tenantId: string } | HttpError> {
    const key = authorization.startsWith('Bearer ') ? authorization.slice(7) : '';
    const row = isReaderKeyFormat(key) ? this.cache.readerKey(hashReaderKey(key)) : undefined;
    if (!row) return this.refuse(ip());
    const tenant = this.cache.tenant(row.tenantId);
    if (!tenant) return this.refuse(ip());
    if (!planIncludes(tenant.plan, 'accessControl')) {
      return new PaymentRequiredError(`Your ${tenant.plan} plan does not include access control. Upgrade at /admin/billing.`);
    }
    return { tenantId: row.tenantId };
  }

  private async refuse(ip: string): Promise<HttpError> {
    try {
      await this.failures.consume(ip);
      return new UnauthorizedError();
    } catch (err) {
      if (err instanceof RateLimiterRes) return new TooManyRequestsError(Math.max(1, Math.ceil(err.msBeforeNext / 1000)));
      throw err;
    }
  }
}
