import { expect } from 'chai';
import { createOutlet, createUser, type CreatedUser } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';

const HOUR = 3_600_000;
const GRACE_MIN = 90;

describe('the missed clock-out safety net (job missed-clock-out)', () => {
  const s = twoTenantSuite({ env: { MISSED_CLOCK_OUT_GRACE_MIN: String(GRACE_MIN) } });

  interface Worked {
    worker: CreatedUser;
    shiftId: string;
    eventId: string;
    end: Date;
  }

  /** A shift of `hours` starting now in `tenantId`, clocked into now, and never clocked out of. */
  async function clockedIn(tenantId: string, hours = 8): Promise<Worked> {
    const manager = await s.h.tokenFor(await createUser(s.h.ds, tenantId, { role: 'HR_MANAGER' }));
    const worker = await createUser(s.h.ds, tenantId, { role: 'STAFF' });
    const outletId = (await createOutlet(s.h.ds, tenantId)).id;
    const start = s.h.clock.now();
    const end = new Date(start.getTime() + hours * HOUR);
    const shift = await s.h.request('POST', '/shift-assignments', { token: manager, body: { userId: worker.id, outletId, scheduledStart: start.toISOString(), scheduledEnd: end.toISOString() } });
    const event = await s.h.request('POST', '/mobile/clock-in', { token: await s.h.tokenFor(worker), body: { outletId, shiftAssignmentId: shift.body.id } });
    expect(event.status).to.equal(201);
    return { worker, shiftId: shift.body.id, eventId: event.body.id, end };
  }
  async function state(w: Worked): Promise<{ shift: string; event: string; clockOutAt: string | null }> {
    const [row] = await s.h.ds.query(
      `SELECT s.status AS shift, a.status AS event, to_char(a.clock_out_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "clockOutAt"
         FROM shift_assignments s JOIN attendance_events a ON a.shift_assignment_id = s.id WHERE s.id = $1`,
      [w.shiftId],
    );
    return row;
  }
  const run = () => s.h.job('missed-clock-out').run();

  it('leaves a shift in progress alone until its end plus the grace period has passed', async () => {
    const w = await clockedIn(s.tenantA);
    s.h.clock.advance(8 * HOUR + GRACE_MIN * 60_000);
    await run();
    expect(await state(w)).to.deep.equal({ shift: 'IN_PROGRESS', event: 'OPEN', clockOutAt: null });
  });

  it('then closes it as at the scheduled end: shift COMPLETED, attendance PENDING_REVIEW for a manager; no event is recorded', async () => {
    const w = await clockedIn(s.tenantA);
    const other = await clockedIn(s.tenantB, 4);
    const [{ n: before }] = await s.h.ds.query(`SELECT count(*)::int AS n FROM domain_events WHERE tenant_id = ANY($1)`, [s.tenants]);
    s.h.clock.advance(8 * HOUR + GRACE_MIN * 60_000 + 1);
    await run();
    expect(await state(w)).to.deep.equal({ shift: 'COMPLETED', event: 'PENDING_REVIEW', clockOutAt: w.end.toISOString() });
    expect(await state(other)).to.deep.equal({ shift: 'COMPLETED', event: 'PENDING_REVIEW', clockOutAt: other.end.toISOString() });
    const [{ n: after }] = await s.h.ds.query(`SELECT count(*)::int AS n FROM domain_events WHERE tenant_id = ANY($1)`, [s.tenants]);
    expect(after).to.equal(before);
    const review = await s.h.request('GET', `/attendance?userId=${w.worker.id}`, { token: await s.tokenAs('HR_MANAGER') });
    expect(review.body.map((e: { id: string; status: string }) => [e.id, e.status])).to.deep.equal([[w.eventId, 'PENDING_REVIEW']]);
  });

  it('does not touch a shift the worker clocked out of, and running again changes nothing', async () => {
    const w = await clockedIn(s.tenantA, 2);
    s.h.clock.advance(2 * HOUR);
    expect((await s.h.request('POST', '/mobile/clock-out', { token: await s.h.tokenFor(w.worker), body: {} })).status).to.equal(201);
    const closed = await state(w);
    s.h.clock.advance(24 * HOUR);
    await run();
    await run();
    expect(await state(w)).to.deep.equal(closed);
    expect(closed).to.deep.include({ shift: 'COMPLETED', event: 'VERIFIED' });
  });
});
