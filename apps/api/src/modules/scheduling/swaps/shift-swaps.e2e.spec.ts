import { expect } from 'chai';
import { createOutlet, createUser, type CreatedUser } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';
import { assignOutlets } from '../../../test-support/access-fixtures.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const conflict = (message: string, error = 'Conflict') => ({ message, error, statusCode: 409 });
const forbidden = (message: string) => ({ message, error: 'Forbidden', statusCode: 403 });
const SWAP_NOT_FOUND = { message: 'Shift swap not found', error: 'Not Found', statusCode: 404 };
const HOUR = 3_600_000;

describe('shift swaps (HTTP)', () => {
  const s = twoTenantSuite();
  let manager: CreatedUser;
  let alice: CreatedUser;
  let bob: CreatedUser;
  let outletId: string;
  let a: string;
  let b: string;

  const tokenOf = (u: CreatedUser) => s.h.tokenFor(u);
  const at = (hours: number) => new Date(s.h.clock.now().getTime() + hours * HOUR).toISOString();
  async function shift(user: CreatedUser, startH: number, endH: number, outlet = outletId, by = manager): Promise<string> {
    const res = await s.h.request('POST', '/shift-assignments', { token: await tokenOf(by), body: { userId: user.id, outletId: outlet, scheduledStart: at(startH), scheduledEnd: at(endH) } });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.id;
  }
  const ask = async (as: CreatedUser, body: unknown) => s.h.request('POST', '/shift-swaps', { token: await tokenOf(as), body });
  const act = async (as: CreatedUser, id: string, action: string, body?: unknown) => s.h.request('POST', `/shift-swaps/${id}/${action}`, { token: await tokenOf(as), body });
  async function holders(): Promise<Record<string, string>> {
    const rows = await s.h.ds.query(`SELECT id, user_id AS "userId", status FROM shift_assignments WHERE tenant_id = $1 AND id = ANY($2)`, [s.tenantA, [a, b]]);
    return Object.fromEntries(rows.map((r: { id: string; userId: string; status: string }) => [r.id, `${r.userId}:${r.status}`]));
  }

  beforeEach(async () => {
    outletId = (await createOutlet(s.h.ds, s.tenantA)).id;
    manager = await createUser(s.h.ds, s.tenantA, { role: 'OUTLET_MANAGER' });
    alice = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
    bob = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
    for (const u of [manager, alice, bob]) await assignOutlets(s.h.ds, s.tenantA, u.id, [outletId]);
    a = await shift(alice, 24, 32);
    b = await shift(bob, 48, 56);
  });

  it('asked, accepted by the colleague, approved by a manager: the two shifts exchange people, and nothing is recorded', async () => {
    const [{ n: before }] = await s.h.ds.query(`SELECT count(*)::int AS n FROM domain_events WHERE tenant_id = $1`, [s.tenantA]);
    const asked = await ask(alice, { shiftAssignmentId: a, withShiftAssignmentId: b, note: 'Wedding' });
    expect(asked.status).to.equal(201);
    expect(asked.body).to.deep.include({ requesterUserId: alice.id, requesterAssignmentId: a, peerUserId: bob.id, peerAssignmentId: b, status: 'PENDING_PEER', note: 'Wedding', decidedByUserId: null });
    expect((await act(bob, asked.body.id, 'accept')).body.status).to.equal('PENDING_APPROVAL');
    const approved = await act(manager, asked.body.id, 'approve', { note: 'OK' });
    expect(approved.body).to.deep.include({ status: 'APPROVED', decidedByUserId: manager.id, decidedAt: s.h.clock.now().toISOString(), decisionNote: 'OK' });
    expect(await holders()).to.deep.equal({ [a]: `${bob.id}:SCHEDULED`, [b]: `${alice.id}:SCHEDULED` });
    const [{ n: after }] = await s.h.ds.query(`SELECT count(*)::int AS n FROM domain_events WHERE tenant_id = $1`, [s.tenantA]);
    expect(after).to.equal(before);
  });

  it('exchanges overlapping shifts too (no moment where one person holds both)', async () => {
    const overlapping = await shift(bob, 26, 34);
    const asked = await ask(alice, { shiftAssignmentId: a, withShiftAssignmentId: overlapping });
    await act(bob, asked.body.id, 'accept');
    expect((await act(manager, asked.body.id, 'approve')).body.status).to.equal('APPROVED');
  });

  it('declined by the colleague, cancelled by the requester, rejected by a manager: shifts stay as they were', async () => {
    const declined = (await ask(alice, { shiftAssignmentId: a, withShiftAssignmentId: b })).body.id;
    expect((await act(alice, declined, 'accept')).body).to.deep.equal(forbidden('Only the colleague asked can answer a swap'));
    expect((await act(bob, declined, 'decline')).body.status).to.equal('DECLINED');
    expect((await act(bob, declined, 'accept')).body).to.deep.equal(conflict('A swap that is DECLINED cannot be answered'));
    const cancelled = (await ask(alice, { shiftAssignmentId: a, withShiftAssignmentId: b })).body.id;
    expect((await act(bob, cancelled, 'cancel')).body).to.deep.equal(forbidden('Only the person who asked can cancel a swap'));
    expect((await act(alice, cancelled, 'cancel')).body.status).to.equal('CANCELLED');
    const rejected = (await ask(alice, { shiftAssignmentId: a, withShiftAssignmentId: b })).body.id;
    expect((await act(manager, rejected, 'approve')).body).to.deep.equal(conflict('A swap that is PENDING_PEER cannot be decided'));
    await act(bob, rejected, 'accept');
    expect((await act(manager, rejected, 'reject', { note: 'Short-staffed' })).body).to.deep.include({ status: 'REJECTED', decisionNote: 'Short-staffed' });
    expect(await holders()).to.deep.equal({ [a]: `${alice.id}:SCHEDULED`, [b]: `${bob.id}:SCHEDULED` });
  });

  it('refuses what cannot be swapped: not your shift, another outlet, your own twice, a started shift, one already pending', async () => {
    expect((await ask(bob, { shiftAssignmentId: a, withShiftAssignmentId: b })).body).to.deep.equal({ message: 'Shift assignment not found', error: 'Not Found', statusCode: 404 });
    const otherOutlet = (await createOutlet(s.h.ds, s.tenantA)).id;
    await assignOutlets(s.h.ds, s.tenantA, manager.id, [otherOutlet]);
    const elsewhere = await shift(bob, 72, 80, otherOutlet);
    expect((await ask(alice, { shiftAssignmentId: a, withShiftAssignmentId: elsewhere })).status).to.equal(404);
    const mine = await shift(alice, 90, 92);
    expect((await ask(alice, { shiftAssignmentId: a, withShiftAssignmentId: mine })).body).to.deep.equal(conflict('Both shifts are yours'));
    const started = await shift(bob, -1, 3);
    expect((await ask(alice, { shiftAssignmentId: a, withShiftAssignmentId: started })).body).to.deep.equal(conflict('A shift that has started cannot be swapped'));
    await ask(alice, { shiftAssignmentId: a, withShiftAssignmentId: b });
    expect((await ask(alice, { shiftAssignmentId: a, withShiftAssignmentId: b })).body).to.deep.equal(conflict('Your shift is already in a pending swap', 'SWAP_PENDING'));
    expect((await ask(alice, { shiftAssignmentId: a })).body).to.deep.equal(badRequest('withShiftAssignmentId is required'));
  });

  it('is SWAP_STALE when a shift changed hands before approval; a manager who is a party cannot decide', async () => {
    const asked = (await ask(alice, { shiftAssignmentId: a, withShiftAssignmentId: b })).body.id;
    await act(bob, asked, 'accept');
    const carol = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
    await assignOutlets(s.h.ds, s.tenantA, carol.id, [outletId]);
    expect((await s.h.request('PATCH', `/shift-assignments/${b}`, { token: await tokenOf(manager), body: { userId: carol.id } })).body.userId).to.equal(carol.id);
    expect((await act(manager, asked, 'approve')).body).to.deep.equal(conflict('A shift of this swap has changed hands since it was asked', 'SWAP_STALE'));
    const boss = await createUser(s.h.ds, s.tenantA, { role: 'AREA_MANAGER' });
    await assignOutlets(s.h.ds, s.tenantA, boss.id, [outletId]);
    // Nobody rosters someone above them (people-policy): the area manager books their own shift.
    const own = await shift(boss, 120, 128, outletId, boss);
    const theirs = await shift(bob, 130, 138);
    const swap = (await ask(boss, { shiftAssignmentId: own, withShiftAssignmentId: theirs })).body.id;
    await act(bob, swap, 'accept');
    expect((await act(boss, swap, 'approve')).body).to.deep.equal(forbidden('A swap is decided by a manager who is not part of it'));
  });

  it('lists a person’s own swaps, a manager’s scope; 401, 403 for STAFF deciding, 404 across tenants and for strangers', async () => {
    const asked = (await ask(alice, { shiftAssignmentId: a, withShiftAssignmentId: b })).body.id;
    const carol = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
    expect((await s.h.request('GET', '/shift-swaps', { token: await tokenOf(bob) })).body.map((w: { id: string }) => w.id)).to.deep.equal([asked]);
    expect((await s.h.request('GET', '/shift-swaps', { token: await tokenOf(carol) })).body).to.deep.equal([]);
    expect((await s.h.request('GET', '/shift-swaps?status=PENDING_PEER', { token: await tokenOf(manager) })).body.map((w: { id: string }) => w.id)).to.deep.equal([asked]);
    expect((await s.h.request('GET', '/shift-swaps', { token: await s.tokenAs('TENANT_OWNER', s.tenantB) })).body).to.deep.equal([]);
    expect((await act(carol, asked, 'accept')).body).to.deep.equal(SWAP_NOT_FOUND);
    expect((await act(carol, asked, 'approve')).body).to.deep.equal(FORBIDDEN);
    const foreign = await createUser(s.h.ds, s.tenantB, { role: 'TENANT_OWNER' });
    expect((await act(foreign, asked, 'approve')).body).to.deep.equal(SWAP_NOT_FOUND);
    expect((await s.h.request('POST', `/shift-swaps/${asked}/accept`, {})).body).to.deep.equal(UNAUTHORIZED);
    expect((await s.h.request('GET', '/shift-swaps?status=MAYBE', { token: await tokenOf(bob) })).body).to.deep.equal(
      badRequest('status must be one of the following values: PENDING_PEER, PENDING_APPROVAL, APPROVED, REJECTED, DECLINED, CANCELLED'),
    );
  });

  describe('GET /shift-swaps/candidates', () => {
    const candidates = async (as: CreatedUser, query: string) => s.h.request('GET', `/shift-swaps/candidates${query}`, { token: await tokenOf(as) });

    it("lists colleagues' scheduled shifts ahead at the outlet of the caller's shift, soonest first, with their names", async () => {
      const carol = await createUser(s.h.ds, s.tenantA, { role: 'STAFF', fullName: 'Carol Early' });
      await assignOutlets(s.h.ds, s.tenantA, carol.id, [outletId]);
      const soon = await shift(carol, 30, 34);
      await shift(alice, 60, 64);
      const started = await shift(bob, -1, 3);
      const cancelled = await shift(bob, 100, 104);
      await s.h.request('PATCH', `/shift-assignments/${cancelled}`, { token: await tokenOf(manager), body: { status: 'CANCELLED' } });
      const otherOutlet = (await createOutlet(s.h.ds, s.tenantA)).id;
      await assignOutlets(s.h.ds, s.tenantA, manager.id, [otherOutlet]);
      await shift(bob, 72, 80, otherOutlet);
      const res = await candidates(alice, `?shiftAssignmentId=${a}`);
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal([
        { shiftAssignmentId: soon, userId: carol.id, fullName: 'Carol Early', scheduledStart: at(30), scheduledEnd: at(34), type: 'REGULAR' },
        { shiftAssignmentId: b, userId: bob.id, fullName: bob.fullName, scheduledStart: at(48), scheduledEnd: at(56), type: 'REGULAR' },
      ]);
      expect(res.body.map((c: { shiftAssignmentId: string }) => c.shiftAssignmentId)).to.not.include(started);
    });

    it("is 404 for a shift that is not the caller's (another tenant's too), 409 for one that has started, 400 without a shift, 401 without a token", async () => {
      expect((await candidates(bob, `?shiftAssignmentId=${a}`)).body).to.deep.equal({ message: 'Shift assignment not found', error: 'Not Found', statusCode: 404 });
      const foreign = await createUser(s.h.ds, s.tenantB, { role: 'TENANT_OWNER' });
      expect((await candidates(foreign, `?shiftAssignmentId=${a}`)).status).to.equal(404);
      const started = await shift(alice, -1, 3);
      expect((await candidates(alice, `?shiftAssignmentId=${started}`)).body).to.deep.equal(conflict('A shift that has started cannot be swapped'));
      expect((await candidates(alice, '')).body).to.deep.equal(badRequest('shiftAssignmentId is required'));
      expect((await candidates(alice, '?shiftAssignmentId=nope')).status).to.equal(400);
      expect((await s.h.request('GET', `/shift-swaps/candidates?shiftAssignmentId=${a}`)).body).to.deep.equal(UNAUTHORIZED);
    });
  });
});
