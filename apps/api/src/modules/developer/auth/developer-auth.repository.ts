import type { DataSource } from '@wfm/db/data-source';
import type { ApiKeyEntity } from '@wfm/db/entities/developer-credential.entity';
import type { TenantEntity } from '@wfm/db/entities/tenant.entity';
import type { UserEntity } from '@wfm/db/entities/user.entity';
import { exec, one, type Joined, type Row } from '@wfm/db/sql';
import type { MadeByDto } from './developer-credentials.schemas.js';

/** An API key, or an access token under the names of a key's columns (a token has no last use). */
export type CredentialRow = Row<ApiKeyEntity, 'tenantId' | 'scopes' | 'lastUsedAt'> &
  Row<TenantEntity, 'plan' | 'publicApiEnabled' | 'ssoEnabled'> & {
    /** The api_keys row, or the oauth_clients row a token was issued to. */
    credentialId: ApiKeyEntity['id'];
    secretHash: ApiKeyEntity['keyHash'];
    /** The role of the person who made the credential, while they are active; null once they are not. */
    actingRole: UserEntity['role'] | null;
  };

/** Whether a credential's maker may still sign in: only then does the credential act on people (people-policy). */
export const makerActive = (maker: string) => `${maker}.status = 'ACTIVE' AND ${maker}.deleted_at IS NULL`;
/** The credential's maker, joined as `maker`; their role is the credential's rank. */
export const makerOf = (credential: string) => `maker.id = ${credential}.created_by_user_id AND maker.tenant_id = ${credential}.tenant_id`;
/** Who made a listed credential, as the console shows it. */
export type Maker = Joined<{ makerName: UserEntity['fullName']; makerRole: UserEntity['role']; makerActive: boolean }>;
export const MAKER_COLUMNS = `maker.full_name AS "makerName", maker.role AS "makerRole", CASE WHEN maker.id IS NULL THEN NULL ELSE ${makerActive('maker')} END AS "makerActive"`;
export function madeBy(c: Maker & { createdByUserId: string | null }): MadeByDto {
  return c.createdByUserId && c.makerName !== null && c.makerRole !== null ? { userId: c.createdByUserId, fullName: c.makerName, role: c.makerRole, active: c.makerActive === true } : null;
}
const TENANT_COLUMNS = `t.plan, t.public_api_enabled AS "publicApiEnabled", t.sso_enabled AS "ssoEnabled"`;
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
      `SELECT k.id AS "credentialId", k.tenant_id AS "tenantId", k.key_hash AS "secretHash", k.scopes, k.last_used_at AS "lastUsedAt",
              ${TENANT_COLUMNS}, maker.role AS "actingRole"
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
      `SELECT c.id AS "credentialId", a.tenant_id AS "tenantId", a.token_hash AS "secretHash", a.scopes, NULL::timestamptz AS "lastUsedAt",
              ${TENANT_COLUMNS}, maker.role AS "actingRole"
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
