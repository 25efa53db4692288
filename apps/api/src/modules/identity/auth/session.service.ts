import { UnauthorizedError } from '@wfm/core/errors';
import { uuid } from '@wfm/core/crypto';
import type { Clock } from '@wfm/core/clock';
import type { TransactionRunner, Tx } from '@wfm/db/transaction';
import type { AuthRepository, RefreshRef } from './auth.repository.js';
import type { TokenPair, TokenService } from './token.service.js';
import type { SessionRevoker } from './session-revoker.port.js';

/**
 * A session is one sign-in: the family of refresh tokens rotated from it. Every refresh token is
 * single use; presenting one again means it was copied, so the whole family is revoked.
 */
export class SessionService implements SessionRevoker {
  constructor(
    private readonly repo: AuthRepository,
    private readonly transaction: TransactionRunner,
    private readonly tokens: TokenService,
    private readonly clock: Clock,
  ) {}

  revokeAllForUser(tx: Tx, tenantId: string, userId: string, at: Date, reason: string): Promise<void> {
    return this.repo.revokeUserSessions(tx, tenantId, userId, at, reason);
  }

  async open(user: { id: string; tenantId: string }): Promise<TokenPair> {
    const sessionId = uuid();
    const issued = this.tokens.issuePair({ sub: user.id, tid: user.tenantId, sid: sessionId });
    await this.transaction(async (tx) => {
      await this.repo.createSession(tx, { id: sessionId, tenantId: user.tenantId, userId: user.id, expiresAt: issued.refreshExpiresAt });
      await this.repo.createRefreshToken(tx, { jti: issued.refreshJti, tenantId: user.tenantId, sessionId, expiresAt: issued.refreshExpiresAt });
    });
    return issued.pair;
  }

  async rotate(refreshToken: string): Promise<TokenPair> {
    const ref = this.parse(refreshToken);
    if (!ref) throw new UnauthorizedError();
    const now = this.clock.now();
    const issued = this.tokens.issuePair({ sub: ref.userId, tid: ref.tenantId, sid: ref.sessionId });
    const rotated = await this.transaction(async (tx) => {
      if (!(await this.repo.consumeRefreshToken(tx, ref, now))) return false;
      await this.repo.createRefreshToken(tx, { jti: issued.refreshJti, tenantId: ref.tenantId, sessionId: ref.sessionId, expiresAt: issued.refreshExpiresAt });
      await this.repo.extendSession(tx, ref.sessionId, ref.tenantId, issued.refreshExpiresAt);
      return true;
    });
    if (rotated) return issued.pair;
    // Outside the transaction above, so the revocation commits even though the caller gets a 401.
    await this.repo.revokeSessionIfReused(ref, now);
    throw new UnauthorizedError();
  }

  /** Idempotent: an invalid, expired or already revoked token simply has nothing left to end. */
  async close(refreshToken: string): Promise<void> {
    const ref = this.parse(refreshToken);
    if (ref) await this.repo.revokeSessionOf(ref, this.clock.now(), 'logout');
  }

  private parse(refreshToken: string): RefreshRef | null {
    const c = this.tokens.verifyRefresh(refreshToken);
    return c ? { jti: c.jti, sessionId: c.sid, tenantId: c.tid, userId: c.sub } : null;
  }
}
