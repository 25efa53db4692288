import { expect } from 'chai';
import type { ApiHarness } from '@wfm/api/test-support/harness';
import { assignOutlets } from '@wfm/api/test-support/access-fixtures';
import { createOutlet, createUser } from '@wfm/testing/factories';
import { eventDelivery, type Delivered, type HookedTenant } from './test-support/event-delivery.js';

const SHIFT_EVENTS = ['shift.assigned', 'shift.completed', 'shift.released', 'shift.claimed'];
const HOUR = 3_600_000;

/**
 * Spec 03's rows for shift.*, end to end: the API records, the webhook worker delivers, a real HTTPS
 * receiver (self-signed, trusted by the worker) gets the signed body, and each payload is checked
 * field by field. A non-trigger is checked by a sentinel: after the action, a shift is assigned on
 * its own; once it has arrived and every event of the tenant is dispatched, the tenant's events and
 * deliveries are exactly what fired before plus the sentinel.
 */
describe('shift.* webhooks delivered to an HTTPS receiver (spec 03, API + webhook worker)', function () {
  const d = eventDelivery();
  let h: ApiHarness;
  before(() => {
    h = d.h;
  });

  interface World extends HookedTenant {
    outletId: string;
    manager: { id: string; token: string };
    approver: { id: string; token: string };
    alice: { id: string; token: string };
    bob: { id: string; token: string };
  }

  /** A GROWTH tenant subscribed to the four shift codes at a path of its own, an outlet, a manager, an approver and two staff there. */
  async function world(): Promise<World> {
    const t = await d.hookedTenant(SHIFT_EVENTS);
    const outlet = await createOutlet(h.ds, t.tenantId);
    const person = async (role: 'OUTLET_MANAGER' | 'AREA_MANAGER' | 'STAFF') => {
      const u = await createUser(h.ds, t.tenantId, { role });
      await assignOutlets(h.ds, t.tenantId, u.id, [outlet.id]);
      return { id: u.id, token: await h.tokenFor(u) };
    };
    return { ...t, outletId: outlet.id, manager: await person('OUTLET_MANAGER'), approver: await person('AREA_MANAGER'), alice: await person('STAFF'), bob: await person('STAFF') };
  }

  const at = (hoursFromNow: number) => new Date(h.clock.now().getTime() + hoursFromNow * HOUR).toISOString();
  const arrived = (w: World, n: number): Promise<Delivered[]> => d.arrived(w, n);

  async function assign(w: World, userId: string, startH: number, endH: number): Promise<string> {
    const res = await h.request('POST', '/shift-assignments', { token: w.manager.token, body: { userId, outletId: w.outletId, scheduledStart: at(startH), scheduledEnd: at(endH) } });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.id;
  }

  let sentinels = 0;
  /** Nothing is recorded or delivered by `action`: checked with a shift assigned on its own as the sentinel. */
  async function firesNothing(w: World, action: () => Promise<void>): Promise<void> {
    const sentinel = await d.firesNothing(w, action, async () => {
      // The action may have moved the clock past the access token's lifetime.
      w.manager.token = await h.tokenFor({ id: w.manager.id, tenantId: w.tenantId });
      sentinels += 1;
      await assign(w, w.bob.id, 500 + 2 * sentinels, 501 + 2 * sentinels);
    });
    expect(sentinel.event).to.equal('shift.assigned');
  }

  const assignedPayload = (w: World, id: string, userId: string, startH: number, endH: number) => ({
    tenantId: w.tenantId,
    shiftAssignmentId: id,
    userId,
    outletId: w.outletId,
    scheduledStart: at(startH),
    scheduledEnd: at(endH),
  });

  describe('shift.assigned', () => {
    it('fires for a shift created on its own (POST /shift-assignments), with exactly the spec fields', async () => {
      const w = await world();
      const id = await assign(w, w.alice.id, 24, 32);
      const [d] = await arrived(w, 1);
      expect(d).to.deep.equal({ event: 'shift.assigned', tenantId: w.tenantId, occurredAt: h.clock.now().toISOString(), payload: assignedPayload(w, id, w.alice.id, 24, 32) });
    });

    it('fires once per assignment when a roster is published (POST /scheduler/assignments)', async () => {
      const w = await world();
      const rows = [
        { userId: w.alice.id, scheduledStart: at(24), scheduledEnd: at(32) },
        { userId: w.bob.id, scheduledStart: at(25), scheduledEnd: at(33) },
        { userId: w.alice.id, scheduledStart: at(48), scheduledEnd: at(56) },
      ];
      const res = await h.request('POST', '/scheduler/assignments', { token: w.manager.token, body: { outletId: w.outletId, assignments: rows } });
      expect(res.status).to.equal(201);
      const got = await arrived(w, 3);
      const ids = res.body.assignments.map((a: { id: string }) => a.id);
      expect(got.map((d) => d.payload).sort((a, b) => String(a.shiftAssignmentId).localeCompare(String(b.shiftAssignmentId)))).to.deep.equal(
        [assignedPayload(w, ids[0], w.alice.id, 24, 32), assignedPayload(w, ids[1], w.bob.id, 25, 33), assignedPayload(w, ids[2], w.alice.id, 48, 56)].sort((a, b) =>
          a.shiftAssignmentId.localeCompare(b.shiftAssignmentId),
        ),
      );
      expect(got.every((d) => d.event === 'shift.assigned' && d.tenantId === w.tenantId)).to.equal(true);
    });

    it('fires for a shift created through the developer API (POST /public/shifts)', async () => {
      const w = await world();
      await h.ds.query(`UPDATE tenants SET plan = 'ENTERPRISE', public_api_enabled = true WHERE id = $1`, [w.tenantId]);
      const { apiKeyFor } = await import('@wfm/api/test-support/developer-credentials');
      const key = await apiKeyFor(h, w.tenantId, ['shifts:write']);
      const res = await h.request('POST', '/public/shifts', { headers: { 'x-api-key': key }, body: { userId: w.alice.id, outletId: w.outletId, scheduledStart: at(24), scheduledEnd: at(30) } });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      const [d] = await arrived(w, 1);
      expect(d!.payload).to.deep.equal(assignedPayload(w, res.body.id, w.alice.id, 24, 30));
    });

    it('fires for drafts when roster approval is on, with no status in the payload; approving and rejecting fire nothing', async () => {
      const w = await world();
      const owner = await createUser(h.ds, w.tenantId, { role: 'TENANT_OWNER' });
      expect((await h.request('PATCH', '/tenant', { token: await h.tokenFor(owner), body: { rosterApprovalRequired: true } })).body.rosterApprovalRequired).to.equal(true);
      const publish = (startH: number) =>
        h.request('POST', '/scheduler/assignments', { token: w.manager.token, body: { outletId: w.outletId, assignments: [{ userId: w.alice.id, scheduledStart: at(startH), scheduledEnd: at(startH + 4) }] } });
      const first = await publish(24);
      expect(first.status).to.equal(202);
      expect(first.body).to.include({ status: 'PENDING_APPROVAL', published: 1 });
      expect(first.body.assignments[0].status).to.equal('PROPOSED');
      const [d] = await arrived(w, 1);
      expect(d!.payload).to.deep.equal(assignedPayload(w, first.body.assignments[0].id, w.alice.id, 24, 28));
      expect(d!.payload).to.not.have.property('status');

      await firesNothing(w, async () => {
        expect((await h.request('POST', `/scheduler/rosters/${first.body.id}/approve`, { token: w.approver.token })).status).to.equal(200);
      });
      const second = await publish(48);
      await arrived(w, 3);
      await firesNothing(w, async () => {
        expect((await h.request('POST', `/scheduler/rosters/${second.body.id}/reject`, { token: w.approver.token, body: { note: 'Too many hours' } })).status).to.equal(200);
      });
    });

    it('does not fire on re-assigning a shift to another worker', async () => {
      const w = await world();
      const id = await assign(w, w.alice.id, 24, 32);
      await arrived(w, 1);
      await firesNothing(w, async () => {
        const res = await h.request('PATCH', `/shift-assignments/${id}`, { token: w.manager.token, body: { userId: w.bob.id } });
        expect(res.body.userId).to.equal(w.bob.id);
      });
    });

    it('does not fire on cloning a week', async () => {
      const w = await world();
      const monday = '2030-01-07';
      const start = new Date('2030-01-07T09:00:00Z');
      const res = await h.request('POST', '/shift-assignments', {
        token: w.manager.token,
        body: { userId: w.alice.id, outletId: w.outletId, scheduledStart: start.toISOString(), scheduledEnd: new Date(start.getTime() + 8 * HOUR).toISOString() },
      });
      expect(res.status).to.equal(201);
      await arrived(w, 1);
      await firesNothing(w, async () => {
        const clone = await h.request('POST', '/scheduler/clone-week', { token: w.manager.token, body: { outletId: w.outletId, fromWeekStart: monday, toWeekStart: '2030-01-14' } });
        expect(clone.status, JSON.stringify(clone.body)).to.equal(201);
        expect(clone.body.cloned).to.equal(1);
      });
    });

    it('does not fire on approving a swap between two staff', async () => {
      const w = await world();
      const a = await assign(w, w.alice.id, 24, 32);
      const b = await assign(w, w.bob.id, 48, 56);
      await arrived(w, 2);
      const swap = await h.request('POST', '/shift-swaps', { token: w.alice.token, body: { shiftAssignmentId: a, withShiftAssignmentId: b } });
      expect(swap.status, JSON.stringify(swap.body)).to.equal(201);
      expect((await h.request('POST', `/shift-swaps/${swap.body.id}/accept`, { token: w.bob.token })).body.status).to.equal('PENDING_APPROVAL');
      await firesNothing(w, async () => {
        const approved = await h.request('POST', `/shift-swaps/${swap.body.id}/approve`, { token: w.manager.token });
        expect(approved.body.status).to.equal('APPROVED');
      });
    });
  });

  describe('shift.completed', () => {
    it('fires when the worker clocks out of the assigned shift (POST /mobile/clock-out), with exactly the spec fields', async () => {
      const w = await world();
      const id = await assign(w, w.alice.id, 0, 8);
      await arrived(w, 1);
      expect((await h.request('POST', '/mobile/clock-in', { token: w.alice.token, body: { outletId: w.outletId, shiftAssignmentId: id } })).status).to.equal(201);
      h.clock.advance(8 * HOUR);
      const out = await h.request('POST', '/mobile/clock-out', { token: await h.tokenFor({ id: w.alice.id, tenantId: w.tenantId }), body: {} });
      expect(out.status, JSON.stringify(out.body)).to.equal(201);
      const d = (await arrived(w, 2))[1]!;
      expect(d).to.deep.equal({
        event: 'shift.completed',
        tenantId: w.tenantId,
        occurredAt: h.clock.now().toISOString(),
        payload: {
          tenantId: w.tenantId,
          shiftAssignmentId: id,
          userId: w.alice.id,
          outletId: w.outletId,
          scheduledStart: at(-8),
          scheduledEnd: at(0),
          clockOutAt: h.clock.now().toISOString(),
          attendanceEventId: out.body.id,
          status: 'VERIFIED',
        },
      });
    });

    it('does not fire when a manager sets COMPLETED (PATCH /shift-assignments/:id)', async () => {
      const w = await world();
      const id = await assign(w, w.alice.id, -9, -1);
      await arrived(w, 1);
      await firesNothing(w, async () => {
        const res = await h.request('PATCH', `/shift-assignments/${id}`, { token: w.manager.token, body: { status: 'COMPLETED' } });
        expect(res.body.status).to.equal('COMPLETED');
      });
    });

    it('does not fire when the missed clock-out safety net closes a shift', async () => {
      const w = await world();
      const id = await assign(w, w.alice.id, 0, 8);
      await arrived(w, 1);
      expect((await h.request('POST', '/mobile/clock-in', { token: w.alice.token, body: { outletId: w.outletId, shiftAssignmentId: id } })).status).to.equal(201);
      await firesNothing(w, async () => {
        h.clock.advance(11 * HOUR);
        await h.job('missed-clock-out').run();
        const [row] = await h.ds.query(`SELECT status FROM shift_assignments WHERE tenant_id = $1 AND id = $2`, [w.tenantId, id]);
        expect(row.status).to.equal('COMPLETED');
      });
    });
  });

  describe('shift.released and shift.claimed', () => {
    it('release fires shift.released and claim fires shift.claimed, each with exactly the spec fields and no tenantId in the payload', async () => {
      const w = await world();
      const id = await assign(w, w.alice.id, 24, 32);
      const [start, end] = [at(24), at(32)];
      await arrived(w, 1);
      const released = await h.request('POST', `/shift-assignments/${id}/release`, { token: w.manager.token });
      expect(released.status, JSON.stringify(released.body)).to.equal(200);
      const shiftId = released.body.id;
      const r = (await arrived(w, 2))[1]!;
      expect(r).to.deep.equal({
        event: 'shift.released',
        tenantId: w.tenantId,
        occurredAt: h.clock.now().toISOString(),
        payload: { shiftId, outletId: w.outletId, scheduledStart: start, scheduledEnd: end, type: 'REGULAR', previousUserId: w.alice.id, releasedByUserId: w.manager.id },
      });

      h.clock.advance(60_000);
      const claimed = await h.request('POST', `/open-shifts/${shiftId}/claim`, { token: w.bob.token });
      expect(claimed.status, JSON.stringify(claimed.body)).to.equal(200);
      const c = (await arrived(w, 3))[2]!;
      expect(c).to.deep.equal({
        event: 'shift.claimed',
        tenantId: w.tenantId,
        occurredAt: h.clock.now().toISOString(),
        payload: { shiftId, outletId: w.outletId, scheduledStart: start, scheduledEnd: end, type: 'REGULAR', claimedByUserId: w.bob.id },
      });
    });
  });
});
