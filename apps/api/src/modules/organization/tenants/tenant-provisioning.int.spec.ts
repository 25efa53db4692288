import { expect } from 'chai';
import { ScryptPasswordHasher, TEST_SCRYPT } from '@wfm/core/crypto';
import { BadRequestError, ConflictError } from '@wfm/core/errors';
import { transactionRunner } from '@wfm/db/transaction';
import { TenantEntity } from '@wfm/db/entities/tenant.entity';
import { UserEntity } from '@wfm/db/entities/user.entity';
import { createTestDatabase, type TestDatabase } from '@wfm/testing/database';
import { TenantProvisioningRepository } from './tenant-provisioning.repository.js';
import { TenantProvisioningService } from './tenant-provisioning.service.js';

const passwords = new ScryptPasswordHasher(TEST_SCRYPT);
const OWNER = { fullName: 'Olga Owner', email: 'Olga@Example.test', password: 'olga-password' };

describe('TenantProvisioningService.createTenantWithOwner', () => {
  let db: TestDatabase;
  let service: TenantProvisioningService;
  before(async () => {
    db = await createTestDatabase();
    service = new TenantProvisioningService(new TenantProvisioningRepository(), transactionRunner(db.dataSource), passwords);
  });
  after(async () => db.drop());

  it('returns DTO-ready tenant and owner rows, never the password hash', async () => {
    const { tenant, owner } = await service.createTenantWithOwner({
      name: 'Globex',
      slug: 'globex',
      plan: 'ENTERPRISE',
      timezone: 'Asia/Tokyo',
      owner: { ...OWNER, mobile: '+81 90 1234 5678' },
    });
    expect(tenant).to.include({ name: 'Globex', slug: 'globex', plan: 'ENTERPRISE', timezone: 'Asia/Tokyo', publicApiEnabled: false, ssoEnabled: false });
    expect(tenant.features).to.deep.equal({ webhooks: true, accessControl: true, developerApi: true, scim: true, sso: true });
    expect(owner).to.deep.include({ tenantId: tenant.id, fullName: 'Olga Owner', email: 'olga@example.test', mobile: '+819012345678', role: 'TENANT_OWNER', status: 'ACTIVE', employeeCode: null });
    expect(owner.createdAt).to.match(/Z$/);
    expect(JSON.stringify({ tenant, owner })).not.to.contain('scrypt$');
    const stored = await db.dataSource.getRepository(UserEntity).findOneOrFail({ where: { id: owner.id }, select: { id: true, passwordHash: true } });
    expect(await passwords.verify(OWNER.password, stored.passwordHash!)).to.equal(true);
  });

  it('rejects a taken explicit slug with 409 and leaves no half-created tenant', async () => {
    await service.createTenantWithOwner({ name: 'Initech', slug: 'initech', plan: 'BASIC', timezone: 'UTC', owner: OWNER });
    const [tenants, users] = [await db.dataSource.getRepository(TenantEntity).count(), await db.dataSource.getRepository(UserEntity).count()];
    let err: unknown;
    try {
      await service.createTenantWithOwner({ name: 'Initech Two', slug: 'initech', plan: 'BASIC', timezone: 'UTC', owner: OWNER });
    } catch (e) {
      err = e;
    }
    expect(err).to.be.instanceOf(ConflictError);
    expect((err as ConflictError).body()).to.deep.equal({ message: 'Tenant slug already exists', error: 'Conflict', statusCode: 409 });
    expect(await db.dataSource.getRepository(TenantEntity).count()).to.equal(tenants);
    expect(await db.dataSource.getRepository(UserEntity).count()).to.equal(users);
  });

  it('rejects an invalid slug, timezone or mobile number with 400', async () => {
    const tenants = await db.dataSource.getRepository(TenantEntity).count();
    let err: unknown;
    try {
      await service.createTenantWithOwner({ name: 'Bad', slug: '-bad-', plan: 'FREE', timezone: 'Nowhere/Else', owner: { ...OWNER, mobile: 'abc' } });
    } catch (e) {
      err = e;
    }
    expect(err).to.be.instanceOf(BadRequestError);
    expect((err as BadRequestError).messages).to.have.length(3);
    expect(await db.dataSource.getRepository(TenantEntity).count()).to.equal(tenants);
  });
});
