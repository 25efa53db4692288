import { expect } from 'chai';
import { createAsset, createOutlet, createUser } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';
import { assignOutlets } from '../../../test-support/access-fixtures.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const TEMPLATE_NOT_FOUND = { message: 'Checklist template not found', error: 'Not Found', statusCode: 404 };
const SCHEDULE_NOT_FOUND = { message: 'Checklist schedule not found', error: 'Not Found', statusCode: 404 };
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });

describe('checklist templates and schedules (HTTP)', () => {
  const s = twoTenantSuite();
  let admin: string;

  beforeEach(async () => {
    admin = await s.tokenAs('OPERATIONS_MANAGER');
  });

  const opening = (over: Record<string, unknown> = {}) => ({
    name: 'Opening',
    tasks: [
      { kind: 'YES_NO', label: 'Floors clean', passAnswer: true },
      { kind: 'NUMBER', label: 'Fridge 2 temperature', min: 0, max: 5, unit: '°C', priority: 'HIGH' },
      { kind: 'PHOTO', label: 'Display counter', required: false },
      { kind: 'NOTE', label: 'Anything else?', required: false },
    ],
    ...over,
  });
  const createTemplate = (body: unknown, token = admin) => s.h.request('POST', '/checklist-templates', { token, body });

  describe('templates', () => {
    it('creates a template with ordered tasks of each kind, lists and reads it for every role', async () => {
      const res = await createTemplate(opening({ description: 'Before the doors open' }));
      expect(res.status).to.equal(201);
      expect(res.body).to.deep.include({ tenantId: s.tenantA, name: 'Opening', description: 'Before the doors open' });
      expect(res.body.tasks.map(({ id: _id, ...t }: { id: string }) => t)).to.deep.equal([
        { position: 1, kind: 'YES_NO', label: 'Floors clean', required: true, passAnswer: true, min: null, max: null, unit: null, assetId: null, priority: 'MEDIUM' },
        { position: 2, kind: 'NUMBER', label: 'Fridge 2 temperature', required: true, passAnswer: null, min: 0, max: 5, unit: '°C', assetId: null, priority: 'HIGH' },
        { position: 3, kind: 'PHOTO', label: 'Display counter', required: false, passAnswer: null, min: null, max: null, unit: null, assetId: null, priority: 'MEDIUM' },
        { position: 4, kind: 'NOTE', label: 'Anything else?', required: false, passAnswer: null, min: null, max: null, unit: null, assetId: null, priority: 'MEDIUM' },
      ]);
      const staff = await s.tokenAs('STAFF');
      expect((await s.h.request('GET', '/checklist-templates', { token: staff })).body.map((t: { id: string }) => t.id)).to.deep.equal([res.body.id]);
      expect((await s.h.request('GET', `/checklist-templates/${res.body.id}`, { token: staff })).body).to.deep.equal(res.body);
    });

    it('names an asset of the tenant on a task; an unknown or foreign asset is 404', async () => {
      const outletId = (await createOutlet(s.h.ds, s.tenantA)).id;
      const fridge = await createAsset(s.h.ds, s.tenantA, outletId, { name: 'Fridge 2' });
      const task = (assetId: string) => ({ kind: 'NUMBER', label: 'Fridge 2 temperature', max: 5, assetId });
      const res = await createTemplate({ name: 'HACCP', tasks: [task(fridge.id)] });
      expect(res.body.tasks[0]).to.include({ assetId: fridge.id, min: null, max: 5 });
      const foreign = await createAsset(s.h.ds, s.tenantB, (await createOutlet(s.h.ds, s.tenantB)).id);
      expect((await createTemplate({ name: 'Other', tasks: [task(foreign.id)] })).body).to.deep.equal({ message: 'Asset not found', error: 'Not Found', statusCode: 404 });
    });

    it('edits by replacing the tasks, keeps names unique ignoring case, and deletes softly', async () => {
      const id = (await createTemplate(opening())).body.id;
      const edited = await s.h.request('PATCH', `/checklist-templates/${id}`, { token: admin, body: { name: 'Opening checks', tasks: [{ kind: 'NOTE', label: 'Till float counted' }] } });
      expect(edited.status).to.equal(200);
      expect(edited.body).to.include({ name: 'Opening checks' });
      expect(edited.body.tasks.map((t: { label: string }) => t.label)).to.deep.equal(['Till float counted']);
      expect((await s.h.request('PATCH', `/checklist-templates/${id}`, { token: admin, body: { description: null } })).body.description).to.equal(null);
      await createTemplate(opening({ name: 'Closing' }));
      expect((await createTemplate(opening({ name: 'OPENING CHECKS' }))).body).to.deep.equal({ message: 'Another checklist template of the tenant has this name', error: 'Conflict', statusCode: 409 });
      expect((await s.h.request('DELETE', `/checklist-templates/${id}`, { token: admin })).status).to.equal(204);
      expect((await s.h.request('GET', `/checklist-templates/${id}`, { token: admin })).body).to.deep.equal(TEMPLATE_NOT_FOUND);
      expect((await createTemplate(opening({ name: 'Opening checks' }))).status).to.equal(201);
    });

    it('validates bodies', async () => {
      expect((await createTemplate(opening({ tasks: [] }))).body).to.deep.equal(badRequest('tasks must contain at least 1 element'));
      expect((await createTemplate(opening({ name: '' }))).body).to.deep.equal(badRequest('name must be at least 1 characters'));
      expect((await createTemplate(opening({ tasks: [{ kind: 'CHECK', label: 'x' }] }))).body).to.deep.equal(badRequest('tasks.0.kind must be one of the following values: YES_NO, NUMBER, PHOTO, NOTE'));
      expect((await createTemplate(opening({ tasks: [{ kind: 'YES_NO', label: 'Clean' }] }))).body).to.deep.equal(badRequest('tasks.0.passAnswer is required for a YES_NO task'));
      expect((await createTemplate(opening({ tasks: [{ kind: 'NOTE', label: 'x', min: 1, passAnswer: true }] }))).body).to.deep.equal(
        badRequest('tasks.0.passAnswer is not allowed for a NOTE task', 'tasks.0.min is not allowed for a NOTE task'),
      );
      expect((await createTemplate(opening({ tasks: [{ kind: 'NUMBER', label: 'x', min: 5, max: 0 }] }))).body).to.deep.equal(badRequest('tasks.0.max must not be less than min'));
      expect((await createTemplate(opening({ tasks: [{ kind: 'NUMBER', label: 'x', priority: 'SOON' }] }))).body).to.deep.equal(
        badRequest('tasks.0.priority must be one of the following values: LOW, MEDIUM, HIGH, URGENT'),
      );
      expect((await createTemplate(opening({ tasks: [{ kind: 'NOTE', label: 'x', assetId: 'fridge' }] }))).body).to.deep.equal(badRequest('tasks.0.assetId must be a UUID'));
      expect((await createTemplate(opening({ name: 'Bell\u0007' }))).status).to.equal(400);
      const id = (await createTemplate(opening())).body.id;
      expect((await s.h.request('PATCH', `/checklist-templates/${id}`, { token: admin, body: {} })).body).to.deep.equal(badRequest('body must contain at least one of: name, description, tasks'));
      expect((await s.h.request('GET', '/checklist-templates/nope', { token: admin })).status).to.equal(400);
    });

    it('is written by operations administrators only; 401; 404 across tenants', async () => {
      for (const role of ['STAFF', 'OUTLET_MANAGER', 'HR_MANAGER'] as const) {
        expect((await createTemplate(opening(), await s.tokenAs(role))).body).to.deep.equal(FORBIDDEN);
      }
      expect((await createTemplate(opening(), await s.tokenAs('AREA_MANAGER'))).status).to.equal(201);
      const id = (await createTemplate(opening({ name: 'Closing' }))).body.id;
      const staff = await s.tokenAs('STAFF');
      expect((await s.h.request('PATCH', `/checklist-templates/${id}`, { token: staff, body: { name: 'x' } })).body).to.deep.equal(FORBIDDEN);
      expect((await s.h.request('DELETE', `/checklist-templates/${id}`, { token: staff })).body).to.deep.equal(FORBIDDEN);
      const foreign = await s.tokenAs('TENANT_OWNER', s.tenantB);
      expect((await s.h.request('GET', `/checklist-templates/${id}`, { token: foreign })).body).to.deep.equal(TEMPLATE_NOT_FOUND);
      expect((await s.h.request('PATCH', `/checklist-templates/${id}`, { token: foreign, body: { name: 'x' } })).body).to.deep.equal(TEMPLATE_NOT_FOUND);
      expect((await s.h.request('DELETE', `/checklist-templates/${id}`, { token: foreign })).body).to.deep.equal(TEMPLATE_NOT_FOUND);
      expect((await s.h.request('GET', '/checklist-templates', { token: foreign })).body).to.deep.equal([]);
      expect((await s.h.request('GET', '/checklist-templates')).body).to.deep.equal(UNAUTHORIZED);
    });
  });

  describe('schedules', () => {
    let outletId: string;
    let templateId: string;
    beforeEach(async () => {
      outletId = (await createOutlet(s.h.ds, s.tenantA)).id;
      templateId = (await createTemplate(opening())).body.id;
    });
    const body = (over: Record<string, unknown> = {}) => ({ templateId, outletId, weekdays: [5, 1, 3], time: '07:30', ...over });
    const schedule = (b: unknown, token = admin) => s.h.request('POST', '/checklist-schedules', { token, body: b });

    it('schedules a template at an outlet on weekdays at a local time, changes and deletes it', async () => {
      const res = await schedule(body());
      expect(res.status).to.equal(201);
      expect(res.body).to.deep.include({ tenantId: s.tenantA, templateId, templateName: 'Opening', outletId, weekdays: [1, 3, 5], time: '07:30', windowMinutes: 60, active: true });
      const changed = await s.h.request('PATCH', `/checklist-schedules/${res.body.id}`, { token: admin, body: { time: '06:45', windowMinutes: 30, active: false } });
      expect(changed.body).to.include({ time: '06:45', windowMinutes: 30, active: false });
      expect((await s.h.request('GET', `/checklist-schedules?outletId=${outletId}`, { token: admin })).body.map((x: { id: string }) => x.id)).to.deep.equal([res.body.id]);
      expect((await s.h.request('DELETE', `/checklist-schedules/${res.body.id}`, { token: admin })).status).to.equal(204);
      expect((await s.h.request('GET', '/checklist-schedules', { token: admin })).body).to.deep.equal([]);
    });

    it('deleting the template deletes its schedules', async () => {
      await schedule(body());
      await s.h.request('DELETE', `/checklist-templates/${templateId}`, { token: admin });
      expect((await s.h.request('GET', '/checklist-schedules', { token: admin })).body).to.deep.equal([]);
    });

    it('validates bodies', async () => {
      expect((await schedule(body({ time: '7:30' }))).body).to.deep.equal(badRequest('time must be a time of day as HH:MM (24-hour)'));
      expect((await schedule(body({ time: '24:00' }))).body).to.deep.equal(badRequest('time must be a time of day as HH:MM (24-hour)'));
      expect((await schedule(body({ weekdays: [0] }))).body).to.deep.equal(badRequest('weekdays.0 must not be less than 1'));
      expect((await schedule(body({ weekdays: [1, 1] }))).body).to.deep.equal(badRequest('weekdays must not repeat a day'));
      expect((await schedule(body({ weekdays: [] }))).body).to.deep.equal(badRequest('weekdays must contain at least 1 element'));
      expect((await schedule(body({ windowMinutes: 2 }))).body).to.deep.equal(badRequest('windowMinutes must not be less than 5'));
      expect((await schedule(body({ outletId: 'x' }))).body).to.deep.equal(badRequest('outletId must be a UUID'));
      const id = (await schedule(body())).body.id;
      expect((await s.h.request('PATCH', `/checklist-schedules/${id}`, { token: admin, body: {} })).body).to.deep.equal(
        badRequest('body must contain at least one of: weekdays, time, windowMinutes, active'),
      );
    });

    it('scopes: an OUTLET_MANAGER at their outlets only (403 to create elsewhere, 404 to address); STAFF 403; 404 across tenants; 401', async () => {
      const manager = await createUser(s.h.ds, s.tenantA, { role: 'OUTLET_MANAGER' });
      await assignOutlets(s.h.ds, s.tenantA, manager.id, [outletId]);
      const managerToken = await s.h.tokenFor(manager);
      const mine = await schedule(body(), managerToken);
      expect(mine.status).to.equal(201);
      const elsewhere = (await createOutlet(s.h.ds, s.tenantA)).id;
      expect((await schedule(body({ outletId: elsewhere }), managerToken)).body).to.deep.equal({ message: 'You can schedule checklists only at your outlets', error: 'Forbidden', statusCode: 403 });
      const far = (await schedule(body({ outletId: elsewhere }))).body.id;
      expect((await s.h.request('PATCH', `/checklist-schedules/${far}`, { token: managerToken, body: { active: false } })).body).to.deep.equal(SCHEDULE_NOT_FOUND);
      expect((await s.h.request('DELETE', `/checklist-schedules/${far}`, { token: managerToken })).body).to.deep.equal(SCHEDULE_NOT_FOUND);
      expect((await s.h.request('GET', '/checklist-schedules', { token: managerToken })).body.map((x: { id: string }) => x.id)).to.deep.equal([mine.body.id]);
      expect((await schedule(body(), await s.tokenAs('STAFF'))).body).to.deep.equal(FORBIDDEN);
      expect((await s.h.request('GET', '/checklist-schedules', { token: await s.tokenAs('STAFF') })).body).to.deep.equal(FORBIDDEN);
      const foreign = await s.tokenAs('TENANT_OWNER', s.tenantB);
      expect((await schedule(body(), foreign)).body).to.deep.equal({ message: 'Outlet not found', error: 'Not Found', statusCode: 404 });
      const foreignOutlet = (await createOutlet(s.h.ds, s.tenantB)).id;
      expect((await schedule(body({ outletId: foreignOutlet }), foreign)).body).to.deep.equal(TEMPLATE_NOT_FOUND);
      expect((await s.h.request('PATCH', `/checklist-schedules/${far}`, { token: foreign, body: { active: false } })).body).to.deep.equal(SCHEDULE_NOT_FOUND);
      expect((await s.h.request('POST', '/checklist-schedules', { body: body() })).body).to.deep.equal(UNAUTHORIZED);
    });
  });
});
