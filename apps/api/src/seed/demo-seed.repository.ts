import type { DataSource } from '@wfm/db/data-source';
import { uuid } from '@wfm/core/crypto';
import type { OutletEntity } from '@wfm/db/entities/outlet.entity';
import type { TenantEntity } from '@wfm/db/entities/tenant.entity';
import type { UserEntity } from '@wfm/db/entities/user.entity';
import { exec, many, one, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';
import { insertAuditRows } from '@wfm/db/access-audit.repository';
import { nextAccessVersion } from '@wfm/db/access-feed.repository';
import { clockInTaps, worked, type DemoFill, type PlannedTap } from './demo-activity.js';

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

/** Issue 34: the demo's people beyond one of each role, with their pay, the posting on its careers page and its doors. */
export interface DemoLife {
  team: Array<{ fullName: string; email: string; outletCode: string }>;
  /** Pay settings of every demo person, by sign-in address; all in one currency, as a run needs. */
  pay: Array<{ email: string; type: 'HOURLY' | 'MONTHLY'; rateMinor: number }>;
  currency: string;
  job: { title: string; slug: string; outletCode: string; employmentType: string; location: string; description: string };
  /** One door per outlet, its reader, and a grant to it for everyone who works there. */
  doors: Array<{ outletCode: string; zone: string; readerId: string }>;
}

/** What one start needs to know of a demo, in one query: whether it is the seed's own, and its latest shift up to the end of next week. */
export interface DemoState {
  id: string;
  timezone: string;
  /** The tenant has the seed's users (not a tenant of that slug made otherwise). */
  seeded: boolean;
  /** The tenant has the issue 34 team (a demo made before it has not). */
  lively: boolean;
  latestShiftStart: Date | null;
}

/** The seed's own writes, so the demo does not depend on the feature modules' services. Timestamps are the columns' defaults. */
export class DemoSeedRepository {
  constructor(private readonly ds: DataSource) {}

  async tenantIdBySlug(slug: string): Promise<string | null> {
    return (await one<Row<TenantEntity, 'id'>>(this.ds, `SELECT id FROM tenants WHERE slug = $1`, [slug]))?.id ?? null;
  }

  /**
   * The demo's state on `now`. The latest shift is looked for before the Monday after next only, so
   * a shift someone booked months ahead does not stop the weeks before it from being filled.
   */
  findDemo(slug: string, now: Date, markers: { seeded: string; lively: string }): Promise<DemoState | null> {
    return one<DemoState>(
      this.ds,
      `SELECT t.id, t.timezone,
              EXISTS (SELECT 1 FROM users u WHERE u.tenant_id = t.id AND u.email = $3 AND u.deleted_at IS NULL) AS seeded,
              EXISTS (SELECT 1 FROM users u WHERE u.tenant_id = t.id AND u.email = $4 AND u.deleted_at IS NULL) AS lively,
              (SELECT max(s.scheduled_start) FROM shift_assignments s
                WHERE s.tenant_id = t.id AND s.scheduled_start < (date_trunc('week', $2::timestamptz AT TIME ZONE t.timezone) + interval '14 days') AT TIME ZONE t.timezone) AS "latestShiftStart"
         FROM tenants t WHERE t.slug = $1`,
      [slug, now, markers.seeded, markers.lively],
    );
  }

  /**
   * The team, everyone's pay, the published posting and the doors; made once, in one transaction.
   * On a demo made before them, what someone has made meanwhile (a person of a team address, pay,
   * a posting of that slug) is kept.
   */
  async populateLife(tenantId: string, life: DemoLife, passwordHash: string, at: Date): Promise<void> {
    await this.ds.transaction(async (tx) => {
      const team = life.team.map((p) => ({ ...p, id: uuid() }));
      await exec(
        tx,
        `INSERT INTO users (id, tenant_id, full_name, email, role, status, password_hash)
         SELECT p.id, $1, p.full_name, p.email, 'STAFF', 'ACTIVE', $2 FROM unnest($3::uuid[], $4::text[], $5::text[]) AS p(id, full_name, email)
         ON CONFLICT DO NOTHING`,
        [tenantId, passwordHash, team.map((p) => p.id), team.map((p) => p.fullName), team.map((p) => p.email)],
      );
      // Only those made here: on an older demo, someone may have added a person of that address already.
      await exec(
        tx,
        `INSERT INTO user_outlets (tenant_id, user_id, outlet_id)
         SELECT $1, u.id, o.id FROM unnest($2::uuid[], $3::text[]) AS p(id, code) JOIN users u ON u.id = p.id JOIN outlets o ON o.tenant_id = $1 AND o.code = p.code`,
        [tenantId, team.map((p) => p.id), team.map((p) => p.outletCode)],
      );
      await exec(
        tx,
        `INSERT INTO pay_settings (tenant_id, user_id, type, rate_minor, currency, updated_at)
         SELECT $1, u.id, p.type, p.rate_minor, $2, $3 FROM unnest($4::text[], $5::text[], $6::bigint[]) AS p(email, type, rate_minor)
         JOIN users u ON u.tenant_id = $1 AND u.email = p.email AND u.deleted_at IS NULL
         ON CONFLICT (tenant_id, user_id) DO NOTHING`,
        [tenantId, life.currency, at, life.pay.map((p) => p.email), life.pay.map((p) => p.type), life.pay.map((p) => p.rateMinor)],
      );
      const { job } = life;
      await exec(
        tx,
        `INSERT INTO career_jobs (id, tenant_id, title, slug, description, outlet_id, employment_type, location, status, published_at, created_at, updated_at)
         SELECT $1, $2, $3, $4, $5, o.id, $7, $8, 'OPEN', $9, $9, $9 FROM outlets o WHERE o.tenant_id = $2 AND o.code = $6
         ON CONFLICT (tenant_id, slug) DO NOTHING`,
        [uuid(), tenantId, job.title, job.slug, job.description, job.outletCode, job.employmentType, job.location, at],
      );
      const doors = life.doors.map((d) => ({ ...d, id: uuid() }));
      await exec(
        tx,
        `INSERT INTO access_zones (id, tenant_id, outlet_id, name, active, created_at, updated_at)
         SELECT d.id, $1, o.id, d.name, true, $2, $2 FROM unnest($3::uuid[], $4::text[], $5::text[]) AS d(id, code, name) JOIN outlets o ON o.tenant_id = $1 AND o.code = d.code`,
        [tenantId, at, doors.map((d) => d.id), doors.map((d) => d.outletCode), doors.map((d) => d.zone)],
      );
      await exec(tx, `INSERT INTO access_zone_readers (tenant_id, zone_id, reader_id) SELECT $1, d.id, d.reader_id FROM unnest($2::uuid[], $3::text[]) AS d(id, reader_id)`, [
        tenantId,
        doors.map((d) => d.id),
        doors.map((d) => d.readerId),
      ]);
      await exec(
        tx,
        `INSERT INTO access_grants (id, tenant_id, user_id, zone_id, status, note, created_at, updated_at)
         SELECT gen_random_uuid(), $1, uo.user_id, z.id, 'ACTIVE', 'Works here', $2, $2
           FROM access_zones z JOIN user_outlets uo ON uo.tenant_id = $1 AND uo.outlet_id = z.outlet_id WHERE z.id = ANY($3::uuid[])`,
        [tenantId, at, doors.map((d) => d.id)],
      );
      // A daemon already running finds the new version when it next compares versions with the database, and reloads the tenant.
      await nextAccessVersion(tx, tenantId);
    });
  }

  /**
   * The planned weeks as the product stores them: one PUBLISHED roster per outlet a week, published
   * by `publisher`, its shifts, their clock records, the open shifts and the door taps (through the
   * daemon's own audit writer). A shift that would overlap one of the same person's is left out with
   * its clock record, and a clock-in while already clocked in is skipped: the demo never fails a start.
   */
  async fill(tenantId: string, plan: DemoFill, publisher: string, at: Date): Promise<void> {
    await this.ds.transaction(async (tx) => {
      const rosterKeys = [...new Set(plan.shifts.map((s) => `${s.outletCode}|${s.week}`))];
      const rosters = new Map(rosterKeys.map((k) => [k, uuid()]));
      await exec(
        tx,
        `INSERT INTO rosters (id, tenant_id, outlet_id, source, status, assignment_count, published_by_user_id, created_at, updated_at)
         SELECT r.id, $1, o.id, 'PUBLISH', 'PUBLISHED', r.n, (SELECT id FROM users WHERE tenant_id = $1 AND email = $2 AND deleted_at IS NULL), $3, $3
           FROM unnest($4::uuid[], $5::text[], $6::int[]) AS r(id, code, n) JOIN outlets o ON o.tenant_id = $1 AND o.code = r.code`,
        [
          tenantId,
          publisher,
          at,
          rosterKeys.map((k) => rosters.get(k)),
          rosterKeys.map((k) => k.split('|')[0]),
          rosterKeys.map((k) => plan.shifts.filter((s) => `${s.outletCode}|${s.week}` === k).length),
        ],
      );
      await exec(
        tx,
        `INSERT INTO shift_assignments (id, tenant_id, user_id, outlet_id, scheduled_start, scheduled_end, status, type, created_by_user_id, created_at, updated_at, roster_id)
         SELECT s.id, $1, u.id, o.id, s.start_at, s.end_at, s.status, 'REGULAR', (SELECT id FROM users WHERE tenant_id = $1 AND email = $2 AND deleted_at IS NULL), $3, $3, s.roster_id
           FROM unnest($4::uuid[], $5::text[], $6::text[], $7::timestamptz[], $8::timestamptz[], $9::text[], $10::uuid[]) AS s(id, email, code, start_at, end_at, status, roster_id)
           JOIN users u ON u.tenant_id = $1 AND u.email = s.email AND u.deleted_at IS NULL
           JOIN outlets o ON o.tenant_id = $1 AND o.code = s.code
         ON CONFLICT DO NOTHING`,
        [
          tenantId,
          publisher,
          at,
          plan.shifts.map((s) => s.id),
          plan.shifts.map((s) => s.email),
          plan.shifts.map((s) => s.outletCode),
          plan.shifts.map((s) => s.start),
          plan.shifts.map((s) => s.end),
          plan.shifts.map((s) => s.status),
          plan.shifts.map((s) => rosters.get(`${s.outletCode}|${s.week}`)),
        ],
      );
      await this.clockRecords(tx, tenantId, plan.attendance, at);
      await exec(
        tx,
        `INSERT INTO open_shifts (id, tenant_id, outlet_id, scheduled_start, scheduled_end, type, note, status, created_at, updated_at)
         SELECT gen_random_uuid(), $1, o.id, s.start_at, s.end_at, 'REGULAR', s.note, 'OPEN', $2, $2
           FROM unnest($3::text[], $4::timestamptz[], $5::timestamptz[], $6::text[]) AS s(code, start_at, end_at, note) JOIN outlets o ON o.tenant_id = $1 AND o.code = s.code`,
        [tenantId, at, plan.openShifts.map((s) => s.outletCode), plan.openShifts.map((s) => s.start), plan.openShifts.map((s) => s.end), plan.openShifts.map((s) => s.note)],
      );
      await this.taps(tx, tenantId, plan.taps);
    });
  }

  /**
   * The demo's people turn up: its rota's shifts (those of a roster) that have ended since the last
   * start, still SCHEDULED, are COMPLETED with the VERIFIED clock record and door tap a clock-out of
   * them leaves. One statement when there is nothing to do.
   */
  async playPast(tenantId: string, now: Date): Promise<number> {
    return this.ds.transaction(async (tx) => {
      const done = await many<{ id: string; start: Date; end: Date; email: string; outletCode: string }>(
        tx,
        `UPDATE shift_assignments s SET status = 'COMPLETED', updated_at = $2
           FROM users u, outlets o
          WHERE s.tenant_id = $1 AND s.status = 'SCHEDULED' AND s.scheduled_end <= $2 AND s.roster_id IS NOT NULL AND u.id = s.user_id AND o.id = s.outlet_id
          RETURNING s.id, s.scheduled_start AS start, s.scheduled_end AS end, u.email, o.code AS "outletCode"`,
        [tenantId, now],
      );
      if (done.length === 0) return 0;
      const records = done.map(worked);
      await this.clockRecords(tx, tenantId, records, now);
      await this.taps(tx, tenantId, clockInTaps(done, records, now));
      return done.length;
    });
  }

  private async clockRecords(tx: Tx, tenantId: string, records: DemoFill['attendance'], at: Date): Promise<void> {
    await exec(
      tx,
      `INSERT INTO attendance_events (id, tenant_id, user_id, outlet_id, shift_assignment_id, clock_in_at, clock_out_at, status, created_at, updated_at)
       SELECT a.id, $1, s.user_id, s.outlet_id, s.id, a.clock_in, a.clock_out, a.status, $2, $2
         FROM unnest($3::uuid[], $4::uuid[], $5::timestamptz[], $6::timestamptz[], $7::text[]) AS a(id, shift_id, clock_in, clock_out, status)
         JOIN shift_assignments s ON s.tenant_id = $1 AND s.id = a.shift_id
       ON CONFLICT DO NOTHING`,
      [tenantId, at, records.map((a) => a.id), records.map((a) => a.shiftId), records.map((a) => a.clockInAt), records.map((a) => a.clockOutAt), records.map((a) => a.status)],
    );
  }

  /** Taps resolved to the tenant's users and the zone of each outlet's reader, written as the daemon writes them. */
  private async taps(tx: Tx, tenantId: string, taps: PlannedTap[]): Promise<void> {
    if (taps.length === 0) return;
    const users = new Map((await many<{ id: string; email: string }>(tx, `SELECT id, email FROM users WHERE tenant_id = $1 AND deleted_at IS NULL`, [tenantId])).map((u) => [u.email, u.id]));
    const doors = new Map(
      (await many<{ code: string; zoneId: string; readerId: string }>(
        tx,
        `SELECT DISTINCT ON (o.code) o.code, z.id AS "zoneId", r.reader_id AS "readerId"
           FROM access_zones z JOIN outlets o ON o.id = z.outlet_id JOIN access_zone_readers r ON r.zone_id = z.id
          WHERE z.tenant_id = $1 AND z.deleted_at IS NULL ORDER BY o.code, z.created_at`,
        [tenantId],
      )).map((d) => [d.code, d]),
    );
    await insertAuditRows(
      tx,
      taps.flatMap((t) => {
        const door = doors.get(t.readerOf);
        if (!door) return [];
        const userId = t.email ? (users.get(t.email) ?? null) : null;
        // As the daemon records them: a known card by its credential's id, an unknown one by a hash of what was read.
        const credentialId = userId ? uuid() : `sha256:${uuid().replace(/-/g, '')}`;
        return [{ id: uuid(), tenantId, userId, zoneId: door.zoneId, visitorPassId: null, credentialId, readerId: door.readerId, eventType: t.eventType, reason: t.reason, occurredAt: t.at, source: 'BRIDGE_HTTP' }];
      }),
    );
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
