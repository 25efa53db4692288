import type { Plan } from '@wfm/core/tenancy';
import type { DataSource } from '@wfm/db/data-source';
import type { TenantEntity } from '@wfm/db/entities/tenant.entity';
import type { UserEntity } from '@wfm/db/entities/user.entity';
import type { AccessWalletPassEntity } from '@wfm/db/entities/wallet-pass.entity';
import { exec, many, one, type Db, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';

/**
 * What a pass carries. ACTIVE: a door credential in its barcode. NO_ACCESS: no barcode while the
 * person cannot open any door (no live grant, deactivated, or the plan lost access control), which
 * may change back. VOID: the person was removed; the pass is voided for good.
 */
export type PassState = 'ACTIVE' | 'NO_ACCESS' | 'VOID';

export type NewWalletPass = Pick<AccessWalletPassEntity, 'id' | 'tenantId' | 'userId' | 'passTypeIdentifier' | 'authTokenHash' | 'authTokenSealed' | 'createdAt'> & {
  content: PassContentColumns;
};

/**
 * The columns a refresh rewrites. `updatedAt` is in whole seconds, strictly increasing per pass:
 * the Last-Modified and update tag of the pass.
 */
export type PassContentColumns = Row<AccessWalletPassEntity, 'credentialSealed' | 'credentialExpiresAt' | 'renewAt' | 'updatedAt'> & { state: PassState };

export type WalletPassView = Row<AccessWalletPassEntity, 'id' | 'tenantId' | 'userId' | 'authTokenSealed' | 'pushedAt'> &
  PassContentColumns & {
    /** What the pass should carry now, from the person, their grants and the tenant's plan. */
    currentState: PassState;
    holderName: UserEntity['fullName'];
    tenantName: TenantEntity['name'];
  };

/** A pass a device holds, named by its serial number (the pass id). */
export interface DeviceRegistration {
  serialNumber: AccessWalletPassEntity['id'];
  updatedAt: AccessWalletPassEntity['updatedAt'];
  /** The pass's content is due to change (new credential, access changed) though no one has fetched it yet. */
  stale: boolean;
}

/**
 * The state a pass should be in at `now` (a parameter), for a query joining the holder `u` and
 * their tenant `t`. `plans` (a parameter) lists the plans that include access control. A grant
 * past its `expiresAt` no longer counts, whether or not a tap has marked it EXPIRED yet.
 */
function currentState(now: string, plans: string): string {
  return `CASE
    WHEN u.deleted_at IS NOT NULL THEN 'VOID'
    WHEN u.status <> 'ACTIVE' OR NOT (t.plan = ANY(${plans}::text[])) OR NOT EXISTS (
      SELECT 1 FROM access_grants g
       WHERE g.tenant_id = u.tenant_id AND g.user_id = u.id AND g.status = 'ACTIVE' AND (g.expires_at IS NULL OR g.expires_at > ${now}::timestamptz)
    ) THEN 'NO_ACCESS'
    ELSE 'ACTIVE' END`;
}

/** The pass `p` should change: its holder's access changed, or its credential is due for renewal. */
function stale(now: string, plans: string): string {
  return `(${currentState(now, plans)} <> p.state OR (p.state = 'ACTIVE' AND p.renew_at <= ${now}::timestamptz))`;
}

const HOLDER = `JOIN users u ON u.id = p.user_id AND u.tenant_id = p.tenant_id JOIN tenants t ON t.id = p.tenant_id`;

const VIEW = (now: string, plans: string) => `p.id, p.tenant_id AS "tenantId", p.user_id AS "userId", p.auth_token_sealed AS "authTokenSealed", p.state,
  p.credential_sealed AS "credentialSealed", p.credential_expires_at AS "credentialExpiresAt", p.renew_at AS "renewAt", p.updated_at AS "updatedAt",
  p.pushed_at AS "pushedAt", ${currentState(now, plans)} AS "currentState", u.full_name AS "holderName", t.name AS "tenantName"`;

/**
 * Passes and their device registrations. Requests of the Wallet web service name a pass by its
 * serial number (the pass id) or a device by its library identifier, not a tenant: those two
 * lookups read across tenants, like a kiosk token's; everything after them is scoped by the
 * tenant of the pass found.
 */
export class WalletRepository {
  constructor(private readonly ds: DataSource) {}

  /** The pass a web-service request names, with the hash its token is checked against. */
  forAuthentication(passTypeIdentifier: string, serialNumber: string): Promise<Row<AccessWalletPassEntity, 'id' | 'tenantId' | 'authTokenHash'> | null> {
    return one(this.ds, `SELECT id, tenant_id AS "tenantId", auth_token_hash AS "authTokenHash" FROM access_wallet_passes WHERE id = $1 AND pass_type_identifier = $2`, [
      serialNumber,
      passTypeIdentifier,
    ]);
  }

  async idForUser(tenantId: string, userId: string, passTypeIdentifier: string): Promise<string | null> {
    const row = await one<{ id: string }>(this.ds, `SELECT id FROM access_wallet_passes WHERE tenant_id = $1 AND user_id = $2 AND pass_type_identifier = $3`, [
      tenantId,
      userId,
      passTypeIdentifier,
    ]);
    return row?.id ?? null;
  }

  /** What a new pass for this live person should carry at `now`; null when the user is not found. */
  async stateForUser(tenantId: string, userId: string, now: Date, plans: readonly Plan[]): Promise<PassState | null> {
    const row = await one<{ state: PassState }>(
      this.ds,
      `SELECT ${currentState('$3', '$4')} AS state FROM users u JOIN tenants t ON t.id = u.tenant_id WHERE u.tenant_id = $1 AND u.id = $2`,
      [tenantId, userId, now, plans],
    );
    return row?.state ?? null;
  }

  /** False when the person already has a pass of this type (another request made it first). */
  async insert(p: NewWalletPass): Promise<boolean> {
    const c = p.content;
    const inserted = await exec(
      this.ds,
      `INSERT INTO access_wallet_passes (id, tenant_id, user_id, pass_type_identifier, auth_token_hash, auth_token_sealed, state, credential_sealed,
                                         credential_expires_at, renew_at, updated_at, pushed_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12)
       ON CONFLICT (tenant_id, user_id, pass_type_identifier) DO NOTHING`,
      [p.id, p.tenantId, p.userId, p.passTypeIdentifier, p.authTokenHash, p.authTokenSealed, c.state, c.credentialSealed, c.credentialExpiresAt, c.renewAt, c.updatedAt, p.createdAt],
    );
    return inserted === 1;
  }

  view(tenantId: string, id: string, now: Date, plans: readonly Plan[]): Promise<WalletPassView | null> {
    return this.read(this.ds, tenantId, id, now, plans, '');
  }

  /** The pass locked until the transaction ends, so concurrent fetches renew it once. */
  lockView(tx: Tx, tenantId: string, id: string, now: Date, plans: readonly Plan[]): Promise<WalletPassView | null> {
    return this.read(tx, tenantId, id, now, plans, 'FOR UPDATE OF p');
  }

  private read(db: Db, tenantId: string, id: string, now: Date, plans: readonly Plan[], lock: string): Promise<WalletPassView | null> {
    return one(db, `SELECT ${VIEW('$3', '$4')} FROM access_wallet_passes p ${HOLDER} WHERE p.tenant_id = $1 AND p.id = $2 ${lock}`, [tenantId, id, now, plans]);
  }

  async saveContent(tx: Tx, tenantId: string, id: string, c: PassContentColumns): Promise<void> {
    await exec(
      tx,
      `UPDATE access_wallet_passes SET state = $3, credential_sealed = $4, credential_expires_at = $5, renew_at = $6, updated_at = $7 WHERE tenant_id = $1 AND id = $2`,
      [tenantId, id, c.state, c.credentialSealed, c.credentialExpiresAt, c.renewAt, c.updatedAt],
    );
  }

  /**
   * Registers the device for the pass, or replaces its push token; true when the registration is
   * new. Beyond `maxDevices` the registrations updated longest ago are dropped.
   */
  async register(tx: Tx, r: { tenantId: string; passId: string; device: string; pushToken: string; at: Date }, maxDevices: number): Promise<boolean> {
    const row = await one<{ created: boolean }>(
      tx,
      `INSERT INTO access_wallet_registrations (tenant_id, pass_id, device_library_identifier, push_token, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)
       ON CONFLICT (pass_id, device_library_identifier) DO UPDATE SET push_token = EXCLUDED.push_token, updated_at = EXCLUDED.updated_at
       RETURNING (xmax = 0) AS created`,
      [r.tenantId, r.passId, r.device, r.pushToken, r.at],
    );
    await exec(
      tx,
      `DELETE FROM access_wallet_registrations WHERE tenant_id = $1 AND pass_id = $2 AND device_library_identifier NOT IN (
         SELECT device_library_identifier FROM access_wallet_registrations WHERE tenant_id = $1 AND pass_id = $2
          ORDER BY updated_at DESC, device_library_identifier LIMIT $3)`,
      [r.tenantId, r.passId, maxDevices],
    );
    return row!.created;
  }

  async unregister(tenantId: string, passId: string, device: string): Promise<void> {
    await exec(this.ds, `DELETE FROM access_wallet_registrations WHERE tenant_id = $1 AND pass_id = $2 AND device_library_identifier = $3`, [tenantId, passId, device]);
  }

  /** The passes of this type the device registered for, across tenants (a person may work for two). */
  deviceRegistrations(device: string, passTypeIdentifier: string, now: Date, plans: readonly Plan[]): Promise<DeviceRegistration[]> {
    return many(
      this.ds,
      `SELECT p.id AS "serialNumber", p.updated_at AS "updatedAt", ${stale('$3', '$4')} AS stale
         FROM access_wallet_registrations r JOIN access_wallet_passes p ON p.id = r.pass_id AND p.tenant_id = r.tenant_id ${HOLDER}
        WHERE r.device_library_identifier = $1 AND p.pass_type_identifier = $2
        ORDER BY p.id`,
      [device, passTypeIdentifier, now, plans],
    );
  }

  /**
   * The next registered passes after `afterId` whose devices should hear of a change: one is due
   * (renewal, access), or a version was made since the last push. The job's sweep, across tenants.
   */
  toPush(passTypeIdentifier: string, now: Date, plans: readonly Plan[], afterId: string, limit: number): Promise<Array<{ id: string; tenantId: string }>> {
    return many(
      this.ds,
      `SELECT p.id, p.tenant_id AS "tenantId" FROM access_wallet_passes p ${HOLDER}
        WHERE p.pass_type_identifier = $1 AND p.id > $5
          AND EXISTS (SELECT 1 FROM access_wallet_registrations r WHERE r.tenant_id = p.tenant_id AND r.pass_id = p.id)
          AND (p.pushed_at IS NULL OR p.pushed_at < p.updated_at OR ${stale('$2', '$3')})
        ORDER BY p.id LIMIT $4`,
      [passTypeIdentifier, now, plans, limit, afterId],
    );
  }

  pushTokens(tenantId: string, passId: string): Promise<string[]> {
    return many<{ pushToken: string }>(this.ds, `SELECT DISTINCT push_token AS "pushToken" FROM access_wallet_registrations WHERE tenant_id = $1 AND pass_id = $2`, [
      tenantId,
      passId,
    ]).then((rows) => rows.map((r) => r.pushToken));
  }

  /** Drops the registrations whose push tokens APNs no longer accepts. */
  async removePushTokens(tenantId: string, passId: string, pushTokens: string[]): Promise<number> {
    return exec(this.ds, `DELETE FROM access_wallet_registrations WHERE tenant_id = $1 AND pass_id = $2 AND push_token = ANY($3::text[])`, [tenantId, passId, pushTokens]);
  }

  /** Records that devices were told of the version made at `updatedAt`, unless a newer one exists by now. */
  async markPushed(tenantId: string, passId: string, updatedAt: Date): Promise<void> {
    await exec(this.ds, `UPDATE access_wallet_passes SET pushed_at = $3 WHERE tenant_id = $1 AND id = $2 AND updated_at = $3`, [tenantId, passId, updatedAt]);
  }
}
