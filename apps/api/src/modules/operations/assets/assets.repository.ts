import { BadRequestError, ConflictError } from '@wfm/core/errors';
import type { DataSource } from '@wfm/db/data-source';
import type { AssetEntity } from '@wfm/db/entities/operations.entity';
import { assignments, exec, likePattern, live, many, one, onConstraint, type Columns, type Db, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';
import type { ASSET_STATUSES } from './assets.schemas.js';

export type AssetStatus = (typeof ASSET_STATUSES)[number];
/** Dates are read as their text (YYYY-MM-DD): a calendar day has no time zone to convert. */
export type Asset = Omit<Row<AssetEntity, Exclude<keyof AssetEntity, 'deletedAt'>>, 'status' | 'purchaseDate' | 'warrantyUntil'> & {
  status: AssetStatus;
  purchaseDate: string | null;
  warrantyUntil: string | null;
};
export type AssetView = Asset & { outletName: string; outletCode: string; categoryName: string; vendorName: string | null };
export type AssetChanges = Partial<Pick<Asset, 'outletId' | 'categoryId' | 'vendorId' | 'name' | 'tag' | 'serialNumber' | 'purchaseDate' | 'warrantyUntil' | 'status' | 'notes'>>;

export interface NamedRef {
  id: string;
  name: string;
}
export interface OutletRef extends NamedRef {
  code: string;
}

export interface AssetFilter {
  outletId?: string;
  categoryId?: string;
  vendorId?: string;
  status?: AssetStatus;
  search?: string;
  /** STAFF and an OUTLET_MANAGER: their outlets. */
  outletIds?: string[];
}

export const tagTaken = (tag: string) => new ConflictError(`An asset tagged "${tag}" already exists`);
const CONSTRAINTS = (tag: string) => ({
  assets_tenant_tag_key: () => tagTaken(tag),
  assets_check: () => new BadRequestError(['warrantyUntil must not be before purchaseDate']),
});

const VIEW = `a.id, a.tenant_id AS "tenantId", a.outlet_id AS "outletId", a.category_id AS "categoryId", a.vendor_id AS "vendorId", a.name, a.tag,
  a.serial_number AS "serialNumber", a.purchase_date::text AS "purchaseDate", a.warranty_until::text AS "warrantyUntil", a.status, a.notes,
  a.created_at AS "createdAt", a.updated_at AS "updatedAt", o.name AS "outletName", o.code AS "outletCode", c.name AS "categoryName", v.name AS "vendorName"`;
const FROM = `assets a JOIN outlets o ON o.id = a.outlet_id JOIN asset_categories c ON c.id = a.category_id LEFT JOIN vendors v ON v.id = a.vendor_id`;

const CHANGE_COLUMNS: Columns<AssetChanges & { updatedAt: Date }> = {
  outletId: 'outlet_id',
  categoryId: 'category_id',
  vendorId: 'vendor_id',
  name: 'name',
  tag: 'tag',
  serialNumber: 'serial_number',
  purchaseDate: 'purchase_date',
  warrantyUntil: 'warranty_until',
  status: 'status',
  notes: 'notes',
  updatedAt: 'updated_at',
};

export class AssetsRepository {
  constructor(private readonly ds: DataSource) {}

  list(tenantId: string, f: AssetFilter, limit: number, offset: number): Promise<AssetView[]> {
    const params: unknown[] = [tenantId];
    const where = ['a.tenant_id = $1', live('a')];
    if (f.outletId) where.push(`a.outlet_id = $${params.push(f.outletId)}`);
    if (f.categoryId) where.push(`a.category_id = $${params.push(f.categoryId)}`);
    if (f.vendorId) where.push(`a.vendor_id = $${params.push(f.vendorId)}`);
    if (f.status) where.push(`a.status = $${params.push(f.status)}`);
    if (f.outletIds) where.push(`a.outlet_id = ANY($${params.push(f.outletIds)}::uuid[])`);
    if (f.search) {
      const p = `$${params.push(likePattern(f.search))}`;
      where.push(`(a.name ILIKE ${p} OR a.tag ILIKE ${p} OR a.serial_number ILIKE ${p})`);
    }
    return many(this.ds, `SELECT ${VIEW} FROM ${FROM} WHERE ${where.join(' AND ')} ORDER BY a.name, a.id LIMIT $${params.push(limit)} OFFSET $${params.push(offset)}`, params);
  }

  find(tenantId: string, id: string, db: Db = this.ds): Promise<AssetView | null> {
    return one(db, `SELECT ${VIEW} FROM ${FROM} WHERE a.tenant_id = $1 AND a.id = $2 AND a.deleted_at IS NULL`, [tenantId, id]);
  }

  findByTag(tenantId: string, tag: string): Promise<AssetView | null> {
    return one(this.ds, `SELECT ${VIEW} FROM ${FROM} WHERE a.tenant_id = $1 AND lower(a.tag) = lower($2) AND a.deleted_at IS NULL`, [tenantId, tag]);
  }

  lock(tx: Tx, tenantId: string, id: string): Promise<Asset | null> {
    return one(
      tx,
      `SELECT id, tenant_id AS "tenantId", outlet_id AS "outletId", category_id AS "categoryId", vendor_id AS "vendorId", name, tag, serial_number AS "serialNumber",
         purchase_date::text AS "purchaseDate", warranty_until::text AS "warrantyUntil", status, notes, created_at AS "createdAt", updated_at AS "updatedAt"
       FROM assets WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL FOR UPDATE`,
      [tenantId, id],
    );
  }

  /** Live assets with these tags (lower-cased), locked for an import's updates. */
  lockByTags(tx: Tx, tenantId: string, lowerTags: string[]): Promise<Asset[]> {
    return many(
      tx,
      `SELECT id, tenant_id AS "tenantId", outlet_id AS "outletId", category_id AS "categoryId", vendor_id AS "vendorId", name, tag, serial_number AS "serialNumber",
         purchase_date::text AS "purchaseDate", warranty_until::text AS "warrantyUntil", status, notes, created_at AS "createdAt", updated_at AS "updatedAt"
       FROM assets WHERE tenant_id = $1 AND lower(tag) = ANY($2::text[]) AND deleted_at IS NULL FOR UPDATE`,
      [tenantId, lowerTags],
    );
  }

  async insert(tx: Tx, a: Asset): Promise<void> {
    await exec(
      tx,
      `INSERT INTO assets (id, tenant_id, outlet_id, category_id, vendor_id, name, tag, serial_number, purchase_date, warranty_until, status, notes, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)`,
      [a.id, a.tenantId, a.outletId, a.categoryId, a.vendorId, a.name, a.tag, a.serialNumber, a.purchaseDate, a.warrantyUntil, a.status, a.notes, a.createdAt],
    ).catch((err) => onConstraint(err, CONSTRAINTS(a.tag)));
  }

  async update(tx: Tx, tenantId: string, id: string, changes: AssetChanges, at: Date): Promise<void> {
    const params: unknown[] = [tenantId, id];
    await exec(tx, `UPDATE assets SET ${assignments({ ...changes, updatedAt: at }, CHANGE_COLUMNS, params)} WHERE tenant_id = $1 AND id = $2`, params).catch((err) =>
      onConstraint(err, CONSTRAINTS(changes.tag ?? '')),
    );
  }

  async softDelete(tx: Tx, tenantId: string, id: string, at: Date): Promise<void> {
    await exec(tx, `UPDATE assets SET deleted_at = $3, updated_at = $3 WHERE tenant_id = $1 AND id = $2`, [tenantId, id, at]);
  }

  outlet(tenantId: string, id: string): Promise<OutletRef | null> {
    return one(this.ds, `SELECT id, name, code FROM outlets WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  }

  /** A live category, held against a concurrent delete until the transaction ends. */
  category(tx: Tx, tenantId: string, id: string): Promise<NamedRef | null> {
    return one(tx, `SELECT id, name FROM asset_categories WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL FOR SHARE`, [tenantId, id]);
  }

  vendor(tx: Tx, tenantId: string, id: string): Promise<NamedRef | null> {
    return one(tx, `SELECT id, name FROM vendors WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL FOR SHARE`, [tenantId, id]);
  }

  outletsByCode(tx: Tx, tenantId: string, lowerCodes: string[]): Promise<OutletRef[]> {
    return many(tx, `SELECT id, name, code FROM outlets WHERE tenant_id = $1 AND lower(code) = ANY($2::text[])`, [tenantId, lowerCodes]);
  }

  categoriesByName(tx: Tx, tenantId: string, lowerNames: string[]): Promise<NamedRef[]> {
    return many(tx, `SELECT id, name FROM asset_categories WHERE tenant_id = $1 AND lower(name) = ANY($2::text[]) AND deleted_at IS NULL FOR SHARE`, [tenantId, lowerNames]);
  }

  vendorsByName(tx: Tx, tenantId: string, lowerNames: string[]): Promise<NamedRef[]> {
    return many(tx, `SELECT id, name FROM vendors WHERE tenant_id = $1 AND lower(name) = ANY($2::text[]) AND deleted_at IS NULL FOR SHARE`, [tenantId, lowerNames]);
  }
}
