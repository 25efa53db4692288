import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createOutlet, createTenant, createUser, type CreatedUser } from '@wfm/testing/factories';
import { transactionRunner } from '@wfm/db/transaction';
import { publicApiSuite, twoTenantSuite } from '../../../test-support/api-suite.js';
import { apiKeyFor } from '../../../test-support/developer-credentials.js';
import { OutletScopeService } from '../../organization/user-outlets/outlet-scope.service.js';
import { UserOutletsRepository } from '../../organization/user-outlets/user-outlets.repository.js';
import { PeoplePolicy } from '../../organization/users/people-policy.service.js';
import { UsersRepository } from '../../organization/users/users.repository.js';
import { LeaveRepository } from '../../time/leave/leave.repository.js';
import { AvailabilityRepository } from './availability.repository.js';
import { AvailabilityService } from './availability.service.js';

const iso = (i: { start: Date; end: Date }) => [i.start.toISOString(), i.end.toISOString()];

describe("availability: the auto-scheduler's lookup (AvailabilityService.between)", () => {
  const s = twoTenantSuite();
  let service: AvailabilityService;
  before(() => {
    const ds = s.h.ds;
    service = new AvailabilityService(
      new AvailabilityRepository(ds),
      new LeaveRepository(ds),
      transactionRunner(ds),
      s.h.clock,
      new OutletScopeService(new UserOutletsRepository(ds)),
      new PeoplePolicy(new UsersRepository(ds)),
    );
  });

  it('expands weekly windows to instants across the DST change, adds time off and approved leave, and gives each person an entry', async () => {
    const tenantId = (await createTenant(s.h.ds, { timezone: 'Europe/London' })).id;
    const person = await createUser(s.h.ds, tenantId, { role: 'STAFF' });
    const silent = await createUser(s.h.ds, tenantId, { role: 'STAFF' });
    const at = new Date('2026-03-01T00:00:00Z');
    await s.h.ds.query(
      `INSERT INTO availability_windows (id, tenant_id, user_id, kind, weekday, start_minute, end_minute, effective_from, effective_to, created_at) VALUES
         ($1, $3, $4, 'UNAVAILABLE', 6, 1320, 360, NULL, NULL, $5),
         ($2, $3, $4, 'AVAILABLE', 5, 540, 1020, NULL, NULL, $5)`,
      [randomUUID(), randomUUID(), tenantId, person.id, at],
    );
    const timeOff = randomUUID();
    await s.h.ds.query(
      `INSERT INTO availability_time_off (id, tenant_id, user_id, starts_at, ends_at, note, created_at, updated_at) VALUES ($1, $2, $3, '2026-03-30T10:00:00Z', '2026-03-30T12:00:00Z', 'Dentist', $4, $4)`,
      [timeOff, tenantId, person.id, at],
    );
    const leave = randomUUID();
    await s.h.ds.query(
      `INSERT INTO leave_requests (id, tenant_id, user_id, leave_type, start_date, end_date, days, days_decimal, status, decided_at)
       VALUES ($1, $2, $3, 'SICK', '2026-03-26T00:00:00Z', '2026-03-26T23:59:59.999Z', 1, 1, 'APPROVED', now())`,
      [leave, tenantId, person.id],
    );
    // Thursday 26 March (GMT) to Tuesday 31 March (BST from Sunday 29 March, 01:00 UTC).
    const from = new Date('2026-03-26T00:00:00Z');
    const to = new Date('2026-03-31T00:00:00Z');
    const result = await service.between(null, tenantId, [person.id, silent.id, person.id], from, to);
    expect([...result.keys()]).to.deep.equal([person.id, silent.id]);
    const p = result.get(person.id)!;
    expect(p.unavailable.map((u) => [u.source, ...iso(u), u.note])).to.deep.equal([
      ['LEAVE', '2026-03-26T00:00:00.000Z', '2026-03-27T00:00:00.000Z', 'SICK'],
      // Saturday 22:00 GMT to Sunday 06:00 BST: seven hours, the night the clocks go forward.
      ['WEEKLY', '2026-03-28T22:00:00.000Z', '2026-03-29T05:00:00.000Z', null],
      ['TIME_OFF', '2026-03-30T10:00:00.000Z', '2026-03-30T12:00:00.000Z', 'Dentist'],
    ]);
    expect(p.available.map(iso)).to.deep.equal([
      ['2026-03-27T00:00:00.000Z', '2026-03-28T22:00:00.000Z'],
      ['2026-03-29T05:00:00.000Z', '2026-03-30T10:00:00.000Z'],
      ['2026-03-30T12:00:00.000Z', '2026-03-31T00:00:00.000Z'],
    ]);
    // Friday is the one day with preferred windows: 09:00–17:00 GMT; every other day is open.
    expect(p.preferred.map(iso)).to.deep.equal([
      ['2026-03-27T09:00:00.000Z', '2026-03-27T17:00:00.000Z'],
      ['2026-03-28T00:00:00.000Z', '2026-03-28T22:00:00.000Z'],
      ['2026-03-29T05:00:00.000Z', '2026-03-30T10:00:00.000Z'],
      ['2026-03-30T12:00:00.000Z', '2026-03-31T00:00:00.000Z'],
    ]);
    expect(result.get(silent.id)).to.deep.equal({ userId: silent.id, unavailable: [], available: [{ start: from, end: to }], preferred: [{ start: from, end: to }] });
  });
});

describe('availability: POST /public/shifts asks the same check', () => {
  const s = publicApiSuite(173);
  let worker: CreatedUser;
  let outletId: string;
  let key: string;
  beforeEach(async () => {
    worker = await createUser(s.h.ds, s.tenantA);
    outletId = (await createOutlet(s.h.ds, s.tenantA)).id;
    await createUser(s.h.ds, s.tenantA, { role: 'TENANT_OWNER', password: null });
    key = await apiKeyFor(s.h, s.tenantA, ['shifts:write']);
    await s.h.ds.query(
      `INSERT INTO availability_time_off (id, tenant_id, user_id, starts_at, ends_at, created_at, updated_at) VALUES ($1, $2, $3, '2026-09-01T00:00:00Z', '2026-09-02T00:00:00Z', now(), now())`,
      [randomUUID(), s.tenantA, worker.id],
    );
  });
  const create = () =>
    s.h.request('POST', '/public/shifts', {
      headers: { 'x-forwarded-for': s.ip, authorization: `Bearer ${key}` },
      body: { userId: worker.id, outletId, scheduledStart: '2026-09-01T09:00:00Z', scheduledEnd: '2026-09-01T17:00:00Z' },
    });

  it('is 409 AVAILABILITY_CONFLICT in BLOCK mode with nothing written, and 201 in WARN mode with the documented shape', async () => {
    await s.h.ds.query(`UPDATE tenants SET availability_conflict_mode = 'BLOCK' WHERE id = $1`, [s.tenantA]);
    const refused = await create();
    expect(refused.status).to.equal(409);
    expect(refused.body).to.deep.include({ error: 'AVAILABILITY_CONFLICT', statusCode: 409 });
    expect(refused.body.conflicts.map((c: { kind: string }) => c.kind)).to.deep.equal(['TIME_OFF']);
    expect((await s.h.ds.query(`SELECT count(*)::int AS n FROM shift_assignments WHERE tenant_id = $1`, [s.tenantA]))[0].n).to.equal(0);
    await s.h.ds.query(`UPDATE tenants SET availability_conflict_mode = 'WARN' WHERE id = $1`, [s.tenantA]);
    const created = await create();
    expect(created.status).to.equal(201);
    expect(created.body).to.have.all.keys(['id', 'userId', 'outletId', 'scheduledStart', 'scheduledEnd', 'status', 'type', 'createdAt', 'updatedAt']);
  });
});
