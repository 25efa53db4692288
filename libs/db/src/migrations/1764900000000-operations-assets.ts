import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 30: the operations area's register (asset categories, vendors, assets), and issues that
 * know their asset and every place they can come from besides POST /issues and the mobile route.
 */
export class OperationsAssets1764900000000 implements MigrationInterface {
  name = 'OperationsAssets1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE asset_categories (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        name text NOT NULL,
        description text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        deleted_at timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX asset_categories_tenant_name_key ON asset_categories (tenant_id, lower(name)) WHERE deleted_at IS NULL`);

    await q.query(`
      CREATE TABLE vendors (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        name text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('SUPPLIER','MAINTAINER','BOTH')),
        contact_name text,
        email text,
        phone text,
        website text,
        notes text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        deleted_at timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX vendors_tenant_name_key ON vendors (tenant_id, lower(name)) WHERE deleted_at IS NULL`);

    await q.query(`
      CREATE TABLE assets (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        outlet_id uuid NOT NULL REFERENCES outlets(id) ON DELETE CASCADE,
        category_id uuid NOT NULL REFERENCES asset_categories(id) ON DELETE RESTRICT,
        vendor_id uuid REFERENCES vendors(id) ON DELETE SET NULL,
        name text NOT NULL,
        tag text NOT NULL,
        serial_number text,
        purchase_date date,
        warranty_until date,
        status text NOT NULL CHECK (status IN ('ACTIVE','UNDER_MAINTENANCE','OUT_OF_SERVICE','RETIRED')),
        notes text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        deleted_at timestamptz,
        CHECK (warranty_until IS NULL OR purchase_date IS NULL OR warranty_until >= purchase_date)
      )`);
    await q.query(`CREATE UNIQUE INDEX assets_tenant_tag_key ON assets (tenant_id, lower(tag)) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX assets_outlet_idx ON assets (tenant_id, outlet_id, name)`);
    await q.query(`CREATE INDEX assets_category_idx ON assets (category_id)`);
    await q.query(`CREATE INDEX assets_vendor_idx ON assets (vendor_id) WHERE vendor_id IS NOT NULL`);

    await q.query(`ALTER TABLE issues ADD COLUMN asset_id uuid REFERENCES assets(id) ON DELETE SET NULL`);
    await q.query(`CREATE INDEX issues_asset_idx ON issues (asset_id, created_at) WHERE asset_id IS NOT NULL`);
    await q.query(`ALTER TABLE issues DROP CONSTRAINT issues_source_check`);
    await q.query(
      `ALTER TABLE issues ADD CONSTRAINT issues_source_check CHECK (source IN ('WEB','MOBILE','CHECKLIST','MAINTENANCE','QUICK_ISSUE','AUTOMATION','TROUBLESHOOTING','WORK_ORDER'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM issues WHERE source NOT IN ('WEB','MOBILE')`);
    await q.query(`ALTER TABLE issues DROP CONSTRAINT issues_source_check`);
    await q.query(`ALTER TABLE issues ADD CONSTRAINT issues_source_check CHECK (source IN ('WEB','MOBILE'))`);
    await q.query(`ALTER TABLE issues DROP COLUMN asset_id`);
    await q.query(`DROP TABLE assets`);
    await q.query(`DROP TABLE vendors`);
    await q.query(`DROP TABLE asset_categories`);
  }
}
