import type { DataSource } from '@wfm/db/data-source';
import type { OneTimeTokenPurpose } from '@wfm/db/entities/auth.entity';
import type { UserEntity } from '@wfm/db/entities/user.entity';
import { exec, live, many, one, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';

/** Only accounts with a password are selected. */
export type SignInAccount = Row<UserEntity, 'id' | 'tenantId' | 'role'> & { passwordHash: NonNullable<UserEntity['passwordHash']> };

/** Only users with an address are selected. */
export type MailableUser = Row<UserEntity, 'id' | 'tenantId' | 'fullName'> & { email: NonNullable<UserEntity['email']> };
/** Someone a one-time link can reach: by mail, or by text message when they have no email address. */
export type LinkRecipient = Row<UserEntity, 'id' | 'tenantId' | 'fullName' | 'email'> & { mobile?: string | null };

export type Identifier = { email: string } | { mobile: string };

export interface RefreshRef {
  /** The refresh token's jti. */
  jti: string;
  sessionId: string;
  tenantId: string;
  userId: string;
}

/** How many accounts one identifier may match across tenants before the rest are ignored. */
const RESET_CANDIDATES = 10;

function identifierClause(id: Identifier): { column: 'email' | 'mobile'; value: string } {
  return 'email' in id ? { column: 'email', value: id.email } : { column: 'mobile', value: id.mobile };
}

export class AuthRepository {
  constructor(private readonly ds: DataSource) {}

  /**
   * The one account an identifier names (identifiers are unique per tenant only): the one in the
   * tenant `tenantSlug` names, else the identifier's oldest. Only live, active, verified accounts
   * with a password count, so an unverified signup can neither be signed into nor stand in the way.
   */
  signInAccount(id: Identifier, tenantSlug: string | undefined): Promise<SignInAccount | null> {
    const { column, value } = identifierClause(id);
    return one<SignInAccount>(
      this.ds,
      `SELECT u.id, u.tenant_id AS "tenantId", u.role, u.password_hash AS "passwordHash"
         FROM users u JOIN tenants t ON t.id = u.tenant_id
        WHERE u.${column} = $1 AND ${live('u')} AND u.status = 'ACTIVE' AND u.password_hash IS NOT NULL
          AND u.verified_at IS NOT NULL
          AND ($2::text IS NULL OR t.slug = $2)
        ORDER BY u.created_at, u.id
        LIMIT 1`,
      [value, tenantSlug ?? null],
    );
  }

  /**
   * Live, active, verified users an identifier names who can receive mail. An unverified signup
   * gets no reset link: its verification link is its way in, and squatted signups must not crowd
   * the real account out of this list.
   */
  /**
   * The accounts a reset link may go to: those with a confirmed email address, and those known only
   * by a mobile number (which the tenant's admin entered; the link goes to that number).
   */
  resetCandidates(id: Identifier): Promise<LinkRecipient[]> {
    const { column, value } = identifierClause(id);
    return many<LinkRecipient>(
      this.ds,
      `SELECT u.id, u.tenant_id AS "tenantId", u.email, u.mobile, u.full_name AS "fullName" FROM users u
        WHERE u.${column} = $1 AND ${live('u')} AND u.status = 'ACTIVE'
          AND ((u.email IS NOT NULL AND u.verified_at IS NOT NULL) OR (u.email IS NULL AND u.mobile IS NOT NULL))
        ORDER BY u.created_at, u.id
        LIMIT ${RESET_CANDIDATES}`,
      [value],
    );
  }

  async createSession(tx: Tx, s: { id: string; tenantId: string; userId: string; expiresAt: Date }): Promise<void> {
    await exec(tx, `INSERT INTO auth_sessions (id, tenant_id, user_id, expires_at) VALUES ($1, $2, $3, $4)`, [s.id, s.tenantId, s.userId, s.expiresAt]);
  }

  async createRefreshToken(tx: Tx, t: { jti: string; tenantId: string; sessionId: string; expiresAt: Date }): Promise<void> {
    await exec(tx, `INSERT INTO refresh_tokens (id, tenant_id, session_id, expires_at) VALUES ($1, $2, $3, $4)`, [t.jti, t.tenantId, t.sessionId, t.expiresAt]);
  }

  /**
   * Marks the refresh token used, only if it is unused and unexpired, its session live and its
   * user still active. One statement, so two concurrent refreshes with one token cannot both win:
   * the second waits on the row lock and then no longer matches `used_at IS NULL`.
   */
  async consumeRefreshToken(tx: Tx, ref: RefreshRef, now: Date): Promise<boolean> {
    const used = await exec(
      tx,
      `UPDATE refresh_tokens rt SET used_at = $5
         FROM auth_sessions s, users u
        WHERE rt.id = $1 AND rt.session_id = $2 AND rt.tenant_id = $3
          AND rt.used_at IS NULL AND rt.expires_at > $5
          AND s.id = rt.session_id AND s.tenant_id = rt.tenant_id AND s.user_id = $4
          AND s.revoked_at IS NULL AND s.expires_at > $5
          AND u.id = s.user_id AND u.tenant_id = s.tenant_id AND ${live('u')} AND u.status = 'ACTIVE'`,
      [ref.jti, ref.sessionId, ref.tenantId, ref.userId, now],
    );
    return used === 1;
  }

  /** Sessions slide: each rotation moves the session's end to the new refresh token's expiry. */
  async extendSession(tx: Tx, sessionId: string, tenantId: string, expiresAt: Date): Promise<void> {
    await exec(tx, `UPDATE auth_sessions SET expires_at = $3 WHERE id = $1 AND tenant_id = $2`, [sessionId, tenantId, expiresAt]);
  }

  /** Revokes the session when `ref` names a refresh token of it that was already rotated. */
  async revokeSessionIfReused(ref: RefreshRef, now: Date): Promise<boolean> {
    const revoked = await exec(
      this.ds,
      `UPDATE auth_sessions s SET revoked_at = $3, revoked_reason = 'refresh_token_reuse'
        WHERE s.id = $1 AND s.tenant_id = $2 AND s.revoked_at IS NULL
          AND EXISTS (SELECT 1 FROM refresh_tokens rt WHERE rt.id = $4 AND rt.session_id = s.id AND rt.used_at IS NOT NULL)`,
      [ref.sessionId, ref.tenantId, now, ref.jti],
    );
    return revoked === 1;
  }

  /** Revokes the session `ref` belongs to, whichever of its refresh tokens it is. */
  async revokeSessionOf(ref: RefreshRef, now: Date, reason: string): Promise<void> {
    await exec(
      this.ds,
      `UPDATE auth_sessions s SET revoked_at = $3, revoked_reason = $5
        WHERE s.id = $1 AND s.tenant_id = $2 AND s.revoked_at IS NULL
          AND EXISTS (SELECT 1 FROM refresh_tokens rt WHERE rt.id = $4 AND rt.session_id = s.id)`,
      [ref.sessionId, ref.tenantId, now, ref.jti, reason],
    );
  }

  async revokeUserSessions(tx: Tx, tenantId: string, userId: string, now: Date, reason: string): Promise<void> {
    await exec(
      tx,
      `UPDATE auth_sessions SET revoked_at = $3, revoked_reason = $4 WHERE tenant_id = $1 AND user_id = $2 AND revoked_at IS NULL`,
      [tenantId, userId, now, reason],
    );
  }

  async createOneTimeToken(
    tx: Tx,
    t: { id: string; tenantId: string; userId: string; purpose: OneTimeTokenPurpose; tokenHash: string; expiresAt: Date },
  ): Promise<void> {
    await exec(
      tx,
      `INSERT INTO one_time_tokens (id, tenant_id, user_id, purpose, token_hash, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [t.id, t.tenantId, t.userId, t.purpose, t.tokenHash, t.expiresAt],
    );
  }

  /** Atomically uses an unexpired, unused token; null when there is none (unknown, used or expired). */
  async consumeOneTimeToken(tx: Tx, purpose: OneTimeTokenPurpose, tokenHash: string, now: Date): Promise<{ tenantId: string; userId: string } | null> {
    return one(
      tx,
      `UPDATE one_time_tokens SET used_at = $3
        WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
        RETURNING tenant_id AS "tenantId", user_id AS "userId"`,
      [tokenHash, purpose, now],
    );
  }

  /** Retires a user's outstanding tokens of one purpose (superseded or no longer needed). */
  async retireOneTimeTokens(tx: Tx, tenantId: string, userId: string, purpose: OneTimeTokenPurpose, now: Date): Promise<void> {
    await exec(
      tx,
      `UPDATE one_time_tokens SET used_at = $4 WHERE tenant_id = $1 AND user_id = $2 AND purpose = $3 AND used_at IS NULL`,
      [tenantId, userId, purpose, now],
    );
  }

  /** False when the user is gone or inactive, so a token cannot revive a removed account. */
  async setPassword(tx: Tx, tenantId: string, userId: string, passwordHash: string): Promise<boolean> {
    const changed = await exec(
      tx,
      `UPDATE users u SET password_hash = $3, updated_at = now()
        WHERE u.id = $2 AND u.tenant_id = $1 AND ${live('u')} AND u.status = 'ACTIVE'`,
      [tenantId, userId, passwordHash],
    );
    return changed === 1;
  }

  /** Marks a live, active user verified (keeping an earlier date); false when the user is gone or inactive. */
  async markVerified(tx: Tx, tenantId: string, userId: string, at: Date): Promise<boolean> {
    const changed = await exec(
      tx,
      `UPDATE users u SET verified_at = COALESCE(u.verified_at, $3)
        WHERE u.id = $2 AND u.tenant_id = $1 AND ${live('u')} AND u.status = 'ACTIVE'`,
      [tenantId, userId, at],
    );
    return changed === 1;
  }
}
