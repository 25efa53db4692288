import type { DataSource } from '@wfm/db/data-source';
import { uuid } from '@wfm/core/crypto';
import type { OutletEntity } from '@wfm/db/entities/outlet.entity';
import type { TenantEntity } from '@wfm/db/entities/tenant.entity';
import type { UserEntity } from '@wfm/db/entities/user.entity';
import { exec, one, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';

export type DemoUser = Pick<UserEntity, 'fullName' | 'email' | 'role'> & {
  /** The code of the demo outlet this user looks after (an OUTLET_MANAGER's reach, a STAFF member's workplace). */
  outletCode?: OutletEntity['code'];
};

export type DemoOutlet = Pick<OutletEntity, 'name' | 'code' | 'city'>;

/** Issue 30: the demo's asset register; assets name their outlet, category and vendor as an import row does. */
export interface DemoRegister {
  categories: Array<{ name: string; description: string }>;
  vendors: Array<{ name: string; kind: 'SUPPLIER' | 'MAINTAINER' | 'BOTH'; contactName: string; email: string; phone: string }>;
  assets: Array<{
    tag: string;
    name: string;
    outletCode: string;
    categoryName: string;
    vendorName: string | null;
    serialNumber: string | null;
    /** Days before the seeding day; null for no date. */
    purchasedDaysAgo: number | null;
    /** Days after the seeding day; null for no warranty. */
    warrantyDaysLeft: number | null;
  }>;
}

/**
 * An asset of the register (by tag) with maintenance overdue by `overdueDays` (what the daily job
 * raises an issue for on its next run) and an open work order for it.
 */
export interface DemoMaintenance {
  assetTag: string;
  schedule: { title: string; instructions: string; everyMonths: number; overdueDays: number };
  workOrder: { title: string; description: string; dueInDays: number };
}

/** A troubleshooting guide for every asset of a category, named: the category is made if the demo has none of that name. */
export interface DemoGuide {
  categoryName: string;
  title: string;
  symptom: string;
  priority: 'LOW' | 'MEDIUM' | 'HIGH' | 'URGENT';
  steps: Array<{ instruction: string; caution: string | null }>;
}

/** The seed's own writes, so the demo does not depend on the feature modules' services. Timestamps are the columns' defaults. */
export class DemoSeedRepository {
  constructor(private readonly ds: DataSource) {}

  async tenantIdBySlug(slug: string): Promise<string | null> {
    return (await one<Row<TenantEntity, 'id'>>(this.ds, `SELECT id FROM tenants WHERE slug = $1`, [slug]))?.id ?? null;
  }

  /** Everything the demo adds to a freshly provisioned tenant, in one transaction. */
  async populate(tenantId: string, input: { passwordHash: string; users: DemoUser[]; outlets: DemoOutlet[]; register: DemoRegister; maintenance: DemoMaintenance; guides: DemoGuide[] }): Promise<void> {
    await this.ds.transaction(async (tx) => {
      await exec(tx, `UPDATE tenants SET public_api_enabled = true, updated_at = now() WHERE id = $1`, [tenantId]);
      const users = input.users.map((u) => ({ ...u, id: uuid() }));
      const outlets = input.outlets.map((o) => ({ ...o, id: uuid() }));
      await exec(
        tx,
        `INSERT INTO users (id, tenant_id, full_name, email, role, status, password_hash)
         SELECT u.id, $1, u.full_name, u.email, u.role, 'ACTIVE', $2 FROM unnest($3::uuid[], $4::text[], $5::text[], $6::text[]) AS u(id, full_name, email, role)`,
        [tenantId, input.passwordHash, users.map((u) => u.id), users.map((u) => u.fullName), users.map((u) => u.email), users.map((u) => u.role)],
      );
      await exec(
        tx,
        `INSERT INTO outlets (id, tenant_id, name, code, city, status)
         SELECT o.id, $1, o.name, o.code, o.city, 'ACTIVE' FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[]) AS o(id, name, code, city)`,
        [tenantId, outlets.map((o) => o.id), outlets.map((o) => o.name), outlets.map((o) => o.code), outlets.map((o) => o.city)],
      );
      const assignments = users.flatMap((u) => outlets.filter((o) => o.code === u.outletCode).map((o) => ({ userId: u.id, outletId: o.id })));
      await exec(
        tx,
        `INSERT INTO user_outlets (tenant_id, user_id, outlet_id) SELECT $1, a.user_id, a.outlet_id FROM unnest($2::uuid[], $3::uuid[]) AS a(user_id, outlet_id)`,
        [tenantId, assignments.map((a) => a.userId), assignments.map((a) => a.outletId)],
      );
      await this.populateRegister(tx, tenantId, input.register);
      await this.maintenance(tx, tenantId, input.maintenance);
      for (const g of input.guides) {
        // By name: the demo's asset register may have made the category already.
        await exec(
          tx,
          `INSERT INTO asset_categories (id, tenant_id, name, created_at, updated_at) VALUES ($1, $2, $3, now(), now())
           ON CONFLICT (tenant_id, lower(name)) WHERE deleted_at IS NULL DO NOTHING`,
          [uuid(), tenantId, g.categoryName],
        );
        await exec(
          tx,
          `INSERT INTO troubleshooting_guides (id, tenant_id, category_id, title, symptom, priority, active, steps, created_at, updated_at)
           SELECT $1, $2, c.id, $4, $5, $6, true, $7::jsonb, now(), now() FROM asset_categories c
           WHERE c.tenant_id = $2 AND lower(c.name) = lower($3) AND c.deleted_at IS NULL`,
          [uuid(), tenantId, g.categoryName, g.title, g.symptom, g.priority, JSON.stringify(g.steps.map((step) => ({ id: uuid(), ...step })))],
        );
      }
      await this.openingChecks(tx, tenantId, outlets[0]!.id);
    });
  }

  /**
   * The "Opening checks" checklist, daily at 07:00 at the first outlet, its temperature checks on
   * the register's walk-in fridge and chest freezer (so a warm reading's issue names the asset). Its schedule is dated a day
   * back so today's run exists whenever the demo is started (a schedule makes no run for a window
   * that closed before it existed).
   */
  private async openingChecks(tx: Tx, tenantId: string, outletId: string): Promise<void> {
    const templateId = uuid();
    await exec(tx, `INSERT INTO checklist_templates (id, tenant_id, name, description, created_at, updated_at) VALUES ($1, $2, 'Opening checks', 'Before the doors open', now(), now())`, [
      templateId,
      tenantId,
    ]);
    const tasks = [
      { kind: 'YES_NO', label: 'Floors and surfaces clean', passAnswer: true, min: null, max: null, unit: null, required: true, priority: 'LOW', assetTag: null },
      { kind: 'NUMBER', label: 'Walk-in fridge temperature', passAnswer: null, min: 0, max: 5, unit: '°C', required: true, priority: 'HIGH', assetTag: 'CK-FR-01' },
      { kind: 'NUMBER', label: 'Freezer temperature', passAnswer: null, min: null, max: -18, unit: '°C', required: true, priority: 'HIGH', assetTag: 'CK-FZ-01' },
      { kind: 'PHOTO', label: 'Display counter ready', passAnswer: null, min: null, max: null, unit: null, required: false, priority: 'MEDIUM', assetTag: null },
      { kind: 'NOTE', label: 'Anything to hand over?', passAnswer: null, min: null, max: null, unit: null, required: false, priority: 'MEDIUM', assetTag: null },
    ];
    await exec(
      tx,
      `INSERT INTO checklist_template_tasks (id, tenant_id, template_id, position, kind, label, required, pass_answer, min_value, max_value, unit, asset_id, priority)
       SELECT gen_random_uuid(), $1, $2, t.position, t.kind, t.label, t.required, t.pass_answer, t.min_value, t.max_value, t.unit, a.id, t.priority
         FROM unnest($3::int[], $4::text[], $5::text[], $6::boolean[], $7::boolean[], $8::float8[], $9::float8[], $10::text[], $11::text[], $12::text[])
              AS t(position, kind, label, required, pass_answer, min_value, max_value, unit, priority, asset_tag)
         LEFT JOIN assets a ON a.tenant_id = $1 AND a.tag = t.asset_tag`,
      [
        tenantId,
        templateId,
        tasks.map((_, i) => i + 1),
        tasks.map((t) => t.kind),
        tasks.map((t) => t.label),
        tasks.map((t) => t.required),
        tasks.map((t) => t.passAnswer),
        tasks.map((t) => t.min),
        tasks.map((t) => t.max),
        tasks.map((t) => t.unit),
        tasks.map((t) => t.priority),
        tasks.map((t) => t.assetTag),
      ],
    );
    await exec(
      tx,
      `INSERT INTO checklist_schedules (id, tenant_id, template_id, outlet_id, weekdays, local_time, window_minutes, active, created_at, updated_at)
       VALUES ($1, $2, $3, $4, '{1,2,3,4,5,6,7}', '07:00', 60, true, now() - interval '1 day', now() - interval '1 day')`,
      [uuid(), tenantId, templateId, outletId],
    );
  }

  private async populateRegister(tx: Tx, tenantId: string, register: DemoRegister): Promise<void> {
    const { categories, vendors, assets } = register;
    await exec(
      tx,
      `INSERT INTO asset_categories (id, tenant_id, name, description, created_at, updated_at)
       SELECT c.id, $1, c.name, c.description, now(), now() FROM unnest($2::uuid[], $3::text[], $4::text[]) AS c(id, name, description)`,
      [tenantId, categories.map(() => uuid()), categories.map((c) => c.name), categories.map((c) => c.description)],
    );
    await exec(
      tx,
      `INSERT INTO vendors (id, tenant_id, name, kind, contact_name, email, phone, created_at, updated_at)
       SELECT v.id, $1, v.name, v.kind, v.contact_name, v.email, v.phone, now(), now()
       FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) AS v(id, name, kind, contact_name, email, phone)`,
      [tenantId, vendors.map(() => uuid()), vendors.map((v) => v.name), vendors.map((v) => v.kind), vendors.map((v) => v.contactName), vendors.map((v) => v.email), vendors.map((v) => v.phone)],
    );
    await exec(
      tx,
      `INSERT INTO assets (id, tenant_id, outlet_id, category_id, vendor_id, name, tag, serial_number, purchase_date, warranty_until, status, created_at, updated_at)
       SELECT a.id, $1, o.id, c.id, v.id, a.name, a.tag, a.serial_number, current_date - a.purchased_days_ago, current_date + a.warranty_days_left, 'ACTIVE', now(), now()
       FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::int[], $10::int[])
         AS a(id, name, tag, outlet_code, category_name, vendor_name, serial_number, purchased_days_ago, warranty_days_left)
       JOIN outlets o ON o.tenant_id = $1 AND o.code = a.outlet_code
       JOIN asset_categories c ON c.tenant_id = $1 AND c.name = a.category_name
       LEFT JOIN vendors v ON v.tenant_id = $1 AND v.name = a.vendor_name`,
      [
        tenantId,
        assets.map(() => uuid()),
        assets.map((a) => a.name),
        assets.map((a) => a.tag),
        assets.map((a) => a.outletCode),
        assets.map((a) => a.categoryName),
        assets.map((a) => a.vendorName),
        assets.map((a) => a.serialNumber),
        assets.map((a) => a.purchasedDaysAgo),
        assets.map((a) => a.warrantyDaysLeft),
      ],
    );
  }

  /** Dates are the tenant's (Europe/London) today, so the schedule is overdue whenever the demo is seeded. */
  private async maintenance(tx: Tx, tenantId: string, m: DemoMaintenance): Promise<void> {
    const { id: assetId, outletId } = (await one<{ id: string; outletId: string }>(tx, `SELECT id, outlet_id AS "outletId" FROM assets WHERE tenant_id = $1 AND tag = $2`, [tenantId, m.assetTag]))!;
    await exec(
      tx,
      `INSERT INTO maintenance_schedules (id, tenant_id, asset_id, title, instructions, priority, interval_unit, interval_value, starts_on, active, created_at, updated_at)
       SELECT $1, $2, $3, $4, $5, 'HIGH', 'MONTHS', $6, (now() AT TIME ZONE t.timezone)::date - $7::int, true, now(), now() FROM tenants t WHERE t.id = $2`,
      [uuid(), tenantId, assetId, m.schedule.title, m.schedule.instructions, m.schedule.everyMonths, m.schedule.overdueDays],
    );
    await exec(
      tx,
      `INSERT INTO work_orders (id, tenant_id, outlet_id, asset_id, title, description, priority, status, due_on, created_at, updated_at)
       SELECT $1, $2, $3, $4, $5, $6, 'MEDIUM', 'OPEN', (now() AT TIME ZONE t.timezone)::date + $7::int, now(), now() FROM tenants t WHERE t.id = $2`,
      [uuid(), tenantId, outletId, assetId, m.workOrder.title, m.workOrder.description, m.workOrder.dueInDays],
    );
  }

  /** Undoes a half-seeded demo (rows of other tables go with it by ON DELETE CASCADE). */
  async removeTenant(tenantId: string): Promise<void> {
    await exec(this.ds, `DELETE FROM tenants WHERE id = $1`, [tenantId]);
  }
}
