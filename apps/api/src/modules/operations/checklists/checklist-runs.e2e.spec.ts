import { expect } from 'chai';
import { createAsset, createOutlet, createUser, type CreatedUser } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';
import { assignOutlets } from '../../../test-support/access-fixtures.js';
import { pngImage, sendForm } from '../../../test-support/image-uploads.js';
import { expectSilentBesideWitness } from '../../../test-support/silence.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const RUN_NOT_FOUND = { message: 'Checklist run not found', error: 'Not Found', statusCode: 404 };
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });

interface RunTask {
  id: string;
  label: string;
  failed: boolean | null;
  issueId: string | null;
  answer: Record<string, unknown> | null;
}
interface Run {
  id: string;
  outletId: string;
  date: string;
  opensAt: string;
  status: string;
  late: boolean;
  tasks: RunTask[];
}

// Berlin is an hour ahead of UTC in March: local 07:00 is 06:00Z, so a run's window shows the company's timezone is used for an outlet without its own.
describe('checklist runs (HTTP)', () => {
  const s = twoTenantSuite({ tenant: { timezone: 'Europe/Berlin' } });
  let outletId: string;
  let staff: CreatedUser;
  let staffToken: string;
  let admin: string;
  let adminUser: CreatedUser;
  let fridgeId: string;
  let templateId: string;

  beforeEach(async () => {
    // Monday 2 March 2026, 06:00 in Berlin.
    s.h.clock.set('2026-03-02T05:00:00Z');
    outletId = (await createOutlet(s.h.ds, s.tenantA, { name: 'Soho' })).id;
    staff = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
    await assignOutlets(s.h.ds, s.tenantA, staff.id, [outletId]);
    staffToken = await s.h.tokenFor(staff);
    adminUser = await createUser(s.h.ds, s.tenantA, { role: 'OPERATIONS_MANAGER' });
    admin = await s.h.tokenFor(adminUser);
    fridgeId = (await createAsset(s.h.ds, s.tenantA, outletId, { name: 'Fridge 2' })).id;
    templateId = (
      await s.h.request('POST', '/checklist-templates', {
        token: admin,
        body: {
          name: 'Opening',
          tasks: [
            { kind: 'YES_NO', label: 'Floors clean', passAnswer: true, priority: 'LOW' },
            { kind: 'NUMBER', label: 'Fridge 2 temperature', min: 0, max: 5, unit: '°C', assetId: fridgeId, priority: 'HIGH' },
            { kind: 'PHOTO', label: 'Display counter' },
            { kind: 'NOTE', label: 'Anything else?', required: false },
          ],
        },
      })
    ).body.id;
    await schedule(outletId);
  });

  /** Moves the clock, and issues the test's tokens again: an access token lives minutes, not hours. */
  async function moveTo(at: string): Promise<void> {
    s.h.clock.set(at);
    staffToken = await s.h.tokenFor(staff);
    admin = await s.h.tokenFor(adminUser);
  }
  const schedule = async (at: string, over: Record<string, unknown> = {}) =>
    (await s.h.request('POST', '/checklist-schedules', { token: admin, body: { templateId, outletId: at, weekdays: [1, 2, 3, 4, 5, 6, 7], time: '07:00', windowMinutes: 60, ...over } })).body;
  const today = async (token = staffToken): Promise<Run[]> => (await s.h.request('GET', '/mobile/checklists/today', { token })).body;
  const answer = (runId: string, taskId: string, body: unknown, token = staffToken) => s.h.request('PUT', `/checklist-runs/${runId}/answers/${taskId}`, { token, body });
  const complete = (runId: string, token = staffToken) => s.h.request('POST', `/checklist-runs/${runId}/complete`, { token });
  const photo = async (runId: string, taskId: string, token = staffToken) => sendForm(s.h, 'PUT', `/checklist-runs/${runId}/answers/${taskId}/photo`, { field: 'photo', data: await pngImage(), filename: 'counter.png', token });
  const runCount = async () => Number((await s.h.ds.query(`SELECT count(*) AS n FROM checklist_runs WHERE tenant_id = $1`, [s.tenantA]))[0].n);
  const issuesOf = async () => s.h.ds.query(`SELECT id, outlet_id, asset_id, title, priority, source, reporter_user_id, status FROM issues WHERE tenant_id = $1 ORDER BY created_at`, [s.tenantA]);

  describe("today's list", () => {
    it('makes the run of a schedule occurrence on first read, with a copy of the tasks, once however often it is read or the job runs', async () => {
      const [run, ...rest] = await today();
      expect(rest).to.deep.equal([]);
      expect(run).to.deep.include({ outletId, name: 'Opening', date: '2026-03-02', opensAt: '2026-03-02T06:00:00.000Z', closesAt: '2026-03-02T07:00:00.000Z', status: 'OPEN', late: false, completedAt: null });
      expect(run!.tasks.map((t) => [t.label, t.answer, t.failed, t.issueId])).to.deep.equal([
        ['Floors clean', null, null, null],
        ['Fridge 2 temperature', null, null, null],
        ['Display counter', null, null, null],
        ['Anything else?', null, null, null],
      ]);
      expect(run!.tasks[1]).to.include({ assetId: fridgeId, min: 0, max: 5, unit: '°C', priority: 'HIGH' });
      await s.h.job('checklist-runs').run();
      expect((await today()).map((r) => r.id)).to.deep.equal([run!.id]);
      expect(await runCount()).to.equal(1);

      await s.h.request('PATCH', `/checklist-templates/${templateId}`, { token: admin, body: { name: 'Opening v2', tasks: [{ kind: 'NOTE', label: 'New question' }] } });
      const again = await s.h.request('GET', `/checklist-runs/${run!.id}`, { token: staffToken });
      expect(again.body.name).to.equal('Opening');
      expect(again.body.tasks.map((t: RunTask) => t.label)).to.deep.equal(['Floors clean', 'Fridge 2 temperature', 'Display counter', 'Anything else?']);
    });

    it("lists only the caller's workplace, skips weekdays not scheduled and occurrences over before the schedule existed", async () => {
      const elsewhere = (await createOutlet(s.h.ds, s.tenantA)).id;
      await schedule(elsewhere);
      await schedule(outletId, { weekdays: [2] });
      await moveTo('2026-03-02T09:00:00Z');
      await schedule(outletId, { time: '08:00' });
      expect((await today()).map((r) => r.outletId)).to.deep.equal([outletId]);
      expect((await today(await s.tokenAs('OPERATIONS_MANAGER'))).map((r) => r.outletId)).to.have.members([outletId, elsewhere]);
      const other = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
      expect(await today(await s.h.tokenFor(other))).to.deep.equal([]);
      expect((await s.h.request('GET', '/mobile/checklists/today')).body).to.deep.equal(UNAUTHORIZED);
    });

    it("reads an outlet with its own timezone in that zone: its 07:00 is New York's", async () => {
      const newYork = (await createOutlet(s.h.ds, s.tenantA, { name: 'Midtown' })).id;
      await s.h.ds.query(`UPDATE outlets SET timezone = 'America/New_York' WHERE id = $1`, [newYork]);
      await schedule(newYork);
      // 05:00Z is midnight in New York (UTC-5): Monday has begun there, and its 07:00 is 12:00Z.
      const runs = await today(admin);
      expect(runs.map((r) => [r.outletId, r.date, r.opensAt])).to.deep.equal([
        [outletId, '2026-03-02', '2026-03-02T06:00:00.000Z'],
        [newYork, '2026-03-02', '2026-03-02T12:00:00.000Z'],
      ]);
    });

    it("still lists yesterday's run while its window lasts past midnight", async () => {
      await schedule(outletId, { time: '23:30', windowMinutes: 60 });
      // Tuesday 00:10 in Berlin.
      await moveTo('2026-03-02T23:10:00Z');
      const runs = await today();
      expect(runs.map((r) => [r.date, r.opensAt, r.status])).to.deep.equal([
        ['2026-03-02', '2026-03-02T22:30:00.000Z', 'OPEN'],
        ['2026-03-03', '2026-03-03T06:00:00.000Z', 'OPEN'],
        ['2026-03-03', '2026-03-03T22:30:00.000Z', 'OPEN'],
      ]);
      await moveTo('2026-03-02T23:30:00Z');
      expect((await today()).map((r) => r.date)).to.deep.equal(['2026-03-03', '2026-03-03']);
    });
  });

  describe('answers', () => {
    it('a failed task raises an issue silently (source CHECKLIST, linked to the asset), once per task, however often it is answered', async () => {
      const run = (await today())[0]!;
      const fridge = run.tasks[1]!;
      let answered: Run | undefined;
      await expectSilentBesideWitness(
        s.h.ds,
        s.tenantA,
        ['issue.created', 'issue.resolved'],
        async () => {
          const res = await answer(run.id, fridge.id, { number: 9, note: 'Door was open' });
          expect(res.status).to.equal(200);
          answered = res.body;
        },
        async () => {
          const res = await s.h.request('POST', '/issues', { token: staffToken, body: { outletId, title: 'Door sticks', priority: 'LOW' } });
          return [{ type: 'issue.created', payload: { issueId: res.body.id } }];
        },
      );
      const task = answered!.tasks[1]!;
      expect(task).to.include({ failed: true });
      expect(task.answer).to.include({ number: 9, note: 'Door was open', yes: null, photo: null, answeredByUserId: staff.id, answeredAt: s.h.clock.now().toISOString() });
      const raised = (await issuesOf()).filter((i: { source: string }) => i.source === 'CHECKLIST');
      expect(raised).to.deep.equal([
        { id: task.issueId, outlet_id: outletId, asset_id: fridgeId, title: 'Fridge 2 temperature 9 °C (allowed 0–5 °C)', priority: 'HIGH', source: 'CHECKLIST', reporter_user_id: staff.id, status: 'OPEN' },
      ]);

      const retried = await answer(run.id, fridge.id, { number: 12 });
      expect(retried.body.tasks[1]).to.include({ failed: true, issueId: task.issueId });
      const passed = await answer(run.id, fridge.id, { number: 4.5 });
      expect(passed.body.tasks[1]).to.include({ failed: false, issueId: task.issueId });
      expect(passed.body.tasks[1].answer).to.include({ number: 4.5, note: null });
      const yesNo = await answer(run.id, run.tasks[0]!.id, { yes: false });
      expect(yesNo.body.tasks[0]).to.include({ failed: true });
      expect((await issuesOf()).map((i: { title: string }) => i.title)).to.have.members([
        'Fridge 2 temperature 9 °C (allowed 0–5 °C)',
        'Door sticks',
        'Floors clean: No (expected Yes)',
      ]);
      expect((await s.h.request('GET', '/issues?source=CHECKLIST', { token: admin })).body.map((i: { id: string }) => i.id)).to.include(task.issueId);
    });

    it('takes a photo for a PHOTO task, bounded in size and type, and serves it back', async () => {
      const run = (await today())[0]!;
      const counter = run.tasks[2]!;
      const res = await photo(run.id, counter.id);
      expect(res.status).to.equal(200);
      expect(res.body.tasks[2].answer.photo).to.include({ mediaType: 'image/png' });
      expect(res.body.tasks[2].failed).to.equal(false);
      const served = await s.h.request('GET', `/checklist-runs/${run.id}/answers/${counter.id}/photo`, { token: admin, binary: true });
      expect(served.status).to.equal(200);
      expect(served.headers.get('content-type')).to.equal('image/png');
      expect((served.body as Buffer).subarray(1, 4).toString()).to.equal('PNG');
      const text = await sendForm(s.h, 'PUT', `/checklist-runs/${run.id}/answers/${counter.id}/photo`, { field: 'photo', data: Buffer.from('not an image'), token: staffToken });
      expect(text.status).to.equal(415);
      const huge = await sendForm(s.h, 'PUT', `/checklist-runs/${run.id}/answers/${counter.id}/photo`, { field: 'photo', data: Buffer.alloc(1024 * 1024 + 1), token: staffToken });
      expect(huge.status).to.equal(413);
      expect((await photo(run.id, run.tasks[0]!.id)).body).to.deep.equal(badRequest('photo is not allowed for a YES_NO task'));
      expect((await s.h.request('GET', `/checklist-runs/${run.id}/answers/${run.tasks[0]!.id}/photo`, { token: admin })).body).to.deep.equal({
        message: 'This task has no photo',
        error: 'Not Found',
        statusCode: 404,
      });
    });

    it('validates answers against the kind of task', async () => {
      const run = (await today())[0]!;
      const [yesNo, number, photoTask, note] = run.tasks as [RunTask, RunTask, RunTask, RunTask];
      expect((await answer(run.id, yesNo.id, { number: 3 })).body).to.deep.equal(badRequest('yes is required for a YES_NO task', 'number is not allowed for a YES_NO task'));
      expect((await answer(run.id, number.id, { yes: true })).body).to.deep.equal(badRequest('number is required for a NUMBER task', 'yes is not allowed for a NUMBER task'));
      expect((await answer(run.id, note.id, { yes: true })).body).to.deep.equal(badRequest('note is required for a NOTE task', 'yes is not allowed for a NOTE task'));
      expect((await answer(run.id, photoTask.id, { note: 'see' })).body).to.deep.equal(
        badRequest('a PHOTO task is answered by uploading the photo to /checklist-runs/{id}/answers/{taskId}/photo'),
      );
      expect((await answer(run.id, number.id, {})).body).to.deep.equal(badRequest('body must contain at least one of: yes, number, note'));
      expect((await answer(run.id, number.id, { number: '9' })).body).to.deep.equal(badRequest('number must be a number'));
      expect((await answer(run.id, number.id, { number: 1e9 })).body).to.deep.equal(badRequest('number must not be greater than 1000000'));
      expect((await answer(run.id, 'task', { number: 3 })).body).to.deep.equal(badRequest('taskId must be a UUID'));
      expect((await answer(run.id, run.id, { number: 3 })).body).to.deep.equal({ message: 'Task not found in this checklist run', error: 'Not Found', statusCode: 404 });
    });
  });

  describe('completion', () => {
    it('needs every required task answered, is idempotent, and closes the run to changes', async () => {
      const run = (await today())[0]!;
      expect((await complete(run.id)).body).to.deep.equal({
        message: 'Required tasks are not answered: Floors clean, Fridge 2 temperature, Display counter',
        error: 'Conflict',
        statusCode: 409,
      });
      await answer(run.id, run.tasks[0]!.id, { yes: true });
      await answer(run.id, run.tasks[1]!.id, { number: 3 });
      await photo(run.id, run.tasks[2]!.id);
      await moveTo('2026-03-02T06:20:00Z');
      const done = await complete(run.id);
      expect(done.status).to.equal(200);
      expect(done.body).to.include({ status: 'COMPLETED', late: false, completedAt: '2026-03-02T06:20:00.000Z', completedByUserId: staff.id });
      expect((await complete(run.id)).body).to.deep.equal(done.body);
      expect((await answer(run.id, run.tasks[3]!.id, { note: 'late thought' })).body).to.deep.equal({ message: 'A completed checklist run cannot be changed', error: 'Conflict', statusCode: 409 });
    });

    it('the job marks a run not completed by the end of its window MISSED; completing it then counts as late', async () => {
      await s.h.job('checklist-runs').run();
      const run = (await today())[0]!;
      await moveTo('2026-03-02T06:59:59Z');
      await s.h.job('checklist-runs').run();
      expect((await s.h.request('GET', `/checklist-runs/${run.id}`, { token: staffToken })).body.status).to.equal('OPEN');
      await moveTo('2026-03-02T07:00:00Z');
      await s.h.job('checklist-runs').run();
      expect((await s.h.request('GET', `/checklist-runs/${run.id}`, { token: staffToken })).body.status).to.equal('MISSED');
      await answer(run.id, run.tasks[0]!.id, { yes: true });
      await answer(run.id, run.tasks[1]!.id, { number: 2 });
      await photo(run.id, run.tasks[2]!.id);
      expect((await complete(run.id)).body).to.include({ status: 'COMPLETED', late: true });
    });

    it('scopes: only where the caller works; 404 across tenants; 401', async () => {
      const run = (await today())[0]!;
      const other = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
      await assignOutlets(s.h.ds, s.tenantA, other.id, [(await createOutlet(s.h.ds, s.tenantA)).id]);
      const otherToken = await s.h.tokenFor(other);
      const foreign = await s.tokenAs('TENANT_OWNER', s.tenantB);
      for (const token of [otherToken, foreign]) {
        expect((await s.h.request('GET', `/checklist-runs/${run.id}`, { token })).body).to.deep.equal(RUN_NOT_FOUND);
        expect((await answer(run.id, run.tasks[0]!.id, { yes: true }, token)).body).to.deep.equal(RUN_NOT_FOUND);
        expect((await complete(run.id, token)).body).to.deep.equal(RUN_NOT_FOUND);
      }
      expect((await answer(run.id, run.tasks[0]!.id, { yes: true }, await s.tokenAs('AREA_MANAGER'))).status).to.equal(200);
      expect((await s.h.request('PUT', `/checklist-runs/${run.id}/answers/${run.tasks[0]!.id}`, { body: { yes: true } })).body).to.deep.equal(UNAUTHORIZED);
      expect((await s.h.request('POST', `/checklist-runs/${run.id}/complete`)).body).to.deep.equal(UNAUTHORIZED);
    });
  });

  describe('completion report', () => {
    const report = (query: string, token = admin) => s.h.request('GET', `/checklists/reports/completion?${query}`, { token });

    it('counts per outlet: scheduled, completed, completed late, missed, open, failed tasks and the rate', async () => {
      const second = (await createOutlet(s.h.ds, s.tenantA, { name: 'Tower' })).id;
      await schedule(second);
      await s.h.job('checklist-runs').run();
      // Monday: Soho completed in time with a failed temperature; Tower missed.
      const monday = (await today())[0]!;
      await answer(monday.id, monday.tasks[0]!.id, { yes: true });
      await answer(monday.id, monday.tasks[1]!.id, { number: 8 });
      await photo(monday.id, monday.tasks[2]!.id);
      await complete(monday.id);
      await moveTo('2026-03-03T08:00:00Z');
      await s.h.job('checklist-runs').run();
      // Tuesday: Soho completed after its window; Tower missed again.
      const tuesday = (await today())[0]!;
      expect(tuesday.status).to.equal('MISSED');
      await answer(tuesday.id, tuesday.tasks[0]!.id, { yes: true });
      await answer(tuesday.id, tuesday.tasks[1]!.id, { number: 1 });
      await photo(tuesday.id, tuesday.tasks[2]!.id);
      await complete(tuesday.id);
      // Wednesday's runs exist but their windows are not over.
      await moveTo('2026-03-04T05:30:00Z');
      await s.h.job('checklist-runs').run();

      const res = await report('from=2026-03-02&to=2026-03-04');
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal([
        { outletId, outletName: 'Soho', scheduled: 3, completed: 1, completedLate: 1, missed: 0, open: 1, failedTasks: 1, rate: 1 },
        { outletId: second, outletName: 'Tower', scheduled: 3, completed: 0, completedLate: 0, missed: 2, open: 1, failedTasks: 0, rate: 0 },
      ]);
      expect((await report('from=2026-03-03&to=2026-03-03')).body.map((r: { scheduled: number; completedLate: number }) => [r.scheduled, r.completedLate])).to.deep.equal([
        [1, 1],
        [1, 0],
      ]);

      const manager = await createUser(s.h.ds, s.tenantA, { role: 'OUTLET_MANAGER' });
      await assignOutlets(s.h.ds, s.tenantA, manager.id, [second]);
      expect((await report('from=2026-03-02&to=2026-03-04', await s.h.tokenFor(manager))).body.map((r: { outletId: string }) => r.outletId)).to.deep.equal([second]);
      expect((await report('from=2026-03-02&to=2026-03-04', await s.tokenAs('TENANT_OWNER', s.tenantB))).body).to.deep.equal([]);
    });

    it('validates the period; STAFF 403; 401', async () => {
      expect((await report('from=2026-03-05&to=2026-03-04')).body).to.deep.equal(badRequest('to must not be before from'));
      expect((await report('from=2026-01-01&to=2026-04-05')).body).to.deep.equal(badRequest('the period must not be longer than 92 days'));
      expect((await report('from=yesterday&to=2026-03-04')).body).to.deep.equal(badRequest('from must be a date in YYYY-MM-DD format'));
      expect((await report('to=2026-03-04')).body).to.deep.equal(badRequest('from is required'));
      expect((await report('from=0000-01-01&to=2026-03-04')).body).to.deep.equal(badRequest('from must not be before 2000-01-01'));
      expect((await report('from=2026-03-02&to=2026-03-04', staffToken)).body).to.deep.equal(FORBIDDEN);
      expect((await s.h.request('GET', '/checklists/reports/completion?from=2026-03-02&to=2026-03-04')).body).to.deep.equal(UNAUTHORIZED);
    });
  });
});
