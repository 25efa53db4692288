import { expect } from 'chai';
import { createOutlet, createUser, type CreatedUser } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';
import { apiKeyFor } from '../../../test-support/developer-credentials.js';

const DAY = '2026-03-02';
const at = (hhmm: string, day = DAY) => `${day}T${hhmm}:00.000Z`;

describe('kiosk devices (HTTP): registration, PINs, /kiosk/workers and /kiosk/clock', () => {
  const s = twoTenantSuite();
  let ownerToken: string;
  let outletId: string;
  let worker: CreatedUser;
  let workerToken: string;
  let kiosk: string;

  beforeEach(async () => {
    s.h.clock.set(at('08:30'));
    ownerToken = await s.tokenAs('TENANT_OWNER');
    outletId = (await createOutlet(s.h.ds, s.tenantA)).id;
    worker = await createUser(s.h.ds, s.tenantA, { role: 'STAFF', fullName: 'Wendy Worker' });
    workerToken = await s.h.tokenFor(worker);
    kiosk = (await s.h.request('POST', '/kiosks', { token: ownerToken, body: { outletId, name: 'Front door tablet' } })).body.token;
  });

  async function shift(userId: string, start: string, end: string, where = outletId): Promise<string> {
    const res = await s.h.request('POST', '/shift-assignments', { token: ownerToken, body: { userId, outletId: where, scheduledStart: start, scheduledEnd: end } });
    expect(res.status).to.equal(201);
    return res.body.id;
  }
  const setPin = (pin: string, token = workerToken) => s.h.request('PUT', '/kiosk-pin', { token, body: { pin } });
  const clock = (body: Record<string, unknown>, token = kiosk) => s.h.request('POST', '/kiosk/clock', { token, body });
  const events = async () => (await s.h.ds.query(`SELECT type FROM domain_events WHERE tenant_id = $1 ORDER BY occurred_at`, [s.tenantA])).map((e: { type: string }) => e.type);

  it('registers a kiosk with a token shown once and kept only as a hash; lists and revokes it', async () => {
    expect(kiosk).to.match(/^kd_[A-Za-z0-9_-]{43}$/);
    const list = await s.h.request('GET', '/kiosks', { token: ownerToken });
    expect(list.body).to.have.length(1);
    expect(list.body[0]).to.deep.include({ outletId, name: 'Front door tablet', tokenHint: kiosk.slice(-4), revokedAt: null });
    expect(list.body[0]).to.not.have.property('token');
    const [row] = await s.h.ds.query(`SELECT token_hash FROM kiosks WHERE tenant_id = $1`, [s.tenantA]);
    expect(row.token_hash).to.not.include(kiosk.slice(3));
    expect((await s.h.request('GET', '/kiosk/workers', { token: kiosk })).status).to.equal(200);
    expect((await s.h.request('DELETE', `/kiosks/${list.body[0].id}`, { token: ownerToken })).status).to.equal(204);
    expect((await s.h.request('GET', '/kiosk/workers', { token: kiosk })).status).to.equal(401);
    expect((await s.h.request('GET', '/kiosks', { token: ownerToken })).body[0].revokedAt).to.be.a('string');
  });

  it('lists who works at its outlet today (a shift today, or clocked in there): names and ids only', async () => {
    await shift(worker.id, at('09:00'), at('17:00'));
    const tomorrow = await createUser(s.h.ds, s.tenantA, { role: 'STAFF', fullName: 'Tom Tomorrow' });
    await shift(tomorrow.id, at('09:00', '2026-03-03'), at('17:00', '2026-03-03'));
    const elsewhere = await createUser(s.h.ds, s.tenantA, { role: 'STAFF', fullName: 'Eli Elsewhere' });
    await shift(elsewhere.id, at('09:00'), at('17:00'), (await createOutlet(s.h.ds, s.tenantA)).id);
    const walkIn = await createUser(s.h.ds, s.tenantA, { role: 'STAFF', fullName: 'Ada Already-In' });
    expect((await s.h.request('POST', '/mobile/clock-in', { token: await s.h.tokenFor(walkIn), body: { outletId } })).status).to.equal(201);

    const workers = await s.h.request('GET', '/kiosk/workers', { token: kiosk });
    expect(workers.body).to.deep.equal([
      { id: walkIn.id, fullName: 'Ada Already-In' },
      { id: worker.id, fullName: 'Wendy Worker' },
    ]);
  });

  it("reads today at the kiosk's outlet: New York's Monday, not London's", async () => {
    await s.h.ds.query(`UPDATE outlets SET timezone = 'America/New_York' WHERE id = $1`, [outletId]);
    // 08:30Z on Monday 2 March is 03:30 in New York (UTC-5). Sunday 22:00–23:30 there is London's Monday; Monday 20:00–23:00 is London's Tuesday.
    const sunday = await createUser(s.h.ds, s.tenantA, { role: 'STAFF', fullName: 'Sunday Night' });
    await shift(sunday.id, at('03:00'), at('04:30'));
    await shift(worker.id, at('01:00', '2026-03-03'), at('04:00', '2026-03-03'));
    expect((await s.h.request('GET', '/kiosk/workers', { token: kiosk })).body).to.deep.equal([{ id: worker.id, fullName: 'Wendy Worker' }]);
  });

  it('clocks in against the scheduled shift and out again with the PIN, as the app does: shift.completed on the clock-out', async () => {
    const shiftId = await shift(worker.id, at('09:00'), at('17:00'));
    expect((await setPin('4829')).status).to.equal(204);
    const into = await clock({ userId: worker.id, pin: '4829', action: 'IN' });
    expect(into.status).to.equal(201);
    expect(into.body).to.deep.include({ userId: worker.id, outletId, shiftAssignmentId: shiftId, status: 'OPEN' });
    expect((await clock({ userId: worker.id, pin: '4829', action: 'IN' })).status).to.equal(409);
    s.h.clock.set(at('17:02'));
    const out = await clock({ userId: worker.id, pin: '4829', action: 'OUT' });
    expect(out.body).to.deep.include({ status: 'VERIFIED', shiftAssignmentId: shiftId });
    expect(await events()).to.deep.equal(['shift.assigned', 'shift.completed']);
    expect((await clock({ userId: worker.id, pin: '4829', action: 'OUT' })).status, 'their shift is done: not on the kiosk any more today').to.equal(404);
  });

  it('clocks in without a shift when none is under way or due within the hour (PENDING_REVIEW on the way out, no event)', async () => {
    await shift(worker.id, at('10:00'), at('18:00'));
    await s.h.request('POST', '/mobile/clock-in', { token: workerToken, body: { outletId } });
    await s.h.request('POST', '/mobile/clock-out', { token: workerToken, body: {} });
    await setPin('4829');
    const into = await clock({ userId: worker.id, pin: '4829', action: 'IN' });
    expect(into.body).to.deep.include({ shiftAssignmentId: null, status: 'OPEN' });
    expect((await clock({ userId: worker.id, pin: '4829', action: 'OUT' })).body.status).to.equal('PENDING_REVIEW');
    expect(await events()).to.deep.equal(['shift.assigned']);
  });

  it('locks the PIN after 5 wrong attempts for 15 minutes (429 with Retry-After), whatever the right PIN says meanwhile', async () => {
    await shift(worker.id, at('09:00'), at('17:00'));
    await setPin('4829');
    for (let left = 4; left >= 1; left--) {
      expect((await clock({ userId: worker.id, pin: '0000', action: 'IN' })).body).to.deep.equal({ statusCode: 403, error: 'INVALID_PIN', message: `Wrong PIN: ${left} attempt(s) left` });
    }
    expect((await clock({ userId: worker.id, pin: '0000', action: 'IN' })).body).to.deep.equal({ statusCode: 403, error: 'INVALID_PIN', message: 'Wrong PIN: it is now locked for 15 minutes' });
    const locked = await clock({ userId: worker.id, pin: '4829', action: 'IN' });
    expect(locked.status).to.equal(429);
    expect(Number(locked.headers.get('retry-after'))).to.equal(900);
    s.h.clock.advance(14 * 60_000);
    expect(Number((await clock({ userId: worker.id, pin: '4829', action: 'IN' })).headers.get('retry-after'))).to.equal(60);
    s.h.clock.advance(60_000);
    expect((await clock({ userId: worker.id, pin: '4829', action: 'IN' })).status).to.equal(201);
    expect((await clock({ userId: worker.id, pin: '1111', action: 'OUT' })).body.message, 'a success starts the count again').to.equal('Wrong PIN: 4 attempt(s) left');
  });

  it('refuses: no PIN set, someone who does not work here today, a bad body; PINs that are easy to guess', async () => {
    await shift(worker.id, at('09:00'), at('17:00'));
    expect((await clock({ userId: worker.id, pin: '4829', action: 'IN' })).body).to.deep.include({ statusCode: 403, error: 'PIN_NOT_SET' });
    const stranger = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
    expect((await clock({ userId: stranger.id, pin: '4829', action: 'IN' })).status).to.equal(404);
    const foreign = await createUser(s.h.ds, s.tenantB, { role: 'STAFF' });
    expect((await clock({ userId: foreign.id, pin: '4829', action: 'IN' })).status).to.equal(404);
    expect((await clock({ userId: worker.id, pin: '48', action: 'IN' })).body.message).to.deep.equal(['pin must be 4 to 8 digits']);
    expect((await clock({ userId: worker.id, pin: '4829', action: 'LUNCH' })).status).to.equal(400);
    for (const pin of ['1234', '1111', '9876', '7890', 'abcd', '123456789']) expect((await setPin(pin)).status, pin).to.equal(400);
    expect((await s.h.request('PUT', '/kiosk-pin', { body: { pin: '4829' } })).status).to.equal(401);
  });

  it('a manager clears a PIN of someone they manage; the person removes their own', async () => {
    await shift(worker.id, at('09:00'), at('17:00'));
    await setPin('4829');
    const outletManager = await createUser(s.h.ds, s.tenantA, { role: 'OUTLET_MANAGER' });
    const omToken = await s.h.tokenFor(outletManager);
    expect((await s.h.request('DELETE', `/users/${worker.id}/kiosk-pin`, { token: omToken })).status, 'not in their outlets').to.equal(404);
    await s.h.ds.query(`INSERT INTO user_outlets (tenant_id, user_id, outlet_id) VALUES ($1, $2, $3), ($1, $4, $3)`, [s.tenantA, outletManager.id, outletId, worker.id]);
    expect((await s.h.request('DELETE', `/users/${worker.id}/kiosk-pin`, { token: omToken })).status).to.equal(204);
    expect((await clock({ userId: worker.id, pin: '4829', action: 'IN' })).body.error).to.equal('PIN_NOT_SET');
    await setPin('4829');
    expect((await s.h.request('DELETE', '/kiosk-pin', { token: workerToken })).status).to.equal(204);
    expect((await clock({ userId: worker.id, pin: '4829', action: 'IN' })).body.error).to.equal('PIN_NOT_SET');
    expect((await s.h.request('DELETE', `/users/${worker.id}/kiosk-pin`, { token: workerToken })).status).to.equal(403);
  });

  it('a kiosk token opens the kiosk routes only; other credentials do not open them', async () => {
    for (const [method, path] of [
      ['GET', '/users'],
      ['GET', '/kiosks'],
      ['GET', '/public/outlets'],
      ['PUT', '/kiosk-pin'],
    ] as const) {
      expect((await s.h.request(method, path, { token: kiosk, ...(method === 'PUT' ? { body: { pin: '4829' } } : {}) })).status, `${method} ${path}`).to.equal(401);
    }
    expect((await s.h.request('GET', '/kiosk/workers', { token: workerToken })).status).to.equal(401);
    expect((await s.h.request('GET', '/kiosk/workers', { token: await apiKeyFor(s.h, s.tenantA, ['attendance:read']) })).status).to.equal(401);
    expect((await s.h.request('GET', '/kiosk/workers')).status).to.equal(401);
    expect((await s.h.request('GET', '/kiosk/workers', { token: `kd_${'x'.repeat(43)}` })).status).to.equal(401);
  });

  it('registration: roles, outlet scope, validation, other tenants', async () => {
    expect((await s.h.request('POST', '/kiosks', { token: workerToken, body: { outletId, name: 'x' } })).status).to.equal(403);
    const om = await createUser(s.h.ds, s.tenantA, { role: 'OUTLET_MANAGER' });
    const omToken = await s.h.tokenFor(om);
    expect((await s.h.request('POST', '/kiosks', { token: omToken, body: { outletId, name: 'x' } })).status, 'not their outlet').to.equal(404);
    await s.h.ds.query(`INSERT INTO user_outlets (tenant_id, user_id, outlet_id) VALUES ($1, $2, $3)`, [s.tenantA, om.id, outletId]);
    expect((await s.h.request('POST', '/kiosks', { token: omToken, body: { outletId, name: 'Back door' } })).status).to.equal(201);
    expect((await s.h.request('GET', '/kiosks', { token: omToken })).body).to.have.length(2);
    expect((await s.h.request('POST', '/kiosks', { token: ownerToken, body: { outletId: 'nope', name: 'x' } })).status).to.equal(400);
    expect((await s.h.request('POST', '/kiosks', { token: ownerToken, body: { outletId, name: '' } })).status).to.equal(400);
    const closed = await createOutlet(s.h.ds, s.tenantA, { status: 'INACTIVE' });
    expect((await s.h.request('POST', '/kiosks', { token: ownerToken, body: { outletId: closed.id, name: 'x' } })).status).to.equal(404);
    const otherOwner = await s.tokenAs('TENANT_OWNER', s.tenantB);
    expect((await s.h.request('POST', '/kiosks', { token: otherOwner, body: { outletId, name: 'x' } })).status).to.equal(404);
    const id = (await s.h.request('GET', '/kiosks', { token: ownerToken })).body[0].id;
    expect((await s.h.request('DELETE', `/kiosks/${id}`, { token: otherOwner })).status).to.equal(404);
    expect((await s.h.request('GET', '/kiosks', { token: otherOwner })).body).to.deep.equal([]);
  });
});
