import { ConflictError } from '@wfm/core/errors';
import type { DataSource } from '@wfm/db/data-source';
import type { Tx } from '@wfm/db/transaction';
import { UserEntity } from '@wfm/db/entities/user.entity';
import type { OutletScope } from '../user-outlets/outlet-scope.service.js';
import { assignedToAnySql } from '../user-outlets/user-outlets.repository.js';
import type { UserDto } from './users.schemas.js';

/** A live user as the API may show it: the password hash is never selected. */
export type User = Omit<UserEntity, 'passwordHash' | 'deletedAt'>;
export type NewUser = Omit<UserEntity, 'deletedAt'>;
export type UserChanges = Partial<Pick<UserEntity, 'fullName' | 'email' | 'mobile' | 'role' | 'employeeCode' | 'status'>>;

export const EMAIL_TAKEN = 'A user with this email already exists';
export const MOBILE_TAKEN = 'A user with this mobile number already exists';

/** The partial unique indexes of the foundation migration, so a lost race still answers 409. */
const UNIQUE_INDEX_MESSAGES: Record<string, string> = {
  users_tenant_email_key: EMAIL_TAKEN,
  users_tenant_mobile_key: MOBILE_TAKEN,
};

async function conflictOnUniqueViolation<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    const driver = (err as { driverError?: { code?: string; constraint?: string } }).driverError;
    const message = driver?.code === '23505' && driver.constraint ? UNIQUE_INDEX_MESSAGES[driver.constraint] : undefined;
    throw message ? new ConflictError(message) : err;
  }
}

export class UsersRepository {
  constructor(private readonly ds: DataSource) {}

  /** (created_at, id) is unique, so pages neither repeat nor skip rows while offset grows. */
  /**
   * The hottest read of the API, so it skips entity hydration: PostgreSQL formats the timestamps as
   * the ISO strings the DTO needs, and rows come back already in the DTO's shape. An outlet scope
   * keeps `alsoUserId` (the caller) and the people assigned to the scope's outlets.
   */
  listDtos(tenantId: string, limit: number, offset: number, visible: { scope: OutletScope; alsoUserId: string }): Promise<UserDto[]> {
    const params: unknown[] = [tenantId, limit, offset];
    const scoped =
      visible.scope.kind === 'outlets'
        ? `AND (id = $${params.push(visible.alsoUserId)} OR ${assignedToAnySql('users.id', 'users.tenant_id', `$${params.push(visible.scope.outletIds)}::uuid[]`)})`
        : '';
    return this.ds.query(
      `SELECT id, tenant_id AS "tenantId", full_name AS "fullName", email, mobile, role, status,
              employee_code AS "employeeCode",
              to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
              to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"
         FROM users
        WHERE tenant_id = $1 AND deleted_at IS NULL ${scoped}
        ORDER BY created_at, id
        LIMIT $2 OFFSET $3`,
      params,
    );
  }

  findLive(tenantId: string, id: string): Promise<User | null> {
    return this.ds.getRepository(UserEntity).findOneBy({ tenantId, id });
  }

  /** Locks the row so concurrent changes to one user are applied one after the other. */
  lockLive(tx: Tx, tenantId: string, id: string): Promise<User | null> {
    return tx.getRepository(UserEntity).findOne({ where: { tenantId, id }, lock: { mode: 'pessimistic_write' } });
  }

  async insert(tx: Tx, rows: NewUser[]): Promise<void> {
    await conflictOnUniqueViolation(tx.insert(UserEntity, rows));
  }

  async update(tx: Tx, tenantId: string, id: string, changes: UserChanges, at: Date): Promise<User> {
    await conflictOnUniqueViolation(tx.update(UserEntity, { tenantId, id }, { ...changes, updatedAt: at }));
    return tx.getRepository(UserEntity).findOneByOrFail({ tenantId, id });
  }

  async softDelete(tx: Tx, tenantId: string, id: string, at: Date): Promise<void> {
    await tx.update(UserEntity, { tenantId, id }, { deletedAt: at, updatedAt: at });
  }

  /** Live users of the tenant holding any of these (normalised) emails or mobiles. */
  findHolders(tx: Tx, tenantId: string, emails: string[], mobiles: string[]): Promise<Array<{ email: string | null; mobile: string | null }>> {
    return tx.query(
      `SELECT email, mobile FROM users
        WHERE tenant_id = $1 AND deleted_at IS NULL
          AND (email = ANY($2::text[]) OR mobile = ANY($3::text[]))`,
      [tenantId, emails, mobiles],
    );
  }
}
