import { ConflictError } from '@wfm/core/errors';
import type { DataSource } from '@wfm/db/data-source';
import type { AssetCategoryEntity } from '@wfm/db/entities/operations.entity';
import { assignments, exec, many, one, onConstraint, type Columns, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';

export type AssetCategory = Row<AssetCategoryEntity, 'id' | 'tenantId' | 'name' | 'description' | 'createdAt' | 'updatedAt'>;
export type AssetCategoryView = AssetCategory & { assetCount: number };
export type AssetCategoryChanges = Partial<Pick<AssetCategory, 'name' | 'description'>>;

export const nameTaken = (name: string) => new ConflictError(`An asset category named "${name}" already exists`);

const COLUMNS = `c.id, c.tenant_id AS "tenantId", c.name, c.description, c.created_at AS "createdAt", c.updated_at AS "updatedAt"`;
const VIEW = `${COLUMNS}, (SELECT count(*)::int FROM assets a WHERE a.category_id = c.id AND a.deleted_at IS NULL) AS "assetCount"`;

const CHANGE_COLUMNS: Columns<AssetCategoryChanges & { updatedAt: Date }> = { name: 'name', description: 'description', updatedAt: 'updated_at' };

/** The partial unique index on (tenant_id, lower(name)) among live rows: a lost race answers the same 409. */
const taken = (name: string) => ({ asset_categories_tenant_name_key: () => nameTaken(name) });

export class AssetCategoriesRepository {
  constructor(private readonly ds: DataSource) {}

  list(tenantId: string): Promise<AssetCategoryView[]> {
    return many(this.ds, `SELECT ${VIEW} FROM asset_categories c WHERE c.tenant_id = $1 AND c.deleted_at IS NULL ORDER BY c.name, c.id`, [tenantId]);
  }

  find(tenantId: string, id: string): Promise<AssetCategoryView | null> {
    return one(this.ds, `SELECT ${VIEW} FROM asset_categories c WHERE c.tenant_id = $1 AND c.id = $2 AND c.deleted_at IS NULL`, [tenantId, id]);
  }

  lock(tx: Tx, tenantId: string, id: string): Promise<AssetCategoryView | null> {
    return one(tx, `SELECT ${VIEW} FROM asset_categories c WHERE c.tenant_id = $1 AND c.id = $2 AND c.deleted_at IS NULL FOR UPDATE`, [tenantId, id]);
  }

  /** Live categories whose names are among these (lower-cased), locked for an import's updates. */
  lockByNames(tx: Tx, tenantId: string, lowerNames: string[]): Promise<AssetCategory[]> {
    return many(tx, `SELECT ${COLUMNS} FROM asset_categories c WHERE c.tenant_id = $1 AND lower(c.name) = ANY($2::text[]) AND c.deleted_at IS NULL FOR UPDATE`, [tenantId, lowerNames]);
  }

  async insert(tx: Tx, c: AssetCategory): Promise<void> {
    await exec(tx, `INSERT INTO asset_categories (id, tenant_id, name, description, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)`, [
      c.id,
      c.tenantId,
      c.name,
      c.description,
      c.createdAt,
    ]).catch((err) => onConstraint(err, taken(c.name)));
  }

  async update(tx: Tx, tenantId: string, id: string, changes: AssetCategoryChanges, at: Date): Promise<void> {
    const params: unknown[] = [tenantId, id];
    await exec(tx, `UPDATE asset_categories SET ${assignments({ ...changes, updatedAt: at }, CHANGE_COLUMNS, params)} WHERE tenant_id = $1 AND id = $2`, params).catch((err) =>
      onConstraint(err, taken(changes.name ?? '')),
    );
  }

  async softDelete(tx: Tx, tenantId: string, id: string, at: Date): Promise<void> {
    await exec(tx, `UPDATE asset_categories SET deleted_at = $3, updated_at = $3 WHERE tenant_id = $1 AND id = $2`, [tenantId, id, at]);
  }
}
