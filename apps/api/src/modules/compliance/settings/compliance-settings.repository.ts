import type { PackRefJson } from '@wfm/db/entities/compliance.entity';
import { exec, many, one, type Db } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';
import type { CustomLimits } from '../packs/custom.pack.js';

export interface TenantSettingsRow extends CustomLimits {
  timezone: string;
  packs: PackRefJson[];
  modes: Record<string, string>;
  updatedByUserId: string | null;
  updatedAt: Date | null;
}

export interface OutletPacksRow {
  outletId: string;
  packs: PackRefJson[];
  updatedByUserId: string | null;
  updatedAt: Date;
}

export interface ContractSettingsRow {
  contractId: string;
  userId: string;
  packs: PackRefJson[] | null;
  youngWorker: boolean;
  updatedByUserId: string | null;
  updatedAt: Date;
}

/** The person's ACTIVE contract and what it changes for the rules (no settings row: inherit, adult). */
export interface PersonContractRow {
  userId: string;
  contractId: string;
  packs: PackRefJson[] | null;
  youngWorker: boolean;
}

export class ComplianceSettingsRepository {
  /** The tenant's timezone and settings; a tenant that never set them reads as no packs and no limits. */
  async tenant(db: Db, tenantId: string): Promise<TenantSettingsRow | null> {
    return one(
      db,
      `SELECT t.timezone, COALESCE(s.packs, '[]'::jsonb) AS packs, COALESCE(s.modes, '{}'::jsonb) AS modes,
              s.max_shift_minutes AS "maxShiftMinutes", s.max_consecutive_days AS "maxConsecutiveDays",
              s.min_weekly_minutes AS "minWeeklyMinutes", s.max_weekly_minutes AS "maxWeeklyMinutes",
              s.updated_by_user_id AS "updatedByUserId", s.updated_at AS "updatedAt"
         FROM tenants t LEFT JOIN compliance_settings s ON s.tenant_id = t.id WHERE t.id = $1`,
      [tenantId],
    );
  }

  async saveTenant(tx: Tx, tenantId: string, s: { packs: PackRefJson[]; modes: Record<string, string> } & CustomLimits, by: string, at: Date): Promise<void> {
    await exec(
      tx,
      `INSERT INTO compliance_settings (tenant_id, packs, modes, max_shift_minutes, max_consecutive_days, min_weekly_minutes, max_weekly_minutes, updated_by_user_id, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (tenant_id) DO UPDATE SET packs = EXCLUDED.packs, modes = EXCLUDED.modes, max_shift_minutes = EXCLUDED.max_shift_minutes,
         max_consecutive_days = EXCLUDED.max_consecutive_days, min_weekly_minutes = EXCLUDED.min_weekly_minutes,
         max_weekly_minutes = EXCLUDED.max_weekly_minutes, updated_by_user_id = EXCLUDED.updated_by_user_id, updated_at = EXCLUDED.updated_at`,
      [tenantId, JSON.stringify(s.packs), JSON.stringify(s.modes), s.maxShiftMinutes, s.maxConsecutiveDays, s.minWeeklyMinutes, s.maxWeeklyMinutes, by, at],
    );
  }

  /** Settings exist once anything is configured, so a tenant without a row is known to have no rules from one read. */
  async ensureTenant(tx: Tx, tenantId: string, by: string, at: Date): Promise<void> {
    await exec(tx, `INSERT INTO compliance_settings (tenant_id, updated_by_user_id, updated_at) VALUES ($1, $2, $3) ON CONFLICT (tenant_id) DO NOTHING`, [tenantId, by, at]);
  }

  async outletExists(db: Db, tenantId: string, outletId: string): Promise<boolean> {
    return (await one(db, `SELECT 1 FROM outlets WHERE tenant_id = $1 AND id = $2`, [tenantId, outletId])) !== null;
  }

  outletPacks(db: Db, tenantId: string): Promise<OutletPacksRow[]> {
    return many(
      db,
      `SELECT outlet_id AS "outletId", packs, updated_by_user_id AS "updatedByUserId", updated_at AS "updatedAt" FROM compliance_outlet_packs WHERE tenant_id = $1 ORDER BY outlet_id`,
      [tenantId],
    );
  }

  async saveOutletPacks(tx: Tx, tenantId: string, outletId: string, packs: PackRefJson[], by: string, at: Date): Promise<void> {
    await exec(
      tx,
      `INSERT INTO compliance_outlet_packs (outlet_id, tenant_id, packs, updated_by_user_id, updated_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (outlet_id) DO UPDATE SET packs = EXCLUDED.packs, updated_by_user_id = EXCLUDED.updated_by_user_id, updated_at = EXCLUDED.updated_at`,
      [outletId, tenantId, JSON.stringify(packs), by, at],
    );
  }

  removeOutletPacks(tx: Tx, tenantId: string, outletId: string): Promise<number> {
    return exec(tx, `DELETE FROM compliance_outlet_packs WHERE tenant_id = $1 AND outlet_id = $2`, [tenantId, outletId]);
  }

  contractSettings(db: Db, tenantId: string): Promise<ContractSettingsRow[]> {
    return many(
      db,
      `SELECT s.contract_id AS "contractId", c.user_id AS "userId", s.packs, s.young_worker AS "youngWorker", s.updated_by_user_id AS "updatedByUserId", s.updated_at AS "updatedAt"
         FROM compliance_contract_settings s JOIN hr_contracts c ON c.id = s.contract_id
        WHERE s.tenant_id = $1 ORDER BY s.contract_id`,
      [tenantId],
    );
  }

  async saveContractSettings(tx: Tx, tenantId: string, contractId: string, s: { packs: PackRefJson[] | null; youngWorker: boolean }, by: string, at: Date): Promise<void> {
    await exec(
      tx,
      `INSERT INTO compliance_contract_settings (contract_id, tenant_id, packs, young_worker, updated_by_user_id, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (contract_id) DO UPDATE SET packs = EXCLUDED.packs, young_worker = EXCLUDED.young_worker, updated_by_user_id = EXCLUDED.updated_by_user_id, updated_at = EXCLUDED.updated_at`,
      [contractId, tenantId, s.packs === null ? null : JSON.stringify(s.packs), s.youngWorker, by, at],
    );
  }

  removeContractSettings(tx: Tx, tenantId: string, contractId: string): Promise<number> {
    return exec(tx, `DELETE FROM compliance_contract_settings WHERE tenant_id = $1 AND contract_id = $2`, [tenantId, contractId]);
  }

  /** The owner of a contract of the tenant, or null when there is none with this id. */
  async contractOwner(db: Db, tenantId: string, contractId: string): Promise<string | null> {
    const row = await one<{ userId: string }>(db, `SELECT user_id AS "userId" FROM hr_contracts WHERE tenant_id = $1 AND id = $2`, [tenantId, contractId]);
    return row?.userId ?? null;
  }

  /** One query for every person: their ACTIVE contract, if any, with its compliance settings. */
  activeContracts(db: Db, tenantId: string, userIds: readonly string[]): Promise<PersonContractRow[]> {
    return many(
      db,
      `SELECT c.user_id AS "userId", c.id AS "contractId", s.packs, COALESCE(s.young_worker, false) AS "youngWorker"
         FROM hr_contracts c LEFT JOIN compliance_contract_settings s ON s.contract_id = c.id
        WHERE c.tenant_id = $1 AND c.user_id = ANY($2::uuid[]) AND c.status = 'ACTIVE'`,
      [tenantId, userIds],
    );
  }
}
