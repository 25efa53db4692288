import type { DataSource } from '@wfm/db/data-source';
import type { DisciplinaryActionEntity } from '@wfm/db/entities/people-lifecycle.entity';
import { exec, live, many, one, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';
import type { DISCIPLINARY_CATEGORIES, DISCIPLINARY_LEVELS } from './disciplinary.schemas.js';

export type DisciplinaryLevel = (typeof DISCIPLINARY_LEVELS)[number];
export type DisciplinaryCategory = (typeof DISCIPLINARY_CATEGORIES)[number];

/** The text columns narrowed to the values their CHECK constraints allow. */
export type DisciplinaryAction = Row<DisciplinaryActionEntity> & { level: DisciplinaryLevel; requestedLevel: DisciplinaryLevel; category: DisciplinaryCategory };

const COLUMNS = `id, tenant_id AS "tenantId", user_id AS "userId", level, requested_level AS "requestedLevel", category, details,
  auto_escalated AS "autoEscalated", issued_by_user_id AS "issuedByUserId", issued_at AS "issuedAt"`;

export class DisciplinaryRepository {
  constructor(private readonly ds: DataSource) {}

  /** Locks the live person so that two actions issued at once count each other. */
  async lockUser(tx: Tx, tenantId: string, userId: string): Promise<boolean> {
    return (await one(tx, `SELECT 1 FROM users u WHERE u.tenant_id = $1 AND u.id = $2 AND ${live('u')} FOR UPDATE`, [tenantId, userId])) !== null;
  }

  async countSince(tx: Tx, tenantId: string, userId: string, category: DisciplinaryCategory, since: Date): Promise<number> {
    const row = await one<{ n: number }>(
      tx,
      `SELECT count(*)::int AS n FROM disciplinary_actions WHERE tenant_id = $1 AND user_id = $2 AND category = $3 AND issued_at > $4`,
      [tenantId, userId, category, since],
    );
    return row!.n;
  }

  async insert(tx: Tx, a: DisciplinaryAction): Promise<void> {
    await exec(
      tx,
      `INSERT INTO disciplinary_actions (id, tenant_id, user_id, level, requested_level, category, details, auto_escalated, issued_by_user_id, issued_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [a.id, a.tenantId, a.userId, a.level, a.requestedLevel, a.category, a.details, a.autoEscalated, a.issuedByUserId, a.issuedAt],
    );
  }

  find(tenantId: string, id: string): Promise<DisciplinaryAction | null> {
    return one(this.ds, `SELECT ${COLUMNS} FROM disciplinary_actions WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  }

  /** Newest first. */
  list(tenantId: string, filter: { userId?: string; category?: DisciplinaryCategory }, limit: number, offset: number): Promise<DisciplinaryAction[]> {
    const params: unknown[] = [tenantId];
    const where = ['tenant_id = $1'];
    if (filter.userId) where.push(`user_id = $${params.push(filter.userId)}`);
    if (filter.category) where.push(`category = $${params.push(filter.category)}`);
    return many(this.ds, `SELECT ${COLUMNS} FROM disciplinary_actions WHERE ${where.join(' AND ')} ORDER BY issued_at DESC, id LIMIT $${params.push(limit)} OFFSET $${params.push(offset)}`, params);
  }
}
