import { expect } from 'chai';
import type { Role } from '@wfm/core/tenancy';
import { createOutlet } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';

const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const JOB_NOT_FOUND = { message: 'Job posting not found', error: 'Not Found', statusCode: 404 };
const OUTLET_NOT_FOUND = { message: 'Outlet not found', error: 'Not Found', statusCode: 404 };
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const conflict = (message: string, error = 'Conflict') => ({ message, error, statusCode: 409 });
const UNKNOWN_ID = '6f1c0d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f';

let addresses = 0;
const fresh = () => ({ 'x-forwarded-for': `10.119.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}` });

describe('recruiting: job postings (HTTP)', () => {
  const s = twoTenantSuite({ env: { TRUST_PROXY: 'true' } });
  let hr: string;
  let slugA: string;

  beforeEach(async () => {
    hr = await s.tokenAs('HR_MANAGER');
    slugA = (await s.h.ds.query(`SELECT slug FROM tenants WHERE id = $1`, [s.tenantA]))[0].slug;
  });

  const posting = { title: 'Line cook', slug: 'line-cook', description: 'Prep and grill.', employmentType: 'FULL_TIME' };
  const createJob = async (over: Record<string, unknown> = {}, token = hr) => {
    const res = await s.h.request('POST', '/recruiting/jobs', { token, body: { ...posting, ...over } });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body;
  };
  const patchJob = (id: string, body: unknown, token = hr) => s.h.request('PATCH', `/recruiting/jobs/${id}`, { token, body });
  const apply = async () => {
    const res = await s.h.request('POST', `/careers/${slugA}/jobs/line-cook/apply`, { body: { fullName: 'Ada Lovelace', email: 'ada@example.test' }, headers: fresh() });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
  };

  it('creates a draft, publishes, closes and reopens it with the timestamps; nothing goes back to DRAFT', async () => {
    const outlet = await createOutlet(s.h.ds, s.tenantA);
    const job = await createJob({ outletId: outlet.id, location: 'Camden' });
    const created = s.h.clock.now().toISOString();
    expect(job).to.deep.include({ tenantId: s.tenantA, ...posting, outletId: outlet.id, location: 'Camden', status: 'DRAFT', publishedAt: null, closedAt: null, applicationCount: 0, createdAt: created, updatedAt: created });

    s.h.clock.advance(1000);
    const open = await patchJob(job.id, { status: 'OPEN', title: 'Line cook (nights)', location: null, outletId: null });
    const opened = s.h.clock.now().toISOString();
    expect(open.body).to.deep.include({ status: 'OPEN', title: 'Line cook (nights)', location: null, outletId: null, publishedAt: opened, closedAt: null, updatedAt: opened });
    s.h.clock.advance(1000);
    expect((await patchJob(job.id, { status: 'CLOSED' })).body).to.deep.include({ status: 'CLOSED', publishedAt: opened, closedAt: s.h.clock.now().toISOString() });
    expect((await patchJob(job.id, { status: 'CLOSED' })).status, 'the same status again changes nothing').to.equal(200);
    expect((await patchJob(job.id, { status: 'DRAFT' })).body).to.deep.equal(conflict('A CLOSED posting cannot become DRAFT', 'INVALID_STATUS_TRANSITION'));
    s.h.clock.advance(1000);
    expect((await patchJob(job.id, { status: 'OPEN' })).body).to.deep.include({ status: 'OPEN', publishedAt: s.h.clock.now().toISOString(), closedAt: null });
    expect((await patchJob(job.id, { status: 'DRAFT' })).body).to.deep.equal(conflict('A OPEN posting cannot become DRAFT', 'INVALID_STATUS_TRANSITION'));

    const draft = await createJob({ slug: 'waiter' });
    expect((await patchJob(draft.id, { status: 'CLOSED' })).body).to.deep.equal(conflict('A DRAFT posting cannot become CLOSED', 'INVALID_STATUS_TRANSITION'));
    expect((await s.h.request('GET', `/recruiting/jobs/${job.id}`, { token: hr })).body).to.deep.include({ status: 'OPEN', title: 'Line cook (nights)' });
  });

  it('lists newest first, by status, with each posting’s application count', async () => {
    const a = await createJob({ status: 'OPEN' });
    s.h.clock.advance(1000);
    const b = await createJob({ slug: 'waiter' });
    await createJob({ slug: 'theirs' }, await s.tokenAs('HR_MANAGER', s.tenantB));
    await apply();
    await apply();
    const all = await s.h.request('GET', '/recruiting/jobs', { token: hr });
    expect(all.body.map((j: { id: string; applicationCount: number }) => [j.id, j.applicationCount])).to.deep.equal([
      [b.id, 0],
      [a.id, 2],
    ]);
    expect((await s.h.request('GET', '/recruiting/jobs?status=OPEN', { token: hr })).body.map((j: { id: string }) => j.id)).to.deep.equal([a.id]);
    expect((await s.h.request('GET', '/recruiting/jobs?limit=1&offset=1', { token: hr })).body.map((j: { id: string }) => j.id)).to.deep.equal([a.id]);
    expect((await s.h.request('GET', '/recruiting/jobs?status=GONE&x=1', { token: hr })).body).to.deep.equal(
      badRequest('status must be one of the following values: DRAFT, OPEN, CLOSED', 'property x should not exist'),
    );
  });

  it('validates postings; a slug is unique within the tenant only (409); the outlet must be the tenant’s (404)', async () => {
    expect((await s.h.request('POST', '/recruiting/jobs', { token: hr, body: {} })).body).to.deep.equal(
      badRequest('title is required', 'slug is required', 'description is required', 'employmentType is required'),
    );
    expect((await s.h.request('POST', '/recruiting/jobs', { token: hr, body: { ...posting, slug: 'Line Cook', employmentType: 'GIG', status: 'CLOSED', title: ' ', extra: 1 } })).body).to.deep.equal(
      badRequest(
        'title must be at least 1 characters',
        'slug must be 1 to 63 lowercase letters, digits or hyphens, not starting or ending with a hyphen',
        'employmentType must be one of the following values: FULL_TIME, PART_TIME, FIXED_TERM, CASUAL, INTERN, CONTRACTOR',
        'status must be one of the following values: DRAFT, OPEN',
        'property extra should not exist',
      ),
    );
    expect((await s.h.request('POST', '/recruiting/jobs', { token: hr, body: { ...posting, description: 'd'.repeat(20_001), location: 'l'.repeat(201) } })).body).to.deep.equal(
      badRequest('description must be at most 20000 characters', 'location must be at most 200 characters'),
    );
    const job = await createJob();
    expect((await s.h.request('POST', '/recruiting/jobs', { token: hr, body: posting })).body).to.deep.equal(conflict('A job posting with this slug already exists'));
    const other = await createJob({ slug: 'waiter' });
    expect((await patchJob(other.id, { slug: 'line-cook' })).body).to.deep.equal(conflict('A job posting with this slug already exists'));
    expect((await patchJob(other.id, {})).body).to.deep.equal(badRequest('body must contain at least one of: title, slug, description, outletId, employmentType, location, status'));
    await createJob({}, await s.tokenAs('COMPANY_ADMIN', s.tenantB));

    const foreignOutlet = await createOutlet(s.h.ds, s.tenantB);
    expect((await s.h.request('POST', '/recruiting/jobs', { token: hr, body: { ...posting, slug: 'x', outletId: foreignOutlet.id } })).body).to.deep.equal(OUTLET_NOT_FOUND);
    expect((await patchJob(job.id, { outletId: foreignOutlet.id })).body).to.deep.equal(OUTLET_NOT_FOUND);
  });

  it('deletes a posting nobody applied to; one with applications is closed instead (409)', async () => {
    const empty = await createJob({ slug: 'waiter' });
    expect((await s.h.request('DELETE', `/recruiting/jobs/${empty.id}`, { token: hr })).body).to.deep.equal({ deleted: true, id: empty.id });
    expect((await s.h.request('GET', `/recruiting/jobs/${empty.id}`, { token: hr })).body).to.deep.equal(JOB_NOT_FOUND);
    const job = await createJob({ status: 'OPEN' });
    await apply();
    expect((await s.h.request('DELETE', `/recruiting/jobs/${job.id}`, { token: hr })).body).to.deep.equal(
      conflict('This posting has applications: close it instead, or delete its applications first', 'JOB_HAS_APPLICATIONS'),
    );
  });

  describe('roles, authentication and tenants', () => {
    const routes = (jobId: string): Array<[string, string, unknown?]> => [
      ['GET', '/recruiting/jobs'],
      ['POST', '/recruiting/jobs', posting],
      ['GET', `/recruiting/jobs/${jobId}`],
      ['PATCH', `/recruiting/jobs/${jobId}`, { title: 'X' }],
      ['DELETE', `/recruiting/jobs/${jobId}`],
    ];

    it('admits TENANT_OWNER, COMPANY_ADMIN and HR_MANAGER; every other role is 403, no token 401', async () => {
      const job = await createJob();
      for (const role of ['AREA_MANAGER', 'OPERATIONS_MANAGER', 'OUTLET_MANAGER', 'STAFF'] as Role[]) {
        const token = await s.tokenAs(role);
        for (const [method, path, body] of routes(job.id)) {
          expect({ role, method, path, body: (await s.h.request(method, path, { token, body })).body }).to.deep.equal({ role, method, path, body: FORBIDDEN });
        }
      }
      for (const [method, path, body] of routes(job.id)) {
        expect({ method, path, body: (await s.h.request(method, path, { body })).body }).to.deep.equal({ method, path, body: UNAUTHORIZED });
      }
      for (const role of ['TENANT_OWNER', 'COMPANY_ADMIN', 'TENANT_GROUP_OWNER'] as Role[]) {
        expect((await s.h.request('GET', `/recruiting/jobs/${job.id}`, { token: await s.tokenAs(role) })).status, role).to.equal(200);
      }
    });

    it('answers 404 for another tenant’s posting, and leaves it untouched', async () => {
      const job = await createJob();
      const foreign = await s.tokenAs('COMPANY_ADMIN', s.tenantB);
      for (const [method, path, body] of routes(job.id).filter(([, path]) => path.includes(job.id))) {
        expect({ method, path, body: (await s.h.request(method, path, { token: foreign, body })).body }).to.deep.equal({ method, path, body: JOB_NOT_FOUND });
      }
      expect((await s.h.request('GET', '/recruiting/jobs', { token: foreign })).body).to.deep.equal([]);
      expect((await s.h.request('GET', `/recruiting/jobs/${job.id}`, { token: hr })).body).to.deep.include({ title: 'Line cook', status: 'DRAFT' });
      expect((await s.h.request('GET', `/recruiting/jobs/${UNKNOWN_ID}`, { token: hr })).body).to.deep.equal(JOB_NOT_FOUND);
      expect((await s.h.request('GET', '/recruiting/jobs/not-a-uuid', { token: hr })).body).to.deep.equal(badRequest('id must be a UUID'));
    });
  });
});
