import { expect } from 'chai';
import {
  EVENT_CATALOG,
  EVENT_CODES,
  TEST_EVENT,
  catalogList,
  isEventCode,
  type AnyWebhookEnvelope,
  type EventCode,
  type EventPayloads,
  type WebhookEnvelope,
} from './catalog.js';

// Transcribed by hand from spec 03 "Events" rather than derived from the types,
// so a type or sample that drifts from the spec makes these tests fail.
const SPEC_ORDER = [
  'user.created',
  'user.terminated',
  'shift.assigned',
  'shift.completed',
  'shift.released',
  'shift.claimed',
  'leave.requested',
  'leave.approved',
  'leave.rejected',
  'issue.created',
  'issue.resolved',
  'payroll.approved',
  'payroll.finalized',
  'payroll.paid',
  'course.completed',
  'contract.created',
  'contract.updated',
  'contract.ended',
  'disciplinary.issued',
  'offboarding.settled',
];

const CONTRACT_FIELDS = ['tenantId', 'contractId', 'userId', 'jobTitle', 'employmentType', 'status', 'startDate', 'endDate'];
const PAYROLL_APPROVED_FIELDS = [
  'tenantId',
  'payrollRunId',
  'periodYearMonth',
  'currency',
  'totalGrossMinor',
  'totalNetMinor',
  'totalDeductionsMinor',
  'payslipCount',
  'approverUserId',
];

const SPEC_FIELDS: Record<EventCode, readonly string[]> = {
  'user.created': ['tenantId', 'userId', 'email', 'fullName'],
  'user.terminated': ['tenantId', 'userId'],
  'shift.assigned': ['tenantId', 'shiftAssignmentId', 'userId', 'outletId', 'scheduledStart', 'scheduledEnd'],
  'shift.completed': [
    'tenantId',
    'shiftAssignmentId',
    'userId',
    'outletId',
    'scheduledStart',
    'scheduledEnd',
    'clockOutAt',
    'attendanceEventId',
    'status',
  ],
  'shift.released': ['shiftId', 'outletId', 'scheduledStart', 'scheduledEnd', 'type', 'previousUserId', 'releasedByUserId'],
  'shift.claimed': ['shiftId', 'outletId', 'scheduledStart', 'scheduledEnd', 'type', 'claimedByUserId'],
  'leave.requested': ['tenantId', 'leaveRequestId', 'userId', 'leaveType', 'startDate', 'endDate', 'days', 'daysDecimal'],
  'leave.approved': ['tenantId', 'leaveRequestId', 'approverUserId'],
  'leave.rejected': ['tenantId', 'leaveRequestId', 'rejecterUserId', 'note'],
  'issue.created': ['tenantId', 'issueId', 'outletId', 'priority', 'title', 'reporterUserId'],
  'issue.resolved': ['tenantId', 'issueId', 'status', 'resolutionNote', 'resolvedByUserId'],
  'payroll.approved': PAYROLL_APPROVED_FIELDS,
  'payroll.finalized': PAYROLL_APPROVED_FIELDS,
  'payroll.paid': [
    'tenantId',
    'payrollRunId',
    'periodYearMonth',
    'currency',
    'totalGrossMinor',
    'totalNetMinor',
    'totalDeductionsMinor',
    'paidAt',
    'paidByUserId',
  ],
  'course.completed': ['tenantId', 'courseId', 'courseTitle', 'userId', 'scorePct', 'attempts'],
  'contract.created': CONTRACT_FIELDS,
  'contract.updated': CONTRACT_FIELDS,
  'contract.ended': [...CONTRACT_FIELDS, 'reason'],
  'disciplinary.issued': [
    'tenantId',
    'disciplinaryActionId',
    'userId',
    'level',
    'category',
    'autoEscalated',
    'issuedByUserId',
  ],
  'offboarding.settled': [
    'tenantId',
    'offboardingId',
    'userId',
    'reason',
    'lastWorkingDay',
    'completedAt',
    'finalizedByUserId',
  ],
};

// Fields the spec declares integer (money in minor units, counts, percentages).
const INTEGER_FIELDS = [
  'totalGrossMinor',
  'totalNetMinor',
  'totalDeductionsMinor',
  'payslipCount',
  'scorePct',
  'attempts',
];
const MONEY_FIELDS = ['totalGrossMinor', 'totalNetMinor', 'totalDeductionsMinor'];
const DATE_FIELDS = ['lastWorkingDay'];
const TIMESTAMP_FIELDS = ['scheduledStart', 'scheduledEnd', 'clockOutAt', 'paidAt', 'completedAt'];

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;

function sample(code: EventCode): Record<string, unknown> {
  return EVENT_CATALOG[code].samplePayload as unknown as Record<string, unknown>;
}

describe('@wfm/events catalog', () => {
  describe('EVENT_CODES', () => {
    it('lists exactly the 20 spec codes in spec order', () => {
      expect(EVENT_CODES).to.have.lengthOf(20);
      expect([...EVENT_CODES]).to.deep.equal(SPEC_ORDER);
    });

    it('has no duplicates', () => {
      expect(new Set(EVENT_CODES).size).to.equal(EVENT_CODES.length);
    });

    it('does not include webhook.test', () => {
      expect(TEST_EVENT).to.equal('webhook.test');
      expect(EVENT_CODES as readonly string[]).to.not.include(TEST_EVENT);
      expect(Object.keys(EVENT_CATALOG)).to.not.include(TEST_EVENT);
    });

    it('cannot be mutated by a consumer', () => {
      expect(() => (EVENT_CODES as EventCode[]).push('user.created')).to.throw(TypeError);
    });
  });

  describe('isEventCode', () => {
    it('accepts every catalog code', () => {
      for (const code of SPEC_ORDER) expect(isEventCode(code), code).to.equal(true);
    });

    it('rejects the test event and unknown or near-miss strings', () => {
      for (const value of [TEST_EVENT, '', 'user', 'user.deleted', 'User.Created', ' user.created', 'user.created ', 'shift.*']) {
        expect(isEventCode(value), JSON.stringify(value)).to.equal(false);
      }
    });

    it('rejects inherited object property names', () => {
      for (const value of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
        expect(isEventCode(value), value).to.equal(false);
      }
    });

    it('rejects non-strings', () => {
      for (const value of [undefined, null, 0, 1, true, {}, [], ['user.created'], Symbol('user.created'), () => 'user.created']) {
        expect(isEventCode(value), String(value)).to.equal(false);
      }
    });
  });

  describe('EVENT_CATALOG', () => {
    it('has one entry per code, keyed by its own code', () => {
      expect(Object.keys(EVENT_CATALOG)).to.deep.equal(SPEC_ORDER);
      for (const code of EVENT_CODES) expect(EVENT_CATALOG[code].code).to.equal(code);
    });

    it('gives every entry a group and non-empty texts', () => {
      for (const code of EVENT_CODES) {
        const entry = EVENT_CATALOG[code];
        expect(entry.group, code).to.be.a('string').and.not.equal('');
        expect(entry.description, code).to.be.a('string').and.not.equal('');
        expect(entry.firesWhen, code).to.be.a('string').and.not.equal('');
        if (entry.doesNotFireWhen !== null) expect(entry.doesNotFireWhen, code).to.not.equal('');
      }
    });

    it('groups codes as the spec sections do', () => {
      const groups: Record<string, string> = {};
      for (const code of EVENT_CODES) groups[code] = EVENT_CATALOG[code].group;
      expect(groups['user.created']).to.equal('Users');
      expect(groups['shift.claimed']).to.equal('Shifts');
      expect(groups['course.completed']).to.equal('Training');
      expect(groups['offboarding.settled']).to.equal('Offboarding');
      // Codes sharing a prefix come from the same spec section.
      for (const code of EVENT_CODES) {
        const sibling = EVENT_CODES.find((c) => c.split('.')[0] === code.split('.')[0]);
        expect(groups[code], code).to.equal(groups[sibling!]);
      }
    });

    it('states "does not fire" exclusions exactly where the spec has them', () => {
      const withExclusions = EVENT_CODES.filter((c) => EVENT_CATALOG[c].doesNotFireWhen !== null);
      expect(withExclusions).to.deep.equal([
        'user.created',
        'user.terminated',
        'shift.assigned',
        'shift.completed',
        'issue.created',
        'issue.resolved',
        'contract.created',
        'contract.updated',
        'contract.ended',
      ]);
    });

    for (const code of SPEC_ORDER as EventCode[]) {
      it(`${code} sample has exactly the spec's payload fields`, () => {
        expect(Object.keys(sample(code)).sort()).to.deep.equal([...SPEC_FIELDS[code]].sort());
      });
    }

    it('shift.released and shift.claimed samples carry no tenantId; all others do', () => {
      for (const code of EVENT_CODES) {
        const has = Object.hasOwn(sample(code), 'tenantId');
        expect(has, code).to.equal(code !== 'shift.released' && code !== 'shift.claimed');
      }
    });

    it('money, count and percentage fields are integers', () => {
      let seen = 0;
      for (const code of EVENT_CODES) {
        const s = sample(code);
        for (const field of INTEGER_FIELDS) {
          if (!(field in s)) continue;
          seen++;
          expect(Number.isSafeInteger(s[field]), `${code}.${field}`).to.equal(true);
        }
      }
      // Guards against the loop passing vacuously if field names drift:
      // 3 payroll events x 3 money fields, payslipCount x 2, scorePct and attempts.
      expect(seen).to.equal(3 * MONEY_FIELDS.length + 2 + 2);
    });

    it('payroll.finalized has the same payload shape as payroll.approved', () => {
      expect(Object.keys(sample('payroll.finalized')).sort()).to.deep.equal(Object.keys(sample('payroll.approved')).sort());
    });

    it('id fields are UUIDs', () => {
      for (const code of EVENT_CODES) {
        const s = sample(code);
        for (const [field, value] of Object.entries(s)) {
          if (field.endsWith('Id') || field === 'testedBy') expect(value, `${code}.${field}`).to.match(UUID_RE);
        }
      }
    });

    it('timestamps are ISO 8601 UTC and dates are YYYY-MM-DD', () => {
      for (const code of EVENT_CODES) {
        const s = sample(code);
        for (const field of TIMESTAMP_FIELDS) if (field in s) expect(s[field], `${code}.${field}`).to.match(TIMESTAMP_RE);
        for (const field of DATE_FIELDS) if (field in s) expect(s[field], `${code}.${field}`).to.match(DATE_RE);
      }
      // leave dates are timestamps per the spec; contract dates are plain dates.
      expect(sample('leave.requested').startDate).to.match(TIMESTAMP_RE);
      expect(sample('leave.requested').endDate).to.match(TIMESTAMP_RE);
      for (const code of ['contract.created', 'contract.updated', 'contract.ended'] as const) {
        expect(sample(code).startDate, code).to.match(DATE_RE);
        const end = sample(code).endDate;
        if (end !== null) expect(end, code).to.match(DATE_RE);
      }
      expect(sample('payroll.paid').periodYearMonth).to.match(/^\d{4}-\d{2}$/);
    });

    it('samples use the values the spec says occur', () => {
      expect(sample('shift.completed').status).to.equal('VERIFIED');
      expect(sample('shift.released').type).to.equal('REGULAR');
      expect(sample('leave.requested').leaveType).to.equal('ANNUAL');
      expect(sample('issue.created').priority).to.equal('HIGH');
      expect(['RESOLVED', 'CLOSED', 'CANCELLED']).to.include(sample('issue.resolved').status);
      expect(sample('contract.created').employmentType).to.equal('FULL_TIME');
      expect(sample('contract.created').status).to.equal('DRAFT');
      expect(sample('contract.created').endDate).to.equal(null);
      expect(sample('contract.ended').status).to.equal('TERMINATED');
      expect(sample('disciplinary.issued').level).to.equal('WRITTEN');
      expect(sample('disciplinary.issued').category).to.equal('ATTENDANCE');
      expect(sample('disciplinary.issued').autoEscalated).to.be.a('boolean');
      expect(sample('offboarding.settled').reason).to.equal('RESIGNATION');
    });

    it('samples survive a JSON round trip unchanged', () => {
      for (const code of EVENT_CODES) {
        expect(JSON.parse(JSON.stringify(sample(code))), code).to.deep.equal(sample(code));
      }
    });

    it('entries and samples cannot be mutated by a consumer', () => {
      expect(() => {
        (sample('user.created') as { email: string }).email = 'x@example.com';
      }).to.throw(TypeError);
      expect(sample('user.created').email).to.not.equal('x@example.com');
      expect(Object.isFrozen(EVENT_CATALOG)).to.equal(true);
    });
  });

  describe('catalogList', () => {
    it('returns every entry in EVENT_CODES order with the served fields', () => {
      const list = catalogList();
      expect(list.map((e) => e.code)).to.deep.equal(SPEC_ORDER);
      for (const entry of list) {
        expect(Object.keys(entry).sort()).to.deep.equal(
          ['code', 'group', 'description', 'firesWhen', 'doesNotFireWhen', 'samplePayload'].sort(),
        );
        expect(entry).to.equal(EVENT_CATALOG[entry.code]);
      }
    });
  });

  // Compile-time checks: a regression here breaks `tsc -b`, which fails the test run.
  describe('types', () => {
    it('keep tenantId out of marketplace payloads', () => {
      const released: EventPayloads['shift.released'] = {
        shiftId: 'a',
        outletId: 'b',
        scheduledStart: 'c',
        scheduledEnd: 'd',
        type: 'REGULAR',
        previousUserId: 'e',
        releasedByUserId: 'f',
        // @ts-expect-error the spec gives shift.released no tenantId
        tenantId: 'g',
      };
      expect(released.shiftId).to.equal('a');
    });

    it('restrict issue.resolved status and allow a null contract endDate', () => {
      const resolved: EventPayloads['issue.resolved'] = {
        tenantId: 't',
        issueId: 'i',
        // @ts-expect-error VERIFIED does not fire issue.resolved
        status: 'VERIFIED',
        resolutionNote: '',
        resolvedByUserId: 'u',
      };
      const contract: EventPayloads['contract.updated'] = { ...EVENT_CATALOG['contract.updated'].samplePayload, endDate: null };
      expect(resolved.issueId).to.equal('i');
      expect(contract.endDate).to.equal(null);
    });

    it('type the test envelope payload separately from catalog payloads', () => {
      const env: WebhookEnvelope<typeof TEST_EVENT> = {
        event: TEST_EVENT,
        tenantId: 't',
        occurredAt: '2025-01-01T00:00:00.000Z',
        payload: { message: 'hello', testedBy: 'u' },
      };
      // @ts-expect-error webhook.test is not an EventCode, so not a default envelope
      const wrong: WebhookEnvelope = env;
      expect(wrong.event).to.equal('webhook.test');
    });

    it('narrow the envelope payload on event', () => {
      const env = {
        event: 'payroll.paid',
        tenantId: 't',
        occurredAt: '2025-01-01T00:00:00.000Z',
        payload: EVENT_CATALOG['payroll.paid'].samplePayload,
      } as AnyWebhookEnvelope;
      let paidAt: string | undefined;
      if (env.event === 'payroll.paid') paidAt = env.payload.paidAt;
      expect(paidAt).to.equal('2025-03-31T10:15:00.000Z');
    });
  });
});
