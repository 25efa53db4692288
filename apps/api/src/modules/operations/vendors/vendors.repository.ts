import { ConflictError } from '@wfm/core/errors';
import type { DataSource } from '@wfm/db/data-source';
import type { VendorEntity } from '@wfm/db/entities/operations.entity';
import { assignments, exec, many, one, onConstraint, type Columns, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';
import type { VENDOR_KINDS } from './vendors.schemas.js';

export type VendorKind = (typeof VENDOR_KINDS)[number];
export type Vendor = Omit<Row<VendorEntity, Exclude<keyof VendorEntity, 'deletedAt'>>, 'kind'> & { kind: VendorKind };
export type VendorView = Vendor & { assetCount: number };
export type VendorChanges = Partial<Pick<Vendor, 'name' | 'kind' | 'contactName' | 'email' | 'phone' | 'website' | 'notes'>>;

const nameTaken = (name: string) => new ConflictError(`A vendor named "${name}" already exists`);
/** The partial unique index on (tenant_id, lower(name)) among live rows. */
const taken = (name: string) => ({ vendors_tenant_name_key: () => nameTaken(name) });

const COLUMNS = `v.id, v.tenant_id AS "tenantId", v.name, v.kind, v.contact_name AS "contactName", v.email, v.phone, v.website, v.notes,
  v.created_at AS "createdAt", v.updated_at AS "updatedAt"`;
const VIEW = `${COLUMNS}, (SELECT count(*)::int FROM assets a WHERE a.vendor_id = v.id AND a.deleted_at IS NULL) AS "assetCount"`;

const CHANGE_COLUMNS: Columns<VendorChanges & { updatedAt: Date }> = {
  name: 'name',
  kind: 'kind',
  contactName: 'contact_name',
  email: 'email',
  phone: 'phone',
  website: 'website',
  notes: 'notes',
  updatedAt: 'updated_at',
};

export class VendorsRepository {
  constructor(private readonly ds: DataSource) {}

  list(tenantId: string): Promise<VendorView[]> {
    return many(this.ds, `SELECT ${VIEW} FROM vendors v WHERE v.tenant_id = $1 AND v.deleted_at IS NULL ORDER BY v.name, v.id`, [tenantId]);
  }

  find(tenantId: string, id: string): Promise<VendorView | null> {
    return one(this.ds, `SELECT ${VIEW} FROM vendors v WHERE v.tenant_id = $1 AND v.id = $2 AND v.deleted_at IS NULL`, [tenantId, id]);
  }

  lock(tx: Tx, tenantId: string, id: string): Promise<VendorView | null> {
    return one(tx, `SELECT ${VIEW} FROM vendors v WHERE v.tenant_id = $1 AND v.id = $2 AND v.deleted_at IS NULL FOR UPDATE`, [tenantId, id]);
  }

  lockByNames(tx: Tx, tenantId: string, lowerNames: string[]): Promise<Vendor[]> {
    return many(tx, `SELECT ${COLUMNS} FROM vendors v WHERE v.tenant_id = $1 AND lower(v.name) = ANY($2::text[]) AND v.deleted_at IS NULL FOR UPDATE`, [tenantId, lowerNames]);
  }

  async insert(tx: Tx, v: Vendor): Promise<void> {
    await exec(
      tx,
      `INSERT INTO vendors (id, tenant_id, name, kind, contact_name, email, phone, website, notes, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
      [v.id, v.tenantId, v.name, v.kind, v.contactName, v.email, v.phone, v.website, v.notes, v.createdAt],
    ).catch((err) => onConstraint(err, taken(v.name)));
  }

  async update(tx: Tx, tenantId: string, id: string, changes: VendorChanges, at: Date): Promise<void> {
    const params: unknown[] = [tenantId, id];
    await exec(tx, `UPDATE vendors SET ${assignments({ ...changes, updatedAt: at }, CHANGE_COLUMNS, params)} WHERE tenant_id = $1 AND id = $2`, params).catch((err) =>
      onConstraint(err, taken(changes.name ?? '')),
    );
  }

  /** Soft delete; its assets keep standing, without a vendor (the foreign key's SET NULL acts only on a hard delete). */
  async softDelete(tx: Tx, tenantId: string, id: string, at: Date): Promise<void> {
    await exec(tx, `UPDATE assets SET vendor_id = NULL, updated_at = $3 WHERE tenant_id = $1 AND vendor_id = $2 AND deleted_at IS NULL`, [tenantId, id, at]);
    await exec(tx, `UPDATE vendors SET deleted_at = $3, updated_at = $3 WHERE tenant_id = $1 AND id = $2`, [tenantId, id, at]);
  }
}
