import { expect } from 'chai';
import { uuid } from '@wfm/core/crypto';
import { createOutlet, createUser } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';
import { assignOutlets } from '../../../test-support/access-fixtures.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const NOT_YOURS = { message: 'You can manage shifts only at your outlets', error: 'Forbidden', statusCode: 403 };
const OUTLET_NOT_FOUND = { message: 'Outlet not found', error: 'Not Found', statusCode: 404 };
/** A Monday; New York is on daylight time (UTC−4) all week, the company (London) on UTC. */
const WEEK = '2030-03-11';

describe('the outlet week and its publish preview (HTTP)', () => {
  const s = twoTenantSuite();
  let outlet: string;
  let other: string;
  let admin: string;
  let managerToken: string;
  let people: { ann: string; bob: string; cy: string; manager: string; owner: string };

  beforeEach(async () => {
    outlet = (await createOutlet(s.h.ds, s.tenantA, { name: 'Queens', code: 'QNS' })).id;
    other = (await createOutlet(s.h.ds, s.tenantA, { name: 'Leeds', code: 'LDS' })).id;
    await s.h.ds.query(`UPDATE outlets SET timezone = 'America/New_York' WHERE id = $1`, [outlet]);
    admin = await s.tokenAs('OPERATIONS_MANAGER');
    const manager = await createUser(s.h.ds, s.tenantA, { role: 'OUTLET_MANAGER', fullName: 'Mo Manager' });
    const ann = await createUser(s.h.ds, s.tenantA, { role: 'STAFF', fullName: 'Ann Able' });
    const bob = await createUser(s.h.ds, s.tenantA, { role: 'STAFF', fullName: 'Bob Baker' });
    const cy = await createUser(s.h.ds, s.tenantA, { role: 'STAFF', fullName: 'Cy Cook' });
    const owner = await createUser(s.h.ds, s.tenantA, { role: 'TENANT_OWNER', fullName: 'Olive Owner' });
    for (const p of [manager, ann, bob]) await assignOutlets(s.h.ds, s.tenantA, p.id, [outlet]);
    await assignOutlets(s.h.ds, s.tenantA, cy.id, [other]);
    managerToken = await s.h.tokenFor(manager);
    people = { ann: ann.id, bob: bob.id, cy: cy.id, manager: manager.id, owner: owner.id };
    const pay = `INSERT INTO pay_settings (tenant_id, user_id, type, rate_minor, currency, overtime_daily_minutes, overtime_multiplier_pct, updated_at) VALUES ($1, $2, $3, $4, 'USD', 480, 150, now())`;
    await s.h.ds.query(pay, [s.tenantA, ann.id, 'HOURLY', 2000]);
    await s.h.ds.query(pay, [s.tenantA, bob.id, 'MONTHLY', 520_000]);
  });

  const shift = async (userId: string, start: string, end: string) =>
    (await s.h.request('POST', '/shift-assignments', { token: admin, body: { userId, outletId: outlet, scheduledStart: start, scheduledEnd: end } })).body as { id: string };
  const week = (query: string, token = managerToken) => s.h.request('GET', `/scheduler/week?${query}`, { token });
  const preview = (body: Record<string, unknown>, token = managerToken) => s.h.request('POST', '/scheduler/week/preview', { token, body: { outletId: outlet, weekStart: WEEK, shifts: [], ...body } });

  it("answers the outlet's staff (not others), their availability, the week's shifts and totals in the outlet's zone", async () => {
    // Mon 09:00–19:00 New York: 600 minutes, 120 of them overtime.
    const monday = await shift(people.ann, '2030-03-11T13:00:00Z', '2030-03-11T23:00:00Z');
    // Sunday 23:00 New York is Monday 03:00 UTC: still this week's Sunday.
    await shift(people.bob, '2030-03-18T03:00:00Z', '2030-03-18T07:00:00Z');
    // Cy is not on the outlet's staff, but works here on Tuesday; the Monday after is another week.
    await shift(people.cy, '2030-03-12T13:00:00Z', '2030-03-12T17:00:00Z');
    await shift(people.ann, '2030-03-18T13:00:00Z', '2030-03-18T17:00:00Z');
    await s.h.request('POST', `/users/${people.bob}/time-off`, { token: admin, body: { startsAt: '2030-03-13T12:00:00Z', endsAt: '2030-03-13T20:00:00Z', note: 'Dentist' } });

    const res = await week(`outletId=${outlet}&weekStart=${WEEK}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.include({ outletId: outlet, timezone: 'America/New_York', weekStart: WEEK });
    expect(res.body.days).to.deep.equal(['2030-03-11', '2030-03-12', '2030-03-13', '2030-03-14', '2030-03-15', '2030-03-16', '2030-03-17']);
    expect(res.body.people.map((p: { fullName: string; atOutlet: boolean }) => [p.fullName, p.atOutlet])).to.deep.equal([
      ['Ann Able', true],
      ['Bob Baker', true],
      ['Cy Cook', false],
      ['Mo Manager', true],
    ]);
    const bob = res.body.people.find((p: { userId: string }) => p.userId === people.bob);
    expect(bob.unavailable).to.deep.equal([{ start: '2030-03-13T12:00:00.000Z', end: '2030-03-13T20:00:00.000Z', source: 'TIME_OFF' }]);
    expect(res.body.shifts.map((x: { id: string }) => x.id)).to.include(monday.id).and.to.have.length(3);
    // Ann: 480 × $20/h + 120 × $20/h × 1.5 = $160 + $60; Bob: $5,200 × 12 / 52 = $1,200.
    expect(res.body.totals.people.map((p: { userId: string; minutes: number; cost: unknown }) => [p.userId, p.minutes, p.cost])).to.deep.equal([
      [people.ann, 600, { currency: 'USD', amountMinor: 22_000 }],
      [people.bob, 240, { currency: 'USD', amountMinor: 120_000 }],
      [people.cy, 240, null],
      [people.manager, 0, null],
    ]);
    expect(res.body.totals.days.map((d: { minutes: number }) => d.minutes)).to.deep.equal([600, 240, 0, 0, 0, 0, 240]);
    expect(res.body.totals.days[0].costs).to.deep.equal([{ currency: 'USD', amountMinor: 22_000 }]);
    expect(res.body.totals).to.deep.include({ minutes: 1080, costs: [{ currency: 'USD', amountMinor: 142_000 }], unpriced: [people.cy] });
  });

  it('previews what publishing would change for whom: added, moved, reassigned and removed, with the totals of the plan', async () => {
    const ann = await shift(people.ann, '2030-03-11T13:00:00Z', '2030-03-11T21:00:00Z');
    const bob = await shift(people.bob, '2030-03-12T13:00:00Z', '2030-03-12T21:00:00Z');
    const gone = await shift(people.ann, '2030-03-13T13:00:00Z', '2030-03-13T21:00:00Z');
    const kept = await shift(people.manager, '2030-03-14T13:00:00Z', '2030-03-14T21:00:00Z');
    const res = await preview({
      shifts: [
        { id: ann.id, userId: people.ann, scheduledStart: '2030-03-11T14:00:00Z', scheduledEnd: '2030-03-11T22:00:00Z' },
        { id: bob.id, userId: people.ann, scheduledStart: '2030-03-12T13:00:00Z', scheduledEnd: '2030-03-12T21:00:00Z' },
        { id: kept.id, userId: people.manager, scheduledStart: '2030-03-14T13:00:00Z', scheduledEnd: '2030-03-14T21:00:00Z' },
        { userId: people.bob, scheduledStart: '2030-03-15T13:00:00Z', scheduledEnd: '2030-03-15T17:00:00Z' },
      ],
    });
    expect(res.status).to.equal(200);
    expect(res.body.changes).to.deep.equal([
      {
        userId: people.ann,
        fullName: 'Ann Able',
        added: [{ id: bob.id, start: '2030-03-12T13:00:00.000Z', end: '2030-03-12T21:00:00.000Z' }],
        moved: [{ id: ann.id, start: '2030-03-11T14:00:00.000Z', end: '2030-03-11T22:00:00.000Z', from: { start: '2030-03-11T13:00:00.000Z', end: '2030-03-11T21:00:00.000Z' } }],
        removed: [{ id: gone.id, start: '2030-03-13T13:00:00.000Z', end: '2030-03-13T21:00:00.000Z' }],
      },
      {
        userId: people.bob,
        fullName: 'Bob Baker',
        added: [{ id: null, start: '2030-03-15T13:00:00.000Z', end: '2030-03-15T17:00:00.000Z' }],
        moved: [],
        removed: [{ id: bob.id, start: '2030-03-12T13:00:00.000Z', end: '2030-03-12T21:00:00.000Z' }],
      },
    ]);
    expect(res.body.totals.minutes).to.equal(28 * 60);
    // The preview wrote nothing.
    expect((await week(`outletId=${outlet}&weekStart=${WEEK}`)).body.shifts).to.have.length(4);
  });

  it('answers 400 for each invalid field and row', async () => {
    expect((await week(`outletId=${outlet}&weekStart=2030-02-30`)).status).to.equal(400);
    expect((await week(`outletId=nope&weekStart=${WEEK}`)).status).to.equal(400);
    expect((await week(`outletId=${outlet}`)).status).to.equal(400);
    const row = { userId: people.ann, scheduledStart: '2030-03-11T13:00:00Z', scheduledEnd: '2030-03-11T21:00:00Z' };
    expect((await preview({ weekStart: 'monday' })).status).to.equal(400);
    expect((await preview({ shifts: [{ ...row, scheduledEnd: row.scheduledStart }] })).body.message).to.deep.equal(['shifts[0]: scheduledEnd must be after scheduledStart']);
    expect((await preview({ shifts: [{ ...row, id: uuid() }] })).body.message).to.deep.equal(["shifts[0].id: not a shift of this outlet's week"]);
    expect((await preview({ shifts: [{ ...row, extra: 1 }] })).status).to.equal(400);
    expect((await preview({ shifts: [{ ...row, userId: uuid() }] })).status).to.equal(404);
  });

  it('answers 401 without a token, 403 to STAFF and to an OUTLET_MANAGER at another outlet, 404 across tenants', async () => {
    expect((await s.h.request('GET', `/scheduler/week?outletId=${outlet}&weekStart=${WEEK}`)).body).to.deep.equal(UNAUTHORIZED);
    expect((await s.h.request('POST', '/scheduler/week/preview', { body: {} })).body).to.deep.equal(UNAUTHORIZED);
    const staff = await s.tokenAs('STAFF');
    expect((await week(`outletId=${outlet}&weekStart=${WEEK}`, staff)).body).to.deep.equal(FORBIDDEN);
    expect((await preview({}, staff)).body).to.deep.equal(FORBIDDEN);
    expect((await week(`outletId=${other}&weekStart=${WEEK}`)).body).to.deep.equal(NOT_YOURS);
    expect((await preview({ outletId: other })).body).to.deep.equal(NOT_YOURS);
    const outsider = await s.tokenAs('TENANT_OWNER', s.tenantB);
    expect((await week(`outletId=${outlet}&weekStart=${WEEK}`, outsider)).body).to.deep.equal(OUTLET_NOT_FOUND);
    expect((await preview({}, outsider)).body).to.deep.equal(OUTLET_NOT_FOUND);
  });
});
