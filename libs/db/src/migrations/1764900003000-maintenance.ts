import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 30, maintenance: schedules per asset or per category, the due state of each (schedule,
 * asset), the meters usage schedules count on, work orders and the service logs kept on assets.
 */
export class Maintenance1764900003000 implements MigrationInterface {
  name = 'Maintenance1764900003000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE maintenance_schedules (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        asset_id uuid REFERENCES assets(id) ON DELETE CASCADE,
        category_id uuid REFERENCES asset_categories(id) ON DELETE CASCADE,
        title text NOT NULL,
        instructions text,
        priority text NOT NULL CHECK (priority IN ('LOW','MEDIUM','HIGH','URGENT')),
        interval_unit text NOT NULL CHECK (interval_unit IN ('DAYS','WEEKS','MONTHS','USAGE')),
        interval_value integer NOT NULL CHECK (interval_value > 0),
        meter text,
        starts_on date NOT NULL,
        vendor_id uuid REFERENCES vendors(id) ON DELETE SET NULL,
        active boolean NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        deleted_at timestamptz,
        CONSTRAINT maintenance_schedules_target_check CHECK ((asset_id IS NULL) <> (category_id IS NULL)),
        CONSTRAINT maintenance_schedules_meter_check CHECK ((interval_unit = 'USAGE') = (meter IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX maintenance_schedules_asset_idx ON maintenance_schedules (asset_id) WHERE asset_id IS NOT NULL`);
    await q.query(`CREATE INDEX maintenance_schedules_category_idx ON maintenance_schedules (category_id) WHERE category_id IS NOT NULL`);
    await q.query(`CREATE INDEX maintenance_schedules_tenant_idx ON maintenance_schedules (tenant_id, created_at)`);

    await q.query(`
      CREATE TABLE maintenance_due (
        schedule_id uuid NOT NULL REFERENCES maintenance_schedules(id) ON DELETE CASCADE,
        asset_id uuid NOT NULL REFERENCES assets(id) ON DELETE CASCADE,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        next_due_on date,
        next_due_reading double precision,
        last_serviced_on date,
        issue_id uuid REFERENCES issues(id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (schedule_id, asset_id)
      )`);
    await q.query(`CREATE INDEX maintenance_due_asset_idx ON maintenance_due (asset_id)`);
    await q.query(`CREATE INDEX maintenance_due_issue_idx ON maintenance_due (issue_id) WHERE issue_id IS NOT NULL`);

    await q.query(`
      CREATE TABLE asset_meter_readings (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        asset_id uuid NOT NULL REFERENCES assets(id) ON DELETE CASCADE,
        meter text NOT NULL,
        value double precision NOT NULL CHECK (value >= 0),
        recorded_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        recorded_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX asset_meter_readings_asset_idx ON asset_meter_readings (asset_id, meter, recorded_at)`);

    await q.query(`
      CREATE TABLE work_orders (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        outlet_id uuid NOT NULL REFERENCES outlets(id) ON DELETE CASCADE,
        asset_id uuid REFERENCES assets(id) ON DELETE SET NULL,
        issue_id uuid REFERENCES issues(id) ON DELETE SET NULL,
        title text NOT NULL,
        description text,
        priority text NOT NULL CHECK (priority IN ('LOW','MEDIUM','HIGH','URGENT')),
        status text NOT NULL CHECK (status IN ('OPEN','ASSIGNED','IN_PROGRESS','COMPLETED','VERIFIED','CANCELLED')),
        due_on date,
        vendor_id uuid REFERENCES vendors(id) ON DELETE SET NULL,
        assignee_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        completion_note text,
        completed_at timestamptz,
        verified_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        verified_at timestamptz,
        created_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CONSTRAINT work_orders_assignee_check CHECK ((vendor_id IS NULL) OR (assignee_user_id IS NULL))
      )`);
    await q.query(`CREATE INDEX work_orders_outlet_idx ON work_orders (tenant_id, outlet_id, status)`);
    await q.query(`CREATE INDEX work_orders_tenant_idx ON work_orders (tenant_id, created_at, id)`);
    await q.query(`CREATE INDEX work_orders_issue_idx ON work_orders (issue_id) WHERE issue_id IS NOT NULL`);
    await q.query(`CREATE INDEX work_orders_asset_idx ON work_orders (asset_id) WHERE asset_id IS NOT NULL`);
    await q.query(`CREATE INDEX work_orders_assignee_idx ON work_orders (assignee_user_id) WHERE assignee_user_id IS NOT NULL`);

    await q.query(`
      CREATE TABLE asset_service_logs (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
        asset_id uuid NOT NULL REFERENCES assets(id) ON DELETE CASCADE,
        performed_on date NOT NULL,
        vendor_id uuid REFERENCES vendors(id) ON DELETE SET NULL,
        performed_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        description text NOT NULL,
        cost_minor bigint CHECK (cost_minor >= 0),
        currency text,
        schedule_id uuid REFERENCES maintenance_schedules(id) ON DELETE SET NULL,
        issue_id uuid REFERENCES issues(id) ON DELETE SET NULL,
        recorded_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL,
        CONSTRAINT asset_service_logs_performer_check CHECK ((vendor_id IS NULL) OR (performed_by_user_id IS NULL)),
        CONSTRAINT asset_service_logs_cost_check CHECK ((cost_minor IS NULL) = (currency IS NULL))
      )`);
    await q.query(`CREATE INDEX asset_service_logs_asset_idx ON asset_service_logs (asset_id, performed_on)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE asset_service_logs`);
    await q.query(`DROP TABLE work_orders`);
    await q.query(`DROP TABLE asset_meter_readings`);
    await q.query(`DROP TABLE maintenance_due`);
    await q.query(`DROP TABLE maintenance_schedules`);
  }
}
