import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createUser, type CreatedUser } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';

const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const NOT_FOUND = { message: 'Offboarding not found', error: 'Not Found', statusCode: 404 };
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const conflict = (message: string, error = 'Conflict') => ({ message, error, statusCode: 409 });

describe('offboarding (HTTP)', () => {
  const s = twoTenantSuite();
  let hr: CreatedUser;
  let token: string;
  let leaver: CreatedUser;

  beforeEach(async () => {
    hr = await createUser(s.h.ds, s.tenantA, { role: 'HR_MANAGER' });
    token = await s.h.tokenFor(hr);
    leaver = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
  });

  const start = (over: Record<string, unknown> = {}, as = token) => s.h.request('POST', '/offboarding', { token: as, body: { userId: leaver.id, reason: 'RESIGNATION', lastWorkingDay: '2026-06-30', ...over } });
  const tickAll = async (o: { id: string; checklist: Array<{ id: string }> }) => {
    for (const item of o.checklist) expect((await s.h.request('PATCH', `/offboarding/${o.id}/checklist/${item.id}`, { token, body: { done: true } })).status).to.equal(200);
  };
  async function activeContract(): Promise<string> {
    const c = await s.h.request('POST', '/contracts', { token, body: { userId: leaver.id, jobTitle: 'Cook', employmentType: 'FULL_TIME', startDate: '2020-03-01', salaryMinor: 2_600_000, currency: 'GBP' } });
    await s.h.request('POST', `/contracts/${c.body.id}/activate`, { token });
    return c.body.id;
  }

  it('starts with the default checklist and previews the settlement from the contract and the leave on record', async () => {
    await activeContract();
    await s.h.ds.query(
      `INSERT INTO leave_requests (id, tenant_id, user_id, leave_type, start_date, end_date, days, days_decimal, status, decided_at)
       VALUES ($1, $2, $3, 'ANNUAL', '2026-02-02T00:00:00Z', '2026-02-06T23:59:59.999Z', 5, 5, 'APPROVED', now()),
              ($4, $2, $3, 'UNPAID', '2026-06-10T00:00:00Z', '2026-06-10T23:59:59.999Z', 1, 1, 'APPROVED', now())`,
      [randomUUID(), s.tenantA, leaver.id, randomUUID()],
    );
    const res = await start();
    expect(res.status).to.equal(201);
    expect(res.body).to.deep.include({ userId: leaver.id, reason: 'RESIGNATION', lastWorkingDay: '2026-06-30', status: 'IN_PROGRESS', startedByUserId: hr.id, completedAt: null });
    expect(res.body.checklist.map((i: { title: string; done: boolean }) => [i.title, i.done])).to.deep.equal([
      ['Collect keys, uniform and equipment', false],
      ['Withdraw system and door access', false],
      ['Hold the exit interview', false],
      ['Confirm final pay details', false],
    ]);
    const preview = await s.h.request('GET', `/offboarding/${res.body.id}`, { token });
    expect(preview.body.settlement).to.include({ accruedLeaveDays: 14, leaveTakenDays: 5, leaveBalanceDays: 9, unpaidLeaveDays: 1, dailyRateMinor: 10_000, netMinor: 80_000 });
  });

  it('finalizes once the checklist is done: settlement fixed, contract TERMINATED (OFFBOARDING), person INACTIVE with sessions ended, one event', async () => {
    const contractId = await activeContract();
    const leaverToken = await s.h.tokenFor(leaver);
    const o = (await start()).body;
    expect((await s.h.request('POST', `/offboarding/${o.id}/finalize`, { token })).body).to.deep.equal(conflict('4 checklist item(s) are not done', 'CHECKLIST_INCOMPLETE'));
    await s.h.request('POST', `/offboarding/${o.id}/checklist`, { token, body: { title: 'Return the laptop' } });
    await tickAll((await s.h.request('GET', `/offboarding/${o.id}`, { token })).body);
    const [{ n: before }] = await s.h.ds.query(`SELECT count(*)::int AS n FROM domain_events WHERE tenant_id = $1`, [s.tenantA]);
    const done = await s.h.request('POST', `/offboarding/${o.id}/finalize`, { token });
    expect(done.status).to.equal(200);
    expect(done.headers.get('x-access-propagation')).to.equal('complete');
    expect(done.body).to.deep.include({ status: 'COMPLETED', finalizedByUserId: hr.id, completedAt: s.h.clock.now().toISOString() });
    expect(done.body.settlement).to.include({ currency: 'GBP', dailyRateMinor: 10_000 });
    expect((await s.h.request('GET', `/contracts/${contractId}`, { token })).body).to.include({ status: 'TERMINATED', endReason: 'OFFBOARDING' });
    const [user] = await s.h.ds.query(`SELECT status FROM users WHERE id = $1`, [leaver.id]);
    expect(user.status).to.equal('INACTIVE');
    expect((await s.h.request('GET', '/contracts', { token: leaverToken })).status).to.equal(401);
    const events = await s.h.ds.query(`SELECT type FROM domain_events WHERE tenant_id = $1 ORDER BY occurred_at OFFSET $2`, [s.tenantA, before]);
    expect(events).to.deep.equal([{ type: 'offboarding.settled' }]);
    expect((await s.h.request('POST', `/offboarding/${o.id}/finalize`, { token })).body).to.deep.equal(conflict('An offboarding that is COMPLETED cannot be finalized'));
  });

  it('one offboarding in progress per person; cancel; validation; not oneself', async () => {
    const o = (await start()).body;
    expect((await start()).body).to.deep.equal(conflict('The person already has an offboarding in progress', 'OFFBOARDING_IN_PROGRESS'));
    expect((await s.h.request('POST', `/offboarding/${o.id}/cancel`, { token })).body.status).to.equal('CANCELLED');
    expect((await s.h.request('POST', `/offboarding/${o.id}/checklist`, { token, body: { title: 'x' } })).body).to.deep.equal(conflict('An offboarding that is CANCELLED cannot be changed'));
    expect((await start()).status).to.equal(201);
    expect((await start({ reason: 'BORED' })).status).to.equal(400);
    expect((await start({ lastWorkingDay: '30/06/2026' })).body).to.deep.equal(badRequest('lastWorkingDay must be a valid date in YYYY-MM-DD format'));
    expect((await start({ userId: hr.id })).body).to.deep.equal({ message: 'You cannot offboard yourself', error: 'Forbidden', statusCode: 403 });
    expect((await s.h.request('PATCH', `/offboarding/${o.id}/checklist/${randomUUID()}`, { token, body: { done: 'yes' } })).body).to.deep.equal(badRequest('done must be a boolean'));
  });

  it('HR roles only (403 otherwise), 401 without a token, 404 across tenants', async () => {
    for (const role of ['AREA_MANAGER', 'OUTLET_MANAGER', 'STAFF'] as const) expect((await start({}, await s.tokenAs(role))).body).to.deep.equal(FORBIDDEN);
    const o = (await start()).body;
    const foreign = await s.tokenAs('HR_MANAGER', s.tenantB);
    expect((await s.h.request('GET', `/offboarding/${o.id}`, { token: foreign })).body).to.deep.equal(NOT_FOUND);
    expect((await s.h.request('POST', `/offboarding/${o.id}/finalize`, { token: foreign })).body).to.deep.equal(NOT_FOUND);
    expect((await s.h.request('GET', '/offboarding', { token: foreign })).body).to.deep.equal([]);
    expect((await start({}, foreign)).body).to.deep.equal({ message: 'User not found', error: 'Not Found', statusCode: 404 });
    expect((await s.h.request('GET', '/offboarding', {})).body).to.deep.equal(UNAUTHORIZED);
  });
});
