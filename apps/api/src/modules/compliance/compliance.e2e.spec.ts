import { expect } from 'chai';
import { uuid } from '@wfm/core/crypto';
import { createOutlet, createUser, type CreatedUser } from '@wfm/testing/factories';
import { publicApiSuite } from '../../test-support/api-suite.js';
import { assignOutlets } from '../../test-support/access-fixtures.js';
import { apiKeyFor } from '../../test-support/developer-credentials.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const notFound = (message: string) => ({ message, error: 'Not Found', statusCode: 404 });
/** London is on UTC in early March, so these instants are also the local times. */
const at = (hhmm: string, day: string) => `${day}T${hhmm}:00.000Z`;
const UK = { packId: 'uk-wtr', version: 1 };
const CA = { packId: 'us-ca', version: 1 };
const NO_LIMITS = { maxShiftMinutes: null, maxConsecutiveDays: null, minWeeklyMinutes: null, maxWeeklyMinutes: null };
const SHORT_REST = 'rest 9 h 30 min between';

describe('compliance: rule packs, modes, violations and overrides (HTTP)', () => {
  const s = publicApiSuite(131);
  let owner: string;
  let manager: CreatedUser;
  let token: string;
  let alice: CreatedUser;
  let outletId: string;

  beforeEach(async () => {
    owner = await s.tokenAs('TENANT_OWNER');
    manager = await createUser(s.h.ds, s.tenantA, { role: 'OPERATIONS_MANAGER' });
    token = await s.h.tokenFor(manager);
    alice = await createUser(s.h.ds, s.tenantA, { role: 'STAFF', fullName: 'Alice' });
    outletId = (await createOutlet(s.h.ds, s.tenantA)).id;
  });

  const settings = (body: unknown, as = owner) => s.h.request('PUT', '/compliance/settings', { token: as, body });
  const assign = (body: Record<string, unknown>, as = token) => s.h.request('POST', '/shift-assignments', { token: as, body: { userId: alice.id, outletId, ...body } });
  const violations = (query = '', as = token) => s.h.request('GET', `/compliance/violations${query}`, { token: as });
  /** A shift ending 23:00 and the next starting 08:30: 9 h 30 min of rest. */
  async function shortRest(as = token, extra: Record<string, unknown> = {}) {
    const first = await assign({ scheduledStart: at('15:00', '2030-03-04'), scheduledEnd: at('23:00', '2030-03-04') }, as);
    expect(first.status).to.equal(201);
    return assign({ scheduledStart: at('08:30', '2030-03-05'), scheduledEnd: at('16:30', '2030-03-05'), ...extra }, as);
  }
  async function counts(): Promise<{ shifts: number; events: number; violations: number }> {
    const [r] = await s.h.ds.query(
      `SELECT (SELECT count(*)::int FROM shift_assignments WHERE tenant_id = $1) AS shifts,
              (SELECT count(*)::int FROM domain_events WHERE tenant_id = $1) AS events,
              (SELECT count(*)::int FROM compliance_violations WHERE tenant_id = $1) AS violations`,
      [s.tenantA],
    );
    return r;
  }
  async function activeContract(userId: string, tenantId = s.tenantA): Promise<string> {
    const id = uuid();
    await s.h.ds.query(
      `INSERT INTO hr_contracts (id, tenant_id, user_id, job_title, employment_type, status, start_date, created_at, updated_at)
       VALUES ($1, $2, $3, 'Barista', 'PART_TIME', 'ACTIVE', '2030-01-01', now(), now())`,
      [id, tenantId, userId],
    );
    return id;
  }

  describe('GET /compliance/packs', () => {
    it('lists every pack version with each rule’s legal source and parameters', async () => {
      const res = await s.h.request('GET', '/compliance/packs', { token });
      expect(res.status).to.equal(200);
      expect(res.body.map((p: { id: string; version: number }) => `${p.id}@${p.version}`)).to.deep.equal(['eu-wtd@1', 'uk-wtr@1', 'us-ca@1', 'nyc-fww@1']);
      const uk = res.body[1];
      expect(uk.rules.find((r: { id: string }) => r.id === 'uk-wtr.daily-rest')).to.deep.equal({
        id: 'uk-wtr.daily-rest',
        title: '11 hours of daily rest',
        source: 'Working Time Regulations 1998 (SI 1998/1833), reg. 10(1): a rest period of not less than 11 consecutive hours in each 24-hour period',
        subject: 'ADULT',
        phases: ['SCHEDULE', 'CLOCK'],
        check: { kind: 'MIN_DAILY_REST', minRestMinutes: 660 },
      });
    });

    it('is for managers: 401 without a token, 403 for STAFF', async () => {
      expect((await s.h.request('GET', '/compliance/packs')).body).to.deep.equal(UNAUTHORIZED);
      expect((await s.h.request('GET', '/compliance/packs', { token: await s.h.tokenFor(alice) })).body).to.deep.equal(FORBIDDEN);
    });
  });

  describe('GET and PUT /compliance/settings', () => {
    it('a tenant starts with no pack, no limit and no rule', async () => {
      const res = await s.h.request('GET', '/compliance/settings', { token });
      expect(res.body).to.deep.equal({ packs: [], modes: {}, customLimits: NO_LIMITS, outlets: [], contracts: [], rules: [], updatedByUserId: null, updatedAt: null });
    });

    it('assigns packs, modes and limits; every rule of an assigned pack is listed with its mode, WARN unless set', async () => {
      const res = await settings({ packs: [UK], modes: { 'uk-wtr.daily-rest': 'BLOCK', 'uk-wtr.rest-break': 'OFF' }, customLimits: { ...NO_LIMITS, maxShiftMinutes: 600 } });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.include({ packs: [UK], modes: { 'uk-wtr.daily-rest': 'BLOCK', 'uk-wtr.rest-break': 'OFF' }, customLimits: { ...NO_LIMITS, maxShiftMinutes: 600 } });
      const modes = Object.fromEntries(res.body.rules.map((r: { ruleId: string; mode: string }) => [r.ruleId, r.mode]));
      expect(modes).to.deep.include({ 'uk-wtr.daily-rest': 'BLOCK', 'uk-wtr.rest-break': 'OFF', 'uk-wtr.weekly-rest': 'WARN', 'uk-wtr.young-daily-limit': 'WARN', 'custom.max-shift-length': 'WARN' });
      expect(res.body.updatedAt).to.be.a('string');
      expect((await s.h.request('GET', '/compliance/settings', { token })).body).to.deep.equal(res.body);
    });

    it('rejects unreleased packs, a pack twice, unknown rules and out-of-range limits, naming each', async () => {
      const res = await settings({ packs: [{ packId: 'uk-wtr', version: 9 }, UK, UK], modes: { 'uk-wtr.nap-time': 'BLOCK' }, customLimits: NO_LIMITS });
      expect(res.body).to.deep.equal(
        badRequest('packs.0: there is no pack uk-wtr version 9', 'packs.1: pack uk-wtr is listed twice', 'packs.2: pack uk-wtr is listed twice', 'modes.uk-wtr.nap-time: there is no rule with this id'),
      );
      const limits = await settings({ packs: [], modes: {}, customLimits: { ...NO_LIMITS, maxShiftMinutes: 0 } });
      expect(limits.status).to.equal(400);
      expect(limits.body.message[0]).to.match(/^customLimits\.maxShiftMinutes/);
      const mode = await settings({ packs: [], modes: { 'uk-wtr.daily-rest': 'SOMETIMES' }, customLimits: NO_LIMITS });
      expect(mode.status).to.equal(400);
      expect((await settings({ packs: [], modes: {}, customLimits: NO_LIMITS, extra: 1 })).status).to.equal(400);
    });

    it('is the HR roles’ to change: 403 for an OPERATIONS_MANAGER, 401 without a token', async () => {
      expect((await settings({ packs: [UK], modes: {}, customLimits: NO_LIMITS }, token)).body).to.deep.equal(FORBIDDEN);
      expect((await s.h.request('PUT', '/compliance/settings', { body: {} })).body).to.deep.equal(UNAUTHORIZED);
      expect((await settings({ packs: [UK], modes: {}, customLimits: NO_LIMITS }, await s.tokenAs('HR_MANAGER'))).status).to.equal(200);
    });

    it('keeps each tenant’s settings to itself', async () => {
      await settings({ packs: [UK], modes: {}, customLimits: NO_LIMITS });
      const other = await s.h.request('GET', '/compliance/settings', { token: await s.tokenAs('TENANT_OWNER', s.tenantB) });
      expect(other.body.packs).to.deep.equal([]);
    });
  });

  describe('outlet and contract overrides', () => {
    it('an outlet in California follows the Californian pack instead of the tenant’s', async () => {
      const california = (await createOutlet(s.h.ds, s.tenantA)).id;
      await settings({ packs: [UK], modes: {}, customLimits: NO_LIMITS });
      const put = await s.h.request('PUT', `/compliance/outlets/${california}`, { token: owner, body: { packs: [CA] } });
      expect(put.body.outlets).to.deep.equal([{ outletId: california, packs: [CA], updatedAt: put.body.outlets[0].updatedAt }]);
      // 9 h 30 min in one day: daily overtime in California, nothing under the UK rules.
      const there = await assign({ outletId: california, scheduledStart: at('08:00', '2030-03-04'), scheduledEnd: at('17:30', '2030-03-04') });
      const here = await assign({ scheduledStart: at('08:00', '2030-03-06'), scheduledEnd: at('17:30', '2030-03-06') });
      expect(there.headers.get('x-compliance-warnings')).to.equal('1');
      expect(here.headers.get('x-compliance-warnings')).to.equal(null);
      const [v] = (await violations(`?shiftAssignmentId=${there.body.id}`)).body;
      expect(v).to.deep.include({ ruleId: 'us-ca.daily-overtime', packId: 'us-ca', packVersion: 1, outletId: california, date: '2030-03-04', sentence: '2030-03-04: 9 h 30 min worked > 8 h: 1 h 30 min at 1.5×' });
      expect((await s.h.request('DELETE', `/compliance/outlets/${california}`, { token: owner })).status).to.equal(204);
      expect((await s.h.request('DELETE', `/compliance/outlets/${california}`, { token: owner })).body).to.deep.equal(notFound('The outlet has no packs of its own'));
    });

    it('refuses an outlet of another tenant (404) and an unreleased pack (400)', async () => {
      const theirs = (await createOutlet(s.h.ds, s.tenantB)).id;
      expect((await s.h.request('PUT', `/compliance/outlets/${theirs}`, { token: owner, body: { packs: [CA] } })).body).to.deep.equal(notFound('Outlet not found'));
      expect((await s.h.request('PUT', `/compliance/outlets/${outletId}`, { token: owner, body: { packs: [{ packId: 'us-tx', version: 1 }] } })).body).to.deep.equal(
        badRequest('packs.0: there is no pack us-tx version 1'),
      );
      expect((await s.h.request('PUT', `/compliance/outlets/${outletId}`, { token, body: { packs: [CA] } })).body).to.deep.equal(FORBIDDEN);
    });

    it('a contract marked young worker gets the young-worker limits instead of the adult ones', async () => {
      await settings({ packs: [UK], modes: {}, customLimits: NO_LIMITS });
      const contractId = await activeContract(alice.id);
      const put = await s.h.request('PUT', `/compliance/contracts/${contractId}`, { token: owner, body: { packs: null, youngWorker: true } });
      expect(put.status).to.equal(200);
      expect(put.body.contracts).to.deep.equal([{ contractId, userId: alice.id, packs: null, youngWorker: true, updatedAt: put.body.contracts[0].updatedAt }]);
      const res = await assign({ scheduledStart: at('08:00', '2030-03-04'), scheduledEnd: at('16:30', '2030-03-04') });
      expect(res.headers.get('x-compliance-warnings')).to.equal('1');
      const list = (await violations(`?userId=${alice.id}`)).body;
      expect(list.map((v: { ruleId: string; sentence: string }) => [v.ruleId, v.sentence])).to.deep.equal([['uk-wtr.young-daily-limit', '2030-03-04: 8 h 30 min worked > 8 h allowed']]);
      expect((await s.h.request('DELETE', `/compliance/contracts/${contractId}`, { token: owner })).status).to.equal(204);
    });

    it('a contract of another tenant is 404, and the people policy decides who sets one', async () => {
      const theirs = await activeContract((await createUser(s.h.ds, s.tenantB)).id, s.tenantB);
      expect((await s.h.request('PUT', `/compliance/contracts/${theirs}`, { token: owner, body: { packs: null, youngWorker: true } })).body).to.deep.equal(notFound('Contract not found'));
      const hr = await createUser(s.h.ds, s.tenantA, { role: 'HR_MANAGER' });
      const own = await activeContract(hr.id);
      const res = await s.h.request('PUT', `/compliance/contracts/${own}`, { token: await s.h.tokenFor(hr), body: { packs: null, youngWorker: true } });
      expect(res.status).to.equal(403);
    });
  });

  describe('assigning shifts', () => {
    it('a tenant without a pack assigns exactly as before: no header, nothing recorded', async () => {
      const res = await shortRest();
      expect(res.status).to.equal(201);
      expect(res.headers.get('x-compliance-warnings')).to.equal(null);
      expect((await counts()).violations).to.equal(0);
    });

    it('WARN: the shift is written, the response counts the warning, and the violation carries its trace', async () => {
      await settings({ packs: [UK], modes: {}, customLimits: NO_LIMITS });
      const res = await shortRest();
      expect(res.status).to.equal(201);
      expect(res.headers.get('x-compliance-warnings')).to.equal('1');
      expect(res.headers.get('x-compliance-overridden')).to.equal('0');
      const list = (await violations(`?shiftAssignmentId=${res.body.id}`)).body;
      expect(list).to.have.length(1);
      const v = list[0];
      expect(v).to.deep.include({ userId: alice.id, outletId, phase: 'SCHEDULE', ruleId: 'uk-wtr.daily-rest', packId: 'uk-wtr', packVersion: 1, mode: 'WARN', date: '2030-03-05', status: 'OPEN', attendanceEventIds: [], overrideReason: null });
      expect(v.shiftAssignmentIds).to.have.length(2);
      expect(v.shiftAssignmentIds[1]).to.equal(res.body.id);
      expect(v.sentence).to.match(/^rest 9 h 30 min between shift [0-9a-f]{8} ending 2030-03-04 23:00 and shift [0-9a-f]{8} starting 2030-03-05 08:30 < 11 h required$/);
      expect(v.trace.arithmetic).to.deep.include({ measure: 'rest', unit: 'MINUTES', actual: 570, limit: 660, comparison: 'BELOW_MINIMUM' });
      expect(v.trace.source).to.contain('reg. 10(1)');
    });

    it('BLOCK: 422 lists every breach with its trace and nothing is written', async () => {
      await settings({ packs: [UK], modes: { 'uk-wtr.daily-rest': 'BLOCK' }, customLimits: { ...NO_LIMITS, maxShiftMinutes: 420 } });
      await assign({ scheduledStart: at('15:00', '2030-03-04'), scheduledEnd: at('23:00', '2030-03-04') });
      const before = await counts();
      const res = await assign({ scheduledStart: at('08:30', '2030-03-05'), scheduledEnd: at('16:30', '2030-03-05') });
      expect(res.status).to.equal(422);
      expect(res.body).to.have.all.keys('message', 'error', 'statusCode', 'violations');
      expect(res.body).to.deep.include({ error: 'COMPLIANCE_BLOCKED', statusCode: 422 });
      expect(res.body.message).to.match(/^A working-time rule blocks this assignment: rest 9 h 30 min between/);
      expect(res.body.violations.map((v: { ruleId: string; mode: string }) => [v.ruleId, v.mode])).to.deep.equal([
        ['uk-wtr.daily-rest', 'BLOCK'],
        ['custom.max-shift-length', 'WARN'],
      ]);
      expect(res.body.violations[0].trace.segments.map((x: { localStart: string }) => x.localStart)).to.deep.equal(['2030-03-04 15:00', '2030-03-05 08:30']);
      expect(await counts()).to.deep.equal(before);
    });

    it('BLOCK can be overridden with a reason by an allowed role, recorded with who and why; others get 403', async () => {
      await settings({ packs: [UK], modes: { 'uk-wtr.daily-rest': 'BLOCK' }, customLimits: NO_LIMITS });
      await assign({ scheduledStart: at('15:00', '2030-03-04'), scheduledEnd: at('23:00', '2030-03-04') });
      const body = { scheduledStart: at('08:30', '2030-03-05'), scheduledEnd: at('16:30', '2030-03-05'), complianceOverrideReason: 'Stocktake, agreed with Alice' };
      const refused = await assign(body);
      expect(refused.body).to.deep.equal({ message: 'Only HR and the managers who roster people may override a blocking working-time rule', error: 'COMPLIANCE_OVERRIDE_FORBIDDEN', statusCode: 403 });
      const hr = await createUser(s.h.ds, s.tenantA, { role: 'HR_MANAGER' });
      const res = await assign(body, await s.h.tokenFor(hr));
      expect(res.status).to.equal(201);
      expect(res.headers.get('x-compliance-overridden')).to.equal('1');
      const [v] = (await violations(`?shiftAssignmentId=${res.body.id}`)).body;
      expect(v).to.deep.include({ mode: 'BLOCK', status: 'OVERRIDDEN', overrideReason: 'Stocktake, agreed with Alice', overriddenByUserId: hr.id });
      expect(v.overriddenAt).to.be.a('string');
    });

    it('a roster publish with a blocked row is refused whole, listing the breach; WARN rows publish with the count', async () => {
      await settings({ packs: [UK], modes: { 'uk-wtr.daily-rest': 'BLOCK' }, customLimits: { ...NO_LIMITS, maxShiftMinutes: 420 } });
      const bob = await createUser(s.h.ds, s.tenantA, { fullName: 'Bob' });
      const rows = [
        { userId: alice.id, scheduledStart: at('15:00', '2030-03-04'), scheduledEnd: at('23:00', '2030-03-04') },
        { userId: alice.id, scheduledStart: at('08:30', '2030-03-05'), scheduledEnd: at('12:30', '2030-03-05') },
        { userId: bob.id, scheduledStart: at('09:00', '2030-03-04'), scheduledEnd: at('13:00', '2030-03-04') },
      ];
      const before = await counts();
      const res = await s.h.request('POST', '/scheduler/assignments', { token, body: { outletId, assignments: rows } });
      expect(res.status).to.equal(422);
      expect(res.body.violations.map((v: { userId: string; ruleId: string }) => [v.userId, v.ruleId])).to.deep.equal([
        [alice.id, 'uk-wtr.daily-rest'],
        [alice.id, 'custom.max-shift-length'],
      ]);
      expect(await counts()).to.deep.equal(before);
      const ok = await s.h.request('POST', '/scheduler/assignments', { token, body: { outletId, assignments: [rows[0], rows[2]] } });
      expect(ok.status).to.equal(201);
      expect(Object.keys(ok.body)).to.deep.equal(['published', 'rosterId', 'assignments']);
      expect(ok.headers.get('x-compliance-warnings')).to.equal('1');
    });

    it('moving a shift (PATCH) is checked: into a short rest it is refused and left as it was; with a reason it moves', async () => {
      await settings({ packs: [UK], modes: { 'uk-wtr.daily-rest': 'BLOCK' }, customLimits: NO_LIMITS });
      await assign({ scheduledStart: at('15:00', '2030-03-04'), scheduledEnd: at('23:00', '2030-03-04') });
      const later = await assign({ scheduledStart: at('12:00', '2030-03-05'), scheduledEnd: at('20:00', '2030-03-05') });
      expect(later.status).to.equal(201);
      const move = { scheduledStart: at('08:30', '2030-03-05'), scheduledEnd: at('16:30', '2030-03-05') };
      const refused = await s.h.request('PATCH', `/shift-assignments/${later.body.id}`, { token, body: move });
      expect(refused.status).to.equal(422);
      expect(refused.body.violations[0].sentence).to.contain(SHORT_REST);
      const [row] = await s.h.ds.query(`SELECT scheduled_start AS start FROM shift_assignments WHERE id = $1`, [later.body.id]);
      expect(row.start.toISOString()).to.equal(at('12:00', '2030-03-05'));
      const moved = await s.h.request('PATCH', `/shift-assignments/${later.body.id}`, { token: owner, body: { ...move, complianceOverrideReason: 'Delivery arrives early' } });
      expect(moved.status).to.equal(200);
      expect(moved.headers.get('x-compliance-overridden')).to.equal('1');
      // A change of note touches no rule.
      const noted = await s.h.request('PATCH', `/shift-assignments/${later.body.id}`, { token, body: { note: 'Keys at the bar' } });
      expect(noted.status).to.equal(200);
      expect(noted.headers.get('x-compliance-warnings')).to.equal(null);
    });

    it('claiming an open shift is checked: a claim into a short rest is refused, and the shift stays open', async () => {
      await settings({ packs: [UK], modes: { 'uk-wtr.daily-rest': 'BLOCK' }, customLimits: NO_LIMITS });
      await assignOutlets(s.h.ds, s.tenantA, alice.id, [outletId]);
      const bob = await createUser(s.h.ds, s.tenantA, { fullName: 'Bob' });
      await assign({ scheduledStart: at('15:00', '2030-03-04'), scheduledEnd: at('23:00', '2030-03-04') });
      const bobs = await assign({ userId: bob.id, scheduledStart: at('08:30', '2030-03-05'), scheduledEnd: at('16:30', '2030-03-05') });
      const open = await s.h.request('POST', `/shift-assignments/${bobs.body.id}/release`, { token, body: {} });
      expect(open.status).to.equal(200);
      const claim = await s.h.request('POST', `/open-shifts/${open.body.id}/claim`, { token: await s.h.tokenFor(alice) });
      expect(claim.status).to.equal(422);
      expect(claim.body.violations.map((v: { ruleId: string }) => v.ruleId)).to.deep.equal(['uk-wtr.daily-rest']);
      const [row] = await s.h.ds.query(`SELECT status FROM open_shifts WHERE id = $1`, [open.body.id]);
      expect(row.status).to.equal('OPEN');
    });

    it('approving a swap is checked: an exchange into a short rest is refused and the swap still waits', async () => {
      await settings({ packs: [UK], modes: { 'uk-wtr.daily-rest': 'BLOCK' }, customLimits: NO_LIMITS });
      const bob = await createUser(s.h.ds, s.tenantA, { fullName: 'Bob' });
      await assign({ scheduledStart: at('15:00', '2030-03-04'), scheduledEnd: at('23:00', '2030-03-04') });
      const alices = await assign({ scheduledStart: at('08:00', '2030-03-06'), scheduledEnd: at('12:00', '2030-03-06') });
      const bobs = await assign({ userId: bob.id, scheduledStart: at('08:30', '2030-03-05'), scheduledEnd: at('16:30', '2030-03-05') });
      const asked = await s.h.request('POST', '/shift-swaps', { token: await s.h.tokenFor(alice), body: { shiftAssignmentId: alices.body.id, withShiftAssignmentId: bobs.body.id } });
      expect(asked.status).to.equal(201);
      expect((await s.h.request('POST', `/shift-swaps/${asked.body.id}/accept`, { token: await s.h.tokenFor(bob) })).status).to.equal(200);
      const approve = await s.h.request('POST', `/shift-swaps/${asked.body.id}/approve`, { token, body: {} });
      expect(approve.status).to.equal(422);
      expect(approve.body.violations.map((v: { userId: string; ruleId: string }) => [v.userId, v.ruleId])).to.deep.equal([[alice.id, 'uk-wtr.daily-rest']]);
      const [swap] = await s.h.ds.query(`SELECT status FROM shift_swaps WHERE id = $1`, [asked.body.id]);
      expect(swap.status).to.equal('PENDING_APPROVAL');
    });

    it('copying a week is checked: a copy breaking a blocking limit is refused whole', async () => {
      const long = await assign({ scheduledStart: at('08:00', '2030-03-04'), scheduledEnd: at('19:00', '2030-03-04') });
      expect(long.status).to.equal(201);
      await settings({ packs: [], modes: { 'custom.max-shift-length': 'BLOCK' }, customLimits: { ...NO_LIMITS, maxShiftMinutes: 600 } });
      const before = await counts();
      const res = await s.h.request('POST', '/scheduler/clone-week', { token, body: { outletId, fromWeekStart: '2030-03-04', toWeekStart: '2030-03-11' } });
      expect(res.status).to.equal(422);
      expect(res.body.violations.map((v: { sentence: string }) => v.sentence)).to.deep.equal([`shift ${res.body.violations[0].trace.segments[0].id.slice(0, 8)} from 2030-03-11 08:00 to 2030-03-11 19:00 lasts 11 h > 10 h allowed`]);
      expect(await counts()).to.deep.equal(before);
    });

    it('accepting an auto-scheduler proposal is checked: BLOCK refuses it, WARN records its breaches', async () => {
      await settings({ packs: [], modes: { 'custom.max-shift-length': 'BLOCK' }, customLimits: { ...NO_LIMITS, maxShiftMinutes: 180 } });
      await assignOutlets(s.h.ds, s.tenantA, alice.id, [outletId]);
      await activeContract(alice.id);
      const created = await s.h.request('POST', '/scheduler/proposals', { token, body: { weekStart: '2030-03-04', outletIds: [outletId] } });
      expect(created.status, JSON.stringify(created.body)).to.be.oneOf([201, 202]);
      const id = created.body.id as string;
      for (let i = 0; i < 400; i++) {
        const [{ status }] = await s.h.ds.query(`SELECT status FROM schedule_proposals WHERE id = $1`, [id]);
        if (status === 'READY') break;
        expect(status).to.be.oneOf(['QUEUED', 'RUNNING']);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const added = await s.h.request('POST', `/scheduler/proposals/${id}/shifts`, { token, body: { userId: alice.id, outletId, role: 'Barista', scheduledStart: at('09:00', '2030-03-04'), scheduledEnd: at('13:00', '2030-03-04') } });
      expect(added.status, JSON.stringify(added.body)).to.equal(200);
      const before = await counts();
      const refused = await s.h.request('POST', `/scheduler/proposals/${id}/accept`, { token });
      expect(refused.status, JSON.stringify(refused.body)).to.equal(422);
      expect(refused.body.error).to.equal('COMPLIANCE_BLOCKED');
      expect(refused.body.violations.map((v: { ruleId: string }) => v.ruleId)).to.deep.equal(['custom.max-shift-length']);
      expect(await counts()).to.deep.equal(before);
      await settings({ packs: [], modes: {}, customLimits: { ...NO_LIMITS, maxShiftMinutes: 180 } });
      const accepted = await s.h.request('POST', `/scheduler/proposals/${id}/accept`, { token });
      expect(accepted.status, JSON.stringify(accepted.body)).to.equal(200);
      const [v] = (await violations(`?shiftAssignmentId=${accepted.body.assignments[0].id}`)).body;
      expect(v).to.deep.include({ ruleId: 'custom.max-shift-length', mode: 'WARN', status: 'OPEN' });
    });

    it('the developer API is checked too, and an integration cannot override', async () => {
      await settings({ packs: [UK], modes: { 'uk-wtr.daily-rest': 'BLOCK' }, customLimits: NO_LIMITS });
      await createUser(s.h.ds, s.tenantA, { role: 'TENANT_OWNER', password: null });
      const key = await apiKeyFor(s.h, s.tenantA, ['shifts:write']);
      const post = (start: string, end: string) =>
        s.h.request('POST', '/public/shifts', { headers: { 'x-forwarded-for': s.ip, authorization: `Bearer ${key}` }, body: { userId: alice.id, outletId, scheduledStart: start, scheduledEnd: end } });
      expect((await post(at('15:00', '2030-03-04'), at('23:00', '2030-03-04'))).status).to.equal(201);
      const res = await post(at('08:30', '2030-03-05'), at('16:30', '2030-03-05'));
      expect(res.status).to.equal(422);
      expect(res.body.error).to.equal('COMPLIANCE_BLOCKED');
      expect(res.body.violations[0].sentence).to.contain(SHORT_REST);
    });
  });

  describe('GET /compliance/violations', () => {
    beforeEach(async () => {
      await settings({ packs: [UK], modes: {}, customLimits: NO_LIMITS });
      await shortRest();
    });

    it('filters by person, rule, status and local days', async () => {
      expect((await violations(`?userId=${alice.id}&ruleId=uk-wtr.daily-rest&status=OPEN&from=2030-03-05&to=2030-03-05`)).body).to.have.length(1);
      expect((await violations('?from=2030-03-06')).body).to.deep.equal([]);
      expect((await violations('?ruleId=uk-wtr.weekly-rest')).body).to.deep.equal([]);
      expect((await violations('?from=2030-03-06&to=2030-03-05')).body).to.deep.equal(badRequest('to must not be before from'));
      expect((await violations('?status=MAYBE')).status).to.equal(400);
    });

    it('an OUTLET_MANAGER sees the violations at their outlets only; STAFF none; other tenants none', async () => {
      const outletManager = await createUser(s.h.ds, s.tenantA, { role: 'OUTLET_MANAGER' });
      const elsewhere = (await createOutlet(s.h.ds, s.tenantA)).id;
      await assignOutlets(s.h.ds, s.tenantA, outletManager.id, [elsewhere]);
      expect((await violations('', await s.h.tokenFor(outletManager))).body).to.deep.equal([]);
      await assignOutlets(s.h.ds, s.tenantA, outletManager.id, [outletId]);
      expect((await violations('', await s.h.tokenFor(outletManager))).body).to.have.length(1);
      expect((await violations('', await s.h.tokenFor(alice))).body).to.deep.equal(FORBIDDEN);
      expect((await violations('', await s.tokenAs('TENANT_OWNER', s.tenantB))).body).to.deep.equal([]);
      expect((await s.h.request('GET', '/compliance/violations')).body).to.deep.equal(UNAUTHORIZED);
    });
  });

  describe('POST /compliance/violations/:id/override', () => {
    let id: string;
    const override = (violationId: string, body: unknown, as: string) => s.h.request('POST', `/compliance/violations/${violationId}/override`, { token: as, body });

    beforeEach(async () => {
      await settings({ packs: [UK], modes: {}, customLimits: NO_LIMITS });
      await shortRest();
      id = (await violations()).body[0].id;
    });

    it('records the reason, who and when; a second override is 409', async () => {
      const hr = await createUser(s.h.ds, s.tenantA, { role: 'HR_MANAGER' });
      const hrToken = await s.h.tokenFor(hr);
      const res = await override(id, { reason: 'Alice asked to swap, written consent on file' }, hrToken);
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.include({ id, status: 'OVERRIDDEN', overrideReason: 'Alice asked to swap, written consent on file', overriddenByUserId: hr.id });
      expect((await override(id, { reason: 'again' }, hrToken)).body).to.deep.equal({ message: 'The violation is already overridden', error: 'ALREADY_OVERRIDDEN', statusCode: 409 });
    });

    it('validates the reason (400), allows only the overriding roles (403), and hides other outlets and tenants (404)', async () => {
      expect((await override(id, { reason: 'no' }, owner)).status).to.equal(400);
      expect((await override(id, {}, owner)).status).to.equal(400);
      expect((await override(id, { reason: 'Because' }, token)).body).to.deep.equal(FORBIDDEN);
      expect((await override(id, { reason: 'Because' }, await s.h.tokenFor(alice))).body).to.deep.equal(FORBIDDEN);
      const outletManager = await createUser(s.h.ds, s.tenantA, { role: 'OUTLET_MANAGER' });
      await assignOutlets(s.h.ds, s.tenantA, outletManager.id, [(await createOutlet(s.h.ds, s.tenantA)).id]);
      expect((await override(id, { reason: 'Because' }, await s.h.tokenFor(outletManager))).body).to.deep.equal(notFound('Violation not found'));
      expect((await override(id, { reason: 'Because' }, await s.tokenAs('TENANT_OWNER', s.tenantB))).body).to.deep.equal(notFound('Violation not found'));
      expect((await s.h.request('POST', `/compliance/violations/${id}/override`, { body: { reason: 'Because' } })).body).to.deep.equal(UNAUTHORIZED);
    });
  });

  describe('clock-out', () => {
    it('records a missed break on the clock record (CLOCK phase) and never refuses the clock-out', async () => {
      await settings({ packs: [UK], modes: { 'uk-wtr.rest-break': 'BLOCK' }, customLimits: NO_LIMITS });
      const aliceToken = await s.h.tokenFor(alice);
      const clockIn = await s.h.request('POST', '/mobile/clock-in', { token: aliceToken, body: { outletId } });
      expect(clockIn.status).to.equal(201);
      s.h.clock.advance(7 * 3_600_000);
      const out = await s.h.request('POST', '/mobile/clock-out', { token: await s.h.tokenFor(alice), body: {} });
      expect(out.status).to.equal(201);
      const [v, ...more] = (await violations('?phase=CLOCK', await s.h.tokenFor(manager))).body;
      expect(more).to.have.length(0);
      expect(v).to.deep.include({ ruleId: 'uk-wtr.rest-break', phase: 'CLOCK', mode: 'BLOCK', status: 'OPEN', shiftAssignmentIds: [], attendanceEventIds: [clockIn.body.id] });
      expect(v.trace.arithmetic).to.deep.include({ actual: 0, limit: 20, terms: { workedMinutes: 420, workOverMinutes: 360 } });
    });

    it('the missed clock-out job records the breaches of the record it closes', async () => {
      await settings({ packs: [UK], modes: {}, customLimits: NO_LIMITS });
      const start = s.h.clock.now();
      const shift = await assign({ scheduledStart: start.toISOString(), scheduledEnd: new Date(start.getTime() + 8 * 3_600_000).toISOString() });
      expect(shift.status).to.equal(201);
      const clockIn = await s.h.request('POST', '/mobile/clock-in', { token: await s.h.tokenFor(alice), body: { outletId, shiftAssignmentId: shift.body.id } });
      expect(clockIn.status).to.equal(201);
      // The default grace is 2 h after the scheduled end.
      s.h.clock.advance(10 * 3_600_000 + 1);
      await s.h.job('missed-clock-out').run();
      const found = (await violations('?phase=CLOCK', await s.h.tokenFor(manager))).body;
      expect(found.map((v: { ruleId: string; attendanceEventIds: string[] }) => [v.ruleId, v.attendanceEventIds])).to.deep.equal([['uk-wtr.rest-break', [clockIn.body.id]]]);
    });
  });
  describe('hours taken away inside the notice period (NYC Fair Workweek)', () => {
    const NYC = { packId: 'nyc-fww', version: 1 };
    /** An instant `days` and `hours` after the suite's clock. */
    const ahead = (days: number, hours = 0) => new Date(s.h.clock.now().getTime() + days * 86_400_000 + hours * 3_600_000).toISOString();
    type Recorded = { userId: string; shiftAssignmentIds: string[]; sentence: string; trace: { arithmetic: { terms: Record<string, unknown> } } };
    const reductions = async (userId: string) =>
      ((await violations(`?userId=${userId}&ruleId=nyc-fww.advance-notice&limit=500`)).body as Recorded[]).filter((v) => v.trace.arithmetic.terms['change'] !== undefined);

    it('cancelling, giving away, cutting and releasing a shift each record the tier’s reduced-hours premium for the person who loses it', async () => {
      expect((await settings({ packs: [NYC], modes: {}, customLimits: NO_LIMITS })).status).to.equal(200);
      const bob = await createUser(s.h.ds, s.tenantA, { role: 'STAFF', fullName: 'Bob' });
      const shift = async (day: number) => {
        const res = await assign({ scheduledStart: ahead(day, 9), scheduledEnd: ahead(day, 17) });
        expect(res.status, JSON.stringify(res.body)).to.equal(201);
        return res.body.id as string;
      };
      const patch = (id: string, body: unknown) => s.h.request('PATCH', `/shift-assignments/${id}`, { token, body });
      const [cancelled, givenAway, cut, released] = [await shift(3), await shift(4), await shift(10), await shift(5)];
      const before = await counts();

      expect((await patch(cancelled, { status: 'CANCELLED' })).status).to.equal(200);
      expect((await patch(givenAway, { userId: bob.id })).status).to.equal(200);
      expect((await patch(cut, { scheduledEnd: ahead(10, 15) })).status).to.equal(200);
      expect((await s.h.request('POST', `/shift-assignments/${released}/release`, { token, body: {} })).status).to.equal(200);

      const found = await reductions(alice.id);
      const byShift = new Map(found.map((v) => [v.shiftAssignmentIds[0], v.trace.arithmetic.terms]));
      expect(byShift.get(cancelled)).to.deep.include({ change: 'CANCELLED', lostMinutes: 480, reducedMinor: 4500, currency: 'USD' });
      expect(byShift.get(givenAway)).to.deep.include({ change: 'REASSIGNED', lostMinutes: 480, reducedMinor: 4500 });
      expect(byShift.get(cut)).to.deep.include({ change: 'SHORTENED', lostMinutes: 120, reducedMinor: 2000 });
      expect(byShift.get(released)).to.deep.include({ change: 'CANCELLED', lostMinutes: 480, reducedMinor: 4500 });
      expect(found).to.have.length(4);
      expect(found.find((v) => v.shiftAssignmentIds[0] === cut)!.sentence).to.contain('cut by 2 h at');
      // Recorded, never refused, and no event of its own.
      expect((await counts()).violations).to.be.greaterThan(before.violations);
      expect(await reductions(bob.id)).to.deep.equal([]);
    });

    it('nothing with 14 days’ notice, nothing for a shift lengthened, and nothing without a pack', async () => {
      expect((await settings({ packs: [NYC], modes: {}, customLimits: NO_LIMITS })).status).to.equal(200);
      const far = (await assign({ scheduledStart: ahead(20, 9), scheduledEnd: ahead(20, 17) })).body.id as string;
      const near = (await assign({ scheduledStart: ahead(2, 9), scheduledEnd: ahead(2, 17) })).body.id as string;
      expect((await s.h.request('PATCH', `/shift-assignments/${far}`, { token, body: { status: 'CANCELLED' } })).status).to.equal(200);
      expect((await s.h.request('PATCH', `/shift-assignments/${near}`, { token, body: { scheduledEnd: ahead(2, 18) } })).status).to.equal(200);
      expect(await reductions(alice.id)).to.deep.equal([]);

      expect((await settings({ packs: [], modes: {}, customLimits: NO_LIMITS })).status).to.equal(200);
      const later = (await assign({ scheduledStart: ahead(3, 9), scheduledEnd: ahead(3, 17) })).body.id as string;
      expect((await s.h.request('PATCH', `/shift-assignments/${later}`, { token, body: { status: 'CANCELLED' } })).status).to.equal(200);
      expect(await reductions(alice.id)).to.deep.equal([]);
    });
  });
  describe('a shift that changes withdraws the breaches it was part of', () => {
    type Row = { status: string; sentence: string; ruleId: string; shiftAssignmentIds: string[] };
    const restBreaches = async () => ((await violations(`?userId=${alice.id}&ruleId=uk-wtr.daily-rest`)).body as Row[]).map((v) => [v.status, v.shiftAssignmentIds.length]);

    it('moving the opening shift clear withdraws the short rest; moving it back opens the same breach again; cancelling withdraws it', async () => {
      expect((await settings({ packs: [UK], modes: {}, customLimits: NO_LIMITS })).status).to.equal(200);
      const opening = await shortRest();
      expect(opening.status).to.equal(201);
      expect(await restBreaches()).to.deep.equal([['OPEN', 2]]);
      const patch = (body: unknown) => s.h.request('PATCH', `/shift-assignments/${opening.body.id}`, { token, body });

      expect((await patch({ scheduledStart: at('10:30', '2030-03-05'), scheduledEnd: at('18:30', '2030-03-05') })).status).to.equal(200);
      expect(await restBreaches()).to.deep.equal([['WITHDRAWN', 2]]);
      expect((await violations(`?userId=${alice.id}&status=OPEN`)).body).to.deep.equal([]);

      expect((await patch({ scheduledStart: at('08:30', '2030-03-05'), scheduledEnd: at('16:30', '2030-03-05') })).status).to.equal(200);
      expect(await restBreaches()).to.deep.equal([['OPEN', 2]]);

      expect((await patch({ status: 'CANCELLED' })).status).to.equal(200);
      expect(await restBreaches()).to.deep.equal([['WITHDRAWN', 2]]);
    });

    it('an overridden breach keeps its override when its shift changes; an advance-notice breach, a change that happened, stays', async () => {
      expect((await settings({ packs: [UK, { packId: 'nyc-fww', version: 1 }], modes: {}, customLimits: NO_LIMITS })).status).to.equal(200);
      const opening = await shortRest();
      const [breach] = (await violations(`?userId=${alice.id}&ruleId=uk-wtr.daily-rest`)).body as Array<{ id: string }>;
      expect((await s.h.request('POST', `/compliance/violations/${breach!.id}/override`, { token: owner, body: { reason: 'Consent on file' } })).status).to.equal(200);
      const soon = await assign({ scheduledStart: new Date(s.h.clock.now().getTime() + 3 * 86_400_000).toISOString(), scheduledEnd: new Date(s.h.clock.now().getTime() + 3 * 86_400_000 + 8 * 3_600_000).toISOString() });
      expect(soon.status).to.equal(201);
      expect((await s.h.request('PATCH', `/shift-assignments/${opening.body.id}`, { token, body: { status: 'CANCELLED' } })).status).to.equal(200);
      expect((await s.h.request('PATCH', `/shift-assignments/${soon.body.id}`, { token, body: { status: 'CANCELLED' } })).status).to.equal(200);
      expect(await restBreaches()).to.deep.equal([['OVERRIDDEN', 2]]);
      const notices = ((await violations(`?userId=${alice.id}&ruleId=nyc-fww.advance-notice`)).body as Row[]).map((v) => v.status);
      expect(notices).to.deep.equal(['OPEN', 'OPEN']);
    });
  });
});
