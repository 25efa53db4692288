import { expect } from 'chai';
import { createUser } from '@wfm/testing/factories';
import { eventDelivery, type HookedTenant } from './test-support/event-delivery.js';

const EVENTS = ['contract.created', 'contract.updated', 'contract.ended', 'disciplinary.issued', 'offboarding.settled', 'course.completed', 'issue.created', 'issue.resolved', 'user.terminated'];

/**
 * Spec 03's rows for the people-lifecycle areas, end to end through the webhook worker to a real
 * HTTPS receiver: each payload field by field, what it must never carry, and every non-trigger.
 */
describe('people-lifecycle webhooks delivered to an HTTPS receiver (spec 03, API + webhook worker)', function () {
  const d = eventDelivery();
  const post = (t: HookedTenant, path: string, body?: unknown, token = t.ownerToken) => d.h.request('POST', path, { token, body });

  async function person(t: HookedTenant, role: 'STAFF' | 'HR_MANAGER' = 'STAFF') {
    const u = await createUser(d.h.ds, t.tenantId, { role });
    return { id: u.id, token: await d.h.tokenFor(u) };
  }
  async function draft(t: HookedTenant, userId: string, over: Record<string, unknown> = {}): Promise<string> {
    const res = await post(t, '/contracts', { userId, jobTitle: 'Barista', employmentType: 'FULL_TIME', startDate: '2026-01-05', salaryMinor: 2_600_000, currency: 'GBP', ...over });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.id;
  }
  /** One contract.created, the sentinel of the contract tests. */
  const sentinel = (t: HookedTenant) => async () => void (await draft(t, (await person(t)).id, { jobTitle: 'Sentinel' }));

  describe('contract.*', () => {
    it('contract.created fires with status DRAFT and the spec fields only: no salary', async () => {
      const t = await d.hookedTenant(EVENTS);
      const alice = await person(t);
      const id = await draft(t, alice.id, { endDate: '2026-12-31' });
      const [e] = await d.arrived(t, 1);
      expect(e).to.deep.equal({
        event: 'contract.created',
        tenantId: t.tenantId,
        occurredAt: d.h.clock.now().toISOString(),
        payload: { tenantId: t.tenantId, contractId: id, userId: alice.id, jobTitle: 'Barista', employmentType: 'FULL_TIME', status: 'DRAFT', startDate: '2026-01-05', endDate: '2026-12-31' },
      });
    });

    it('contract.updated fires on an edit with the same fields, also when only the salary changed (never included)', async () => {
      const t = await d.hookedTenant(EVENTS);
      const alice = await person(t);
      const id = await draft(t, alice.id);
      await d.arrived(t, 1);
      expect((await d.h.request('PATCH', `/contracts/${id}`, { token: t.ownerToken, body: { jobTitle: 'Head barista', endDate: '2027-06-30' } })).status).to.equal(200);
      expect((await d.h.request('PATCH', `/contracts/${id}`, { token: t.ownerToken, body: { salaryMinor: 2_900_000, currency: 'GBP' } })).status).to.equal(200);
      const [, first, second] = await d.arrived(t, 3);
      const payload = { tenantId: t.tenantId, contractId: id, userId: alice.id, jobTitle: 'Head barista', employmentType: 'FULL_TIME', status: 'DRAFT', startDate: '2026-01-05', endDate: '2027-06-30' };
      expect([first, second].map((e) => [e!.event, e!.payload])).to.deep.equal([
        ['contract.updated', payload],
        ['contract.updated', payload],
      ]);
    });

    it('contract.ended fires on the Terminate action, with status TERMINATED and the reason', async () => {
      const t = await d.hookedTenant(EVENTS);
      const alice = await person(t);
      const id = await draft(t, alice.id);
      expect((await post(t, `/contracts/${id}/activate`)).status).to.equal(200);
      const ended = await post(t, `/contracts/${id}/terminate`, { reason: 'Gross misconduct' });
      expect(ended.status).to.equal(200);
      const [, e] = await d.arrived(t, 2);
      expect(e).to.deep.equal({
        event: 'contract.ended',
        tenantId: t.tenantId,
        occurredAt: d.h.clock.now().toISOString(),
        payload: { tenantId: t.tenantId, contractId: id, userId: alice.id, jobTitle: 'Barista', employmentType: 'FULL_TIME', status: 'TERMINATED', startDate: '2026-01-05', endDate: null, reason: 'Gross misconduct' },
      });
    });

    it('activation fires nothing, nor the silent end of the contract it supersedes', async () => {
      const t = await d.hookedTenant(EVENTS);
      const alice = await person(t);
      const first = await draft(t, alice.id);
      const second = await draft(t, alice.id, { jobTitle: 'Supervisor', startDate: '2026-06-01' });
      expect((await post(t, `/contracts/${first}/activate`)).status).to.equal(200);
      await d.arrived(t, 2);
      await d.firesNothing(
        t,
        async () => {
          expect((await post(t, `/contracts/${second}/activate`)).body.status).to.equal('ACTIVE');
          const old = await d.h.request('GET', `/contracts/${first}`, { token: t.ownerToken });
          expect(old.body).to.include({ status: 'TERMINATED', endReason: 'SUPERSEDED' });
        },
        sentinel(t),
      );
    });

    it('a contract created ACTIVE by the bulk staff import fires nothing', async () => {
      const t = await d.hookedTenant(EVENTS);
      await d.firesNothing(
        t,
        async () => {
          const res = await post(t, '/users/bulk-import', { rows: [{ fullName: 'Imported Person', mobile: '+447700900111', contract: { jobTitle: 'Porter', employmentType: 'PART_TIME', startDate: '2026-02-01' } }] });
          expect(res.status, JSON.stringify(res.body)).to.equal(201);
          const listed = await d.h.request('GET', `/contracts?userId=${res.body.ids[0]}`, { token: t.ownerToken });
          expect(listed.body.map((c: { status: string; jobTitle: string }) => [c.status, c.jobTitle])).to.deep.equal([['ACTIVE', 'Porter']]);
        },
        sentinel(t),
      );
    });

    it('the expiry of an intern’s contract sets them INACTIVE, and fires neither contract.ended nor user.terminated', async () => {
      const t = await d.hookedTenant(EVENTS);
      const intern = await person(t);
      const today = d.h.clock.now().toISOString().slice(0, 10);
      const id = await draft(t, intern.id, { employmentType: 'INTERN', startDate: '2025-09-01', endDate: today });
      await post(t, `/contracts/${id}/activate`);
      await d.arrived(t, 1);
      await d.firesNothing(
        t,
        async () => {
          d.h.clock.advance(2 * 86_400_000);
          await d.h.job('contract-expiry').run();
          const [user] = await d.h.ds.query(`SELECT status FROM users WHERE tenant_id = $1 AND id = $2`, [t.tenantId, intern.id]);
          expect(user.status).to.equal('INACTIVE');
          t.ownerToken = await d.h.tokenFor({ id: t.ownerId, tenantId: t.tenantId });
        },
        sentinel(t),
      );
    });

    it('the daily job marking contracts past their end date EXPIRED fires nothing', async () => {
      const t = await d.hookedTenant(EVENTS);
      const alice = await person(t);
      const today = d.h.clock.now().toISOString().slice(0, 10);
      const id = await draft(t, alice.id, { startDate: '2025-01-01', endDate: today });
      await post(t, `/contracts/${id}/activate`);
      await d.arrived(t, 1);
      await d.firesNothing(
        t,
        async () => {
          d.h.clock.advance(2 * 86_400_000);
          await d.h.job('contract-expiry').run();
          t.ownerToken = await d.h.tokenFor({ id: t.ownerId, tenantId: t.tenantId });
          expect((await d.h.request('GET', `/contracts/${id}`, { token: t.ownerToken })).body).to.include({ status: 'EXPIRED', endReason: 'EXPIRED' });
        },
        sentinel(t),
      );
    });
  });

  describe('disciplinary.issued', () => {
    it('fires with the spec fields, autoEscalated included, and never the details', async () => {
      const t = await d.hookedTenant(EVENTS);
      const hr = await person(t, 'HR_MANAGER');
      const alice = await person(t);
      const ids: string[] = [];
      for (const level of ['VERBAL', 'VERBAL', 'WRITTEN']) {
        const res = await post(t, '/disciplinary-actions', { userId: alice.id, level, category: 'ATTENDANCE', details: 'Private: late again' }, hr.token);
        expect(res.status).to.equal(201);
        ids.push(res.body.id);
      }
      const got = await d.arrived(t, 3);
      expect(got.map((e) => [e.event, e.payload])).to.deep.equal([
        ['disciplinary.issued', { tenantId: t.tenantId, disciplinaryActionId: ids[0], userId: alice.id, level: 'VERBAL', category: 'ATTENDANCE', autoEscalated: false, issuedByUserId: hr.id }],
        ['disciplinary.issued', { tenantId: t.tenantId, disciplinaryActionId: ids[1], userId: alice.id, level: 'VERBAL', category: 'ATTENDANCE', autoEscalated: false, issuedByUserId: hr.id }],
        ['disciplinary.issued', { tenantId: t.tenantId, disciplinaryActionId: ids[2], userId: alice.id, level: 'FINAL', category: 'ATTENDANCE', autoEscalated: true, issuedByUserId: hr.id }],
      ]);
      expect(JSON.stringify(got)).to.not.contain('Private');
    });
  });

  describe('issue.*', () => {
    async function outletWith(t: HookedTenant, userId: string): Promise<string> {
      const { createOutlet } = await import('@wfm/testing/factories');
      const { assignOutlets } = await import('@wfm/api/test-support/access-fixtures');
      const outletId = (await createOutlet(d.h.ds, t.tenantId)).id;
      await assignOutlets(d.h.ds, t.tenantId, userId, [outletId]);
      return outletId;
    }
    const raiseSentinel = (t: HookedTenant, outletId: string) => async () => void (await post(t, '/issues', { outletId, title: 'Sentinel', priority: 'LOW' }));

    it('issue.created fires for POST /issues and POST /mobile/issues with exactly the spec fields', async () => {
      const t = await d.hookedTenant(EVENTS);
      const alice = await person(t);
      const outletId = await outletWith(t, alice.id);
      const web = await post(t, '/issues', { outletId, title: 'Leak under sink', priority: 'HIGH', description: 'Private detail' }, alice.token);
      const mobile = await post(t, '/mobile/issues', { outletId, title: 'Broken chair', priority: 'LOW' }, alice.token);
      const got = await d.arrived(t, 2);
      expect(got.map((e) => [e.event, e.payload])).to.deep.equal([
        ['issue.created', { tenantId: t.tenantId, issueId: web.body.id, outletId, priority: 'HIGH', title: 'Leak under sink', reporterUserId: alice.id }],
        ['issue.created', { tenantId: t.tenantId, issueId: mobile.body.id, outletId, priority: 'LOW', title: 'Broken chair', reporterUserId: alice.id }],
      ]);
    });

    it('issue.resolved fires on RESOLVED, CLOSED and CANCELLED with the spec fields', async () => {
      const t = await d.hookedTenant(EVENTS);
      const alice = await person(t);
      const outletId = await outletWith(t, alice.id);
      const ids = [];
      for (let i = 0; i < 3; i++) ids.push((await post(t, '/issues', { outletId, title: `Issue ${i}`, priority: 'MEDIUM' }, alice.token)).body.id);
      await d.arrived(t, 3);
      const moves: Array<[string, string, string | undefined]> = [
        [ids[0], 'RESOLVED', 'Fixed the hinge'],
        [ids[1], 'CLOSED', undefined],
        [ids[2], 'CANCELLED', 'Duplicate'],
      ];
      for (const [id, status, resolutionNote] of moves) expect((await d.h.request('PATCH', `/issues/${id}`, { token: t.ownerToken, body: { status, resolutionNote } })).status).to.equal(200);
      const got = (await d.arrived(t, 6)).slice(3);
      expect(got.map((e) => [e.event, e.payload])).to.deep.equal(
        moves.map(([id, status, note]) => ['issue.resolved', { tenantId: t.tenantId, issueId: id, status, resolutionNote: note ?? '', resolvedByUserId: t.ownerId }]),
      );
    });

    it('issue.resolved does not fire for VERIFIED, nor for re-submitting the current status', async () => {
      const t = await d.hookedTenant(EVENTS);
      const alice = await person(t);
      const outletId = await outletWith(t, alice.id);
      const id = (await post(t, '/issues', { outletId, title: 'Light out', priority: 'LOW' }, alice.token)).body.id;
      await d.h.request('PATCH', `/issues/${id}`, { token: t.ownerToken, body: { status: 'RESOLVED' } });
      await d.arrived(t, 2);
      await d.firesNothing(
        t,
        async () => {
          expect((await d.h.request('PATCH', `/issues/${id}`, { token: t.ownerToken, body: { status: 'RESOLVED', resolutionNote: 'Again' } })).body.status).to.equal('RESOLVED');
          expect((await d.h.request('PATCH', `/issues/${id}`, { token: t.ownerToken, body: { status: 'VERIFIED' } })).body.status).to.equal('VERIFIED');
        },
        raiseSentinel(t, outletId),
      );
    });
  });

  describe('course.completed', () => {
    async function courseFor(t: HookedTenant, learnerId: string, quiz: boolean): Promise<{ id: string; lessons: Array<{ id: string }> }> {
      const body = { title: 'Allergens', lessons: [{ title: 'The 14 allergens' }, { title: 'Labelling' }], ...(quiz ? { quiz: { passPct: 50, questions: [{ text: 'Is celery an allergen?', options: ['Yes', 'No'], answerIndex: 0 }, { text: 'Nuts?', options: ['Yes', 'No'], answerIndex: 0 }] } } : {}) };
      const course = await post(t, '/courses', body);
      expect((await post(t, `/courses/${course.body.id}/enrolments`, { userId: learnerId })).status).to.equal(201);
      return course.body;
    }

    it('fires when a staff member passes the quiz, with scorePct and attempts', async () => {
      const t = await d.hookedTenant(EVENTS);
      const alice = await person(t);
      const course = await courseFor(t, alice.id, true);
      expect((await post(t, `/courses/${course.id}/quiz/attempts`, { answers: [1, 1] }, alice.token)).body.passed).to.equal(false);
      expect((await post(t, `/courses/${course.id}/quiz/attempts`, { answers: [0, 1] }, alice.token)).body.passed).to.equal(true);
      const [e] = await d.arrived(t, 1);
      expect(e).to.deep.equal({
        event: 'course.completed',
        tenantId: t.tenantId,
        occurredAt: d.h.clock.now().toISOString(),
        payload: { tenantId: t.tenantId, courseId: course.id, courseTitle: 'Allergens', userId: alice.id, scorePct: 50, attempts: 2 },
      });
    });

    it('fires when the last lesson of a course without a quiz is finished', async () => {
      const t = await d.hookedTenant(EVENTS);
      const alice = await person(t);
      const course = await courseFor(t, alice.id, false);
      for (const lesson of course.lessons) await post(t, `/courses/${course.id}/lessons/${lesson.id}/complete`, undefined, alice.token);
      const [e] = await d.arrived(t, 1);
      expect(e!.payload).to.deep.equal({ tenantId: t.tenantId, courseId: course.id, courseTitle: 'Allergens', userId: alice.id, scorePct: 100, attempts: 0 });
    });
  });

  describe('offboarding.settled', () => {
    it('fires alone on finalize with the spec fields and no amounts: neither contract.ended nor user.terminated', async () => {
      const t = await d.hookedTenant(EVENTS);
      const alice = await person(t);
      const contract = await draft(t, alice.id);
      await post(t, `/contracts/${contract}/activate`);
      await d.arrived(t, 1);
      const o = (await post(t, '/offboarding', { userId: alice.id, reason: 'RESIGNATION', lastWorkingDay: '2026-06-30' })).body;
      for (const item of o.checklist) await d.h.request('PATCH', `/offboarding/${o.id}/checklist/${item.id}`, { token: t.ownerToken, body: { done: true } });
      const done = await post(t, `/offboarding/${o.id}/finalize`);
      expect(done.status).to.equal(200);
      expect(done.body.settlement.netMinor).to.be.a('number');
      const e = (await d.arrived(t, 2))[1]!;
      expect(e).to.deep.equal({
        event: 'offboarding.settled',
        tenantId: t.tenantId,
        occurredAt: d.h.clock.now().toISOString(),
        payload: { tenantId: t.tenantId, offboardingId: o.id, userId: alice.id, reason: 'RESIGNATION', lastWorkingDay: '2026-06-30', completedAt: d.h.clock.now().toISOString(), finalizedByUserId: t.ownerId },
      });
      // contract.ended and user.terminated are subscribed: the sentinel shows nothing else came.
      const sentinelEvent = await d.firesNothing(t, async () => undefined, sentinel(t));
      expect(sentinelEvent.event).to.equal('contract.created');
      expect(d.delivered(t).map((x) => x.event)).to.deep.equal(['contract.created', 'offboarding.settled', 'contract.created']);
    });
  });
});
