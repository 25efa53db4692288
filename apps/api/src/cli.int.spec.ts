import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { ScryptPasswordHasher } from '@wfm/core/crypto';
import { TenantEntity } from '@wfm/db/entities/tenant.entity';
import { UserEntity } from '@wfm/db/entities/user.entity';
import { createTestDatabase, type TestDatabase } from '@wfm/testing/database';
import { createTenant } from '@wfm/testing/factories';
import { freePort } from '@wfm/testing/child-process';
import { runCli } from './cli.js';

describe('operator CLI (database)', () => {
  let db: TestDatabase;
  before(async () => {
    db = await createTestDatabase();
  });
  after(async () => db.drop());

  /** `secret` answers the password prompt; `asked` records which prompts were shown. */
  async function cli(argv: string[], env: NodeJS.ProcessEnv = { DATABASE_URL: db.url }, secret = 'owner-password-1') {
    const out: string[] = [];
    const err: string[] = [];
    const asked: string[] = [];
    const readSecret = async (prompt: string) => (asked.push(prompt), secret);
    const code = await runCli(argv, { env, out: (t) => out.push(t), err: (t) => err.push(t), readSecret });
    return { code, out: out.join('\n'), err: err.join('\n'), asked };
  }

  const create = [
    'tenant:create',
    '--name', 'Acme',
    '--plan', 'ENTERPRISE',
    '--timezone', 'Europe/London',
    '--owner-name', 'Ann',
    '--owner-email', 'ann@acme.test',
  ];

  it('tenant:create provisions the tenant and owner and prints both as JSON', async () => {
    const res = await cli([...create, '--slug', 'acme']);
    expect(res.err).to.equal('');
    expect(res.code).to.equal(0);
    expect(res.asked).to.deep.equal(['Owner password: ']);
    const printed = JSON.parse(res.out);
    expect(printed.tenant).to.include({ name: 'Acme', slug: 'acme', plan: 'ENTERPRISE', timezone: 'Europe/London', publicApiEnabled: false, ssoEnabled: false });
    expect(printed.tenant.features).to.deep.equal({ webhooks: true, accessControl: true, developerApi: true, scim: true, sso: true });
    expect(printed.owner).to.include({ tenantId: printed.tenant.id, fullName: 'Ann', email: 'ann@acme.test', role: 'TENANT_OWNER', status: 'ACTIVE' });
    expect(res.out).to.not.include('owner-password-1');

    const owner = await db.dataSource
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('u.id = :id', { id: printed.owner.id })
      .getOneOrFail();
    expect(await new ScryptPasswordHasher().verify('owner-password-1', owner.passwordHash!)).to.equal(true);
  });

  it('tenant:create derives the slug when --slug is absent', async () => {
    const named = create.map((a) => (a === 'Acme' ? 'Acme Derived' : a));
    expect(JSON.parse((await cli(named)).out).tenant.slug).to.equal('acme-derived');
    expect(JSON.parse((await cli(named)).out).tenant.slug).to.equal('acme-derived-2');
  });

  const tenantCount = () => db.dataSource.getRepository(TenantEntity).count();

  it('tenant:create fails with exit code 1 and one line naming every problem; nothing is written', async () => {
    const before = await tenantCount();
    const res = await cli(['tenant:create', '--name', 'Acme', '--plan', 'GOLD', '--timezone', 'Mars/Base', '--owner-name', 'Ann', '--owner-email', 'nope'], undefined, 'short');
    expect(res.code).to.equal(1);
    expect(res.out).to.equal('');
    expect(res.err).to.equal(
      'error: plan must be one of the following values: FREE, BASIC, GROWTH, ENTERPRISE; timezone must be a valid IANA time zone; ' +
        'owner.email must be an email; owner.password must be at least 10 characters',
    );
    expect(await tenantCount()).to.equal(before);
  });

  it('tenant:create reports a taken slug', async () => {
    await createTenant(db.dataSource, { slug: 'acme-taken' });
    const before = await tenantCount();
    const res = await cli([...create, '--slug', 'acme-taken']);
    expect(res.code).to.equal(1);
    expect(res.err).to.match(/^error: .+/).and.not.include('\n');
    expect(await tenantCount()).to.equal(before);
  });

  it('tenant:update changes plan and switches through the operator rules and prints the tenant', async () => {
    const t = await createTenant(db.dataSource, { plan: 'ENTERPRISE', publicApiEnabled: true, ssoEnabled: false });
    const res = await cli(['tenant:update', '--id', t.id, '--plan', 'GROWTH', '--public-api', 'false', '--sso', 'true']);
    expect(res.code).to.equal(0);
    const printed = JSON.parse(res.out);
    expect(printed).to.include({ id: t.id, plan: 'GROWTH', publicApiEnabled: false, ssoEnabled: true });
    expect(printed.features.developerApi).to.equal(false);
    const row = await db.dataSource.getRepository(TenantEntity).findOneByOrFail({ id: t.id });
    expect(row).to.include({ plan: 'GROWTH', publicApiEnabled: false, ssoEnabled: true });
  });

  it('tenant:update rejects bad values, no changes and unknown tenants', async () => {
    const t = await createTenant(db.dataSource, { plan: 'ENTERPRISE' });
    expect(await cli(['tenant:update', '--id', t.id, '--sso', 'yes'])).to.deep.include({ code: 1, err: 'error: ssoEnabled must be a boolean' });
    expect(await cli(['tenant:update', '--id', t.id])).to.deep.include({ code: 1, err: 'error: body must contain at least one of: plan, publicApiEnabled, ssoEnabled' });
    expect(await cli(['tenant:update', '--id', 'acme', '--plan', 'FREE'])).to.deep.include({ code: 1, err: 'error: id must be a UUID' });
    expect(await cli(['tenant:update', '--id', '00000000-0000-4000-8000-000000000000', '--plan', 'FREE'])).to.deep.include({ code: 1, err: 'error: Tenant not found' });
    expect((await db.dataSource.getRepository(TenantEntity).findOneByOrFail({ id: t.id })).plan).to.equal('ENTERPRISE');
  });

  it('tenant:update closes the tenant’s pending upgrade request; plan-request:list prints the requests, newest first, by status', async () => {
    const t = await createTenant(db.dataSource, { plan: 'FREE' });
    const other = await createTenant(db.dataSource, { plan: 'BASIC' });
    const [granted, waiting] = [randomUUID(), randomUUID()];
    const insert = `INSERT INTO plan_requests (id, tenant_id, current_plan, requested_plan, status, created_at) VALUES ($1, $2, $3, 'GROWTH', 'PENDING', $4)`;
    await db.dataSource.query(insert, [granted, t.id, 'FREE', new Date('2026-11-01T10:00:00Z')]);
    await db.dataSource.query(insert, [waiting, other.id, 'BASIC', new Date('2026-11-02T10:00:00Z')]);
    expect((await cli(['tenant:update', '--id', t.id, '--plan', 'GROWTH'])).code).to.equal(0);
    const done = await cli(['plan-request:list', '--status', 'DONE', '--limit', '100']);
    expect(done.code, done.err).to.equal(0);
    expect(JSON.parse(done.out).find((r: { id: string }) => r.id === granted)).to.include({ tenantId: t.id, plan: 'GROWTH', status: 'DONE', grantedPlan: 'GROWTH', requestedBy: null });
    const pending: Array<{ id: string; status: string }> = JSON.parse((await cli(['plan-request:list', '--status', 'PENDING'])).out);
    expect(pending.map((r) => r.id)).to.include(waiting).and.not.include(granted);
    const all: Array<{ id: string }> = JSON.parse((await cli(['plan-request:list'])).out);
    expect(all.map((r) => r.id).indexOf(waiting)).to.be.lessThan(all.map((r) => r.id).indexOf(granted));
    expect(await cli(['plan-request:list', '--status', 'OPEN'])).to.deep.include({ code: 1, err: 'error: status must be one of the following values: PENDING, DONE' });
  });

  it('sso:verify-domain vouches for a domain the tenant added to a connection, without DNS', async () => {
    const t = await createTenant(db.dataSource, { plan: 'ENTERPRISE', ssoEnabled: true });
    const connectionId = randomUUID();
    const now = new Date();
    await db.dataSource.query(
      `INSERT INTO sso_connections (id, tenant_id, protocol, name, oidc_issuer, oidc_client_id, oidc_client_secret_sealed, created_at, updated_at) VALUES ($1, $2, 'OIDC', 'Okta', 'https://idp.test', 'c', 'sealed', $3, $3)`,
      [connectionId, t.id, now],
    );
    await db.dataSource.query(`INSERT INTO sso_domains (id, tenant_id, connection_id, domain, verification_token, created_at) VALUES ($1, $2, $3, 'corp.internal', 'tok', $4)`, [randomUUID(), t.id, connectionId, now]);
    const res = await cli(['sso:verify-domain', '--tenant', t.id, '--domain', 'CORP.internal']);
    expect(res.code, res.err).to.equal(0);
    expect(JSON.parse(res.out)).to.deep.include({ domain: 'corp.internal', verified: true });
    expect(await cli(['sso:verify-domain', '--tenant', t.id, '--domain', 'other.internal'])).to.deep.include({ code: 1, err: 'error: The tenant has not added other.internal to a connection' });
    expect(await cli(['sso:verify-domain', '--tenant', t.id, '--domain', 'not a domain'])).to.deep.include({ code: 1, err: 'error: domain must be a domain name such as example.com' });
  });

  it('tenant:list prints every tenant', async () => {
    const a = await createTenant(db.dataSource, { name: 'A' });
    const b = await createTenant(db.dataSource, { name: 'B' });
    const res = await cli(['tenant:list']);
    expect(res.code).to.equal(0);
    const printed: string[] = JSON.parse(res.out).map((t: { id: string }) => t.id);
    expect(printed).to.include.members([a.id, b.id]);
    const all = await db.dataSource.getRepository(TenantEntity).find();
    expect(printed.sort()).to.deep.equal(all.map((t) => t.id).sort());
  });

  it('refuses unknown options and unknown commands with exit code 1', async () => {
    const before = await tenantCount();
    expect(await cli([...create, '--colour', 'red'])).to.deep.include({ code: 1 });
    expect((await cli([...create, '--colour', 'red'])).err).to.match(/^error: Unknown option '--colour'/);
    const unknown = await cli(['tenant:delete']);
    expect(unknown.code).to.equal(1);
    expect(unknown.err).to.match(/^error: unknown command 'tenant:delete'\nusage:/);
    expect(await tenantCount()).to.equal(before);
  });

  it('refuses a password on the command line, before asking or writing anything', async () => {
    const before = await tenantCount();
    for (const args of [[...create, '--owner-password', 'owner-password-1'], [...create, '--owner-password=owner-password-1']]) {
      const res = await cli(args);
      expect(res).to.deep.include({ code: 1, out: '', asked: [] });
      expect(res.err).to.equal('error: passwords are not taken on the command line, where shell history and ps keep them: type it at the prompt, or pipe it on stdin');
    }
    expect(await tenantCount()).to.equal(before);
  });

  it('--help prints every command (exit 0); <command> --help prints that one', async () => {
    const all = await cli(['--help']);
    expect(all.code).to.equal(0);
    for (const c of ['tenant:create', 'tenant:update', 'tenant:list', 'plan-request:list']) expect(all.out).to.contain(`npm run cli -- ${c}`);
    const one = await cli(['tenant:update', '--help']);
    expect(one.code).to.equal(0);
    expect(one.out).to.contain('npm run cli -- tenant:update --id <uuid>').and.not.contain('tenant:create');
    expect(one.asked).to.deep.equal([]);
  });

  it('without DATABASE_URL, uses the embedded PostgreSQL of npm start, and says what to do when none answers', async () => {
    const nothing = await freePort();
    expect(await cli(['tenant:list'], { EMBEDDED_PG_PORT: String(nothing) })).to.deep.include({
      code: 1,
      err: `error: DATABASE_URL is not set and no embedded PostgreSQL of npm start answers on 127.0.0.1:${nothing}: start npm start, or set DATABASE_URL`,
    });
  });
});
