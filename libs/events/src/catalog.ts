/**
 * Webhook event catalog (spec 03, "Events" and "Envelope").
 *
 * The API records domain events through these types and serves the catalog
 * from them; the worker builds envelopes from them. Keeping codes, payload
 * shapes and samples in one module means a new event cannot be dispatched
 * without also appearing in GET /webhooks/events and the public catalog.
 *
 * Typing conventions, taken from the spec's payload notes: ids are UUID
 * strings, timestamps are ISO 8601 UTC strings, dates are `YYYY-MM-DD`
 * strings, money is integer minor units. Enumerated fields stay `string`
 * unless the spec's payload column lists the complete set of values, because
 * the spec only names values that "occur" and leaves the rest unspecified.
 */

/** ISO 8601 UTC timestamp, e.g. `2025-03-14T09:30:00.000Z`. */
export type IsoTimestamp = string;
/** Calendar date `YYYY-MM-DD`. */
export type IsoDate = string;
/** UUID string. */
export type Uuid = string;

interface ShiftWindow {
  outletId: Uuid;
  scheduledStart: IsoTimestamp;
  scheduledEnd: IsoTimestamp;
}

interface PayrollTotals {
  tenantId: Uuid;
  payrollRunId: Uuid;
  /** `YYYY-MM`. */
  periodYearMonth: string;
  /** Currency code, e.g. `EUR`. */
  currency: string;
  totalGrossMinor: number;
  totalNetMinor: number;
  totalDeductionsMinor: number;
}

interface PayrollApprovedPayload extends PayrollTotals {
  payslipCount: number;
  approverUserId: Uuid;
}

// Salary is deliberately absent: the spec forbids it on every contract event.
interface ContractPayload {
  tenantId: Uuid;
  contractId: Uuid;
  userId: Uuid;
  jobTitle: string;
  employmentType: string;
  status: string;
  startDate: IsoDate;
  endDate: IsoDate | null;
}

export interface EventPayloads {
  'user.created': { tenantId: Uuid; userId: Uuid; email: string; fullName: string };
  'user.terminated': { tenantId: Uuid; userId: Uuid };

  // The payload carries no status because roster-approval drafts (PROPOSED) fire too.
  'shift.assigned': ShiftWindow & { tenantId: Uuid; shiftAssignmentId: Uuid; userId: Uuid };
  'shift.completed': ShiftWindow & {
    tenantId: Uuid;
    shiftAssignmentId: Uuid;
    userId: Uuid;
    clockOutAt: IsoTimestamp;
    attendanceEventId: Uuid;
    status: string;
  };
  // Marketplace events carry no tenantId in the payload (spec); receivers read it from the envelope.
  'shift.released': ShiftWindow & {
    shiftId: Uuid;
    type: string;
    previousUserId: Uuid;
    releasedByUserId: Uuid;
  };
  'shift.claimed': ShiftWindow & { shiftId: Uuid; type: string; claimedByUserId: Uuid };

  // The spec calls startDate/endDate timestamps here, unlike contract dates.
  'leave.requested': {
    tenantId: Uuid;
    leaveRequestId: Uuid;
    userId: Uuid;
    leaveType: string;
    startDate: IsoTimestamp;
    endDate: IsoTimestamp;
    days: number;
    daysDecimal: number;
  };
  'leave.approved': { tenantId: Uuid; leaveRequestId: Uuid; approverUserId: Uuid };
  'leave.rejected': { tenantId: Uuid; leaveRequestId: Uuid; rejecterUserId: Uuid; note: string };

  'issue.created': {
    tenantId: Uuid;
    issueId: Uuid;
    outletId: Uuid;
    priority: string;
    title: string;
    reporterUserId: Uuid;
  };
  // Closed union: the spec enumerates every status that fires this event.
  'issue.resolved': {
    tenantId: Uuid;
    issueId: Uuid;
    status: 'RESOLVED' | 'CLOSED' | 'CANCELLED';
    resolutionNote: string;
    resolvedByUserId: Uuid;
  };

  'payroll.approved': PayrollApprovedPayload;
  'payroll.finalized': PayrollApprovedPayload;
  'payroll.paid': PayrollTotals & { paidAt: IsoTimestamp; paidByUserId: Uuid };

  'course.completed': {
    tenantId: Uuid;
    courseId: Uuid;
    courseTitle: string;
    userId: Uuid;
    scorePct: number;
    attempts: number;
  };

  'contract.created': ContractPayload;
  'contract.updated': ContractPayload;
  'contract.ended': ContractPayload & { reason: string };

  // Free-text details are deliberately absent (spec).
  'disciplinary.issued': {
    tenantId: Uuid;
    disciplinaryActionId: Uuid;
    userId: Uuid;
    level: string;
    category: string;
    autoEscalated: boolean;
    issuedByUserId: Uuid;
  };

  // Settlement amounts are deliberately absent (spec).
  'offboarding.settled': {
    tenantId: Uuid;
    offboardingId: Uuid;
    userId: Uuid;
    reason: string;
    lastWorkingDay: IsoDate;
    completedAt: IsoTimestamp;
    finalizedByUserId: Uuid;
  };
}

export type EventCode = keyof EventPayloads;

/** Sent only by POST /webhooks/:id/test; cannot be subscribed to, so it is not an EventCode. */
export const TEST_EVENT = 'webhook.test';

/** No tenantId here: the spec gives the test payload only these two fields. */
export interface TestEventPayload {
  message: string;
  /** Id of the user who triggered the test. */
  testedBy: Uuid;
}

export type EnvelopeEventCode = EventCode | typeof TEST_EVENT;

export type EnvelopePayload<C extends EnvelopeEventCode> = C extends EventCode
  ? EventPayloads[C]
  : TestEventPayload;

/**
 * The JSON body of every delivery. tenantId lives here even for events whose
 * payload omits it. With the default parameter, `event` and `payload` are not
 * correlated; use AnyWebhookEnvelope when narrowing on `event` is needed.
 */
export interface WebhookEnvelope<C extends EnvelopeEventCode = EventCode> {
  event: C;
  tenantId: Uuid;
  /** Fixed at dispatch; retries and redeliveries resend the original value. */
  occurredAt: IsoTimestamp;
  payload: EnvelopePayload<C>;
}

/** Discriminated union of envelopes so `switch (env.event)` narrows `env.payload`. */
export type AnyWebhookEnvelope = { [C in EnvelopeEventCode]: WebhookEnvelope<C> }[EnvelopeEventCode];

export interface CatalogEntry<C extends EventCode> {
  readonly code: C;
  readonly group: string;
  readonly description: string;
  readonly firesWhen: string;
  /** null where the spec gives no exclusions (no column, or "n/a"). */
  readonly doesNotFireWhen: string | null;
  readonly samplePayload: EventPayloads[C];
}

/** Union of entries, so consumers of catalogList() can narrow samplePayload on code. */
export type AnyCatalogEntry = { [C in EventCode]: CatalogEntry<C> }[EventCode];

// Fixed ids so samples are stable across builds and cross-reference each other.
const TENANT = '8a1f3c52-4e7b-4d19-9c2a-6b0e5f7d3a11';
const ALICE = '1c9e4b7a-3f2d-4a85-b6c1-0d8e2f5a9b34'; // staff member
const BOB = '5d2a8f13-9c4e-47b0-a1d6-3e7f0b9c2d58'; // manager / approver
const CAROL = '9f7b2e6d-1a3c-4e58-8d90-c4b5a6e7f012'; // admin / payroll
const OUTLET = '2b6d9e41-7c3a-4f85-9e12-a0b4c8d6e3f7';
const SHIFT_ASSIGNMENT = '4e8c1a7f-2b9d-4c36-a5e0-7f1d3b9c6a24';
const OPEN_SHIFT = '6a3f9c2e-8d1b-4e74-b0a5-2c7e9f4d1b86';
const LEAVE_REQUEST = '7b4e2d9a-5c1f-4a63-9e87-1d0c3b6f8a52';
const ISSUE = 'c3d8a5f1-6e2b-4d97-8a14-5b9f0e2c7d63';
const PAYROLL_RUN = 'd5e1b9c7-3a8f-4c26-b4d0-8e6a2f1c9b75';
const CONTRACT = 'e7f2c4a9-1d6b-4e38-9c5a-0b3d8f6e2a19';

const PAYROLL_APPROVED_SAMPLE: PayrollApprovedPayload = {
  tenantId: TENANT,
  payrollRunId: PAYROLL_RUN,
  periodYearMonth: '2025-03',
  currency: 'EUR',
  totalGrossMinor: 4_825_000,
  totalNetMinor: 3_612_450,
  totalDeductionsMinor: 1_212_550,
  payslipCount: 18,
  approverUserId: CAROL,
};

const CONTRACT_SAMPLE: ContractPayload = {
  tenantId: TENANT,
  contractId: CONTRACT,
  userId: ALICE,
  jobTitle: 'Shift Supervisor',
  employmentType: 'FULL_TIME',
  status: 'DRAFT',
  startDate: '2025-04-01',
  endDate: null,
};

/**
 * Object key order is the spec's table order, and EVENT_CODES is derived from
 * it. The mapped type makes a missing or extra code a compile error, so the
 * catalog and the code list cannot drift apart.
 */
export const EVENT_CATALOG: { readonly [C in EventCode]: CatalogEntry<C> } = {
  'user.created': {
    code: 'user.created',
    group: 'Users',
    description: 'A user account was created in the tenant.',
    firesWhen: 'A user is created with POST /users or provisioned through SCIM (POST /scim/v2/Users).',
    doesNotFireWhen:
      'Bulk import, just-in-time provisioning on first SSO sign-in, or conversion of a hired candidate.',
    samplePayload: { tenantId: TENANT, userId: ALICE, email: 'alice.moreau@example.com', fullName: 'Alice Moreau' },
  },
  'user.terminated': {
    code: 'user.terminated',
    group: 'Users',
    description: 'A user account was deleted (soft delete).',
    firesWhen: 'A user is deleted with DELETE /users/:id or SCIM DELETE /scim/v2/Users/:id.',
    doesNotFireWhen:
      'Deactivation (PATCH /users/:id/status or SCIM active: false), completing an offboarding (use offboarding.settled), or the intern-expiry job; these set the user INACTIVE silently.',
    samplePayload: { tenantId: TENANT, userId: ALICE },
  },
  'shift.assigned': {
    code: 'shift.assigned',
    group: 'Shifts',
    description: 'A worker was assigned to a shift.',
    firesWhen:
      'A shift assignment is created singly (POST /shift-assignments) or in bulk on roster publish (POST /scheduler/assignments, POST /public/shifts). Draft (PROPOSED) rows on tenants requiring roster approval also fire; approving or rejecting them fires nothing.',
    doesNotFireWhen: 'Re-assigning, cloning a week, approving a swap, or accepting an AI schedule.',
    samplePayload: {
      tenantId: TENANT,
      shiftAssignmentId: SHIFT_ASSIGNMENT,
      userId: ALICE,
      outletId: OUTLET,
      scheduledStart: '2025-03-17T08:00:00.000Z',
      scheduledEnd: '2025-03-17T16:00:00.000Z',
    },
  },
  'shift.completed': {
    code: 'shift.completed',
    group: 'Shifts',
    description: 'A worker clocked out of an assigned shift.',
    firesWhen: 'A worker clocks out of an assigned shift (POST /mobile/clock-out, or a kiosk at the outlet: POST /kiosk/clock with action OUT).',
    doesNotFireWhen:
      'The missed-clock-out safety net closes the shift, or a manager sets COMPLETED with PATCH /shift-assignments/:id.',
    samplePayload: {
      tenantId: TENANT,
      shiftAssignmentId: SHIFT_ASSIGNMENT,
      userId: ALICE,
      outletId: OUTLET,
      scheduledStart: '2025-03-17T08:00:00.000Z',
      scheduledEnd: '2025-03-17T16:00:00.000Z',
      clockOutAt: '2025-03-17T16:04:12.000Z',
      attendanceEventId: 'f1a6d3b8-4c9e-4b27-8f05-9d2e7a1c4b60',
      status: 'VERIFIED',
    },
  },
  'shift.released': {
    code: 'shift.released',
    group: 'Shifts',
    description: 'An assigned shift was released to the open-shifts marketplace. The payload has no tenantId.',
    firesWhen: 'An assigned shift is released to the open-shifts marketplace.',
    doesNotFireWhen: null,
    samplePayload: {
      shiftId: OPEN_SHIFT,
      outletId: OUTLET,
      scheduledStart: '2025-03-19T12:00:00.000Z',
      scheduledEnd: '2025-03-19T20:00:00.000Z',
      type: 'REGULAR',
      previousUserId: ALICE,
      releasedByUserId: BOB,
    },
  },
  'shift.claimed': {
    code: 'shift.claimed',
    group: 'Shifts',
    description: 'A released open shift was claimed. The payload has no tenantId.',
    firesWhen: 'An eligible staff member claims a released open shift.',
    doesNotFireWhen: null,
    samplePayload: {
      shiftId: OPEN_SHIFT,
      outletId: OUTLET,
      scheduledStart: '2025-03-19T12:00:00.000Z',
      scheduledEnd: '2025-03-19T20:00:00.000Z',
      type: 'REGULAR',
      claimedByUserId: '0e5c7a2d-9b4f-4816-a3c9-6d1f8e0b5a47',
    },
  },
  'leave.requested': {
    code: 'leave.requested',
    group: 'Leave',
    description: 'A leave request was submitted.',
    firesWhen: 'A staff member submits a leave request.',
    doesNotFireWhen: null,
    samplePayload: {
      tenantId: TENANT,
      leaveRequestId: LEAVE_REQUEST,
      userId: ALICE,
      leaveType: 'ANNUAL',
      startDate: '2025-04-07T00:00:00.000Z',
      endDate: '2025-04-11T00:00:00.000Z',
      days: 5,
      daysDecimal: 5,
    },
  },
  'leave.approved': {
    code: 'leave.approved',
    group: 'Leave',
    description: 'A leave request was fully approved.',
    firesWhen: 'The last step of the approval chain approves the request; earlier steps fire nothing.',
    doesNotFireWhen: null,
    samplePayload: { tenantId: TENANT, leaveRequestId: LEAVE_REQUEST, approverUserId: BOB },
  },
  'leave.rejected': {
    code: 'leave.rejected',
    group: 'Leave',
    description: 'A leave request was rejected.',
    firesWhen: 'A request is rejected at any step; one rejection ends the approval chain.',
    doesNotFireWhen: null,
    samplePayload: {
      tenantId: TENANT,
      leaveRequestId: LEAVE_REQUEST,
      rejecterUserId: BOB,
      note: 'Outlet is short-staffed that week; please pick other dates.',
    },
  },
  'issue.created': {
    code: 'issue.created',
    group: 'Issues',
    description: 'An issue was raised by a person.',
    firesWhen: 'An issue is raised with POST /issues or the mobile report-issue endpoint.',
    doesNotFireWhen:
      "Auto-flagged failed checklist tasks, maintenance-due checks, an asset's quick-issue action, workflow automations, or unresolved troubleshooting.",
    samplePayload: {
      tenantId: TENANT,
      issueId: ISSUE,
      outletId: OUTLET,
      priority: 'HIGH',
      title: 'Walk-in freezer not holding temperature',
      reporterUserId: ALICE,
    },
  },
  'issue.resolved': {
    code: 'issue.resolved',
    group: 'Issues',
    description: 'An issue was resolved, closed or cancelled.',
    firesWhen: 'An issue is moved to RESOLVED, CLOSED or CANCELLED with PATCH /issues/:id.',
    doesNotFireWhen:
      'Other statuses (including VERIFIED), re-submitting the current status, or resolution as a side effect of a verified work order or a logged asset service.',
    samplePayload: {
      tenantId: TENANT,
      issueId: ISSUE,
      status: 'RESOLVED',
      resolutionNote: 'Door seal replaced; temperature stable at -18 C.',
      resolvedByUserId: BOB,
    },
  },
  'payroll.approved': {
    code: 'payroll.approved',
    group: 'Payroll',
    description: 'A payroll run was approved. Money fields are integer minor units.',
    firesWhen: 'A payroll run is approved.',
    doesNotFireWhen: null,
    samplePayload: PAYROLL_APPROVED_SAMPLE,
  },
  'payroll.finalized': {
    code: 'payroll.finalized',
    group: 'Payroll',
    description: 'A payroll run was finalized and its journal became exportable. Same payload as payroll.approved.',
    firesWhen: 'A payroll run is finalized; fires alongside payroll.approved.',
    doesNotFireWhen: null,
    samplePayload: { ...PAYROLL_APPROVED_SAMPLE },
  },
  'payroll.paid': {
    code: 'payroll.paid',
    group: 'Payroll',
    description: 'A payroll run was marked paid. Money fields are integer minor units.',
    firesWhen: 'A payroll run is marked paid.',
    doesNotFireWhen: null,
    samplePayload: {
      tenantId: TENANT,
      payrollRunId: PAYROLL_RUN,
      periodYearMonth: '2025-03',
      currency: 'EUR',
      totalGrossMinor: 4_825_000,
      totalNetMinor: 3_612_450,
      totalDeductionsMinor: 1_212_550,
      paidAt: '2025-03-31T10:15:00.000Z',
      paidByUserId: CAROL,
    },
  },
  'course.completed': {
    code: 'course.completed',
    group: 'Training',
    description: 'A staff member completed a training course.',
    firesWhen:
      'A staff member passes the quiz of an enrolled course, or finishes the last lesson of a course without a quiz.',
    doesNotFireWhen: null,
    samplePayload: {
      tenantId: TENANT,
      courseId: 'a9c4e1f6-2d7b-4b58-9e03-8f6a1c5d2e94',
      courseTitle: 'Food Safety Level 2',
      userId: ALICE,
      scorePct: 92,
      attempts: 1,
    },
  },
  'contract.created': {
    code: 'contract.created',
    group: 'Contracts',
    description: 'A new HR contract was created as a DRAFT. Salary is never included.',
    firesWhen: 'A new HR contract is created; its status is DRAFT.',
    doesNotFireWhen: 'Activation, or a contract created ACTIVE by bulk staff import.',
    samplePayload: CONTRACT_SAMPLE,
  },
  'contract.updated': {
    code: 'contract.updated',
    group: 'Contracts',
    description: 'An HR contract was edited. Salary is never included.',
    firesWhen: 'A contract is edited.',
    doesNotFireWhen: 'Activation, which also terminates the previous active contract.',
    samplePayload: { ...CONTRACT_SAMPLE, jobTitle: 'Assistant Outlet Manager', endDate: '2026-03-31' },
  },
  'contract.ended': {
    code: 'contract.ended',
    group: 'Contracts',
    description: 'An HR contract was terminated. Salary is never included.',
    firesWhen: 'A contract is terminated with the Terminate action; its status becomes TERMINATED.',
    doesNotFireWhen:
      'Offboarding completion (use offboarding.settled), supersession by activating a newer contract, or the daily job marking a contract EXPIRED.',
    samplePayload: { ...CONTRACT_SAMPLE, status: 'TERMINATED', endDate: '2025-09-30', reason: 'Role eliminated' },
  },
  'disciplinary.issued': {
    code: 'disciplinary.issued',
    group: 'Disciplinary',
    description: 'A disciplinary action was issued. Free-text details are never included.',
    firesWhen: 'A disciplinary action is issued.',
    doesNotFireWhen: null,
    samplePayload: {
      tenantId: TENANT,
      disciplinaryActionId: 'b2e8d4a1-7f3c-4a69-8b15-4c0d9e6f3a28',
      userId: ALICE,
      level: 'WRITTEN',
      category: 'ATTENDANCE',
      autoEscalated: false,
      issuedByUserId: BOB,
    },
  },
  'offboarding.settled': {
    code: 'offboarding.settled',
    group: 'Offboarding',
    description:
      "An employee's final settlement was completed. This is the event to use for exits; settlement amounts are never included.",
    firesWhen:
      "An employee's final settlement is completed (POST /offboarding/:id/finalize). The active contract is terminated and the user set INACTIVE at the same moment, without contract.ended or user.terminated firing.",
    doesNotFireWhen: null,
    samplePayload: {
      tenantId: TENANT,
      offboardingId: 'f4a7c2e9-8b1d-4f36-a0c5-3e9b6d2f1a87',
      userId: ALICE,
      reason: 'RESIGNATION',
      lastWorkingDay: '2025-05-30',
      completedAt: '2025-06-02T14:20:00.000Z',
      finalizedByUserId: CAROL,
    },
  },
};

// Frozen because the API serves these objects directly; a handler mutating a
// sample would silently change the catalog for every later request.
for (const entry of Object.values(EVENT_CATALOG)) {
  Object.freeze(entry.samplePayload);
  Object.freeze(entry);
}
Object.freeze(EVENT_CATALOG);

/** Every subscribable code, in the spec's order. */
export const EVENT_CODES: readonly EventCode[] = Object.freeze(Object.keys(EVENT_CATALOG) as EventCode[]);

export function isEventCode(value: unknown): value is EventCode {
  // hasOwn, not `in`: inherited names such as "toString" must not validate as codes.
  return typeof value === 'string' && Object.hasOwn(EVENT_CATALOG, value);
}

/** The catalog as served by GET /public/webhook-catalog, in EVENT_CODES order. */
export function catalogList(): AnyCatalogEntry[] {
  return EVENT_CODES.map((code) => EVENT_CATALOG[code] as AnyCatalogEntry);
}
