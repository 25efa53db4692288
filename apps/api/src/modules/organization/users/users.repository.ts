import { ConflictError } from '@wfm/core/errors';
import type { Role } from '@wfm/core/tenancy';
import type { DataSource } from '@wfm/db/data-source';
import type { UserEntity } from '@wfm/db/entities/user.entity';
import { assignments, exec, live, many, one, onConstraint, type Columns } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';
import type { OutletScope } from '../user-outlets/outlet-scope.service.js';
import { assignedToAnySql } from '../user-outlets/user-outlets.repository.js';
import type { UserDto } from './users.schemas.js';

/** A live user as the API may show it: the password hash is never selected. */
export type User = Omit<UserEntity, 'passwordHash' | 'deletedAt'>;
/** People the users module adds are vouched for, so verified_at is left to its default (now). */
export type NewUser = Omit<UserEntity, 'deletedAt' | 'verifiedAt'>;
export type UserChanges = Partial<Pick<UserEntity, 'fullName' | 'email' | 'mobile' | 'role' | 'employeeCode' | 'status'>>;

export const EMAIL_TAKEN = 'A user with this email already exists';
export const MOBILE_TAKEN = 'A user with this mobile number already exists';

export const USER_COLUMNS = `id, tenant_id AS "tenantId", full_name AS "fullName", email, mobile, role, status, employee_code AS "employeeCode",
  verified_at AS "verifiedAt", created_at AS "createdAt", updated_at AS "updatedAt"`;

const CHANGE_COLUMNS: Columns<UserChanges & { updatedAt: Date }> = {
  fullName: 'full_name',
  email: 'email',
  mobile: 'mobile',
  role: 'role',
  employeeCode: 'employee_code',
  status: 'status',
  updatedAt: 'updated_at',
};

/** The partial unique indexes of the foundation migration, so a lost race still answers 409. */
const TAKEN = {
  users_tenant_email_key: () => new ConflictError(EMAIL_TAKEN),
  users_tenant_mobile_key: () => new ConflictError(MOBILE_TAKEN),
};

export class UsersRepository {
  constructor(private readonly ds: DataSource) {}

  /** (created_at, id) is unique, so pages neither repeat nor skip rows while offset grows. */
  /**
   * The hottest read of the API, so it skips entity hydration: PostgreSQL formats the timestamps as
   * the ISO strings the DTO needs, and rows come back already in the DTO's shape. An outlet scope
   * keeps `alsoUserId` (the caller) and the people assigned to the scope's outlets.
   */
  listDtos(tenantId: string, limit: number, offset: number, visible: { scope: OutletScope; alsoUserId: string }, search?: string): Promise<UserDto[]> {
    const params: unknown[] = [tenantId, limit, offset];
    const scoped =
      visible.scope.kind === 'outlets'
        ? `AND (id = $${params.push(visible.alsoUserId)} OR ${assignedToAnySql('users.id', 'users.tenant_id', `$${params.push(visible.scope.outletIds)}::uuid[]`)})`
        : '';
    // The typed text matches literally: LIKE's own wildcards in it are escaped.
    const like = search === undefined ? null : `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const searched =
      like === null
        ? ''
        : `AND (full_name ILIKE $${params.push(like)} OR email ILIKE $${params.length} OR mobile ILIKE $${params.length} OR employee_code ILIKE $${params.length})`;
    return many(
      this.ds,
      `SELECT id, tenant_id AS "tenantId", full_name AS "fullName", email, mobile, role, status,
              employee_code AS "employeeCode",
              to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
              to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"
         FROM users
        WHERE tenant_id = $1 AND ${live('users')} ${scoped} ${searched}
        ORDER BY created_at, id
        LIMIT $2 OFFSET $3`,
      params,
    );
  }

  findLive(tenantId: string, id: string): Promise<User | null> {
    return one(this.ds, `SELECT ${USER_COLUMNS} FROM users u WHERE u.tenant_id = $1 AND u.id = $2 AND ${live('u')}`, [tenantId, id]);
  }

  /** The roles of the named people, removed ones included (their records still belong to someone of that rank). */
  roles(db: Tx | null, tenantId: string, ids: readonly string[]): Promise<Array<{ id: string; role: Role }>> {
    return many(db ?? this.ds, `SELECT id, role FROM users WHERE tenant_id = $1 AND id = ANY($2::uuid[])`, [tenantId, [...ids]]);
  }

  /** Locks the row so concurrent changes to one user are applied one after the other. */
  lockLive(tx: Tx, tenantId: string, id: string): Promise<User | null> {
    return one(tx, `SELECT ${USER_COLUMNS} FROM users u WHERE u.tenant_id = $1 AND u.id = $2 AND ${live('u')} FOR UPDATE`, [tenantId, id]);
  }

  async insert(tx: Tx, rows: NewUser[]): Promise<void> {
    await exec(
      tx,
      `INSERT INTO users (id, tenant_id, full_name, email, mobile, role, status, employee_code, password_hash, created_at, updated_at)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::timestamptz[], $11::timestamptz[])`,
      [
        rows.map((r) => r.id),
        rows.map((r) => r.tenantId),
        rows.map((r) => r.fullName),
        rows.map((r) => r.email),
        rows.map((r) => r.mobile),
        rows.map((r) => r.role),
        rows.map((r) => r.status),
        rows.map((r) => r.employeeCode),
        rows.map((r) => r.passwordHash),
        rows.map((r) => r.createdAt),
        rows.map((r) => r.updatedAt),
      ],
    ).catch((err) => onConstraint(err, TAKEN));
  }

  async update(tx: Tx, tenantId: string, id: string, changes: UserChanges, at: Date): Promise<User> {
    const params: unknown[] = [tenantId, id];
    const row = await one<User>(
      tx,
      `UPDATE users SET ${assignments({ ...changes, updatedAt: at }, CHANGE_COLUMNS, params)} WHERE tenant_id = $1 AND id = $2 RETURNING ${USER_COLUMNS}`,
      params,
    ).catch((err) => onConstraint(err, TAKEN));
    return row!;
  }

  async softDelete(tx: Tx, tenantId: string, id: string, at: Date): Promise<void> {
    await exec(tx, `UPDATE users SET deleted_at = $3, updated_at = $3 WHERE tenant_id = $1 AND id = $2`, [tenantId, id, at]);
  }

  /** Live users of the tenant holding any of these (normalised) emails or mobiles. */
  findHolders(tx: Tx, tenantId: string, emails: string[], mobiles: string[]): Promise<Array<{ email: string | null; mobile: string | null }>> {
    return many(
      tx,
      `SELECT u.email, u.mobile FROM users u
        WHERE u.tenant_id = $1 AND ${live('u')}
          AND (u.email = ANY($2::text[]) OR u.mobile = ANY($3::text[]))`,
      [tenantId, emails, mobiles],
    );
  }
}
