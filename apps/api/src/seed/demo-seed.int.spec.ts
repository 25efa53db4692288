import { expect } from 'chai';
import { ScryptPasswordHasher, TEST_SCRYPT } from '@wfm/core/crypto';
import { ROLES } from '@wfm/core/tenancy';
import { transactionRunner } from '@wfm/db/transaction';
import { TenantEntity } from '@wfm/db/entities/tenant.entity';
import { UserEntity } from '@wfm/db/entities/user.entity';
import { OutletEntity } from '@wfm/db/entities/outlet.entity';
import { createTestDatabase, type TestDatabase } from '@wfm/testing/database';
import { TenantProvisioningRepository } from '../modules/organization/tenants/tenant-provisioning.repository.js';
import { TenantProvisioningService } from '../modules/organization/tenants/tenant-provisioning.service.js';
import { DemoSeedRepository } from './demo-seed.repository.js';
import { seedDemoTenant, type DemoSeedDeps } from './demo-seed.js';

describe('demo seed (database)', () => {
  let db: TestDatabase;
  const passwords = new ScryptPasswordHasher(TEST_SCRYPT);
  const deps = (repo = new DemoSeedRepository(db.dataSource)): DemoSeedDeps => ({
    repo,
    passwords,
    provisioning: new TenantProvisioningService(new TenantProvisioningRepository(), transactionRunner(db.dataSource), passwords),
  });

  // The demo is one per database (the slug demo), so each test seeds a database of its own.
  beforeEach(async () => {
    db = await createTestDatabase();
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

  it('creates one active user of every role, all sharing the demo password', async () => {
    const { tenantId } = await seedDemoTenant(deps());
    const users = await db.dataSource
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('u.tenant_id = :tenantId', { tenantId })
      .getMany();
    expect(users.map((u) => u.role).sort()).to.deep.equal([...ROLES].sort());
    const byRole = new Map(users.map((u) => [u.role, u]));
    expect(byRole.get('TENANT_OWNER')!.email).to.equal('tenant-owner@demo.test');
    expect(byRole.get('TENANT_GROUP_OWNER')!.email).to.equal('tenant-group-owner@demo.test');
    expect(byRole.get('STAFF')!.email).to.equal('staff@demo.test');
    for (const u of users) {
      expect(u.email, u.role).to.equal(`${u.role.toLowerCase().replace(/_/g, '-')}@demo.test`);
      expect(u.status).to.equal('ACTIVE');
      expect(u.fullName).to.match(/^Demo /);
      expect(await passwords.verify('Demo-Password-1', u.passwordHash!), u.role).to.equal(true);
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
      `SELECT u.role, o.code FROM user_outlets uo JOIN users u ON u.id = uo.user_id JOIN outlets o ON o.id = uo.outlet_id WHERE uo.tenant_id = $1 ORDER BY u.role`,
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
    const second = await seedDemoTenant(deps());
    expect(second).to.deep.equal({ ...first, created: false });
    expect(await counts()).to.deep.equal(before);
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
    expect(await db.dataSource.getRepository(UserEntity).count()).to.equal(ROLES.length);
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
    expect(await db.dataSource.getRepository(UserEntity).count()).to.equal(ROLES.length);
  });

  it('seeds another company beside the demo under its own slug, name and email domain', async () => {
    const demo = await seedDemoTenant(deps());
    const other = await seedDemoTenant(deps(), { slug: 'co-1', name: 'Other Company', emailDomain: 'co-1.test' });
    expect(other).to.deep.equal({ created: true, tenantId: other.tenantId, signIn: { identifier: 'tenant-owner@co-1.test', password: 'Demo-Password-1' } });
    expect(other.tenantId).to.not.equal(demo.tenantId);
    expect(await db.dataSource.getRepository(TenantEntity).findOneByOrFail({ id: other.tenantId })).to.include({ name: 'Other Company', slug: 'co-1', plan: 'ENTERPRISE' });
    const emails = (await db.dataSource.getRepository(UserEntity).findBy({ tenantId: other.tenantId })).map((u) => u.email);
    expect(emails).to.have.length(ROLES.length);
    expect(emails.every((e) => e!.endsWith('@co-1.test'))).to.equal(true);
    expect(await db.dataSource.getRepository(OutletEntity).countBy({ tenantId: other.tenantId })).to.equal(2);
  });
});
