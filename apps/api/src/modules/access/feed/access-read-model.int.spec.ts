import { expect } from 'chai';
import { uuid } from '@wfm/core/crypto';
import { AccessReadModelRepository } from '@wfm/db/access-read-model.repository';
import { createTestDatabase, type TestDatabase } from '@wfm/testing/database';
import { createTenant, createUser } from '@wfm/testing/factories';

/** The daemon's start-up load (libs/db), against a real database. */
describe('access read model (PostgreSQL)', () => {
  let db: TestDatabase;
  let model: AccessReadModelRepository;

  before(async () => {
    db = await createTestDatabase();
    model = new AccessReadModelRepository(db.dataSource);
  });
  after(async () => db.drop());

  const at = (iso: string) => new Date(iso);

  /** One tenant's worth of each kind; returns the ids. */
  async function seed(plan: 'GROWTH' | 'ENTERPRISE', timezone: string) {
    const ds = db.dataSource;
    const tenant = await createTenant(ds, { plan, timezone });
    const holder = await createUser(ds, tenant.id, { fullName: `Holder ${timezone}` });
    const formerHolder = await createUser(ds, tenant.id);
    await createUser(ds, tenant.id, { fullName: 'Never granted' });
    const zone = uuid();
    const deletedZone = uuid();
    await ds.query(`INSERT INTO access_zones (id, tenant_id, name, hours_json, active) VALUES ($1, $2, 'Front', $3, true)`, [zone, tenant.id, { MON: [['09:00', '17:00']] }]);
    await ds.query(`INSERT INTO access_zones (id, tenant_id, name, active, deleted_at) VALUES ($1, $2, 'Old', false, now())`, [deletedZone, tenant.id]);
    await ds.query(`INSERT INTO access_zone_readers (tenant_id, zone_id, reader_id) VALUES ($1, $2, 'R-2'), ($1, $2, 'R-1')`, [tenant.id, zone]);
    const pass = uuid();
    await ds.query(
      `INSERT INTO access_visitor_passes (id, tenant_id, visitor_name, invite_code_hash, invite_code_prefix, expires_at, revoked_at) VALUES ($1, $2, 'Vera', $3, 'abcd', $4, $5)`,
      [pass, tenant.id, `h-${pass}`, at('2030-01-01T00:00:00Z'), at('2029-12-01T00:00:00Z')],
    );
    const userGrant = uuid();
    const visitorGrant = uuid();
    const revokedGrant = uuid();
    await ds.query(`INSERT INTO access_grants (id, tenant_id, user_id, zone_id, expires_at) VALUES ($1, $2, $3, $4, $5)`, [userGrant, tenant.id, holder.id, zone, at('2031-01-01T00:00:00Z')]);
    await ds.query(`INSERT INTO access_grants (id, tenant_id, visitor_pass_id, zone_id, expires_at) VALUES ($1, $2, $3, $4, $5)`, [visitorGrant, tenant.id, pass, zone, at('2030-01-01T00:00:00Z')]);
    await ds.query(`INSERT INTO access_grants (id, tenant_id, user_id, zone_id, status) VALUES ($1, $2, $3, $4, 'REVOKED')`, [revokedGrant, tenant.id, formerHolder.id, zone]);
    const key = uuid();
    const revokedKey = uuid();
    await ds.query(`INSERT INTO access_reader_keys (id, tenant_id, name, key_hash, prefix) VALUES ($1, $2, 'Bridge', $3, 'mk_a')`, [key, tenant.id, `kh-${key}`]);
    await ds.query(`INSERT INTO access_reader_keys (id, tenant_id, name, key_hash, prefix, revoked_at) VALUES ($1, $2, 'Old', $3, 'mk_b', now())`, [revokedKey, tenant.id, `kh-${revokedKey}`]);
    const signingKey = uuid();
    await ds.query(`INSERT INTO access_signing_keys (id, tenant_id, public_key, private_key_sealed) VALUES ($1, $2, 'PUBLIC', 'SEALED')`, [signingKey, tenant.id]);
    return { tenant, holder, zone, deletedZone, pass, userGrant, visitorGrant, key, revokedKey, signingKey };
  }

  it('loads every kind for all tenants, and only the asked tenant when given one', async () => {
    const a = await seed('GROWTH', 'Europe/Paris');
    const b = await seed('ENTERPRISE', 'Asia/Tokyo');
    const byTenant = <T extends { tenantId: string }>(rows: T[], tenantId: string) => rows.filter((r) => r.tenantId === tenantId);

    const tenants = await model.tenants();
    expect(tenants).to.deep.include.members([
      { id: a.tenant.id, plan: 'GROWTH', timezone: 'Europe/Paris', offlineWindowMinutes: 4320 },
      { id: b.tenant.id, plan: 'ENTERPRISE', timezone: 'Asia/Tokyo', offlineWindowMinutes: 4320 },
    ]);
    expect(await model.tenants(a.tenant.id)).to.deep.equal([{ id: a.tenant.id, plan: 'GROWTH', timezone: 'Europe/Paris', offlineWindowMinutes: 4320 }]);

    const keys = await model.readerKeys(a.tenant.id);
    expect(keys).to.deep.equal(
      [
        { id: a.key, tenantId: a.tenant.id, keyHash: `kh-${a.key}`, revoked: false },
        { id: a.revokedKey, tenantId: a.tenant.id, keyHash: `kh-${a.revokedKey}`, revoked: true },
      ].sort((x, y) => x.id.localeCompare(y.id)),
    );
    expect(byTenant(await model.readerKeys(), b.tenant.id)).to.have.length(2);

    const zones = await model.zones(a.tenant.id);
    expect(zones).to.deep.equal(
      [
        { id: a.zone, tenantId: a.tenant.id, name: 'Front', active: true, hoursJson: { MON: [['09:00', '17:00']] }, deleted: false, readerIds: ['R-1', 'R-2'] },
        { id: a.deletedZone, tenantId: a.tenant.id, name: 'Old', active: false, hoursJson: null, deleted: true, readerIds: [] },
      ].sort((x, y) => x.id.localeCompare(y.id)),
    );
    expect(byTenant(await model.zones(), b.tenant.id).map((z) => z.id).sort()).to.deep.equal([b.zone, b.deletedZone].sort());

    const grants = await model.activeGrants(a.tenant.id);
    expect(grants).to.deep.equal(
      [
        { id: a.userGrant, tenantId: a.tenant.id, userId: a.holder.id, visitorPassId: null, zoneId: a.zone, expiresAt: at('2031-01-01T00:00:00Z') },
        { id: a.visitorGrant, tenantId: a.tenant.id, userId: null, visitorPassId: a.pass, zoneId: a.zone, expiresAt: at('2030-01-01T00:00:00Z') },
      ].sort((x, y) => x.id.localeCompare(y.id)),
    );
    expect(byTenant(await model.activeGrants(), b.tenant.id).map((g) => g.id).sort()).to.deep.equal([b.userGrant, b.visitorGrant].sort());

    expect(await model.grantedUsers(a.tenant.id)).to.deep.equal([{ id: a.holder.id, tenantId: a.tenant.id, fullName: 'Holder Europe/Paris' }]);
    expect((await model.grantedUsers()).map((u) => u.id).sort()).to.deep.equal([a.holder.id, b.holder.id].sort());

    expect(await model.visitorPasses(a.tenant.id)).to.deep.equal([
      { id: a.pass, tenantId: a.tenant.id, visitorName: 'Vera', expiresAt: at('2030-01-01T00:00:00Z'), revokedAt: at('2029-12-01T00:00:00Z') },
    ]);
    expect(byTenant(await model.visitorPasses(), b.tenant.id).map((p) => p.id)).to.deep.equal([b.pass]);

    expect(await model.signingKeys(a.tenant.id)).to.deep.equal([{ id: a.signingKey, tenantId: a.tenant.id, publicKey: 'PUBLIC', retiredAt: null }]);
    expect((await model.signingKeys()).map((k) => k.id).sort()).to.deep.equal([a.signingKey, b.signingKey].sort());
  });
});
