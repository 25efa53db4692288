import type { DataSource } from '@wfm/db/data-source';
import { exec, one } from '@wfm/db/sql';
import type { Plan, Role } from '@wfm/core/tenancy';
import type { Scope } from '@wfm/core/scopes';
import type { MadeByDto } from './developer-credentials.schemas.js';

export interface CredentialRow {
  /** The api_keys row, or the oauth_clients row a token was issued to. */
  credential_id: string;
  tenant_id: string;
  secret_hash: string;
  scopes: Scope[];
  last_used_at: Date | null;
  plan: Plan;
  public_api_enabled: boolean;
  sso_enabled: boolean;
  /** The role of the person who made the credential, while they are active; null once they are not. */
  acting_role: Role | null;
}

/** Whether a credential's maker may still sign in: only then does the credential act on people (people-policy). */
export const makerActive = (maker: string) => `${maker}.status = 'ACTIVE' AND ${maker}.deleted_at IS NULL`;
/** The credential's maker, joined as `maker`; their role is the credential's rank. */
export const makerOf = (credential: string) => `maker.id = ${credential}.created_by_user_id AND maker.tenant_id = ${credential}.tenant_id`;
/** Who made a listed credential, as the console shows it. */
export interface Maker {
  makerName: string | null;
  makerRole: Role | null;
  makerActive: boolean | null;
}
export const MAKER_COLUMNS = `maker.full_name AS "makerName", maker.role AS "makerRole", CASE WHEN maker.id IS NULL THEN NULL ELSE ${makerActive('maker')} END AS "makerActive"`;
export function madeBy(c: Maker & { createdByUserId: string | null }): MadeByDto {
  return c.createdByUserId && c.makerName !== null && c.makerRole !== null ? { userId: c.createdByUserId, fullName: c.makerName, role: c.makerRole, active: c.makerActive === true } : null;
}
const MAKER = (credential: string) => `${makerOf(credential)} AND ${makerActive('maker')}`;

/**
 * One indexed query per developer request, joining the tenant so the plan and the switch are
 * checked as they are now, never as they were when the credential was issued; so is its maker's rank.
 */
export class DeveloperAuthRepository {
  constructor(private readonly ds: DataSource) {}

  liveApiKey(keyHash: string, now: Date): Promise<CredentialRow | null> {
    return one(
      this.ds,
      `SELECT k.id AS credential_id, k.tenant_id, k.key_hash AS secret_hash, k.scopes, k.last_used_at,
              t.plan, t.public_api_enabled, t.sso_enabled, maker.role AS acting_role
         FROM api_keys k
         JOIN tenants t ON t.id = k.tenant_id
         LEFT JOIN users maker ON ${MAKER('k')}
        WHERE k.key_hash = $1 AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > $2)`,
      [keyHash, now],
    );
  }

  liveAccessToken(tokenHash: string, now: Date): Promise<CredentialRow | null> {
    return one(
      this.ds,
      `SELECT c.id AS credential_id, a.tenant_id, a.token_hash AS secret_hash, a.scopes, NULL::timestamptz AS last_used_at,
              t.plan, t.public_api_enabled, t.sso_enabled, maker.role AS acting_role
         FROM oauth_access_tokens a
         JOIN oauth_clients c ON c.id = a.oauth_client_id AND c.tenant_id = a.tenant_id
         JOIN tenants t ON t.id = a.tenant_id
         LEFT JOIN users maker ON ${MAKER('c')}
        WHERE a.token_hash = $1 AND a.expires_at > $2 AND c.revoked_at IS NULL`,
      [tokenHash, now],
    );
  }

  /** Conditional, so concurrent requests of one key write at most once per interval between them. */
  async touchApiKey(id: string, now: Date, staleBefore: Date): Promise<void> {
    await exec(this.ds, `UPDATE api_keys SET last_used_at = $2 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $3)`, [id, now, staleBefore]);
  }
}
