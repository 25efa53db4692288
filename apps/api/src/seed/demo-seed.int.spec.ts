import { expect } from 'chai';
import { FakeClock } from '@wfm/core/clock';
import { ScryptPasswordHasher, TEST_SCRYPT } from '@wfm/core/crypto';
import { ROLES } from '@wfm/core/tenancy';
import { transactionRunner } from '@wfm/db/transaction';
import { TenantEntity } from '@wfm/db/entities/tenant.entity';
import { UserEntity } from '@wfm/db/entities/user.entity';
import { OutletEntity } from '@wfm/db/entities/outlet.entity';
import { createTestDatabase, type TestDatabase } from '@wfm/testing/database';
import { TenantProvisioningRepository } from '../modules/organization/tenants/tenant-provisioning.repository.js';
import { TenantProvisioningService } from '../modules/organization/tenants/tenant-provisioning.service.js';
import { wallTimeToInstant } from '../modules/time/leave/leave-period.js';
import { CareersPageRepository } from '../modules/careers/page/careers-page.repository.js';
import { JobsRepository } from '../modules/careers/jobs/jobs.repository.js';
import { PayrollRepository } from '../modules/payroll/runs/payroll.repository.js';
import { computePayslip } from '../modules/payroll/runs/payroll-engine.js';
import { DemoSeedRepository } from './demo-seed.repository.js';
import { DEMO_TEAM, seedDemoTenant, type DemoSeedDeps } from './demo-seed.js';

describe('demo seed (database)', () => {
  let db: TestDatabase;
  // A Thursday afternoon in London: the week so far has been worked, the rest is to come.
  const THURSDAY = '2026-11-26T13:30:00Z';
  let clock: FakeClock;
  const passwords = new ScryptPasswordHasher(TEST_SCRYPT);
  const deps = (repo = new DemoSeedRepository(db.dataSource)): DemoSeedDeps => ({
    repo,
    passwords,
    clock,
    provisioning: new TenantProvisioningService(new TenantProvisioningRepository(), transactionRunner(db.dataSource), passwords),
  });

  // The demo is one per database (the slug demo), so each test seeds a database of its own.
  beforeEach(async () => {
    db = await createTestDatabase();
    clock = new FakeClock(THURSDAY);
  });
  afterEach(async () => db.drop());

  it('creates the Enterprise demo tenant with the developer API on and returns the sign-in', async () => {
    const result = await seedDemoTenant(deps());
    expect(result).to.deep.equal({
      created: true,
      tenantId: result.tenantId,
      signIn: { identifier: 'tenant-owner@demo.test', password: 'Demo-Password-1' },
    });
    const tenant = await db.dataSource.getRepository(TenantEntity).findOneByOrFail({ id: result.tenantId });
    expect(tenant).to.include({ name: 'Demo Company', slug: 'demo', plan: 'ENTERPRISE', timezone: 'Europe/London', publicApiEnabled: true });
  });

  it('creates one active user of every role and the kitchen and cafe team, all sharing the demo password', async () => {
    const { tenantId } = await seedDemoTenant(deps());
    const all = await db.dataSource
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('u.tenant_id = :tenantId', { tenantId })
      .getMany();
    const users = all.filter((u) => u.fullName.startsWith('Demo '));
    expect(users.map((u) => u.role).sort()).to.deep.equal([...ROLES].sort());
    const byRole = new Map(users.map((u) => [u.role, u]));
    expect(byRole.get('TENANT_OWNER')!.email).to.equal('tenant-owner@demo.test');
    expect(byRole.get('TENANT_GROUP_OWNER')!.email).to.equal('tenant-group-owner@demo.test');
    expect(byRole.get('STAFF')!.email).to.equal('staff@demo.test');
    for (const u of users) expect(u.email, u.role).to.equal(`${u.role.toLowerCase().replace(/_/g, '-')}@demo.test`);
    const team = all.filter((u) => !u.fullName.startsWith('Demo '));
    expect(team.map((u) => ({ name: u.fullName, email: u.email, role: u.role })).sort((a, b) => a.name.localeCompare(b.name))).to.deep.equal(
      DEMO_TEAM.map((p) => ({ name: p.fullName, email: `${p.fullName.toLowerCase().replace(' ', '.')}@demo.test`, role: 'STAFF' })).sort((a, b) => a.name.localeCompare(b.name)),
    );
    for (const u of all) {
      expect(u.status).to.equal('ACTIVE');
      expect(await passwords.verify('Demo-Password-1', u.passwordHash!), u.email!).to.equal(true);
    }
  });

  it('creates the two demo outlets', async () => {
    const { tenantId } = await seedDemoTenant(deps());
    const outlets = await db.dataSource.getRepository(OutletEntity).find({ where: { tenantId }, order: { code: 'ASC' } });
    expect(outlets.map((o) => ({ name: o.name, code: o.code, city: o.city, status: o.status }))).to.deep.equal([
      { name: 'Central Kitchen', code: 'CK-01', city: 'London', status: 'ACTIVE' },
      { name: 'Riverside Cafe', code: 'RC-02', city: 'London', status: 'ACTIVE' },
    ]);
  });

  it('gives the first outlet an oven whose quarterly clean is three days overdue, and an open work order for it', async () => {
    const { tenantId } = await seedDemoTenant(deps());
    const [asset] = await db.dataSource.query(
      `SELECT a.id, a.name, a.tag, c.name AS category, o.code FROM assets a JOIN asset_categories c ON c.id = a.category_id JOIN outlets o ON o.id = a.outlet_id
        WHERE a.tenant_id = $1 AND EXISTS (SELECT 1 FROM maintenance_schedules m WHERE m.asset_id = a.id)`,
      [tenantId],
    );
    expect(asset).to.include({ name: 'Combi oven', tag: 'CK-OV-01', category: 'Cooking', code: 'CK-01' });
    const [schedule] = await db.dataSource.query(
      `SELECT title, interval_unit AS unit, interval_value AS every, ((now() AT TIME ZONE 'Europe/London')::date - starts_on) AS overdue FROM maintenance_schedules WHERE asset_id = $1`,
      [asset.id],
    );
    expect(schedule).to.deep.equal({ title: 'Quarterly deep clean', unit: 'MONTHS', every: 3, overdue: 3 });
    const orders = await db.dataSource.query(`SELECT title, status, asset_id AS "assetId" FROM work_orders WHERE tenant_id = $1`, [tenantId]);
    expect(orders).to.deep.equal([{ title: 'Replace the door seal', status: 'OPEN', assetId: asset.id }]);
  });

  it('assigns the demo outlet manager and staff member to the first outlet, so the manager reaches someone', async () => {
    const { tenantId } = await seedDemoTenant(deps());
    const rows: Array<{ role: string; code: string }> = await db.dataSource.query(
      `SELECT u.role, o.code FROM user_outlets uo JOIN users u ON u.id = uo.user_id JOIN outlets o ON o.id = uo.outlet_id WHERE uo.tenant_id = $1 AND u.full_name LIKE 'Demo %' ORDER BY u.role`,
      [tenantId],
    );
    expect(rows).to.deep.equal([
      { role: 'OUTLET_MANAGER', code: 'CK-01' },
      { role: 'STAFF', code: 'CK-01' },
    ]);
  });

  it('schedules the opening checks daily at the first outlet, with a fridge temperature check, from before today', async () => {
    const { tenantId } = await seedDemoTenant(deps());
    const [schedule]: Array<{ name: string; code: string; weekdays: number[]; time: string; earlier: boolean }> = await db.dataSource.query(
      `SELECT t.name, o.code, s.weekdays, s.local_time::text AS time, s.created_at < now() - interval '12 hours' AS earlier
         FROM checklist_schedules s JOIN checklist_templates t ON t.id = s.template_id JOIN outlets o ON o.id = s.outlet_id WHERE s.tenant_id = $1`,
      [tenantId],
    );
    expect(schedule).to.deep.equal({ name: 'Opening checks', code: 'CK-01', weekdays: [1, 2, 3, 4, 5, 6, 7], time: '07:00:00', earlier: true });
    const tasks: Array<{ kind: string; label: string; min_value: number | null; max_value: number | null; asset_tag: string | null }> = await db.dataSource.query(
      `SELECT t.kind, t.label, t.min_value, t.max_value, a.tag AS asset_tag FROM checklist_template_tasks t LEFT JOIN assets a ON a.id = t.asset_id WHERE t.tenant_id = $1 ORDER BY t.position`,
      [tenantId],
    );
    expect(tasks.map((t) => t.kind)).to.deep.equal(['YES_NO', 'NUMBER', 'NUMBER', 'PHOTO', 'NOTE']);
    expect(tasks[1]).to.deep.equal({ kind: 'NUMBER', label: 'Walk-in fridge temperature', min_value: 0, max_value: 5, asset_tag: 'CK-FR-01' });
  });

  it('creates the asset register: three categories, two vendors, six assets across both outlets, one warranty ending within a month', async () => {
    const { tenantId } = await seedDemoTenant(deps());
    const rows: Array<{ tag: string; code: string; category: string; vendor: string | null; days_left: number | null }> = await db.dataSource.query(
      `SELECT a.tag, o.code, c.name AS category, v.name AS vendor, a.warranty_until - current_date AS days_left
       FROM assets a JOIN outlets o ON o.id = a.outlet_id JOIN asset_categories c ON c.id = a.category_id LEFT JOIN vendors v ON v.id = a.vendor_id
       WHERE a.tenant_id = $1 ORDER BY a.tag`,
      [tenantId],
    );
    expect(rows.map((r) => r.tag)).to.deep.equal(['CK-AC-01', 'CK-FR-01', 'CK-FZ-01', 'CK-OV-01', 'RC-CM-01', 'RC-FR-01']);
    expect(new Set(rows.map((r) => r.code))).to.deep.equal(new Set(['CK-01', 'RC-02']));
    expect(new Set(rows.map((r) => r.category))).to.deep.equal(new Set(['Refrigeration', 'Cooking', 'HVAC']));
    expect(new Set(rows.map((r) => r.vendor).filter(Boolean))).to.have.property('size', 2);
    expect(rows.filter((r) => r.days_left !== null && r.days_left <= 30).map((r) => r.tag)).to.deep.equal(['CK-FR-01']);
  });

  it('writes the refrigeration troubleshooting guide, its category made once', async () => {
    const { tenantId } = await seedDemoTenant(deps());
    const guides: Array<{ category: string; symptom: string; priority: string; active: boolean; steps: Array<{ id: string; instruction: string; caution: string | null }> }> = await db.dataSource.query(
      `SELECT c.name AS category, g.symptom, g.priority, g.active, g.steps FROM troubleshooting_guides g JOIN asset_categories c ON c.id = g.category_id WHERE g.tenant_id = $1`,
      [tenantId],
    );
    expect(guides.map((g) => ({ ...g, steps: g.steps.length }))).to.deep.equal([{ category: 'Refrigeration', symptom: 'Fridge not cooling', priority: 'HIGH', active: true, steps: 3 }]);
    expect(guides[0]!.steps[2]!.caution).to.equal('Switch the fridge off at the wall before touching the grille.');
    expect(await db.dataSource.query(`SELECT count(*)::int AS n FROM asset_categories WHERE tenant_id = $1 AND name = 'Refrigeration'`, [tenantId])).to.deep.equal([{ n: 1 }]);
  });

  it('is idempotent: a second run creates nothing and reports the existing tenant', async () => {
    const first = await seedDemoTenant(deps());
    const counts = async () => [
      await db.dataSource.getRepository(TenantEntity).count(),
      await db.dataSource.getRepository(UserEntity).count(),
      await db.dataSource.getRepository(OutletEntity).count(),
    ];
    const before = await counts();
    const activity = async () => db.dataSource.query(
      `SELECT (SELECT count(*)::int FROM shift_assignments) AS shifts, (SELECT count(*)::int FROM attendance_events) AS attendance,
              (SELECT count(*)::int FROM access_audit) AS taps, (SELECT count(*)::int FROM pay_settings) AS pay, (SELECT count(*)::int FROM career_jobs) AS jobs`,
    );
    const lived = await activity();
    const second = await seedDemoTenant(deps());
    expect(second).to.deep.equal({ ...first, created: false });
    expect(await counts()).to.deep.equal(before);
    expect(await activity()).to.deep.equal(lived);
  });

  it('leaves an existing tenant with the slug demo alone', async () => {
    const [row] = await db.dataSource.query(
      `INSERT INTO tenants (id, name, slug, plan, timezone) VALUES (gen_random_uuid(), 'Someone else', 'demo', 'FREE', 'UTC') RETURNING id`,
    );
    const result = await seedDemoTenant(deps());
    expect(result.created).to.equal(false);
    expect(result.tenantId).to.equal(row.id);
    expect(await db.dataSource.getRepository(UserEntity).count()).to.equal(0);
    expect((await db.dataSource.getRepository(TenantEntity).findOneByOrFail({ id: row.id })).plan).to.equal('FREE');
  });

  it('two seeders at once create one demo', async () => {
    const results = await Promise.all([seedDemoTenant(deps()), seedDemoTenant(deps())]);
    expect(results.map((r) => r.created).sort()).to.deep.equal([false, true]);
    expect(results[0]!.tenantId).to.equal(results[1]!.tenantId);
    expect(await db.dataSource.getRepository(TenantEntity).count()).to.equal(1);
    expect(await db.dataSource.getRepository(UserEntity).count()).to.equal(ROLES.length + DEMO_TEAM.length);
  });

  it('removes a half-made demo when populating fails, so the next start can make it whole', async () => {
    class FailingRepo extends DemoSeedRepository {
      override async populate(): Promise<void> {
        throw new Error('disk full');
      }
    }
    let failure: unknown;
    await seedDemoTenant(deps(new FailingRepo(db.dataSource))).catch((err: unknown) => (failure = err));
    expect((failure as Error).message).to.equal('disk full');
    expect(await db.dataSource.getRepository(TenantEntity).count()).to.equal(0);
    expect(await db.dataSource.getRepository(UserEntity).count()).to.equal(0);

    const retry = await seedDemoTenant(deps());
    expect(retry.created).to.equal(true);
    expect(await db.dataSource.getRepository(UserEntity).count()).to.equal(ROLES.length + DEMO_TEAM.length);
  });

  it('seeds another company beside the demo under its own slug, name and email domain', async () => {
    const demo = await seedDemoTenant(deps());
    const other = await seedDemoTenant(deps(), { slug: 'co-1', name: 'Other Company', emailDomain: 'co-1.test' });
    expect(other).to.deep.equal({ created: true, tenantId: other.tenantId, signIn: { identifier: 'tenant-owner@co-1.test', password: 'Demo-Password-1' } });
    expect(other.tenantId).to.not.equal(demo.tenantId);
    expect(await db.dataSource.getRepository(TenantEntity).findOneByOrFail({ id: other.tenantId })).to.include({ name: 'Other Company', slug: 'co-1', plan: 'ENTERPRISE' });
    const emails = (await db.dataSource.getRepository(UserEntity).findBy({ tenantId: other.tenantId })).map((u) => u.email);
    expect(emails).to.have.length(ROLES.length + DEMO_TEAM.length);
    expect(emails.every((e) => e!.endsWith('@co-1.test'))).to.equal(true);
    expect(await db.dataSource.getRepository(OutletEntity).countBy({ tenantId: other.tenantId })).to.equal(2);
  });

  describe('a live week (issue 34)', () => {
    // Monday 23 November 2026 in London (GMT), and the Monday after.
    const MONDAY = '2026-11-23T00:00:00Z';
    const NEXT_MONDAY = '2026-11-30T00:00:00Z';
    const shiftsBetween = (tenantId: string, from: string, to: string): Promise<Array<{ code: string; status: string; roster: string | null; email: string; start: Date }>> =>
      db.dataSource.query(
        `SELECT o.code, s.status, r.status AS roster, u.email, s.scheduled_start AS start FROM shift_assignments s JOIN outlets o ON o.id = s.outlet_id JOIN users u ON u.id = s.user_id
           LEFT JOIN rosters r ON r.id = s.roster_id WHERE s.tenant_id = $1 AND s.scheduled_start >= $2 AND s.scheduled_start < $3 ORDER BY s.scheduled_start`,
        [tenantId, from, to],
      );

    it('fills this week with published shifts at both outlets: worked before now, to come after it, and next week too', async () => {
      const { tenantId } = await seedDemoTenant(deps());
      const week = await shiftsBetween(tenantId, MONDAY, NEXT_MONDAY);
      // The team works the rota; the demo users of a role are left free for the README's walkthroughs.
      expect(week.filter((s) => /^[a-z-]+@demo\.test$/.test(s.email))).to.deep.equal([]);
      expect(new Set(week.map((s) => s.code))).to.deep.equal(new Set(['CK-01', 'RC-02']));
      expect(week.every((s) => s.roster === 'PUBLISHED')).to.equal(true);
      const now = new Date(THURSDAY).getTime();
      const past = week.filter((s) => s.start.getTime() < now - 12 * 3_600_000);
      const future = week.filter((s) => s.start.getTime() > now);
      expect(past.length).to.be.greaterThan(10);
      expect(past.every((s) => s.status === 'COMPLETED')).to.equal(true);
      expect(future.length).to.be.greaterThan(10);
      expect(future.every((s) => s.status === 'SCHEDULED')).to.equal(true);
      expect(week.filter((s) => s.status === 'IN_PROGRESS').length).to.be.greaterThan(0);
      expect((await shiftsBetween(tenantId, NEXT_MONDAY, '2026-12-07T00:00:00Z')).length).to.be.greaterThan(10);
      const open: Array<{ note: string }> = await db.dataSource.query(`SELECT note FROM open_shifts WHERE tenant_id = $1 AND status = 'OPEN' AND scheduled_start > $2`, [tenantId, THURSDAY]);
      expect(open.map((o) => o.note)).to.deep.equal(['Weekend cover', 'Weekend cover']);
    });

    it('records the week so far as clocked: on time mostly, one late arrival, one missed clock-out left for review', async () => {
      const { tenantId } = await seedDemoTenant(deps());
      const rows: Array<{ status: string; lateMinutes: number; outAtEnd: boolean; shift: string }> = await db.dataSource.query(
        `SELECT a.status, extract(epoch FROM a.clock_in_at - s.scheduled_start)::int / 60 AS "lateMinutes", a.clock_out_at = s.scheduled_end AS "outAtEnd", s.status AS shift
           FROM attendance_events a JOIN shift_assignments s ON s.id = a.shift_assignment_id WHERE a.tenant_id = $1 AND a.clock_in_at >= $2`,
        [tenantId, MONDAY],
      );
      expect(rows.filter((r) => r.lateMinutes > 10)).to.deep.equal([{ status: 'VERIFIED', lateMinutes: 23, outAtEnd: false, shift: 'COMPLETED' }]);
      const review = rows.filter((r) => r.status === 'PENDING_REVIEW');
      expect(review).to.have.length(1);
      expect(review[0]).to.include({ outAtEnd: true, shift: 'COMPLETED' });
      expect(rows.filter((r) => r.status === 'OPEN').every((r) => r.shift === 'IN_PROGRESS')).to.equal(true);
      expect(rows.filter((r) => r.status === 'VERIFIED').length).to.be.greaterThan(10);
      // Nothing the seed does fires a webhook: no outbox events.
      expect(await db.dataSource.query(`SELECT count(*)::int AS n FROM domain_events WHERE tenant_id = $1`, [tenantId])).to.deep.equal([{ n: 0 }]);
    });

    it('gives every demo person pay in pounds, so last month’s run pays more than one person', async () => {
      const { tenantId } = await seedDemoTenant(deps());
      const unpaid = await db.dataSource.query(`SELECT u.email FROM users u LEFT JOIN pay_settings p ON p.user_id = u.id WHERE u.tenant_id = $1 AND p.user_id IS NULL`, [tenantId]);
      expect(unpaid).to.deep.equal([]);
      expect(await db.dataSource.query(`SELECT DISTINCT currency FROM pay_settings WHERE tenant_id = $1`, [tenantId])).to.deep.equal([{ currency: 'GBP' }]);
      // As POST /payroll/runs computes October's run (premiums aside: the demo has none).
      const repo = new PayrollRepository(db.dataSource);
      const from = wallTimeToInstant('2026-10-01', 0, 'Europe/London');
      const to = wallTimeToInstant('2026-11-01', 0, 'Europe/London');
      const tx = db.dataSource.manager;
      const payable = await repo.payable(tx, tenantId, from, to);
      const worked = await repo.worked(tx, tenantId, from, to);
      const rules = await repo.rules(tx, tenantId);
      const emails = new Map((await db.dataSource.query(`SELECT id, email FROM users WHERE tenant_id = $1`, [tenantId])).map((u: { id: string; email: string }) => [u.id, u.email]));
      const gross = payable.map((p) => ({
        email: emails.get(p.userId),
        type: p.type,
        gross: computePayslip({ setting: p, yearMonth: '2026-10', timeZone: 'Europe/London', worked: worked.filter((w) => w.userId === p.userId), leave: [], rules }).grossMinor,
      }));
      expect(gross).to.have.length(ROLES.length + DEMO_TEAM.length);
      // The demo STAFF user is off the rota (the walkthroughs clock them in): paid by the hour, nothing yet.
      expect(gross.filter((g) => g.gross === 0)).to.deep.equal([{ email: 'staff@demo.test', type: 'HOURLY', gross: 0 }]);
      expect(gross.filter((g) => g.type === 'HOURLY' && g.gross > 0).length).to.equal(DEMO_TEAM.length);
      expect(await repo.leftOut(tx, tenantId, from, to)).to.deep.equal([]);
    });

    it('publishes a job on the careers page', async () => {
      const { tenantId } = await seedDemoTenant(deps());
      expect(await new CareersPageRepository(db.dataSource).findTenant('demo')).to.include({ id: tenantId, hasPublished: true });
      const jobs = await new JobsRepository(db.dataSource).listOpen(tenantId, 10, 0);
      expect(jobs.map((j) => ({ title: j.title, slug: j.slug, status: j.status }))).to.deep.equal([{ title: 'Barista', slug: 'barista', status: 'OPEN' }]);
    });

    it('writes the week’s door taps to the audit log: the clock-ins granted at each outlet’s door, a wrong door and an unknown card refused', async () => {
      const { tenantId } = await seedDemoTenant(deps());
      const taps: Array<{ type: string; reader: string; zone: string | null; user: boolean; recent: boolean }> = await db.dataSource.query(
        `SELECT a.event_type AS type, a.reader_id AS reader, z.name AS zone, a.user_id IS NOT NULL AS user, a.occurred_at > $2::timestamptz - interval '7 days' AND a.occurred_at <= $2 AS recent
           FROM access_audit a LEFT JOIN access_zones z ON z.id = a.zone_id WHERE a.tenant_id = $1`,
        [tenantId, THURSDAY],
      );
      expect(taps.every((t) => t.recent && t.zone !== null)).to.equal(true);
      const granted = taps.filter((t) => t.type === 'GRANTED');
      expect(granted.length).to.be.greaterThan(20);
      expect(new Set(granted.map((t) => t.reader))).to.deep.equal(new Set(['ck-back-door', 'rc-stockroom']));
      expect(taps.filter((t) => t.type !== 'GRANTED').map((t) => ({ type: t.type, user: t.user })).sort((a, b) => a.type.localeCompare(b.type))).to.deep.equal([
        { type: 'DENIED_NO_GRANT', user: true },
        { type: 'UNKNOWN_CREDENTIAL', user: false },
      ]);
      const grants = await db.dataSource.query(`SELECT count(*)::int AS n FROM access_grants WHERE tenant_id = $1 AND status = 'ACTIVE'`, [tenantId]);
      expect(grants[0].n).to.equal(DEMO_TEAM.length + 2);
    });

    it('started weeks later, works the weeks that passed and fills the new week around today, without duplicating one', async () => {
      const { tenantId } = await seedDemoTenant(deps());
      clock.set('2026-12-17T10:00:00Z'); // Thursday, three weeks on
      const again = await seedDemoTenant(deps());
      expect(again).to.include({ created: false, tenantId });
      const week = await shiftsBetween(tenantId, '2026-12-14T00:00:00Z', '2026-12-21T00:00:00Z');
      expect(week.length).to.be.greaterThan(20);
      expect((await shiftsBetween(tenantId, '2026-12-21T00:00:00Z', '2026-12-28T00:00:00Z')).length).to.be.greaterThan(10);
      // The week that was "next week" at the first start has been worked since.
      const worked = await shiftsBetween(tenantId, NEXT_MONDAY, '2026-12-07T00:00:00Z');
      expect(worked.every((s) => s.status === 'COMPLETED')).to.equal(true);
      const unclocked = await db.dataSource.query(
        `SELECT count(*)::int AS n FROM shift_assignments s WHERE s.tenant_id = $1 AND s.status = 'COMPLETED' AND NOT EXISTS (SELECT 1 FROM attendance_events a WHERE a.shift_assignment_id = s.id)`,
        [tenantId],
      );
      expect(unclocked).to.deep.equal([{ n: 0 }]);
      const twice = await db.dataSource.query(`SELECT user_id, scheduled_start, count(*) FROM shift_assignments WHERE tenant_id = $1 GROUP BY 1, 2 HAVING count(*) > 1`, [tenantId]);
      expect(twice).to.deep.equal([]);
      const weeks: Array<{ week: string }> = await db.dataSource.query(
        `SELECT DISTINCT to_char(date_trunc('week', scheduled_start AT TIME ZONE 'Europe/London'), 'YYYY-MM-DD') AS week FROM shift_assignments WHERE tenant_id = $1 ORDER BY 1`,
        [tenantId],
      );
      // From the week of 1 October (last month at the first start) through the week after the second start, none missing.
      expect(weeks.map((w) => w.week)).to.deep.equal(['2026-09-28', '2026-10-05', '2026-10-12', '2026-10-19', '2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23', '2026-11-30', '2026-12-07', '2026-12-14', '2026-12-21']);
      const third = await db.dataSource.query(`SELECT count(*)::int AS n FROM shift_assignments WHERE tenant_id = $1`, [tenantId]);
      await seedDemoTenant(deps());
      expect(await db.dataSource.query(`SELECT count(*)::int AS n FROM shift_assignments WHERE tenant_id = $1`, [tenantId])).to.deep.equal(third);
    });

    it('brings a demo made before the live week to life on its next start, keeping a person someone added meanwhile', async () => {
      const { tenantId } = await seedDemoTenant(deps(), undefined, { live: false });
      await db.dataSource.query(`INSERT INTO users (id, tenant_id, full_name, email, role, status) VALUES (gen_random_uuid(), $1, 'Owen H.', 'owen.hughes@demo.test', 'STAFF', 'ACTIVE')`, [tenantId]);
      await seedDemoTenant(deps());
      const team = await db.dataSource.query(`SELECT full_name AS name FROM users WHERE tenant_id = $1 AND full_name NOT LIKE 'Demo %' ORDER BY 1`, [tenantId]);
      expect(team.map((u: { name: string }) => u.name)).to.deep.equal(['Dan Whitfield', 'Lena Fischer', 'Maya Collins', 'Nora Quinn', 'Owen H.', 'Sami Okafor']);
      expect((await shiftsBetween(tenantId, MONDAY, NEXT_MONDAY)).length).to.be.greaterThan(20);
      expect(await new CareersPageRepository(db.dataSource).findTenant('demo')).to.include({ hasPublished: true });
    });

    it('seeds a company without the live week when asked (a browser test’s company)', async () => {
      const { tenantId } = await seedDemoTenant(deps(), { slug: 'co-1', name: 'Other Company', emailDomain: 'co-1.test' }, { live: false });
      const n = await db.dataSource.query(
        `SELECT (SELECT count(*)::int FROM shift_assignments WHERE tenant_id = $1) AS shifts, (SELECT count(*)::int FROM pay_settings WHERE tenant_id = $1) AS pay,
                (SELECT count(*)::int FROM career_jobs WHERE tenant_id = $1) AS jobs, (SELECT count(*)::int FROM users WHERE tenant_id = $1) AS users`,
        [tenantId],
      );
      expect(n).to.deep.equal([{ shifts: 0, pay: 0, jobs: 0, users: ROLES.length }]);
    });
  });
});
