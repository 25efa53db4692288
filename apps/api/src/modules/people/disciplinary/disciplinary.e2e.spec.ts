import { expect } from 'chai';
import { createUser, type CreatedUser } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const NOT_FOUND = { message: 'Disciplinary action not found', error: 'Not Found', statusCode: 404 };
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const DAY = 86_400_000;

describe('disciplinary actions (HTTP)', () => {
  const s = twoTenantSuite();
  let hr: CreatedUser;
  let token: string;
  let alice: CreatedUser;

  beforeEach(async () => {
    hr = await createUser(s.h.ds, s.tenantA, { role: 'HR_MANAGER' });
    token = await s.h.tokenFor(hr);
    alice = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
  });
  const issue = async (body: Record<string, unknown>, as?: string) =>
    s.h.request('POST', '/disciplinary-actions', { token: as ?? (await s.h.tokenFor(hr)), body: { userId: alice.id, level: 'VERBAL', category: 'ATTENDANCE', ...body } });

  it('issues an action with the details for HR, and records disciplinary.issued without them', async () => {
    const res = await issue({ level: 'WRITTEN', details: 'Late three times this week' });
    expect(res.status).to.equal(201);
    expect(res.body).to.deep.equal({
      id: res.body.id,
      tenantId: s.tenantA,
      userId: alice.id,
      level: 'WRITTEN',
      requestedLevel: 'WRITTEN',
      category: 'ATTENDANCE',
      details: 'Late three times this week',
      autoEscalated: false,
      issuedByUserId: hr.id,
      issuedAt: s.h.clock.now().toISOString(),
    });
    const [event] = await s.h.ds.query(`SELECT payload FROM domain_events WHERE tenant_id = $1 AND type = 'disciplinary.issued'`, [s.tenantA]);
    expect(event.payload).to.deep.equal({ tenantId: s.tenantA, disciplinaryActionId: res.body.id, userId: alice.id, level: 'WRITTEN', category: 'ATTENDANCE', autoEscalated: false, issuedByUserId: hr.id });
  });

  it('escalates the third action of a category within 90 days by one level; other categories and older actions do not count', async () => {
    await issue({});
    s.h.clock.advance(100 * DAY);
    await issue({});
    await issue({ category: 'CONDUCT' });
    s.h.clock.advance(10 * DAY);
    expect((await issue({})).body).to.include({ level: 'VERBAL', autoEscalated: false });
    s.h.clock.advance(DAY);
    expect((await issue({})).body).to.include({ level: 'WRITTEN', requestedLevel: 'VERBAL', autoEscalated: true });
    expect((await issue({ level: 'FINAL' })).body).to.include({ level: 'DISMISSAL', autoEscalated: true });
  });

  it('validates the body and refuses an action to oneself', async () => {
    expect((await issue({ level: 'STERN' })).body).to.deep.equal(badRequest('level must be one of the following values: VERBAL, WRITTEN, FINAL, DISMISSAL'));
    expect((await issue({ category: undefined })).body).to.deep.equal(badRequest('category is required'));
    expect((await issue({ details: '' })).body).to.deep.equal(badRequest('details must be at least 1 characters'));
    expect((await issue({ userId: hr.id })).body).to.deep.equal({ message: 'You cannot issue a disciplinary action to yourself', error: 'Forbidden', statusCode: 403 });
  });

  it('HR roles issue; others are 403; the person reads their own without details; 401; 404 across tenants', async () => {
    for (const role of ['AREA_MANAGER', 'OUTLET_MANAGER', 'STAFF'] as const) expect((await issue({}, await s.tokenAs(role))).body).to.deep.equal(FORBIDDEN);
    expect((await issue({}, await s.tokenAs('COMPANY_ADMIN'))).status).to.equal(201);
    const id = (await issue({ details: 'Shouted at a customer', category: 'CONDUCT' })).body.id;
    const own = await s.h.tokenFor(alice);
    const mine = await s.h.request('GET', `/disciplinary-actions/${id}`, { token: own });
    expect(mine.body).to.not.have.property('details');
    expect(mine.body.level).to.equal('VERBAL');
    expect((await s.h.request('GET', '/disciplinary-actions', { token: own })).body).to.have.length(2);
    expect((await s.h.request('GET', `/disciplinary-actions/${id}`, { token: await s.tokenAs('STAFF') })).body).to.deep.equal(NOT_FOUND);
    expect((await s.h.request('GET', `/disciplinary-actions?userId=${alice.id}`, { token: await s.tokenAs('STAFF') })).status).to.equal(403);
    expect((await s.h.request('GET', `/disciplinary-actions/${id}`, { token: await s.tokenAs('HR_MANAGER', s.tenantB) })).body).to.deep.equal(NOT_FOUND);
    expect((await issue({}, await s.tokenAs('HR_MANAGER', s.tenantB))).body).to.deep.equal({ message: 'User not found', error: 'Not Found', statusCode: 404 });
    expect((await s.h.request('GET', '/disciplinary-actions', {})).body).to.deep.equal(UNAUTHORIZED);
    const listed = await s.h.request('GET', `/disciplinary-actions?userId=${alice.id}&category=CONDUCT`, { token });
    expect(listed.body.map((a: { id: string; details: string }) => [a.id, a.details])).to.deep.equal([[id, 'Shouted at a customer']]);
  });
});
