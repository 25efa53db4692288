import { expect } from 'chai';
import { createOutlet, createUser, type CreatedUser } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';
import { assignOutlets } from '../../../test-support/access-fixtures.js';
import { pdfWithPages } from '../../../test-support/esign-fixtures.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const NOT_FOUND = { message: 'Notification not found', error: 'Not Found', statusCode: 404 };
const HOUR = 3_600_000;

describe('notification centre (HTTP)', () => {
  const s = twoTenantSuite();
  let manager: CreatedUser;
  let alice: CreatedUser;
  let bob: CreatedUser;
  let carol: CreatedUser;
  let elsewhere: CreatedUser;
  let outletId: string;

  const at = (hours: number) => new Date(s.h.clock.now().getTime() + hours * HOUR).toISOString();
  const as = async (u: CreatedUser, method: string, path: string, body?: unknown) => s.h.request(method, path, { token: await s.h.tokenFor(u), ...(body === undefined ? {} : { body }) });
  /** Who was told what in tenant A, after the deliveries started by the commits so far. */
  async function told(): Promise<Array<[string, string]>> {
    await s.h.notificationsIdle();
    const rows = await s.h.ds.query(`SELECT user_id AS "userId", event FROM notifications WHERE tenant_id = $1 ORDER BY created_at, user_id`, [s.tenantA]);
    const names = new Map([manager, alice, bob, carol, elsewhere].map((u) => [u.id, u.fullName]));
    return rows.map((r: { userId: string; event: string }) => [names.get(r.userId) ?? r.userId, r.event]);
  }
  const forget = () => s.h.ds.query(`DELETE FROM notifications WHERE tenant_id = $1`, [s.tenantA]);
  async function shift(user: CreatedUser, startH: number, endH: number): Promise<string> {
    const res = await as(manager, 'POST', '/shift-assignments', { userId: user.id, outletId, scheduledStart: at(startH), scheduledEnd: at(endH) });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.id;
  }

  beforeEach(async () => {
    s.h.clock.set('2026-03-02T08:00:00Z');
    outletId = (await createOutlet(s.h.ds, s.tenantA, { name: 'Soho' })).id;
    const other = (await createOutlet(s.h.ds, s.tenantA, { name: 'Camden' })).id;
    manager = await createUser(s.h.ds, s.tenantA, { role: 'OUTLET_MANAGER', fullName: 'Manager' });
    alice = await createUser(s.h.ds, s.tenantA, { fullName: 'Alice' });
    bob = await createUser(s.h.ds, s.tenantA, { fullName: 'Bob' });
    carol = await createUser(s.h.ds, s.tenantA, { fullName: 'Carol' });
    elsewhere = await createUser(s.h.ds, s.tenantA, { fullName: 'Elsewhere' });
    for (const u of [manager, alice, bob, carol]) await assignOutlets(s.h.ds, s.tenantA, u.id, [outletId]);
    await assignOutlets(s.h.ds, s.tenantA, elsewhere.id, [other]);
  });

  describe('events, told to exactly their people', () => {
    it('a published roster: each person in it once, not the publisher nor anyone else; the text names the outlet and the first shift', async () => {
      const res = await as(manager, 'POST', '/scheduler/assignments', {
        outletId,
        assignments: [
          { userId: alice.id, scheduledStart: at(48), scheduledEnd: at(56) },
          { userId: alice.id, scheduledStart: at(24), scheduledEnd: at(32) },
          { userId: bob.id, scheduledStart: at(24), scheduledEnd: at(32) },
          { userId: manager.id, scheduledStart: at(24), scheduledEnd: at(32) },
        ],
      });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      expect(await told()).to.have.deep.members([
        ['Alice', 'roster.published'],
        ['Bob', 'roster.published'],
      ]);
      const page = (await as(alice, 'GET', '/me/notifications')).body;
      expect(page.unread).to.equal(1);
      expect(page.items[0]).to.deep.include({ event: 'roster.published', title: 'Your roster at Soho is published', body: '2 shifts, the first Tue 3 Mar 08:00–16:00 (Europe/London).', path: '/me/shifts', readAt: null });
      const [mail] = await s.h.mailsTo(alice.email!, s.tenantA);
      expect(mail).to.include({ template: 'notify_roster.published', subject: 'Your roster at Soho is published' });
    });

    it('a published shift changed: its holder, or both holders when given to someone else; drafts and the manager never', async () => {
      const id = await shift(alice, 24, 32);
      expect(await told()).to.deep.equal([['Alice', 'shift.changed']]);
      await forget();
      expect((await as(manager, 'PATCH', `/shift-assignments/${id}`, { scheduledStart: at(25) })).status).to.equal(200);
      expect(await told()).to.deep.equal([['Alice', 'shift.changed']]);
      await forget();
      expect((await as(manager, 'PATCH', `/shift-assignments/${id}`, { userId: bob.id })).status).to.equal(200);
      expect(await told()).to.have.deep.members([
        ['Alice', 'shift.changed'],
        ['Bob', 'shift.changed'],
      ]);
      const [bobs] = (await as(bob, 'GET', '/me/notifications')).body.items;
      expect(bobs.title).to.equal('New shift at Soho');
      await forget();
      const draft = await as(manager, 'POST', '/shift-assignments', { userId: carol.id, outletId, scheduledStart: at(60), scheduledEnd: at(68), status: 'PROPOSED' });
      expect(draft.status).to.equal(201);
      expect((await as(manager, 'PATCH', `/shift-assignments/${draft.body.id}`, { scheduledStart: at(61) })).status).to.equal(200);
      expect(await told()).to.deep.equal([]);
    });

    it('a shift offered: the eligible people at its outlet, not the person it was taken from, not someone with a shift then, not another outlet', async () => {
      const released = await shift(bob, 24, 32);
      await shift(carol, 26, 30);
      await forget();
      const res = await as(manager, 'POST', `/shift-assignments/${released}/release`, {});
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(await told()).to.have.deep.members([
        ['Alice', 'shift.offered'],
        ['Bob', 'shift.changed'],
      ]);
    });

    it('a swap asked: the colleague asked, not the one asking', async () => {
      const mine = await shift(alice, 24, 32);
      const theirs = await shift(bob, 48, 56);
      await forget();
      expect((await as(alice, 'POST', '/shift-swaps', { shiftAssignmentId: mine, withShiftAssignmentId: theirs })).status).to.equal(201);
      expect(await told()).to.deep.equal([['Bob', 'swap.requested']]);
      const [n] = (await as(bob, 'GET', '/me/notifications')).body.items;
      expect(n.title).to.equal('Alice asks to swap shifts');
    });

    it('leave decided: the person whose leave it is, approved or rejected, with the days as they were asked', async () => {
      const hr = await createUser(s.h.ds, s.tenantA, { role: 'HR_MANAGER' });
      const first = await as(alice, 'POST', '/leave-requests', { type: 'ANNUAL', startDate: '2026-04-06', endDate: '2026-04-10' });
      expect(first.status, JSON.stringify(first.body)).to.equal(201);
      expect((await as(hr, 'POST', `/leave-requests/${first.body.id}/approve`, {})).status).to.equal(200);
      const second = await as(bob, 'POST', '/leave-requests', { type: 'ANNUAL', startDate: '2026-07-01', endDate: '2026-07-05' });
      expect((await as(hr, 'POST', `/leave-requests/${second.body.id}/reject`, { note: 'Busy week' })).status).to.equal(200);
      expect(await told()).to.have.deep.members([
        ['Alice', 'leave.decided'],
        ['Bob', 'leave.decided'],
      ]);
      expect((await as(alice, 'GET', '/me/notifications')).body.items[0]).to.deep.include({ title: 'Your leave was approved', body: '6 Apr 2026 – 10 Apr 2026', path: '/me/leave' });
      expect((await as(bob, 'GET', '/me/notifications')).body.items[0]).to.deep.include({ title: 'Your leave was rejected', body: '1 Jul 2026 – 5 Jul 2026' });
    });

    it('a document to sign: the colleague asked to sign, not someone signing by email only; not mailed twice', async () => {
      const hr = await createUser(s.h.ds, s.tenantA, { role: 'HR_MANAGER' });
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await pdfWithPages(['Employment contract']))], { type: 'application/pdf' }), 'Contract.pdf');
      form.append('title', 'Contract');
      const doc = await s.h.request('POST', '/esign/documents', { token: await s.h.tokenFor(hr), form });
      expect(doc.status, JSON.stringify(doc.body)).to.equal(201);
      expect((await as(hr, 'POST', `/esign/documents/${doc.body.id}/requests`, { userId: carol.id })).status).to.equal(201);
      expect((await as(hr, 'POST', `/esign/documents/${doc.body.id}/requests`, { name: 'Olive', email: 'olive@outside.test' })).status).to.equal(201);
      expect(await told()).to.deep.equal([['Carol', 'document.to_sign']]);
      expect((await s.h.mailsTo(carol.email!, s.tenantA)).map((m) => m.template)).to.deep.equal(['esign_request']);
    });

    it('a checklist due: once its window opens, to the people on shift at its outlet then, once', async () => {
      const ops = await createUser(s.h.ds, s.tenantA, { role: 'OPERATIONS_MANAGER' });
      await shift(alice, 0, 8);
      await shift(bob, 4, 12);
      await forget();
      const template = await as(ops, 'POST', '/checklist-templates', { name: 'Opening', tasks: [{ kind: 'YES_NO', label: 'Floors clean', passAnswer: true }] });
      // 08:00 UTC is 08:00 in London: the window opens at 09:00 and lasts an hour.
      expect((await as(ops, 'POST', '/checklist-schedules', { templateId: template.body.id, outletId, weekdays: [1, 2, 3, 4, 5, 6, 7], time: '09:00', windowMinutes: 60 })).status).to.equal(201);
      await s.h.job('checklist-runs').run();
      expect(await told()).to.deep.equal([]);
      s.h.clock.set('2026-03-02T09:05:00Z');
      await s.h.job('checklist-runs').run();
      await s.h.job('checklist-runs').run();
      expect(await told()).to.deep.equal([['Alice', 'checklist.due']]);
      expect((await as(alice, 'GET', '/me/notifications')).body.items[0]).to.deep.include({ title: 'Checklist due: Opening', body: 'At Soho, to complete by 10:00 (Europe/London).', path: '/operations/checklists/today' });
    });
  });

  describe('GET /me/notifications, POST read, POST read-all', () => {
    async function seed(user: CreatedUser, n: number): Promise<void> {
      for (let i = 0; i < n; i++) {
        s.h.clock.advance(60_000);
        await shift(user, 24 + i * 10, 30 + i * 10);
      }
    }

    it('lists newest first, a page at a time, with the unread count of all; reads one (idempotently), then all', async () => {
      await seed(alice, 3);
      const all = (await as(alice, 'GET', '/me/notifications')).body;
      expect(all.unread).to.equal(3);
      expect(all.items.map((n: { createdAt: string }) => n.createdAt)).to.deep.equal([...all.items.map((n: { createdAt: string }) => n.createdAt)].sort().reverse());
      const page = (await as(alice, 'GET', '/me/notifications?limit=1&offset=1')).body;
      expect(page).to.deep.equal({ items: [all.items[1]], unread: 3 });
      const read = await as(alice, 'POST', `/me/notifications/${all.items[0].id}/read`);
      expect(read.status).to.equal(200);
      expect(read.body).to.deep.equal({ ...all.items[0], readAt: s.h.clock.now().toISOString() });
      s.h.clock.advance(60_000);
      expect((await as(alice, 'POST', `/me/notifications/${all.items[0].id}/read`)).body.readAt).to.equal(read.body.readAt);
      expect((await as(alice, 'GET', '/me/notifications')).body.unread).to.equal(2);
      expect((await as(alice, 'POST', '/me/notifications/read-all')).body).to.deep.equal({ marked: 2 });
      expect((await as(alice, 'GET', '/me/notifications')).body.unread).to.equal(0);
      expect((await as(alice, 'POST', '/me/notifications/read-all')).body).to.deep.equal({ marked: 0 });
    });

    it("another person's notification, or another tenant's, is 404 and stays unread; read-all touches only one's own", async () => {
      await seed(alice, 1);
      const [mine] = (await as(alice, 'GET', '/me/notifications')).body.items;
      expect((await as(bob, 'POST', `/me/notifications/${mine.id}/read`)).body).to.deep.equal(NOT_FOUND);
      const stranger = await createUser(s.h.ds, s.tenantB, { role: 'TENANT_OWNER' });
      expect((await as(stranger, 'POST', `/me/notifications/${mine.id}/read`)).body).to.deep.equal(NOT_FOUND);
      expect((await as(stranger, 'GET', '/me/notifications')).body).to.deep.equal({ items: [], unread: 0 });
      await as(bob, 'POST', '/me/notifications/read-all');
      expect((await as(alice, 'GET', '/me/notifications')).body.unread).to.equal(1);
    });

    it('refuses a malformed id and query (400), and every route without a token (401)', async () => {
      expect((await as(alice, 'POST', '/me/notifications/not-a-uuid/read')).status).to.equal(400);
      expect((await as(alice, 'GET', '/me/notifications?limit=abc')).status).to.equal(400);
      for (const [method, path] of [
        ['GET', '/me/notifications'],
        ['POST', '/me/notifications/read-all'],
        ['POST', `/me/notifications/${alice.id}/read`],
        ['GET', '/me/notification-preferences'],
        ['PUT', '/me/notification-preferences'],
      ] as const) {
        expect((await s.h.request(method, path, { body: method === 'PUT' ? { changes: [] } : undefined })).body, `${method} ${path}`).to.deep.equal(UNAUTHORIZED);
      }
    });
  });

  describe('GET and PUT /me/notification-preferences', () => {
    it('defaults: in-app always, email and push on, SMS and WhatsApp off; no second mail for a document to sign', async () => {
      const prefs = (await as(alice, 'GET', '/me/notification-preferences')).body;
      expect(Object.keys(prefs)).to.deep.equal(['roster.published', 'shift.changed', 'shift.offered', 'swap.requested', 'leave.decided', 'document.to_sign', 'checklist.due']);
      expect(prefs['roster.published']).to.deep.equal({ in_app: true, email: true, push: true, sms: false, whatsapp: false });
      expect(prefs['document.to_sign']).to.deep.equal({ in_app: true, email: false, push: true, sms: false, whatsapp: false });
    });

    it('a mobile-only person gets SMS by default and no email', async () => {
      const mobile = await createUser(s.h.ds, s.tenantA, { email: null, mobile: '+447700900555' });
      expect((await as(mobile, 'GET', '/me/notification-preferences')).body['shift.offered']).to.deep.equal({ in_app: true, email: false, push: true, sms: true, whatsapp: false });
    });

    it('changes what it is told, the last word per switch winning, and keeps the rest; for that person only', async () => {
      const res = await as(alice, 'PUT', '/me/notification-preferences', {
        changes: [
          { event: 'shift.offered', channel: 'email', enabled: true },
          { event: 'shift.offered', channel: 'email', enabled: false },
          { event: 'shift.offered', channel: 'whatsapp', enabled: true },
        ],
      });
      expect(res.status).to.equal(200);
      expect(res.body['shift.offered']).to.deep.equal({ in_app: true, email: false, push: true, sms: false, whatsapp: true });
      expect(res.body['roster.published'].email).to.equal(true);
      expect((await as(alice, 'GET', '/me/notification-preferences')).body).to.deep.equal(res.body);
      expect((await as(bob, 'GET', '/me/notification-preferences')).body['shift.offered'].whatsapp).to.equal(false);
    });

    it('refuses turning in-app off, unknown events or channels, an empty or malformed body (400)', async () => {
      for (const body of [
        { changes: [{ event: 'shift.offered', channel: 'in_app', enabled: false }] },
        { changes: [{ event: 'shift.exploded', channel: 'email', enabled: false }] },
        { changes: [{ event: 'shift.offered', channel: 'pigeon', enabled: false }] },
        { changes: [{ event: 'shift.offered', channel: 'email', enabled: 'no' }] },
        { changes: [] },
        { changes: [{ event: 'shift.offered', channel: 'email', enabled: true }], extra: 1 },
        {},
      ]) {
        const res = await as(alice, 'PUT', '/me/notification-preferences', body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
      }
      expect((await s.h.ds.query(`SELECT count(*)::int AS n FROM notification_preferences WHERE user_id = $1`, [alice.id]))[0].n).to.equal(0);
    });
  });
});
