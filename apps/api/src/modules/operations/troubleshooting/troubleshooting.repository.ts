import type { DataSource } from '@wfm/db/data-source';
import type { TroubleshootingGuideEntity, TroubleshootingSessionEntity } from '@wfm/db/entities/troubleshooting.entity';
import { assignments, exec, many, one, type Columns, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';
import type { IssuePriority } from '../issues/issues.repository.js';
import type { SESSION_STATUSES } from './troubleshooting.schemas.js';

export type SessionStatus = (typeof SESSION_STATUSES)[number];

export interface Step {
  id: string;
  instruction: string;
  caution: string | null;
}

export interface Answer {
  stepId: string;
  fixed: boolean;
  /** ISO 8601, as jsonb keeps it. */
  answeredAt: string;
}

export type Guide = Omit<Row<TroubleshootingGuideEntity, Exclude<keyof TroubleshootingGuideEntity, 'deletedAt'>>, 'priority' | 'steps'> & {
  priority: IssuePriority;
  steps: Step[];
};
/** A guide as read, with the names of what it is for. */
export type GuideView = Guide & { categoryName: string | null; assetName: string | null };
export type GuideChanges = Partial<Pick<Guide, 'title' | 'symptom' | 'priority' | 'active' | 'steps'>>;

export type Session = Omit<Row<TroubleshootingSessionEntity>, 'priority' | 'steps' | 'answers' | 'status'> & {
  priority: IssuePriority;
  steps: Step[];
  answers: Answer[];
  status: SessionStatus;
};
export type SessionChanges = Pick<Session, 'answers'> & Partial<Pick<Session, 'status' | 'issueId' | 'endedAt'>>;

export interface AssetRef {
  id: string;
  outletId: string;
  categoryId: string;
  name: string;
}

export interface CatalogAsset {
  id: string;
  name: string;
  tag: string;
  outletId: string;
  categoryId: string;
  categoryName: string;
}

export interface GuideStats {
  resolved: number;
  unresolved: number;
  running: number;
}

export type GuideWithStats = GuideView & { stats: GuideStats };

export interface GuideFilter {
  /** The guides that apply to this asset: its own and its category's. */
  asset?: { id: string; categoryId: string };
  categoryId?: string;
  active?: boolean;
  /** An outlet-scoped reader: guides of assets at other outlets are left out (category guides never are). */
  outletIds?: string[];
}

const GUIDE_COLUMNS = `g.id, g.tenant_id AS "tenantId", g.category_id AS "categoryId", g.asset_id AS "assetId", g.title, g.symptom, g.priority, g.active,
  g.steps, g.created_at AS "createdAt", g.updated_at AS "updatedAt", c.name AS "categoryName", a.name AS "assetName"`;
const GUIDE_FROM = `troubleshooting_guides g LEFT JOIN asset_categories c ON c.id = g.category_id LEFT JOIN assets a ON a.id = g.asset_id`;
/** A guide is gone with its own deletion and with its category's or asset's. */
const LIVE_GUIDE = `g.deleted_at IS NULL AND (g.category_id IS NULL OR c.deleted_at IS NULL) AND (g.asset_id IS NULL OR a.deleted_at IS NULL)`;

const GUIDE_CHANGE_COLUMNS: Columns<Omit<GuideChanges, 'steps'> & { updatedAt: Date }> = {
  title: 'title',
  symptom: 'symptom',
  priority: 'priority',
  active: 'active',
  updatedAt: 'updated_at',
};

const SESSION_COLUMNS = `id, tenant_id AS "tenantId", guide_id AS "guideId", asset_id AS "assetId", outlet_id AS "outletId", user_id AS "userId", title, symptom,
  priority, steps, answers, status, issue_id AS "issueId", started_at AS "startedAt", ended_at AS "endedAt", updated_at AS "updatedAt"`;

const SESSION_CHANGE_COLUMNS: Columns<Omit<SessionChanges, 'answers'> & { updatedAt: Date }> = {
  status: 'status',
  issueId: 'issue_id',
  endedAt: 'ended_at',
  updatedAt: 'updated_at',
};

export class TroubleshootingRepository {
  constructor(private readonly ds: DataSource) {}

  /** A live asset of the tenant. */
  asset(db: Tx | null, tenantId: string, id: string): Promise<AssetRef | null> {
    return one(
      db ?? this.ds,
      `SELECT id, outlet_id AS "outletId", category_id AS "categoryId", name FROM assets WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL`,
      [tenantId, id],
    );
  }

  /** The asset's name, also once it is deleted: a session started before still ends with its issue. */
  async assetName(tx: Tx, tenantId: string, id: string): Promise<string> {
    return (await one<{ name: string }>(tx, `SELECT name FROM assets WHERE tenant_id = $1 AND id = $2`, [tenantId, id]))!.name;
  }

  categories(tenantId: string): Promise<Array<{ id: string; name: string }>> {
    return many(this.ds, `SELECT id, name FROM asset_categories WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY name, id`, [tenantId]);
  }

  /** Live assets, at these outlets when given. */
  assets(tenantId: string, outletIds: string[] | null): Promise<CatalogAsset[]> {
    return many(
      this.ds,
      `SELECT a.id, a.name, a.tag, a.outlet_id AS "outletId", a.category_id AS "categoryId", c.name AS "categoryName"
       FROM assets a JOIN asset_categories c ON c.id = a.category_id
       WHERE a.tenant_id = $1 AND a.deleted_at IS NULL AND ($2::uuid[] IS NULL OR a.outlet_id = ANY($2::uuid[])) ORDER BY a.name, a.id`,
      [tenantId, outletIds],
    );
  }

  async categoryExists(tenantId: string, id: string): Promise<boolean> {
    return (await one(this.ds, `SELECT 1 FROM asset_categories WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL`, [tenantId, id])) !== null;
  }

  async insertGuide(tx: Tx, g: Guide): Promise<void> {
    await exec(
      tx,
      `INSERT INTO troubleshooting_guides (id, tenant_id, category_id, asset_id, title, symptom, priority, active, steps, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $10)`,
      [g.id, g.tenantId, g.categoryId, g.assetId, g.title, g.symptom, g.priority, g.active, JSON.stringify(g.steps), g.createdAt],
    );
  }

  /** A live guide of the tenant. */
  findGuide(db: Tx | null, tenantId: string, id: string): Promise<GuideView | null> {
    return one(db ?? this.ds, `SELECT ${GUIDE_COLUMNS} FROM ${GUIDE_FROM} WHERE g.tenant_id = $1 AND g.id = $2 AND ${LIVE_GUIDE}`, [tenantId, id]);
  }

  async lockGuide(tx: Tx, tenantId: string, id: string): Promise<GuideView | null> {
    const locked = await one(tx, `SELECT 1 FROM troubleshooting_guides WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL FOR UPDATE`, [tenantId, id]);
    return locked ? this.findGuide(tx, tenantId, id) : null;
  }

  async updateGuide(tx: Tx, tenantId: string, id: string, changes: GuideChanges, at: Date): Promise<void> {
    const params: unknown[] = [tenantId, id];
    const { steps, ...plain } = changes;
    const sets = [assignments({ ...plain, updatedAt: at }, GUIDE_CHANGE_COLUMNS, params)];
    if (steps) sets.push(`steps = $${params.push(JSON.stringify(steps))}::jsonb`);
    await exec(tx, `UPDATE troubleshooting_guides SET ${sets.join(', ')} WHERE tenant_id = $1 AND id = $2`, params);
  }

  async softDeleteGuide(tx: Tx, tenantId: string, id: string, at: Date): Promise<void> {
    await exec(tx, `UPDATE troubleshooting_guides SET deleted_at = $3, updated_at = $3 WHERE tenant_id = $1 AND id = $2`, [tenantId, id, at]);
  }

  /** Live guides, those for one asset first, then by symptom and title. */
  listGuides(tenantId: string, f: GuideFilter): Promise<GuideView[]> {
    const params: unknown[] = [tenantId];
    const where = ['g.tenant_id = $1', LIVE_GUIDE];
    if (f.asset) where.push(`(g.asset_id = $${params.push(f.asset.id)} OR g.category_id = $${params.push(f.asset.categoryId)})`);
    if (f.categoryId) where.push(`g.category_id = $${params.push(f.categoryId)}`);
    if (f.active !== undefined) where.push(`g.active = $${params.push(f.active)}`);
    if (f.outletIds) where.push(`(g.asset_id IS NULL OR a.outlet_id = ANY($${params.push(f.outletIds)}::uuid[]))`);
    return many(this.ds, `SELECT ${GUIDE_COLUMNS} FROM ${GUIDE_FROM} WHERE ${where.join(' AND ')} ORDER BY g.asset_id IS NULL, g.symptom, g.title, g.id`, params);
  }

  /** Session counts by outcome for each of these guides; a guide with none is absent. */
  async stats(guideIds: string[]): Promise<Map<string, GuideStats>> {
    const rows = await many<{ guideId: string } & GuideStats>(
      this.ds,
      `SELECT guide_id AS "guideId", count(*) FILTER (WHERE status = 'RESOLVED')::int AS resolved, count(*) FILTER (WHERE status = 'UNRESOLVED')::int AS unresolved,
              count(*) FILTER (WHERE status = 'RUNNING')::int AS running
       FROM troubleshooting_sessions WHERE guide_id = ANY($1::uuid[]) GROUP BY guide_id`,
      [guideIds],
    );
    return new Map(rows.map(({ guideId, ...s }) => [guideId, s]));
  }

  async insertSession(tx: Tx, s: Session): Promise<void> {
    await exec(
      tx,
      `INSERT INTO troubleshooting_sessions (id, tenant_id, guide_id, asset_id, outlet_id, user_id, title, symptom, priority, steps, answers, status, issue_id, started_at, ended_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11::jsonb, $12, $13, $14, $15, $14)`,
      [s.id, s.tenantId, s.guideId, s.assetId, s.outletId, s.userId, s.title, s.symptom, s.priority, JSON.stringify(s.steps), JSON.stringify(s.answers), s.status, s.issueId, s.startedAt, s.endedAt],
    );
  }

  findSession(tenantId: string, id: string): Promise<Session | null> {
    return one(this.ds, `SELECT ${SESSION_COLUMNS} FROM troubleshooting_sessions WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  }

  lockSession(tx: Tx, tenantId: string, id: string): Promise<Session | null> {
    return one(tx, `SELECT ${SESSION_COLUMNS} FROM troubleshooting_sessions WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [tenantId, id]);
  }

  async updateSession(tx: Tx, tenantId: string, id: string, changes: SessionChanges, at: Date): Promise<Session> {
    const params: unknown[] = [tenantId, id];
    const { answers, ...plain } = changes;
    const sets = `${assignments({ ...plain, updatedAt: at }, SESSION_CHANGE_COLUMNS, params)}, answers = $${params.push(JSON.stringify(answers))}::jsonb`;
    const row = await one<Session>(tx, `UPDATE troubleshooting_sessions SET ${sets} WHERE tenant_id = $1 AND id = $2 RETURNING ${SESSION_COLUMNS}`, params);
    return row!;
  }
}
