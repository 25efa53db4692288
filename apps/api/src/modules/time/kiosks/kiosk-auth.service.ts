import type { Clock } from '@wfm/core/clock';
import { timingSafeEqualStr, type SecretHasher } from '@wfm/core/crypto';
import type { KioskPrincipal, KioskResolver } from '@wfm/core/principal';
import type { KiosksRepository } from './kiosks.repository.js';

export const KIOSK_TOKEN_PREFIX = 'kd_';

/** The kiosk a presented device token belongs to: for the auth guard, on every kiosk request. */
export class KioskAuthService implements KioskResolver {
  constructor(
    private readonly repo: KiosksRepository,
    private readonly secrets: SecretHasher,
    private readonly clock: Clock,
  ) {}

  /** Null for an unknown or revoked token, or a kiosk whose outlet was closed. */
  async resolve(token: string): Promise<KioskPrincipal | null> {
    if (!token.startsWith(KIOSK_TOKEN_PREFIX) || token.length !== KIOSK_TOKEN_PREFIX.length + 43) return null;
    const hash = this.secrets.hash(token);
    const kiosk = await this.repo.byTokenHash(hash);
    if (!kiosk || !timingSafeEqualStr(hash, kiosk.tokenHash)) return null;
    await this.repo.touch(kiosk.id, this.clock.now());
    return { kind: 'kiosk', kioskId: kiosk.id, tenantId: kiosk.tenantId, outletId: kiosk.outletId, tenant: { plan: kiosk.plan, timezone: kiosk.timezone } };
  }
}
