import { expect } from 'chai';
import { createUser, type CreatedUser } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const NOT_FOUND = { message: 'Contract not found', error: 'Not Found', statusCode: 404 };
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const conflict = (message: string, error = 'Conflict') => ({ message, error, statusCode: 409 });

describe('HR contracts (HTTP)', () => {
  const s = twoTenantSuite();
  let hr: string;
  let alice: CreatedUser;

  beforeEach(async () => {
    hr = await s.tokenAs('HR_MANAGER');
    alice = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
  });

  const body = (over: Record<string, unknown> = {}) => ({ userId: alice.id, jobTitle: 'Barista', employmentType: 'FULL_TIME', startDate: '2026-01-05', salaryMinor: 2_600_000, currency: 'GBP', ...over });
  const create = (b: unknown, token = hr) => s.h.request('POST', '/contracts', { token, body: b });
  const act = (id: string, action: string, b?: unknown, token = hr) => s.h.request('POST', `/contracts/${id}/${action}`, { token, body: b });

  it('creates a DRAFT with every field, salary included for HR roles', async () => {
    const res = await create(body({ endDate: '2026-12-31', annualLeaveDays: 25 }));
    expect(res.status).to.equal(201);
    expect(res.body).to.deep.include({
      tenantId: s.tenantA,
      userId: alice.id,
      jobTitle: 'Barista',
      employmentType: 'FULL_TIME',
      status: 'DRAFT',
      startDate: '2026-01-05',
      endDate: '2026-12-31',
      annualLeaveDays: 25,
      salaryMinor: 2_600_000,
      currency: 'GBP',
      endReason: null,
      endedAt: null,
    });
  });

  it('validates the body', async () => {
    expect((await create(body({ employmentType: 'SOMETIMES' }))).body).to.deep.equal(
      badRequest('employmentType must be one of the following values: FULL_TIME, PART_TIME, FIXED_TERM, CASUAL, INTERN, CONTRACTOR'),
    );
    expect((await create(body({ startDate: '05/01/2026' }))).body).to.deep.equal(badRequest('startDate must be a valid date in YYYY-MM-DD format'));
    expect((await create(body({ endDate: '2025-12-31' }))).body).to.deep.equal(badRequest('endDate must not be before startDate'));
    expect((await create(body({ currency: undefined }))).body).to.deep.equal(badRequest('currency must be given with salaryMinor, and only with it'));
    expect((await create(body({ currency: 'pounds' }))).body).to.deep.equal(badRequest('currency must be an ISO 4217 code such as GBP'));
    expect((await create(body({ salaryMinor: -1 }))).status).to.equal(400);
    expect((await create({ ...body(), userId: 'x' })).body).to.deep.equal(badRequest('userId must be a UUID'));
  });

  it('activates a draft, superseding the active one; terminates an active one with a reason; refuses what the states forbid', async () => {
    const first = (await create(body())).body.id;
    const second = (await create(body({ jobTitle: 'Supervisor' }))).body.id;
    expect((await act(first, 'terminate', { reason: 'x' })).body).to.deep.equal(conflict('A contract that is DRAFT cannot be terminated'));
    expect((await act(first, 'activate')).body.status).to.equal('ACTIVE');
    expect((await act(first, 'activate')).body).to.deep.equal(conflict('A contract that is ACTIVE cannot be activated'));
    expect((await act(second, 'activate')).body.status).to.equal('ACTIVE');
    const old = await s.h.request('GET', `/contracts/${first}`, { token: hr });
    expect(old.body).to.include({ status: 'TERMINATED', endReason: 'SUPERSEDED', endedAt: s.h.clock.now().toISOString() });
    expect((await act(second, 'terminate', {})).body).to.deep.equal(badRequest('reason is required'));
    expect((await act(second, 'terminate', { reason: 'Moved abroad' })).body).to.include({ status: 'TERMINATED', endReason: 'Moved abroad' });
    expect((await s.h.request('PATCH', `/contracts/${second}`, { token: hr, body: { jobTitle: 'x' } })).body).to.deep.equal(conflict('A contract that is TERMINATED cannot be edited'));
    const inactive = await createUser(s.h.ds, s.tenantA, { role: 'STAFF', status: 'INACTIVE' });
    const theirs = (await create(body({ userId: inactive.id }))).body.id;
    expect((await act(theirs, 'activate')).body).to.deep.equal(conflict('The user is not active'));
  });

  it('edits a draft or active contract; an empty edit or an end before the start is refused', async () => {
    const id = (await create(body({ endDate: '2026-06-30' }))).body.id;
    expect((await s.h.request('PATCH', `/contracts/${id}`, { token: hr, body: { jobTitle: 'Head barista', employmentType: 'PART_TIME' } })).body).to.include({ jobTitle: 'Head barista', employmentType: 'PART_TIME' });
    expect((await s.h.request('PATCH', `/contracts/${id}`, { token: hr, body: {} })).body).to.deep.equal(
      badRequest('body must contain at least one of: jobTitle, employmentType, startDate, endDate, salaryMinor, currency, annualLeaveDays'),
    );
    expect((await s.h.request('PATCH', `/contracts/${id}`, { token: hr, body: { startDate: '2026-07-01' } })).body).to.deep.equal(conflict('endDate must not be before startDate'));
    expect((await s.h.request('PATCH', `/contracts/${id}`, { token: hr, body: { endDate: null } })).body.endDate).to.equal(null);
  });

  it('HR roles manage contracts; others are 403; anyone reads their own without the salary; 401 without a token', async () => {
    for (const role of ['TENANT_OWNER', 'COMPANY_ADMIN'] as const) expect((await create(body(), await s.tokenAs(role))).status).to.equal(201);
    for (const role of ['AREA_MANAGER', 'OPERATIONS_MANAGER', 'OUTLET_MANAGER', 'STAFF'] as const) expect((await create(body(), await s.tokenAs(role))).body).to.deep.equal(FORBIDDEN);
    const id = (await create(body())).body.id;
    const own = await s.h.tokenFor(alice);
    for (const action of ['activate', 'terminate']) expect((await act(id, action, { reason: 'x' }, own)).body).to.deep.equal(FORBIDDEN);
    const mine = await s.h.request('GET', `/contracts/${id}`, { token: own });
    expect(mine.status).to.equal(200);
    expect(mine.body).to.not.have.any.keys('salaryMinor', 'currency');
    const listed = await s.h.request('GET', '/contracts', { token: own });
    expect(listed.body.length).to.equal(3);
    expect(listed.body.every((c: Record<string, unknown>) => c.userId === alice.id && !('salaryMinor' in c))).to.equal(true);
    const colleague = await s.tokenAs('STAFF');
    expect((await s.h.request('GET', `/contracts/${id}`, { token: colleague })).body).to.deep.equal(NOT_FOUND);
    expect((await s.h.request('GET', `/contracts?userId=${alice.id}`, { token: colleague })).body).to.deep.equal({ message: 'You can list only your own contracts', error: 'Forbidden', statusCode: 403 });
    expect((await s.h.request('GET', '/contracts', {})).body).to.deep.equal(UNAUTHORIZED);
  });

  it('is 404 across tenants: another tenant’s contract, or a person of another tenant', async () => {
    const id = (await create(body())).body.id;
    const other = await s.tokenAs('HR_MANAGER', s.tenantB);
    expect((await s.h.request('GET', `/contracts/${id}`, { token: other })).body).to.deep.equal(NOT_FOUND);
    expect((await act(id, 'activate', undefined, other)).body).to.deep.equal(NOT_FOUND);
    expect((await s.h.request('PATCH', `/contracts/${id}`, { token: other, body: { jobTitle: 'x' } })).body).to.deep.equal(NOT_FOUND);
    expect((await s.h.request('GET', '/contracts', { token: other })).body).to.deep.equal([]);
    expect((await create(body(), other)).body).to.deep.equal({ message: 'User not found', error: 'Not Found', statusCode: 404 });
  });
});
