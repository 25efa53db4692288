import { expect } from 'chai';
import { uuid } from '@wfm/core/crypto';
import { createOutlet, createUser, createVendor } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';
import { assignOutlets } from '../../../test-support/access-fixtures.js';
import { expectSilentBesideWitness } from '../../../test-support/silence.js';

const NOT_FOUND = { message: 'Automation not found', error: 'Not Found', statusCode: 404 };

describe('automations (HTTP and the worker)', () => {
  const s = twoTenantSuite();
  let outletId: string;
  let adminToken: string;

  beforeEach(async () => {
    outletId = (await createOutlet(s.h.ds, s.tenantA, { name: 'Soho' })).id;
    adminToken = await s.tokenAs('OPERATIONS_MANAGER');
  });

  const rule = (over: Record<string, unknown> = {}) => ({
    name: 'Escalate the urgent',
    trigger: 'ISSUE_HIGH_PRIORITY',
    actions: [{ kind: 'RAISE_ISSUE', title: 'Call the engineer', priority: 'MEDIUM' }],
    ...over,
  });
  const create = async (over: Record<string, unknown> = {}, token = adminToken) => s.h.request('POST', '/automations', { token, body: rule(over) });
  const runWorker = () => s.h.job('automations').run();
  async function issuesOf(tenantId: string, source: string): Promise<Array<{ id: string; title: string; outlet_id: string; priority: string; reporter_user_id: string | null; description: string }>> {
    return s.h.ds.query(`SELECT id, title, outlet_id, priority, reporter_user_id, description FROM issues WHERE tenant_id = $1 AND source = $2 ORDER BY created_at, id`, [tenantId, source]);
  }
  /** An issue as a silent path would have left it (a failed checklist task, a maintenance check). */
  async function insertIssue(source: string, priority = 'MEDIUM', at = s.h.clock.now(), outlet = outletId): Promise<string> {
    const id = uuid();
    await s.h.ds.query(
      `INSERT INTO issues (id, tenant_id, outlet_id, title, priority, status, source, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, 'OPEN', $6, $7, $7)`,
      [id, s.tenantA, outlet, `A ${source} issue`, priority, source, at],
    );
    return id;
  }

  describe('the rules', () => {
    it('creates, lists, reads, changes and deletes an automation', async () => {
      const made = await create({ outletId });
      expect(made.status).to.equal(201);
      expect(made.body).to.deep.include({ tenantId: s.tenantA, name: 'Escalate the urgent', trigger: 'ISSUE_HIGH_PRIORITY', outletId, active: true });
      expect(made.body.actions).to.deep.equal([{ kind: 'RAISE_ISSUE', title: 'Call the engineer', priority: 'MEDIUM' }]);
      const id = made.body.id;
      expect((await s.h.request('GET', '/automations', { token: adminToken })).body.map((a: { id: string }) => a.id)).to.deep.equal([id]);
      const changed = await s.h.request('PATCH', `/automations/${id}`, { token: adminToken, body: { active: false, outletId: null, actions: [{ kind: 'NOTIFY_ROLE', role: 'AREA_MANAGER' }] } });
      expect(changed.body).to.deep.include({ active: false, outletId: null, actions: [{ kind: 'NOTIFY_ROLE', role: 'AREA_MANAGER' }] });
      expect((await s.h.request('GET', `/automations/${id}`, { token: adminToken })).body.active).to.equal(false);
      expect((await s.h.request('GET', `/automations/${id}/runs`, { token: adminToken })).body).to.deep.equal([]);
      expect((await s.h.request('DELETE', `/automations/${id}`, { token: adminToken })).status).to.equal(204);
      expect((await s.h.request('GET', `/automations/${id}`, { token: adminToken })).body).to.deep.equal(NOT_FOUND);
      expect((await s.h.request('DELETE', `/automations/${id}`, { token: adminToken })).body).to.deep.equal(NOT_FOUND);
    });

    it('validates rules: trigger, actions (one to five, known kinds, their fields), names and unknown fields', async () => {
      const bad = async (over: Record<string, unknown>) => (await create(over)).body;
      expect(await bad({ trigger: 'SOMETHING' })).to.include({ statusCode: 400, error: 'Bad Request' });
      expect(await bad({ actions: [] })).to.include({ statusCode: 400 });
      expect(await bad({ actions: Array(6).fill({ kind: 'NOTIFY_ROLE', role: 'STAFF' }) })).to.include({ statusCode: 400 });
      expect(await bad({ actions: [{ kind: 'DELETE_EVERYTHING' }] })).to.include({ statusCode: 400 });
      expect(await bad({ actions: [{ kind: 'NOTIFY_ROLE', role: 'TENANT_GROUP_OWNER' }] })).to.include({ statusCode: 400 });
      expect(await bad({ actions: [{ kind: 'RAISE_ISSUE', priority: 'HIGH' }] })).to.include({ statusCode: 400 });
      expect(await bad({ actions: [{ kind: 'RAISE_ISSUE', title: 'x', priority: 'HIGH', extra: 1 }] })).to.include({ statusCode: 400 });
      expect(await bad({ name: ' ' })).to.include({ statusCode: 400 });
      expect(await bad({ outletId: 'soho' })).to.include({ statusCode: 400 });
      expect(await bad({ surprise: true })).to.include({ statusCode: 400 });
      const id = (await create()).body.id;
      expect((await s.h.request('PATCH', `/automations/${id}`, { token: adminToken, body: {} })).body).to.deep.equal({
        message: ['body must contain at least one of: name, trigger, outletId, actions, active'],
        error: 'Bad Request',
        statusCode: 400,
      });
      expect(await bad({ actions: [{ kind: 'ASSIGN', userId: 'the manager' }] })).to.include({ statusCode: 400 });
      const stranger = await createUser(s.h.ds, s.tenantB, { role: 'STAFF' });
      expect((await create({ actions: [{ kind: 'ASSIGN', userId: stranger.id }] })).body).to.deep.equal({ message: 'No active person with this id in the tenant', error: 'Not Found', statusCode: 404 });
      const issueOnly = (kind: string) => ({ message: [`actions: ${kind} acts on an issue, and WORK_ORDER_OVERDUE is triggered by a work order`], error: 'Bad Request', statusCode: 400 });
      const here = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
      expect((await create({ trigger: 'WORK_ORDER_OVERDUE', actions: [{ kind: 'ASSIGN', userId: here.id }] })).body).to.deep.equal(issueOnly('ASSIGN'));
      const opening = { kind: 'OPEN_WORK_ORDER', title: 'Call the engineer', priority: 'HIGH', dueInDays: 2 };
      expect((await create({ trigger: 'WORK_ORDER_OVERDUE', actions: [opening] })).body).to.deep.equal(issueOnly('OPEN_WORK_ORDER'));
      const vendor = await createVendor(s.h.ds, s.tenantA);
      expect(await bad({ actions: [{ ...opening, vendorId: vendor.id, assigneeUserId: here.id }] })).to.include({ statusCode: 400 });
      expect(await bad({ actions: [{ ...opening, dueInDays: 366 }] })).to.include({ statusCode: 400 });
      expect((await create({ actions: [{ ...opening, vendorId: (await createVendor(s.h.ds, s.tenantB)).id }] })).body).to.deep.equal({ message: 'Vendor not found', error: 'Not Found', statusCode: 404 });
      const opens = (await create({ actions: [{ ...opening, vendorId: vendor.id }] })).body.id;
      expect((await s.h.request('PATCH', `/automations/${opens}`, { token: adminToken, body: { trigger: 'WORK_ORDER_OVERDUE' } })).body).to.deep.equal(issueOnly('OPEN_WORK_ORDER'));
      const foreignOutlet = (await createOutlet(s.h.ds, s.tenantB)).id;
      expect((await create({ outletId: foreignOutlet })).body).to.deep.equal({ message: 'Outlet not found', error: 'Not Found', statusCode: 404 });
    });

    it('is for the outlet administrators only (401, 403 by role) and 404 across tenants', async () => {
      expect((await s.h.request('GET', '/automations')).status).to.equal(401);
      for (const role of ['OUTLET_MANAGER', 'STAFF', 'HR_MANAGER'] as const) {
        const token = await s.tokenAs(role);
        expect((await s.h.request('GET', '/automations', { token })).status, role).to.equal(403);
        expect((await create({}, token)).status, role).to.equal(403);
      }
      for (const role of ['TENANT_OWNER', 'COMPANY_ADMIN', 'AREA_MANAGER'] as const) expect((await create({}, await s.tokenAs(role))).status, role).to.equal(201);
      const id = (await create()).body.id;
      const foreign = await s.tokenAs('TENANT_OWNER', s.tenantB);
      expect((await s.h.request('GET', `/automations/${id}`, { token: foreign })).body).to.deep.equal(NOT_FOUND);
      expect((await s.h.request('PATCH', `/automations/${id}`, { token: foreign, body: { active: false } })).body).to.deep.equal(NOT_FOUND);
      expect((await s.h.request('GET', `/automations/${id}/runs`, { token: foreign })).body).to.deep.equal(NOT_FOUND);
      expect((await s.h.request('DELETE', `/automations/${id}`, { token: foreign })).body).to.deep.equal(NOT_FOUND);
      expect((await s.h.request('GET', '/automations', { token: foreign })).body).to.deep.equal([]);
    });
  });

  describe('the worker', () => {
    it('acts once on a HIGH issue: raises its own issue silently and mails the role at that outlet only', async () => {
      const here = await createUser(s.h.ds, s.tenantA, { role: 'OUTLET_MANAGER' });
      const elsewhere = await createUser(s.h.ds, s.tenantA, { role: 'OUTLET_MANAGER' });
      await assignOutlets(s.h.ds, s.tenantA, here.id, [outletId]);
      await assignOutlets(s.h.ds, s.tenantA, elsewhere.id, [(await createOutlet(s.h.ds, s.tenantA)).id]);
      const automationId = (await create({ actions: [{ kind: 'RAISE_ISSUE', title: 'Call the engineer', priority: 'HIGH' }, { kind: 'NOTIFY_ROLE', role: 'OUTLET_MANAGER' }] })).body.id;
      const staffToken = await s.tokenAs('TENANT_OWNER');
      const trigger = await s.h.request('POST', '/issues', { token: staffToken, body: { outletId, title: 'Walk-in fridge at 12 °C', priority: 'HIGH' } });
      expect(trigger.status).to.equal(201);

      await expectSilentBesideWitness(s.h.ds, s.tenantA, ['issue.created', 'issue.resolved'], runWorker, async () => {
        const witness = await s.h.request('POST', '/issues', { token: staffToken, body: { outletId, title: 'A light is out', priority: 'LOW' } });
        return [{ type: 'issue.created', payload: { issueId: witness.body.id } }];
      });

      const raised = await issuesOf(s.tenantA, 'AUTOMATION');
      expect(raised).to.have.length(1);
      expect(raised[0]).to.deep.include({ title: 'Call the engineer', outlet_id: outletId, priority: 'HIGH', reporter_user_id: null });
      expect(raised[0]!.description).to.equal('Raised by the automation “Escalate the urgent” for the issue “Walk-in fridge at 12 °C”.');
      const runs = (await s.h.request('GET', `/automations/${automationId}/runs`, { token: adminToken })).body;
      expect(runs).to.have.length(1);
      expect(runs[0]).to.deep.include({ subjectId: trigger.body.id, outcome: 'DONE', error: null });
      expect(runs[0].results).to.deep.equal([{ kind: 'RAISE_ISSUE', issueId: raised[0]!.id }, { kind: 'NOTIFY_ROLE', mailed: 1 }]);
      const mails = await s.h.mailsTo(here.email!, s.tenantA);
      expect(mails.map((m) => m.subject)).to.deep.equal(['Escalate the urgent: Walk-in fridge at 12 °C (Soho)']);
      expect(await s.h.mailsTo(elsewhere.email!, s.tenantA)).to.deep.equal([]);

      // Again: nothing new — the run is on record, and the HIGH issue it raised is its own (no loop).
      await runWorker();
      expect(await issuesOf(s.tenantA, 'AUTOMATION')).to.have.length(1);
      expect((await s.h.request('GET', `/automations/${automationId}/runs`, { token: adminToken })).body).to.have.length(1);
      expect(await s.h.mailsTo(here.email!, s.tenantA)).to.have.length(1);
    });

    it('matches each trigger to its issues, at its outlet, from its creation on, while active', async () => {
      const elsewhere = (await createOutlet(s.h.ds, s.tenantA)).id;
      const before = await insertIssue('CHECKLIST', 'LOW');
      s.h.clock.advance(60_000);
      const checklist = (await create({ name: 'Failed checks', trigger: 'CHECKLIST_TASK_FAILED', outletId })).body.id;
      const due = (await create({ name: 'Due', trigger: 'ASSET_DUE' })).body.id;
      const paused = (await create({ name: 'Paused', trigger: 'ASSET_DUE', active: false })).body.id;
      const failed = await insertIssue('CHECKLIST', 'LOW');
      await insertIssue('CHECKLIST', 'LOW', s.h.clock.now(), elsewhere);
      await insertIssue('WEB', 'LOW');
      const maintenance = await insertIssue('MAINTENANCE', 'LOW', s.h.clock.now(), elsewhere);
      await runWorker();
      const subjects = async (id: string) => (await s.h.request('GET', `/automations/${id}/runs`, { token: adminToken })).body.map((r: { subjectId: string }) => r.subjectId);
      expect(await subjects(checklist)).to.deep.equal([failed]);
      expect(await subjects(due)).to.deep.equal([maintenance]);
      expect(await subjects(paused)).to.deep.equal([]);
      expect(await subjects(checklist)).to.not.include(before);
    });

    it('gives the issue to the person an ASSIGN names when they work at its outlet, and records when they do not', async () => {
      const here = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
      const away = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
      await assignOutlets(s.h.ds, s.tenantA, here.id, [outletId]);
      const toHere = (await create({ name: 'To the closer', trigger: 'CHECKLIST_TASK_FAILED', actions: [{ kind: 'ASSIGN', userId: here.id }] })).body.id;
      const toAway = (await create({ name: 'To someone elsewhere', trigger: 'ASSET_DUE', actions: [{ kind: 'ASSIGN', userId: away.id }] })).body.id;
      const failed = await insertIssue('CHECKLIST');
      const due = await insertIssue('MAINTENANCE');
      await runWorker();
      const assignee = async (id: string) => (await s.h.ds.query(`SELECT assignee_user_id FROM issues WHERE id = $1`, [id]))[0].assignee_user_id;
      expect([await assignee(failed), await assignee(due)]).to.deep.equal([here.id, null]);
      const results = async (id: string) => (await s.h.request('GET', `/automations/${id}/runs`, { token: adminToken })).body.map((r: { results: unknown[] }) => r.results);
      expect(await results(toHere)).to.deep.equal([[{ kind: 'ASSIGN', assigned: true }]]);
      expect(await results(toAway)).to.deep.equal([[{ kind: 'ASSIGN', assigned: false }]]);
      expect((await s.h.request('GET', `/issues/${failed}`, { token: await s.h.tokenFor(here) })).body.assigneeUserId).to.equal(here.id);
    });

    it('opens a work order from the issue for the person it names, due that many days on; one whose person is gone opens unassigned', async () => {
      const fixer = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
      const leaver = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
      const opening = { kind: 'OPEN_WORK_ORDER', title: 'Call the engineer', priority: 'HIGH', dueInDays: 2 };
      const toFixer = (await create({ name: 'Fix it', actions: [{ ...opening, assigneeUserId: fixer.id }] })).body.id;
      const toLeaver = (await create({ name: 'Fix it later', trigger: 'CHECKLIST_TASK_FAILED', actions: [{ ...opening, assigneeUserId: leaver.id }] })).body.id;
      await s.h.ds.query(`UPDATE users SET status = 'INACTIVE' WHERE id = $1`, [leaver.id]);
      const high = await insertIssue('WEB', 'HIGH');
      const failed = await insertIssue('CHECKLIST', 'LOW');
      await runWorker();
      const [{ timezone }] = await s.h.ds.query(`SELECT timezone FROM tenants WHERE id = $1`, [s.tenantA]);
      const dueOn = (await s.h.ds.query(`SELECT (($1::timestamptz AT TIME ZONE $2)::date + 2)::text AS day`, [s.h.clock.now(), timezone]))[0].day;
      const orders = async (issueId: string) =>
        s.h.ds.query(`SELECT id, title, status, assignee_user_id AS "assigneeUserId", created_by_user_id AS "createdBy", due_on::text AS "dueOn", outlet_id AS "outletId" FROM work_orders WHERE issue_id = $1`, [issueId]);
      const [forHigh] = await orders(high);
      expect(forHigh).to.deep.include({ title: 'Call the engineer', status: 'ASSIGNED', assigneeUserId: fixer.id, createdBy: null, dueOn, outletId });
      const [forFailed] = await orders(failed);
      expect(forFailed).to.deep.include({ status: 'OPEN', assigneeUserId: null });
      const results = async (id: string) => (await s.h.request('GET', `/automations/${id}/runs`, { token: adminToken })).body.map((r: { results: unknown[] }) => r.results);
      expect(await results(toFixer)).to.deep.equal([[{ kind: 'OPEN_WORK_ORDER', workOrderId: forHigh.id, assigned: true }]]);
      expect(await results(toLeaver)).to.deep.equal([[{ kind: 'OPEN_WORK_ORDER', workOrderId: forFailed.id, assigned: false }]]);
      expect((await s.h.request('GET', `/issues/${high}`, { token: adminToken })).body.workOrderIds).to.deep.equal([forHigh.id]);
    });

    it('acts once on a work order the day after it was due, and not on one done or one already overdue when the rule was made', async () => {
      const [{ timezone }] = await s.h.ds.query(`SELECT timezone FROM tenants WHERE id = $1`, [s.tenantA]);
      const day = async (offset: number) => (await s.h.ds.query(`SELECT (($1::timestamptz AT TIME ZONE $2)::date + $3::int)::text AS day`, [s.h.clock.now(), timezone, offset]))[0].day;
      const order = async (title: string, status: string, dueOn: string) => {
        const id = uuid();
        await s.h.ds.query(
          `INSERT INTO work_orders (id, tenant_id, outlet_id, title, priority, status, due_on, created_at, updated_at) VALUES ($1, $2, $3, $4, 'MEDIUM', $5, $6, $7, $7)`,
          [id, s.tenantA, outletId, title, status, dueOn, s.h.clock.now()],
        );
        return id;
      };
      const late = await order('Replace the door seal', 'ASSIGNED', await day(-2));
      s.h.clock.advance(60_000);
      const manager = await createUser(s.h.ds, s.tenantA, { role: 'OUTLET_MANAGER' });
      await assignOutlets(s.h.ds, s.tenantA, manager.id, [outletId]);
      const rule = (await create({ name: 'Chase the late', trigger: 'WORK_ORDER_OVERDUE', actions: [{ kind: 'NOTIFY_ROLE', role: 'OUTLET_MANAGER' }, { kind: 'RAISE_ISSUE', title: 'Work order late', priority: 'HIGH' }] })).body.id;
      const today = await order('Descale the oven', 'IN_PROGRESS', await day(0));
      await order('Fix the tap', 'COMPLETED', await day(0));
      await runWorker();
      expect((await s.h.request('GET', `/automations/${rule}/runs`, { token: adminToken })).body).to.deep.equal([]);

      s.h.clock.advance(26 * 3_600_000);
      // Access tokens live minutes: a day on, the admin signs in again.
      const admin = await s.tokenAs('OPERATIONS_MANAGER');
      await expectSilentBesideWitness(s.h.ds, s.tenantA, ['issue.created', 'issue.resolved'], runWorker, async () => {
        const witness = await s.h.request('POST', '/issues', { token: admin, body: { outletId, title: 'A light is out', priority: 'LOW' } });
        return [{ type: 'issue.created', payload: { issueId: witness.body.id } }];
      });
      await runWorker();
      const runs = (await s.h.request('GET', `/automations/${rule}/runs`, { token: admin })).body;
      expect(runs.map((r: { subjectId: string }) => r.subjectId)).to.deep.equal([today]);
      expect(runs.map((r: { subjectId: string }) => r.subjectId)).to.not.include(late);
      expect(runs[0].results[0]).to.deep.equal({ kind: 'NOTIFY_ROLE', mailed: 1 });
      const raised = await issuesOf(s.tenantA, 'AUTOMATION');
      expect(raised.map((i) => [i.title, i.description])).to.deep.equal([['Work order late', 'Raised by the automation “Chase the late” for the overdue work order “Descale the oven”.']]);
      expect((await s.h.mailsTo(manager.email!, s.tenantA)).map((m) => m.subject)).to.deep.equal(['Chase the late: Descale the oven (Soho)']);
    });

    it("reads days at the outlet: a new order's due date and a work order's overdue day are New York's for a New York outlet of a Paris company", async () => {
      await s.h.ds.query(`UPDATE tenants SET timezone = 'Europe/Paris' WHERE id = $1`, [s.tenantA]);
      await s.h.ds.query(`UPDATE outlets SET timezone = 'America/New_York' WHERE id = $1`, [outletId]);
      // 23:30 UTC on 10 January 2030: already the 11th in Paris, still the 10th in New York.
      s.h.clock.set('2030-01-10T23:30:00.000Z');
      // The suite's token was signed at the suite's own time: sign in again at this one.
      const admin = await s.tokenAs('OPERATIONS_MANAGER');
      const opens = (await create({ name: 'Fix it', actions: [{ kind: 'OPEN_WORK_ORDER', title: 'Call the engineer', priority: 'HIGH', dueInDays: 1 }] }, admin)).body.id;
      const chases = (await create({ name: 'Chase the late', trigger: 'WORK_ORDER_OVERDUE', actions: [{ kind: 'RAISE_ISSUE', title: 'Work order late', priority: 'HIGH' }] }, admin)).body.id;
      const issue = await insertIssue('WEB', 'HIGH');
      await runWorker();
      const [opened] = await s.h.ds.query(`SELECT id, due_on::text AS "dueOn" FROM work_orders WHERE issue_id = $1`, [issue]);
      expect(opened.dueOn, "the day after New York's 10th").to.equal('2030-01-11');
      await s.h.ds.query(`UPDATE work_orders SET due_on = '2030-01-10' WHERE id = $1`, [opened.id]);
      const runsOf = async (id: string) => (await s.h.request('GET', `/automations/${id}/runs`, { token: await s.tokenAs('OPERATIONS_MANAGER') })).body.map((r: { subjectId: string }) => r.subjectId);

      // 04:59 UTC on the 11th: past the 10th in Paris for hours, not yet in New York.
      s.h.clock.set('2030-01-11T04:59:00.000Z');
      await runWorker();
      expect(await runsOf(chases)).to.deep.equal([]);
      s.h.clock.set('2030-01-11T05:01:00.000Z');
      await runWorker();
      expect(await runsOf(chases)).to.deep.equal([opened.id]);
      expect(await runsOf(opens)).to.deep.equal([issue]);
    });
  });
});
