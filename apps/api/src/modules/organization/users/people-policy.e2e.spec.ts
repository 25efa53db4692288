import { expect } from 'chai';
import { uuid } from '@wfm/core/crypto';
import { CREATOR_GONE } from '@wfm/core/people-policy';
import { ROLES, roleRank, type Role } from '@wfm/core/tenancy';
import { createOutlet, createTenant, createUser } from '@wfm/testing/factories';
import { SCOPES } from '@wfm/core/scopes';
import { assignOutlets } from '../../../test-support/access-fixtures.js';
import { createApiKey } from '../../../test-support/developer-credentials.js';
import { ApiHarness, type HttpResult } from '../../../test-support/harness.js';
import { TestSamlIdp } from '../../../test-support/identity-providers.js';

/*
 * The rank rule, walked over every route that names a person. The routes come from the API's own
 * OpenAPI document: a write whose path names a user, whose body names one (userId, userIds,
 * members…) or hands out a role, or whose answer or resource belongs to one. Each must have a case
 * below — a check of the rule, or an exemption with its reason — so a new route that touches people
 * fails this file until someone decides which rule it follows.
 *
 * The expectations are the rule as docs/decisions.md states it, written out here rather than read
 * from libs/core: account and record changes reach only people strictly below the actor (owners
 * keep anyone's record), work reaches people at or below, and roles are handed out at or below.
 */

type Act = 'account' | 'record' | 'work';
interface Call {
  method: string;
  path: string;
  body?: unknown;
}
interface Rule {
  act: Act;
  /** The request acting on `target`; fixtures it needs are made by the tenant group owner. */
  call: (w: World, target: Person) => Promise<Call>;
  /** Refused people are set aside with the reason instead of failing the request (a week's copy). */
  skips?: (res: HttpResult, target: Person) => string | null;
}
interface Assign {
  /** The request handing out `role`; `roles` narrows it to what the route provisions at all. */
  call: (w: World, role: Role) => Promise<Call>;
  roles?: readonly Role[];
}
type Case = { rule?: Rule; assign?: Assign } | { exempt: string };

interface Person {
  id: string;
  email: string;
  role: Role;
}

const RANKED: readonly Role[] = ROLES.filter((r) => r !== 'TENANT_GROUP_OWNER');
const PROVISIONABLE: readonly Role[] = RANKED.filter((r) => r !== 'TENANT_OWNER');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Refused by the rule as written in docs/decisions.md. */
function refused(act: Act, actor: Role, target: Role): boolean {
  if (act === 'work') return roleRank(target) < roleRank(actor);
  if (act === 'record' && actor === 'TENANT_OWNER') return false;
  return roleRank(target) <= roleRank(actor);
}

/** The people (or roles) an actor is tried on: all at or above them, and the rank just below (the control that must succeed). */
function targetsOf(actor: Role): Role[] {
  return RANKED.filter((r) => roleRank(r) <= roleRank(actor) + 1);
}

class World {
  private n = 0;
  constructor(
    readonly h: ApiHarness,
    readonly tenantId: string,
    readonly outletId: string,
    readonly zoneId: string,
    readonly jobId: string,
    readonly rootToken: string,
    readonly saml: TestSamlIdp,
  ) {}

  next(): number {
    return ++this.n;
  }

  /** A fresh person at the tenant's outlet, so outlet-scoped managers reach them. */
  async person(role: Role): Promise<Person> {
    const u = await createUser(this.h.ds, this.tenantId, { role, password: null });
    await assignOutlets(this.h.ds, this.tenantId, u.id, [this.outletId]);
    return { id: u.id, email: u.email!, role };
  }

  /** A fixture made through the API by the tenant group owner, who passes every check. */
  async root<T = any>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.h.request(method, path, { token: this.rootToken, ...(body === undefined ? {} : { body }) });
    if (res.status >= 300) throw new Error(`fixture ${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as T;
  }

  /** An hour slot of its own, days ahead, so no two fixtures overlap. */
  slot(): { scheduledStart: string; scheduledEnd: string } {
    const start = this.h.clock.now().getTime() + 2 * DAY + this.next() * 10 * HOUR;
    return { scheduledStart: new Date(start).toISOString(), scheduledEnd: new Date(start + 4 * HOUR).toISOString() };
  }

  /** A recorded working-time breach of the person at the tenant's outlet (issue 31). */
  async violation(target: Person): Promise<string> {
    const id = uuid();
    await this.h.ds.query(
      `INSERT INTO compliance_violations (id, tenant_id, user_id, outlet_id, phase, rule_id, pack_id, pack_version, mode, violation_key, local_date, sentence, trace, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 'SCHEDULE', 'uk-wtr.daily-rest', 'uk-wtr', 1, 'WARN', $5, '2031-01-06', 'rest', '{}', 'OPEN', now(), now())`,
      [id, this.tenantId, target.id, this.outletId, `fixture:${id}`],
    );
    return id;
  }

  shift(target: Person) {
    return this.root<{ id: string }>('POST', '/shift-assignments', { userId: target.id, outletId: this.outletId, ...this.slot() });
  }

  draftContract(target: Person) {
    return this.root<{ id: string }>('POST', '/contracts', { userId: target.id, jobTitle: 'Cook', employmentType: 'FULL_TIME', startDate: '2031-01-01' });
  }

  offboarding(target: Person) {
    return this.root<{ id: string; checklist: Array<{ id: string }> }>('POST', '/offboarding', { userId: target.id, reason: 'RESIGNATION', lastWorkingDay: '2031-01-31' });
  }

  /** A closed clock-in and -out awaiting review, days ago. */
  async attendance(target: Person): Promise<string> {
    const id = uuid();
    const start = new Date(this.h.clock.now().getTime() - (this.next() + 2) * DAY);
    await this.h.ds.query(
      `INSERT INTO attendance_events (id, tenant_id, user_id, outlet_id, clock_in_at, clock_out_at, status) VALUES ($1, $2, $3, $4, $5, $6, 'PENDING_REVIEW')`,
      [id, this.tenantId, target.id, this.outletId, start, new Date(start.getTime() + 4 * HOUR)],
    );
    return id;
  }

  timeOff(target: Person) {
    const { scheduledStart, scheduledEnd } = this.slot();
    return this.root<{ id: string }>('POST', `/users/${target.id}/time-off`, { startsAt: scheduledStart, endsAt: scheduledEnd });
  }
  grant(target: Person) {
    return this.root<{ id: string }>('POST', '/access/grants', { userId: target.id, zoneId: this.zoneId });
  }

  issue() {
    return this.root<{ id: string }>('POST', '/issues', { outletId: this.outletId, title: `Leak ${this.next()}`, priority: 'LOW' });
  }

  workOrder() {
    return this.root<{ id: string }>('POST', '/work-orders', { outletId: this.outletId, title: `Fix ${this.next()}`, priority: 'LOW' });
  }

  /** A READY auto-scheduler proposal at the outlet for a week of its own (no staffing targets: it proposes nothing). */
  async proposal(): Promise<{ id: string; weekStart: string }> {
    const weekStart = new Date(Date.UTC(2032, 0, 5) + this.next() * 7 * DAY).toISOString().slice(0, 10);
    const { id } = await this.root<{ id: string }>('POST', '/scheduler/proposals', { weekStart, outletIds: [this.outletId] });
    // Read from the table: polling through the API would spend the group owner's rate limit.
    for (let i = 0; i < 400; i++) {
      const [{ status }] = (await this.h.ds.query(`SELECT status FROM schedule_proposals WHERE id = $1`, [id])) as Array<{ status: string }>;
      if (status === 'READY') return { id, weekStart };
      if (status !== 'QUEUED' && status !== 'RUNNING') throw new Error(`proposal ${id} is ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`proposal ${id} did not settle`);
  }

  /** A proposed shift's body for `target` on the proposal's Monday, the target given the role by an active contract. */
  async proposedShift(proposal: { weekStart: string }, target: Person) {
    await this.h.ds.query(
      `INSERT INTO hr_contracts (id, tenant_id, user_id, job_title, employment_type, status, start_date, created_at, updated_at) VALUES ($1, $2, $3, 'rank', 'FULL_TIME', 'ACTIVE', '2031-01-01', now(), now())`,
      [uuid(), this.tenantId, target.id],
    );
    const monday = Date.parse(`${proposal.weekStart}T00:00:00Z`);
    return { userId: target.id, outletId: this.outletId, role: 'rank', scheduledStart: new Date(monday + 9 * HOUR).toISOString(), scheduledEnd: new Date(monday + 13 * HOUR).toISOString() };
  }
}

const USER_CASES: Record<string, Case> = {
  'POST /users': { assign: { call: async (w, role) => ({ method: 'POST', path: '/users', body: { fullName: 'New Person', email: `new${w.next()}@rank.test`, role } }) } },
  'POST /users/bulk-import': {
    assign: { call: async (w, role) => ({ method: 'POST', path: '/users/bulk-import', body: { rows: [{ fullName: 'Imported', email: `imp${w.next()}@rank.test`, role }] } }) },
  },
  'PATCH /users/:id': {
    rule: { act: 'account', call: async (_w, t) => ({ method: 'PATCH', path: `/users/${t.id}`, body: { fullName: 'Renamed Person' } }) },
    assign: { call: async (w, role) => ({ method: 'PATCH', path: `/users/${(await w.person('STAFF')).id}`, body: { role } }) },
  },
  'PATCH /users/:id/status': { rule: { act: 'account', call: async (_w, t) => ({ method: 'PATCH', path: `/users/${t.id}/status`, body: { status: 'INACTIVE' } }) } },
  'DELETE /users/:id': { rule: { act: 'account', call: async (_w, t) => ({ method: 'DELETE', path: `/users/${t.id}` }) } },
  'PUT /users/:id/outlets': { rule: { act: 'account', call: async (w, t) => ({ method: 'PUT', path: `/users/${t.id}/outlets`, body: { outletIds: [w.outletId] } }) } },
  'DELETE /users/:id/kiosk-pin': { rule: { act: 'account', call: async (_w, t) => ({ method: 'DELETE', path: `/users/${t.id}/kiosk-pin` }) } },

  'POST /offboarding': { rule: { act: 'account', call: async (_w, t) => ({ method: 'POST', path: '/offboarding', body: { userId: t.id, reason: 'RESIGNATION', lastWorkingDay: '2031-01-31' } }) } },
  'POST /offboarding/:id/checklist': { rule: { act: 'account', call: async (w, t) => ({ method: 'POST', path: `/offboarding/${(await w.offboarding(t)).id}/checklist`, body: { title: 'Return the laptop' } }) } },
  'PATCH /offboarding/:id/checklist/:itemId': {
    rule: {
      act: 'account',
      call: async (w, t) => {
        const o = await w.offboarding(t);
        return { method: 'PATCH', path: `/offboarding/${o.id}/checklist/${o.checklist[0]!.id}`, body: { done: true } };
      },
    },
  },
  'POST /offboarding/:id/cancel': { rule: { act: 'account', call: async (w, t) => ({ method: 'POST', path: `/offboarding/${(await w.offboarding(t)).id}/cancel` }) } },
  'POST /offboarding/:id/finalize': {
    rule: {
      act: 'account',
      call: async (w, t) => {
        const o = await w.offboarding(t);
        for (const item of o.checklist) await w.root('PATCH', `/offboarding/${o.id}/checklist/${item.id}`, { done: true });
        return { method: 'POST', path: `/offboarding/${o.id}/finalize` };
      },
    },
  },

  'POST /contracts': { rule: { act: 'record', call: async (_w, t) => ({ method: 'POST', path: '/contracts', body: { userId: t.id, jobTitle: 'Cook', employmentType: 'FULL_TIME', startDate: '2031-01-01' } }) } },
  'PATCH /contracts/:id': { rule: { act: 'record', call: async (w, t) => ({ method: 'PATCH', path: `/contracts/${(await w.draftContract(t)).id}`, body: { jobTitle: 'Head cook' } }) } },
  'POST /contracts/:id/activate': { rule: { act: 'record', call: async (w, t) => ({ method: 'POST', path: `/contracts/${(await w.draftContract(t)).id}/activate` }) } },
  'POST /contracts/:id/terminate': {
    rule: {
      act: 'record',
      call: async (w, t) => {
        const { id } = await w.draftContract(t);
        await w.root('POST', `/contracts/${id}/activate`);
        return { method: 'POST', path: `/contracts/${id}/terminate`, body: { reason: 'Restructure' } };
      },
    },
  },
  'PUT /contracts/:id/leave-accrual': {
    rule: { act: 'record', call: async (w, t) => ({ method: 'PUT', path: `/contracts/${(await w.draftContract(t)).id}/leave-accrual`, body: { method: 'MONTHLY', unit: 'DAYS' } }) },
  },
  'DELETE /contracts/:id/leave-accrual': {
    rule: {
      act: 'record',
      call: async (w, t) => {
        const { id } = await w.draftContract(t);
        await w.root('PUT', `/contracts/${id}/leave-accrual`, { method: 'MONTHLY', unit: 'DAYS' });
        return { method: 'DELETE', path: `/contracts/${id}/leave-accrual` };
      },
    },
  },
  'POST /leave-balances/:userId/adjustments': {
    rule: {
      act: 'record',
      call: async (w, t) => {
        const { id } = await w.draftContract(t);
        await w.root('POST', `/contracts/${id}/activate`);
        await w.root('PUT', `/contracts/${id}/leave-accrual`, { method: 'MONTHLY', unit: 'DAYS' });
        return { method: 'POST', path: `/leave-balances/${t.id}/adjustments`, body: { amount: 1, reason: 'Worked a bank holiday' } };
      },
    },
  },
  'PUT /users/:id/pay': { rule: { act: 'record', call: async (_w, t) => ({ method: 'PUT', path: `/users/${t.id}/pay`, body: { type: 'HOURLY', rateMinor: 1500, currency: 'GBP' } }) } },
  'POST /disciplinary-actions': { rule: { act: 'record', call: async (_w, t) => ({ method: 'POST', path: '/disciplinary-actions', body: { userId: t.id, level: 'VERBAL', category: 'CONDUCT' } }) } },

  'POST /shift-assignments': { rule: { act: 'work', call: async (w, t) => ({ method: 'POST', path: '/shift-assignments', body: { userId: t.id, outletId: w.outletId, ...w.slot() } }) } },
  'PATCH /shift-assignments/:id': { rule: { act: 'work', call: async (w, t) => ({ method: 'PATCH', path: `/shift-assignments/${(await w.shift(t)).id}`, body: { note: 'Bring the keys' } }) } },
  'PUT /users/:id/availability': { rule: { act: 'work', call: async (_w, t) => ({ method: 'PUT', path: `/users/${t.id}/availability`, body: { windows: [{ kind: 'UNAVAILABLE', weekday: 7, start: '00:00', end: '24:00' }] } }) } },
  'POST /users/:id/time-off': {
    rule: {
      act: 'work',
      call: async (w, t) => {
        const { scheduledStart, scheduledEnd } = w.slot();
        return { method: 'POST', path: `/users/${t.id}/time-off`, body: { startsAt: scheduledStart, endsAt: scheduledEnd } };
      },
    },
  },
  'PATCH /users/:id/time-off/:timeOffId': { rule: { act: 'work', call: async (w, t) => ({ method: 'PATCH', path: `/users/${t.id}/time-off/${(await w.timeOff(t)).id}`, body: { note: 'Agreed' } }) } },
  'DELETE /users/:id/time-off/:timeOffId': { rule: { act: 'work', call: async (w, t) => ({ method: 'DELETE', path: `/users/${t.id}/time-off/${(await w.timeOff(t)).id}` }) } },
  'PUT /me/availability': { exempt: 'one’s own availability' },
  'PATCH /me/time-off/:timeOffId': { exempt: 'one’s own time off' },
  'POST /me/time-off': { exempt: 'one’s own time off' },
  'POST /shift-assignments/:id/release': { rule: { act: 'work', call: async (w, t) => ({ method: 'POST', path: `/shift-assignments/${(await w.shift(t)).id}/release`, body: {} }) } },
  'POST /scheduler/assignments': {
    rule: { act: 'work', call: async (w, t) => ({ method: 'POST', path: '/scheduler/assignments', body: { outletId: w.outletId, assignments: [{ userId: t.id, ...w.slot() }] } }) },
  },
  'POST /scheduler/clone-week': {
    rule: {
      act: 'work',
      call: async (w, t) => {
        // A week of its own, a year out, holding the target's shift and a colleague's that always copies.
        const from = new Date(Date.UTC(2031, 0, 6) + w.next() * 14 * DAY);
        const at = (d: number) => ({ scheduledStart: new Date(from.getTime() + d * DAY + 9 * HOUR).toISOString(), scheduledEnd: new Date(from.getTime() + d * DAY + 13 * HOUR).toISOString() });
        await w.root('POST', '/shift-assignments', { userId: t.id, outletId: w.outletId, ...at(1) });
        await w.root('POST', '/shift-assignments', { userId: (await w.person('STAFF')).id, outletId: w.outletId, ...at(2) });
        const day = (d: Date) => d.toISOString().slice(0, 10);
        return { method: 'POST', path: '/scheduler/clone-week', body: { outletId: w.outletId, fromWeekStart: day(from), toWeekStart: day(new Date(from.getTime() + 7 * DAY)) } };
      },
      skips: (res, t) => (res.body?.skipped as Array<{ userId: string; reason: string }> | undefined)?.find((s) => s.userId === t.id)?.reason ?? null,
    },
  },
  'POST /scheduler/proposals/:id/shifts': {
    rule: {
      act: 'work',
      call: async (w, t) => {
        const p = await w.proposal();
        return { method: 'POST', path: `/scheduler/proposals/${p.id}/shifts`, body: await w.proposedShift(p, t) };
      },
    },
  },
  'PATCH /scheduler/proposals/:id/shifts/:shiftId': {
    rule: {
      act: 'work',
      call: async (w, t) => {
        const p = await w.proposal();
        const { shifts } = await w.root<{ shifts: Array<{ id: string }> }>('POST', `/scheduler/proposals/${p.id}/shifts`, await w.proposedShift(p, await w.person('STAFF')));
        await w.proposedShift(p, t);
        return { method: 'PATCH', path: `/scheduler/proposals/${p.id}/shifts/${shifts[0]!.id}`, body: { userId: t.id } };
      },
    },
  },
  'POST /scheduler/proposals/:id/accept': {
    rule: {
      act: 'work',
      call: async (w, t) => {
        const p = await w.proposal();
        await w.root('POST', `/scheduler/proposals/${p.id}/shifts`, await w.proposedShift(p, t));
        return { method: 'POST', path: `/scheduler/proposals/${p.id}/accept` };
      },
    },
  },
  'POST /scheduler/proposals': { exempt: 'the solver proposes only people the caller may give work to (PeoplePolicy.refusals); the request names no one' },
  'DELETE /scheduler/proposals/:id/shifts/:shiftId': { exempt: 'a proposal is a draft: removing a proposed shift gives and takes no one’s work' },
  'POST /scheduler/proposals/:id/discard': { exempt: 'as removing a proposed shift, for all of them' },
  'POST /scheduler/week/preview': { exempt: 'a preview writes nothing: its answer names the people whose shifts at the outlet the caller already reads' },
  'PUT /scheduler/staffing-targets': { exempt: '`role` is a job role of a staffing target (a contract’s job title), not an access role; no person is named' },
  'POST /scheduler/staffing-targets/demand-import': { exempt: 'as PUT /scheduler/staffing-targets' },
  'PUT /compliance/contracts/:contractId': {
    rule: { act: 'record', call: async (w, t) => ({ method: 'PUT', path: `/compliance/contracts/${(await w.draftContract(t)).id}`, body: { packs: null, youngWorker: true } }) },
  },
  'POST /compliance/violations/:id/override': {
    rule: { act: 'work', call: async (w, t) => ({ method: 'POST', path: `/compliance/violations/${await w.violation(t)}/override`, body: { reason: 'Agreed with them' } }) },
  },
  'POST /payroll/runs': { exempt: 'a run is the tenant’s month, for the payroll roles; its answer names the people it could not pay, but it changes no one' },
  'POST /payroll/runs/:id/recompute': { exempt: 'the tenant’s month computed again; its answer names the people it could not pay, but it changes no one' },
  'POST /payroll/runs/:id/approve': { exempt: 'the tenant’s month approved (four-eyes is the run’s own rule); its answer names the people it could not pay' },
  'POST /payroll/runs/:id/mark-paid': { exempt: 'the tenant’s month marked paid; its answer names the people it could not pay' },
  'POST /payroll/runs/:id/export': { exempt: 'the tenant’s journal posted to its accounting provider; its answer names the people the run could not pay' },
  'PUT /compliance/settings': { exempt: 'the tenant’s own rules; its answer lists the contracts that have settings, but it changes no one' },
  'PUT /compliance/outlets/:outletId': { exempt: 'an outlet’s packs; its answer lists contracts, but it changes no one' },
  'PATCH /attendance/:id': { rule: { act: 'work', call: async (w, t) => ({ method: 'PATCH', path: `/attendance/${await w.attendance(t)}`, body: { status: 'APPROVED' } }) } },
  'POST /access/grants': { rule: { act: 'work', call: async (w, t) => ({ method: 'POST', path: '/access/grants', body: { userId: t.id, zoneId: w.zoneId } }) } },
  'POST /access/grants/bulk': { rule: { act: 'work', call: async (w, t) => ({ method: 'POST', path: '/access/grants/bulk', body: { userIds: [t.id], zoneIds: [w.zoneId] } }) } },
  'POST /access/grants/:id/revoke': { rule: { act: 'work', call: async (w, t) => ({ method: 'POST', path: `/access/grants/${(await w.grant(t)).id}/revoke`, body: {} }) } },
  'DELETE /access/grants/:id': { rule: { act: 'work', call: async (w, t) => ({ method: 'DELETE', path: `/access/grants/${(await w.grant(t)).id}` }) } },

  'POST /recruiting/applications/:id/convert': {
    assign: {
      call: async (w, role) => {
        const id = uuid();
        const now = w.h.clock.now();
        await w.h.ds.query(
          `INSERT INTO career_applications (id, tenant_id, job_id, full_name, email, stage, stage_changed_at, created_at, updated_at) VALUES ($1, $2, $3, 'Hired Person', $4, 'HIRED', $5, $5, $5)`,
          [id, w.tenantId, w.jobId, `hire${w.next()}@rank.test`, now],
        );
        return { method: 'POST', path: `/recruiting/applications/${id}/convert`, body: { role } };
      },
    },
  },
  'POST /sso/connections': {
    assign: { call: async (w, role) => ({ method: 'POST', path: '/sso/connections', body: { protocol: 'SAML', name: `IdP ${w.next()}`, metadataXml: w.saml.metadataXml(), defaultRole: role } }), roles: PROVISIONABLE },
  },
  'PATCH /sso/connections/:id': {
    assign: {
      call: async (w, role) => {
        const { id } = await w.root<{ id: string }>('POST', '/sso/connections', { protocol: 'SAML', name: `IdP ${w.next()}`, metadataXml: w.saml.metadataXml() });
        return { method: 'PATCH', path: `/sso/connections/${id}`, body: { defaultRole: role } };
      },
      roles: PROVISIONABLE,
    },
  },

  'POST /leave-requests': { exempt: 'one’s own request' },
  'POST /leave-requests/:id/cancel': { exempt: 'only the person the leave is for may cancel it' },
  'POST /leave-requests/:id/approve': { exempt: 'the approval chain names who decides, by role; the request is the person’s own ask, and a sole owner’s leave must stay decidable' },
  'POST /leave-requests/:id/reject': { exempt: 'as approve' },
  'POST /mobile/clock-in': { exempt: 'one’s own clock' },
  'POST /mobile/clock-out': { exempt: 'one’s own clock' },
  'POST /courses/:id/enrolments': { exempt: 'an invitation to learn, which the learner takes up; HR enrols everyone, owners included, in compliance courses' },
  'POST /courses/:id/lessons/:lessonId/complete': { exempt: 'one’s own progress' },
  'POST /courses/:id/quiz/attempts': { exempt: 'one’s own attempt' },
  'POST /esign/documents/:id/requests': { exempt: 'asks for a signature, which the signer gives or not' },
  'POST /esign/requests/:id/revoke': { exempt: 'withdraws that ask' },
  'POST /shift-swaps': { exempt: 'one’s own shift, offered to a colleague who must accept' },
  'POST /shift-swaps/:id/accept': { exempt: 'the colleague’s own answer' },
  'POST /shift-swaps/:id/decline': { exempt: 'the colleague’s own answer' },
  'POST /shift-swaps/:id/cancel': { exempt: 'the asker’s own withdrawal' },
  'POST /shift-swaps/:id/approve': { exempt: 'confirms what both people asked for' },
  'POST /shift-swaps/:id/reject': { exempt: 'as approve' },
  'POST /open-shifts/:id/claim': { exempt: 'one’s own claim' },
  'DELETE /open-shifts/:id': { exempt: 'an open shift is nobody’s' },
  'POST /scheduler/rosters/:id/approve': { exempt: 'the people were checked when the roster was drafted (POST /scheduler/assignments); approval decides the draft' },
  'POST /scheduler/rosters/:id/reject': { exempt: 'as approve' },
  'POST /issues': { exempt: 'the reporter is the caller' },
  'POST /mobile/issues': { exempt: 'the reporter is the caller' },
  'PATCH /issues/:id': { exempt: 'an issue is the outlet’s, not its reporter’s' },
  'PUT /issues/:id/assignee': { rule: { act: 'work', call: async (w, t) => ({ method: 'PUT', path: `/issues/${(await w.issue()).id}/assignee`, body: { userId: t.id } }) } },
  'POST /assets/:id/quick-issue': { exempt: 'the reporter is the caller' },
  'POST /work-orders': { rule: { act: 'work', call: async (w, t) => ({ method: 'POST', path: '/work-orders', body: { outletId: w.outletId, title: 'Fix the tap', priority: 'LOW', assigneeUserId: t.id } }) } },
  'POST /work-orders/:id/assign': { rule: { act: 'work', call: async (w, t) => ({ method: 'POST', path: `/work-orders/${(await w.workOrder()).id}/assign`, body: { assigneeUserId: t.id } }) } },
  'PATCH /work-orders/:id': { exempt: 'changes the order (title, priority, due day), not who it is for' },
  'POST /work-orders/:id/start': { exempt: 'the order moves on; who it is for was checked when it was given' },
  'POST /work-orders/:id/complete': { exempt: 'as start' },
  'POST /work-orders/:id/verify': { exempt: 'as start' },
  'POST /work-orders/:id/reject': { exempt: 'as start' },
  'POST /work-orders/:id/cancel': { exempt: 'as start' },
  'POST /automations': {
    rule: { act: 'work', call: async (_w, t) => ({ method: 'POST', path: '/automations', body: { name: 'Give the urgent', trigger: 'ISSUE_HIGH_PRIORITY', actions: [{ kind: 'ASSIGN', userId: t.id }] } }) },
  },
  'PATCH /automations/:id': {
    rule: {
      act: 'work',
      call: async (w, t) => {
        const rule = await w.root<{ id: string }>('POST', '/automations', { name: 'Escalate', trigger: 'ISSUE_HIGH_PRIORITY', actions: [{ kind: 'NOTIFY_ROLE', role: 'AREA_MANAGER' }] });
        return { method: 'PATCH', path: `/automations/${rule.id}`, body: { actions: [{ kind: 'OPEN_WORK_ORDER', title: 'Call the engineer', priority: 'HIGH', dueInDays: 1, assigneeUserId: t.id }] } };
      },
    },
  },
  'DELETE /automations/:id': { exempt: 'removes a rule; the person it named is not touched' },
  'POST /troubleshooting/sessions': { exempt: 'one’s own session' },
  'POST /troubleshooting/sessions/:id/steps/:stepId': { exempt: 'one’s own session' },
  'POST /troubleshooting/sessions/:id/give-up': { exempt: 'one’s own session' },
  'DELETE /api-keys/:id': { exempt: 'a credential, which names its maker but is not them' },
  'POST /oauth-clients/:id/revoke': { exempt: 'a credential, which names its maker but is not them' },
  'POST /recruiting/applications/:id/stage': { exempt: 'a candidate, not yet a person of the tenant' },
  'DELETE /recruiting/applications/:id': { exempt: 'a candidate, not yet a person of the tenant' },
};

const DEV_CASES: Record<string, Case> = {
  'POST /scim/v2/Users': {
    assign: {
      call: async (w, role) => {
        const email = `scim${w.next()}@rank.test`;
        return { method: 'POST', path: '/scim/v2/Users', body: { userName: email, emails: [{ value: email, type: 'work', primary: true }], roles: [{ value: role, primary: true }] } };
      },
      roles: PROVISIONABLE,
    },
  },
  'PUT /scim/v2/Users/:id': {
    rule: { act: 'account', call: async (_w, t) => ({ method: 'PUT', path: `/scim/v2/Users/${t.id}`, body: { userName: t.email, name: { givenName: 'Re', familyName: 'Named' }, emails: [{ value: t.email, type: 'work', primary: true }] } }) },
  },
  'PATCH /scim/v2/Users/:id': {
    rule: { act: 'account', call: async (_w, t) => ({ method: 'PATCH', path: `/scim/v2/Users/${t.id}`, body: { Operations: [{ op: 'replace', value: { active: false } }] } }) },
  },
  'DELETE /scim/v2/Users/:id': { rule: { act: 'account', call: async (_w, t) => ({ method: 'DELETE', path: `/scim/v2/Users/${t.id}` }) } },
  'PUT /scim/v2/Groups/:id': {
    rule: { act: 'account', call: async (w, t) => ({ method: 'PUT', path: `/scim/v2/Groups/${(await createOutlet(w.h.ds, w.tenantId)).id}`, body: { members: [{ value: t.id }] } }) },
  },
  'PATCH /scim/v2/Groups/:id': {
    rule: {
      act: 'account',
      call: async (w, t) => ({ method: 'PATCH', path: `/scim/v2/Groups/${(await createOutlet(w.h.ds, w.tenantId)).id}`, body: { Operations: [{ op: 'add', path: 'members', value: [{ value: t.id }] }] } }),
    },
  },
  'POST /public/shifts': { rule: { act: 'work', call: async (w, t) => ({ method: 'POST', path: '/public/shifts', body: { userId: t.id, outletId: w.outletId, ...w.slot() } }) } },
  'PATCH /public/attendance/:id': { rule: { act: 'work', call: async (w, t) => ({ method: 'PATCH', path: `/public/attendance/${await w.attendance(t)}`, body: { status: 'APPROVED' } }) } },
  'POST /public/leave-requests': { exempt: 'a leave request is the person’s own ask; the approval chain decides it' },
};

interface Operation {
  security?: Array<Record<string, unknown>>;
  'x-roles'?: Role[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface Schema {
  $ref?: string;
  type?: string;
  items?: Schema;
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

/** Every property name in a schema, at any depth. */
function namesIn(doc: Doc, schema: Schema | undefined, depth = 0): Set<string> {
  const out = new Set<string>();
  let s = schema;
  while (s?.$ref) s = doc.components?.schemas?.[s.$ref.split('/').pop()!];
  if (!s || depth > 8) return out;
  const nested = [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? []), ...(s.items ? [s.items] : []), ...Object.values(s.properties ?? {})];
  for (const name of Object.keys(s.properties ?? {})) out.add(name);
  for (const n of nested) for (const name of namesIn(doc, n, depth + 1)) out.add(name);
  return out;
}

/** A name that points at a person of the tenant (not at who did something: createdByUserId and the like). */
const PERSON_FIELD = /^(userId|userIds|targetUserId|[a-z]+UserId|members)$/;
const namesPerson = (names: Set<string>) => [...names].some((n) => PERSON_FIELD.test(n) && !/^by|ByUserId$/.test(n));
const bodyNames = (doc: Doc, op: Operation) => new Set(Object.values(op.requestBody?.content ?? {}).flatMap((c) => [...namesIn(doc, c.schema)]));
const answerNames = (doc: Doc, op: Operation | undefined) =>
  new Set(Object.entries(op?.responses ?? {}).flatMap(([code, r]) => (code.startsWith('2') ? Object.values(r.content ?? {}).flatMap((c) => [...namesIn(doc, c.schema)]) : [])));

/** The writes that name a person, by the document alone; `developer` picks the /public and /scim routes instead of the users'. */
function personRoutes(doc: Doc, developer: boolean): string[] {
  const found: string[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      if (method === 'get') continue;
      const isUserRoute = op['x-roles'] !== undefined;
      const isDeveloperRoute = /^\/(public|scim\/v2)\//.test(path);
      if (developer ? !isDeveloperRoute : !isUserRoute) continue;
      const body = bodyNames(doc, op);
      const collection = /^(.*?)\/\{id\}/.exec(path)?.[1];
      const byPath = /\{userId\}/.test(path) || /^\/(users|scim\/v2\/Users)\/\{id\}/.test(path);
      const byBody = namesPerson(body) || body.has('role') || body.has('defaultRole') || body.has('roles');
      const byAnswer = namesPerson(answerNames(doc, op)) || (collection !== undefined && namesPerson(answerNames(doc, doc.paths[collection]?.get)));
      if (byPath || byBody || byAnswer) found.push(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
    }
  }
  return found.sort();
}

describe('the rank rule on every route that changes a person (people-policy, HTTP)', function () {
  this.timeout(120_000);
  let h: ApiHarness;
  let w: World;
  let doc: Doc;
  let ip = 0;
  const actors = new Map<Role, { id: string; token: string; key: string }>();

  before(async () => {
    const saml = await TestSamlIdp.create();
    h = await ApiHarness.start({ TRUST_PROXY: 'true' });
    const tenantId = (await createTenant(h.ds, { plan: 'ENTERPRISE', ssoEnabled: true, publicApiEnabled: true })).id;
    const outletId = (await createOutlet(h.ds, tenantId)).id;
    const root = await createUser(h.ds, tenantId, { role: 'TENANT_GROUP_OWNER', password: null });
    const rootToken = await h.tokenFor(root);
    const pepper = h.config.secretPepper ?? h.config.jwtSecret;
    for (const role of RANKED) {
      const u = await createUser(h.ds, tenantId, { role, password: null });
      await assignOutlets(h.ds, tenantId, u.id, [outletId]);
      // Keys are made by owners and company admins; one made by someone since demoted acts with their rank now.
      const { key } = await createApiKey(h.ds, tenantId, { secretPepper: pepper, scopes: [...SCOPES], createdByUserId: u.id });
      actors.set(role, { id: u.id, token: await h.tokenFor(u), key });
    }
    const jobId = uuid();
    await h.ds.query(
      `INSERT INTO career_jobs (id, tenant_id, title, slug, description, employment_type, status, published_at, created_at, updated_at) VALUES ($1, $2, 'Cook', 'cook', 'Cooks', 'FULL_TIME', 'OPEN', now(), now(), now())`,
      [jobId, tenantId],
    );
    const zone = await h.request('POST', '/access/zones', { token: rootToken, body: { name: 'Front door', readerIds: ['rank-reader-1'] } });
    w = new World(h, tenantId, outletId, zone.body.id, jobId, rootToken, saml);
    doc = (await h.request('GET', '/openapi.json')).body as Doc;
  });
  after(async () => h.stop());

  /** A user route as its role, or a developer route with the key the role made, each from an address of its own (the per-address limits). */
  const send = (as: Role, developer: boolean, call: Call) => {
    ip++;
    const actor = actors.get(as)!;
    const headers: Record<string, string> = { 'x-forwarded-for': `10.77.${Math.floor(ip / 250)}.${(ip % 250) + 1}`, ...(developer ? { authorization: `Bearer ${actor.key}` } : {}) };
    return h.request(call.method, call.path, { headers, ...(developer ? {} : { token: actor.token }), ...(call.body === undefined ? {} : { body: call.body }) });
  };

  const rolesOf = (route: string, developer: boolean): Role[] => {
    if (developer) return [...RANKED];
    const [method, path] = route.split(' ') as [string, string];
    const op = doc.paths[path.replace(/:(\w+)/g, '{$1}')]![method.toLowerCase()]!;
    return op['x-roles']!.filter((r) => r !== 'TENANT_GROUP_OWNER');
  };

  for (const [name, cases, developer] of [
    ['user routes', USER_CASES, false],
    ['developer routes (a credential acts with the rank of the person who made it)', DEV_CASES, true],
  ] as const) {
    describe(name, () => {
      it('has a case for exactly the writes that name a person in the OpenAPI document', () => {
        expect(Object.keys(cases).sort()).to.deep.equal(personRoutes(doc, developer));
      });

      for (const [route, c] of Object.entries(cases)) {
        if ('exempt' in c) continue;
        if (c.rule) {
          const rule = c.rule;
          it(`${route}: ${rule.act} — refused on anyone the rule puts out of reach, done on the rest`, async () => {
            const wrong: string[] = [];
            for (const actor of rolesOf(route, developer)) {
              for (const targetRole of targetsOf(actor)) {
                const target = await w.person(targetRole);
                const res = await send(actor, developer, await rule.call(w, target));
                const expected = refused(rule.act, actor, targetRole);
                const outcome = rule.skips ? (res.status < 300 ? (rule.skips(res, target) === null ? 'done' : 'refused') : `status ${res.status}`) : res.status === 403 && res.body?.message !== 'Forbidden resource' ? 'refused' : res.status < 300 ? 'done' : `status ${res.status}`;
                if (outcome !== (expected ? 'refused' : 'done')) wrong.push(`${actor} on ${targetRole}: ${outcome}, ${JSON.stringify(res.body)}`);
              }
            }
            expect(wrong).to.deep.equal([]);
          });
        }
        if (c.assign) {
          const assign = c.assign;
          it(`${route}: hands out roles at or below the caller's own, none above`, async () => {
            const wrong: string[] = [];
            for (const actor of rolesOf(route, developer)) {
              for (const role of (assign.roles ?? RANKED).filter((r) => targetsOf(actor).includes(r))) {
                const res = await send(actor, developer, await assign.call(w, role));
                const expected = roleRank(role) < roleRank(actor) ? 'refused' : 'done';
                const outcome = res.status === 403 && res.body?.message !== 'Forbidden resource' ? 'refused' : res.status < 300 ? 'done' : `status ${res.status}`;
                if (outcome !== expected) wrong.push(`${actor} giving ${role}: ${outcome}, ${JSON.stringify(res.body)}`);
              }
            }
            expect(wrong).to.deep.equal([]);
          });
        }
      }
    });
  }

  it('a company admin’s SCIM key cannot take the owner’s account: email, deactivation and removal are refused and change nothing', async () => {
    const admin = actors.get('COMPANY_ADMIN')!;
    const made = await h.request('POST', '/api-keys', { token: admin.token, body: { name: 'Provisioning', scopes: ['scim:read', 'scim:write'] } });
    expect(made.status).to.equal(201);
    const owner = await w.person('TENANT_OWNER');
    const scim = (method: string, body?: unknown) => h.request(method, `/scim/v2/Users/${owner.id}`, { headers: { authorization: `Bearer ${made.body.key}` }, ...(body === undefined ? {} : { body }) });
    const takeover = { Operations: [{ op: 'replace', value: { userName: 'attacker@evil.test', emails: [{ value: 'attacker@evil.test', type: 'work', primary: true }] } }] };
    for (const [method, body] of [['PATCH', takeover], ['PATCH', { Operations: [{ op: 'replace', path: 'active', value: false }] }], ['DELETE', undefined]] as const) {
      const res = await scim(method, body);
      expect({ method, status: res.status, detail: res.body.detail }).to.deep.equal({ method, status: 403, detail: 'You can manage only users whose role is below your own' });
    }
    const [row] = await h.ds.query(`SELECT email, status, deleted_at FROM users WHERE id = $1`, [owner.id]);
    expect(row).to.deep.equal({ email: owner.email, status: 'ACTIVE', deleted_at: null });
  });

  it('a key whose maker is no longer active still reads, and changes nobody', async () => {
    const maker = await w.person('COMPANY_ADMIN');
    const { key } = await createApiKey(h.ds, w.tenantId, { secretPepper: h.config.secretPepper ?? h.config.jwtSecret, scopes: ['scim:read', 'scim:write'], createdByUserId: maker.id });
    await w.root('PATCH', `/users/${maker.id}/status`, { status: 'INACTIVE' });
    const staff = await w.person('STAFF');
    const auth = { authorization: `Bearer ${key}` };
    expect((await h.request('GET', `/scim/v2/Users/${staff.id}`, { headers: auth })).status).to.equal(200);
    const res = await h.request('PATCH', `/scim/v2/Users/${staff.id}`, { headers: auth, body: { Operations: [{ op: 'replace', value: { active: false } }] } });
    expect({ status: res.status, detail: res.body.detail }).to.deep.equal({ status: 403, detail: CREATOR_GONE });
  });
});
