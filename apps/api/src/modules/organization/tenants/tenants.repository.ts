import type { DataSource } from '@wfm/db/data-source';
import type { TenantEntity } from '@wfm/db/entities/tenant.entity';
import { assignments, many, one, type Columns } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';

export type Tenant = TenantEntity;
export type TenantChanges = Partial<Pick<Tenant, 'name' | 'timezone' | 'plan' | 'publicApiEnabled' | 'ssoEnabled' | 'rosterApprovalRequired' | 'payrollFourEyes' | 'accessOfflineWindowMinutes' | 'availabilityConflictMode' | 'locale' | 'language'>>;

/** A tenant row as the API uses it. */
export const TENANT_COLUMNS = `id, name, slug, plan, timezone, public_api_enabled AS "publicApiEnabled", sso_enabled AS "ssoEnabled",
  roster_approval_required AS "rosterApprovalRequired", payroll_four_eyes AS "payrollFourEyes", access_offline_window_minutes AS "accessOfflineWindowMinutes",
  availability_conflict_mode AS "availabilityConflictMode", locale, language, created_at AS "createdAt", updated_at AS "updatedAt"`;

const CHANGE_COLUMNS: Columns<TenantChanges & { updatedAt: Date }> = {
  name: 'name',
  timezone: 'timezone',
  plan: 'plan',
  publicApiEnabled: 'public_api_enabled',
  ssoEnabled: 'sso_enabled',
  rosterApprovalRequired: 'roster_approval_required',
  payrollFourEyes: 'payroll_four_eyes',
  accessOfflineWindowMinutes: 'access_offline_window_minutes',
  availabilityConflictMode: 'availability_conflict_mode',
  locale: 'locale',
  language: 'language',
  updatedAt: 'updated_at',
};

export class TenantsRepository {
  constructor(private readonly ds: DataSource) {}

  findById(id: string): Promise<Tenant | null> {
    return one(this.ds, `SELECT ${TENANT_COLUMNS} FROM tenants WHERE id = $1`, [id]);
  }

  /** Null when no tenant has this id; otherwise the row as stored after the change. */
  update(tx: Tx, id: string, changes: TenantChanges, at: Date): Promise<Tenant | null> {
    const params: unknown[] = [id];
    return one(tx, `UPDATE tenants SET ${assignments({ ...changes, updatedAt: at }, CHANGE_COLUMNS, params)} WHERE id = $1 RETURNING ${TENANT_COLUMNS}`, params);
  }

  list(): Promise<Tenant[]> {
    return many(this.ds, `SELECT ${TENANT_COLUMNS} FROM tenants ORDER BY created_at, id`);
  }
}
