import type { DataSource } from '@wfm/db/data-source';
import { ConflictError } from '@wfm/core/errors';
import type { UserEntity } from '@wfm/db/entities/user.entity';
import { exec, live, many, one, onConstraint, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';
import type { ScimFilter } from './scim.filter.js';

/** scim_external_id is read as externalId, SCIM's name for it. */
export type ScimUserRow = Row<UserEntity, 'id' | 'tenantId' | 'fullName' | 'email' | 'mobile' | 'role' | 'status' | 'employeeCode' | 'createdAt' | 'updatedAt'> & {
  externalId: string | null;
};

const COLUMNS = `u.id, u.tenant_id AS "tenantId", u.full_name AS "fullName", u.email, u.mobile, u.role, u.status, u.employee_code AS "employeeCode",
  u.scim_external_id AS "externalId", u.created_at AS "createdAt", u.updated_at AS "updatedAt"`;

/** SCIM's 409 (scimType uniqueness) for an identifier another live person holds. */
export class UniquenessError extends ConflictError {
  constructor(detail: string) {
    super(detail, 'uniqueness');
  }
}

const UNIQUE = {
  users_tenant_email_key: () => new UniquenessError('userName is already taken in this tenant'),
  users_tenant_mobile_key: () => new UniquenessError('phoneNumbers value is already taken in this tenant'),
  users_tenant_scim_external_id_key: () => new UniquenessError('externalId is already taken in this tenant'),
};

export class ScimRepository {
  constructor(private readonly ds: DataSource) {}

  private where(filter: ScimFilter | null, params: unknown[]): string {
    if (!filter) return '';
    if (filter.attr === 'active') return ` AND u.status = $${params.push(filter.value ? 'ACTIVE' : 'INACTIVE')}`;
    if (filter.attr === 'externalId') return ` AND u.scim_external_id = $${params.push(filter.value)}`;
    // userName and the work email are the person's email, compared as stored (lower case).
    return ` AND u.email = $${params.push(filter.value.trim().toLowerCase())}`;
  }

  async list(tenantId: string, filter: ScimFilter | null, startIndex: number, count: number): Promise<{ total: number; rows: ScimUserRow[] }> {
    const params: unknown[] = [tenantId];
    const where = `u.tenant_id = $1 AND ${live('u')}${this.where(filter, params)}`;
    const total = (await one<{ n: number }>(this.ds, `SELECT count(*)::int AS n FROM users u WHERE ${where}`, params))!.n;
    const rows = count === 0 ? [] : await many<ScimUserRow>(this.ds, `SELECT ${COLUMNS} FROM users u WHERE ${where} ORDER BY u.created_at, u.id OFFSET $${params.push(startIndex - 1)} LIMIT $${params.push(count)}`, params);
    return { total, rows };
  }

  find(db: Tx | null, tenantId: string, id: string): Promise<ScimUserRow | null> {
    return one(db ?? this.ds, `SELECT ${COLUMNS} FROM users u WHERE u.tenant_id = $1 AND u.id = $2 AND ${live('u')}`, [tenantId, id]);
  }

  lock(tx: Tx, tenantId: string, id: string): Promise<ScimUserRow | null> {
    return one(tx, `SELECT ${COLUMNS} FROM users u WHERE u.tenant_id = $1 AND u.id = $2 AND ${live('u')} FOR UPDATE`, [tenantId, id]);
  }

  async insert(tx: Tx, u: ScimUserRow): Promise<void> {
    await exec(
      tx,
      `INSERT INTO users (id, tenant_id, full_name, email, mobile, role, status, employee_code, scim_external_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
      [u.id, u.tenantId, u.fullName, u.email, u.mobile, u.role, u.status, u.employeeCode, u.externalId, u.createdAt],
    ).catch((err) => onConstraint(err, UNIQUE));
  }

  async update(tx: Tx, u: ScimUserRow, at: Date): Promise<ScimUserRow> {
    const row = await one<ScimUserRow>(
      tx,
      `UPDATE users u SET full_name = $3, email = $4, mobile = $5, status = $6, employee_code = $7, scim_external_id = $8, updated_at = $9
        WHERE u.tenant_id = $1 AND u.id = $2 RETURNING ${COLUMNS}`,
      [u.tenantId, u.id, u.fullName, u.email, u.mobile, u.status, u.employeeCode, u.externalId, at],
    ).catch((err) => onConstraint(err, UNIQUE));
    return row!;
  }

  async softDelete(tx: Tx, tenantId: string, id: string, at: Date): Promise<void> {
    await exec(tx, `UPDATE users SET deleted_at = $3, updated_at = $3 WHERE tenant_id = $1 AND id = $2`, [tenantId, id, at]);
  }
}
