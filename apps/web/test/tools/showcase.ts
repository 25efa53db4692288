import type { Role } from '@wfm/core/tenancy';
import { demoEmail, type Stack } from '../test-support/stack.js';

const HOUR = 3_600_000;

/** Today at `h` o'clock plus `days`, in this machine's timezone, as the API's ISO instant. */
function at(days: number, h: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  d.setHours(h, 0, 0, 0);
  return d.toISOString();
}

async function must<T>(p: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const res = await p;
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * A week of use in the demo tenant, through the API as its people would make it: shifts this week,
 * a pending leave request, a clock-in, a door zone with night hours, a grant and taps at a reader,
 * a webhook with a delivery, a visitor pass, a pay run, a job posting, a course under way, an
 * offboarding, a single sign-on connection, a few automations and today's opening checks half done.
 * For the screenshots only.
 */
/** Ids the screenshots open pages of. */
export interface Showcase {
  zoneId: string;
  webhookId: string;
  courseId: string;
  offboardingId: string;
  ssoConnectionId: string;
}

export async function seedShowcase(stack: Stack): Promise<Showcase> {
  const owner = await stack.tokenOf(demoEmail('TENANT_OWNER'));
  const manager = await stack.tokenOf(demoEmail('OUTLET_MANAGER'));
  const staff = await stack.tokenOf(demoEmail('STAFF'));
  const users = await must(stack.call<Array<{ id: string; email: string | null }>>('GET', '/users?limit=200', { token: owner }), 'users');
  const id = (role: Role) => users.find((u) => u.email === demoEmail(role))!.id;
  const outlets = await must(stack.call<Array<{ id: string; code: string }>>('GET', '/outlets', { token: owner }), 'outlets');
  const outlet = outlets.find((o) => o.code === 'CK-01')!.id;

  for (const [days, from, to, who] of [
    [1, 7, 15, 'STAFF'],
    [2, 14, 22, 'STAFF'],
    [3, 7, 15, 'OUTLET_MANAGER'],
    [4, 22, 30, 'STAFF'],
  ] as const) {
    await must(stack.call('POST', '/shift-assignments', { token: manager, body: { userId: id(who), outletId: outlet, scheduledStart: at(days, from), scheduledEnd: at(days, to) } }), 'shift');
  }
  const now = await must(
    stack.call<{ id: string }>('POST', '/shift-assignments', { token: manager, body: { userId: id('STAFF'), outletId: outlet, scheduledStart: new Date(Date.now() - HOUR).toISOString(), scheduledEnd: new Date(Date.now() + 6 * HOUR).toISOString() } }),
    'shift now',
  );
  await must(
    stack.call('POST', '/shift-assignments', { token: manager, body: { userId: id('OUTLET_MANAGER'), outletId: outlet, scheduledStart: new Date(Date.now() + 2 * HOUR).toISOString(), scheduledEnd: new Date(Date.now() + 10 * HOUR).toISOString() } }),
    'shift today',
  );
  await must(stack.call('POST', '/mobile/clock-in', { token: staff, body: { outletId: outlet, shiftAssignmentId: now.id } }), 'clock-in');
  const day = (n: number) => at(n, 12).slice(0, 10);
  await must(stack.call('POST', '/leave-requests', { token: staff, body: { type: 'ANNUAL', startDate: day(21), endDate: day(25), reason: 'Family visit' } }), 'leave');

  const zone = await must(
    stack.call<{ id: string }>('POST', '/access/zones', {
      token: owner,
      body: { name: 'Kitchen back door', outletId: outlet, readerIds: ['kitchen-door-1'], hoursJson: { MON: [['06:00', '23:00']], TUE: [['06:00', '23:00']], WED: [['06:00', '23:00']], THU: [['06:00', '23:00']], FRI: [['06:00', '02:00']], SAT: [['08:00', '02:00']] } },
    }),
    'zone',
  );
  const office = await must(stack.call<{ id: string }>('POST', '/access/zones', { token: owner, body: { name: 'Office', outletId: outlet, readerIds: ['office-1'] } }), 'zone 2');
  await must(stack.call('POST', '/access/grants/bulk', { token: owner, body: { userIds: [id('STAFF'), id('OUTLET_MANAGER')], zoneIds: [zone.id, office.id] } }), 'grants');
  const key = await must(stack.call<{ key: string }>('POST', '/access/api-keys', { token: owner, body: { name: 'Kitchen bridge' } }), 'reader key');
  const door = { authorization: `Bearer ${key.key}` };
  for (const readerId of ['kitchen-door-1', 'office-1']) await stack.call('POST', '/access/reader-heartbeat', { headers: door, body: { readerId, firmwareVersion: '2.4.1', ipAddress: '10.0.0.21' } });
  const credential = await must(stack.call<{ credentialId: string }>('POST', '/access/credential', { token: staff }), 'credential');
  for (const readerId of ['office-1', 'kitchen-door-1', 'office-1']) await stack.call('POST', '/access/verify', { headers: door, body: { credentialId: credential.credentialId, readerId, source: 'SHOWCASE' } });
  await stack.call('POST', '/access/verify', { headers: door, body: { credentialId: 'not-a-credential', readerId: 'kitchen-door-1', source: 'SHOWCASE' } });

  const hook = await must(stack.call<{ id: string }>('POST', '/webhooks', { token: owner, body: { name: 'Payroll sync', url: stack.receiver.url('/hooks/wfm'), events: ['user.created', 'shift.assigned', 'leave.approved'] } }), 'webhook');
  await stack.call('POST', `/webhooks/${hook.id}/test`, { token: owner });
  await must(stack.call('POST', '/users', { token: owner, body: { fullName: 'Priya Shah', email: 'priya@demo.test', role: 'STAFF' } }), 'user');
  await must(stack.call('POST', '/access/visitors', { token: owner, body: { name: 'Alex from Fresh Produce Ltd', zoneIds: [zone.id], expiresAt: new Date(Date.now() + 8 * HOUR).toISOString(), email: 'alex@produce.example' } }), 'visitor');

  const hr = await stack.tokenOf(demoEmail('HR_MANAGER'));
  await must(stack.call('PUT', `/users/${id('STAFF')}/pay`, { token: hr, body: { type: 'HOURLY', rateMinor: 1250, currency: 'GBP' } }), 'pay');
  const month = new Date();
  month.setDate(0);
  await must(stack.call('POST', '/payroll/runs', { token: hr, body: { periodYearMonth: `${month.getFullYear()}-${String(month.getMonth() + 1).padStart(2, '0')}` } }), 'pay run');
  await must(
    stack.call('POST', '/recruiting/jobs', { token: hr, body: { title: 'Line Cook', slug: 'line-cook', description: 'Prep and grill on a busy lunch line.', employmentType: 'PART_TIME', location: 'London', status: 'OPEN' } }),
    'job',
  );
  await must(stack.call('POST', '/recruiting/jobs', { token: hr, body: { title: 'Shift Supervisor', slug: 'shift-supervisor', description: 'Lead the evening team.', employmentType: 'FULL_TIME', location: 'Bristol', status: 'OPEN' } }), 'job 2');
  await must(
    stack.call('POST', '/scheduler/assignments', {
      token: manager,
      body: { outletId: outlet, assignments: [{ userId: id('STAFF'), scheduledStart: at(8, 8), scheduledEnd: at(8, 16) }, { userId: id('OUTLET_MANAGER'), scheduledStart: at(8, 12), scheduledEnd: at(8, 20) }] },
    }),
    'roster',
  );

  const area = await stack.tokenOf(demoEmail('AREA_MANAGER'));
  const course = await must(
    stack.call<{ id: string; lessons: Array<{ id: string }> }>('POST', '/courses', {
      token: area,
      body: {
        title: 'Food safety',
        description: 'The basics every kitchen shift needs, with a short quiz.',
        lessons: [{ title: 'Hand washing', body: 'Twenty seconds, warm water, every time you come back to the line.' }, { title: 'Fridge temperatures', body: 'Below 5°C; log them at opening and at close.' }, { title: 'Allergens' }],
        quiz: { passPct: 80, questions: [{ text: 'Fridges run below…', options: ['5°C', '12°C'], answerIndex: 0 }, { text: 'Wash hands for…', options: ['5 s', '20 s'], answerIndex: 1 }] },
      },
    }),
    'course',
  );
  for (const who of ['STAFF', 'OUTLET_MANAGER'] as const) await must(stack.call('POST', `/courses/${course.id}/enrolments`, { token: area, body: { userId: id(who) } }), 'enrolment');
  for (const lesson of course.lessons.slice(0, 2)) await must(stack.call('POST', `/courses/${course.id}/lessons/${lesson.id}/complete`, { token: staff }), 'lesson');

  const leaver = await must(stack.call<{ id: string }>('POST', '/users', { token: hr, body: { fullName: 'Sam Porter', email: 'sam.porter@demo.test', role: 'STAFF' } }), 'leaver');
  const contract = await must(
    stack.call<{ id: string }>('POST', '/contracts', { token: hr, body: { userId: leaver.id, jobTitle: 'Kitchen porter', employmentType: 'FULL_TIME', startDate: day(-200), salaryMinor: 2400000, currency: 'GBP' } }),
    'contract',
  );
  await must(stack.call('POST', `/contracts/${contract.id}/activate`, { token: hr }), 'activate');
  const offboarding = await must(
    stack.call<{ id: string; checklist: Array<{ id: string }> }>('POST', '/offboarding', { token: hr, body: { userId: leaver.id, reason: 'RESIGNATION', lastWorkingDay: day(14) } }),
    'offboarding',
  );
  for (const item of offboarding.checklist.slice(0, 2)) await must(stack.call('PATCH', `/offboarding/${offboarding.id}/checklist/${item.id}`, { token: hr, body: { done: true } }), 'checklist');

  const tenant = await must(stack.call<{ id: string }>('GET', '/tenant', { token: owner }), 'tenant');
  await must(stack.call('PATCH', `/platform/tenants/${tenant.id}`, { headers: { authorization: `Bearer ${await stack.platformToken()}` }, body: { ssoEnabled: true } }), 'sso on');
  const sso = await must(
    stack.call<{ id: string }>('POST', '/sso/connections', { token: owner, body: { protocol: 'OIDC', name: 'Okta', issuer: 'https://demo.okta.example', clientId: '0oa1demo', clientSecret: 'from-okta' } }),
    'sso',
  );
  await must(stack.call('POST', `/sso/connections/${sso.id}/domains`, { token: owner, body: { domain: 'demo-kitchens.example' } }), 'sso domain');

  // Today's opening checks (the demo's), half done, with a fridge too warm.
  const [opening] = await must(stack.call<Array<{ id: string; tasks: Array<{ id: string }> }>>('GET', '/mobile/checklists/today', { token: staff }), 'checklists');
  await must(stack.call('PUT', `/checklist-runs/${opening!.id}/answers/${opening!.tasks[0]!.id}`, { token: staff, body: { yes: true } }), 'checklist answer');
  await must(stack.call('PUT', `/checklist-runs/${opening!.id}/answers/${opening!.tasks[1]!.id}`, { token: staff, body: { number: 7 } }), 'checklist answer');
  for (const rule of [
    { name: 'Escalate the urgent', trigger: 'ISSUE_HIGH_PRIORITY', actions: [{ kind: 'NOTIFY_ROLE', role: 'AREA_MANAGER' }, { kind: 'RAISE_ISSUE', title: 'Call the engineer', priority: 'HIGH' }] },
    { name: 'Cold chain at Central Kitchen', trigger: 'CHECKLIST_TASK_FAILED', outletId: outlet, actions: [{ kind: 'NOTIFY_ROLE', role: 'OUTLET_MANAGER' }] },
    { name: 'Maintenance falls due', trigger: 'ASSET_DUE', actions: [{ kind: 'NOTIFY_ROLE', role: 'OPERATIONS_MANAGER' }] },
  ]) {
    await must(stack.call('POST', '/automations', { token: owner, body: rule }), 'automation');
  }

  return { zoneId: zone.id, webhookId: hook.id, courseId: course.id, offboardingId: offboarding.id, ssoConnectionId: sso.id };
}
