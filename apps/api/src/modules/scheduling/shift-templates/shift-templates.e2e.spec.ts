import { expect } from 'chai';
import { uuid } from '@wfm/core/crypto';
import { twoTenantSuite } from '../../../test-support/api-suite.js';
import { outletsAndManagers } from '../../../test-support/outlet-fixtures.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const NOT_YOURS = { message: 'You can manage shifts only at your outlets', error: 'Forbidden', statusCode: 403 };
const NOT_FOUND = { message: 'Shift template not found', error: 'Not Found', statusCode: 404 };
const OUTLET_NOT_FOUND = { message: 'Outlet not found', error: 'Not Found', statusCode: 404 };
const KEYS = ['id', 'outletId', 'name', 'startTime', 'endTime', 'breakMinutes', 'colour', 'createdAt', 'updatedAt'];

describe('shift templates (HTTP)', () => {
  const s = twoTenantSuite();
  let outlet: string;
  let other: string;
  let admin: string;
  let managerToken: string;

  beforeEach(async () => {
    ({ outlet, other, admin, managerToken } = await outletsAndManagers(s));
  });

  const create = (over: Record<string, unknown> = {}, token = managerToken) =>
    s.h.request('POST', '/scheduler/shift-templates', { token, body: { outletId: outlet, name: 'Morning', startTime: '07:00', endTime: '15:30', breakMinutes: 30, colour: '#1C7ED6', ...over } });
  const list = (outletId: string, token = managerToken) => s.h.request('GET', `/scheduler/shift-templates?outletId=${outletId}`, { token });

  it('adds, lists by start time, changes and removes templates', async () => {
    const res = await create();
    expect(res.status).to.equal(201);
    expect(res.body).to.have.all.keys(KEYS);
    expect(res.body).to.deep.include({ outletId: outlet, name: 'Morning', startTime: '07:00', endTime: '15:30', breakMinutes: 30, colour: '#1c7ed6', createdAt: s.h.clock.now().toISOString() });
    const night = (await create({ name: 'Night', startTime: '22:00', endTime: '06:00', breakMinutes: undefined, colour: undefined })).body;
    expect(night).to.deep.include({ breakMinutes: 0, colour: null });
    await create({ name: 'Early', startTime: '05:00', endTime: '09:00' });
    expect((await list(outlet)).body.map((t: { name: string }) => t.name)).to.deep.equal(['Early', 'Morning', 'Night']);
    const changed = await s.h.request('PATCH', `/scheduler/shift-templates/${night.id}`, { token: admin, body: { endTime: '07:00', colour: null } });
    expect(changed.status).to.equal(200);
    expect(changed.body).to.deep.include({ id: night.id, startTime: '22:00', endTime: '07:00', colour: null });
    expect((await s.h.request('DELETE', `/scheduler/shift-templates/${night.id}`, { token: managerToken })).status).to.equal(204);
    expect((await s.h.request('DELETE', `/scheduler/shift-templates/${night.id}`, { token: managerToken })).body).to.deep.equal(NOT_FOUND);
    expect((await list(outlet, admin)).body).to.have.length(2);
  });

  it('refuses a second template of the same name at the outlet (409), not at another', async () => {
    await create();
    const again = await create({ startTime: '08:00' });
    expect(again.status).to.equal(409);
    expect(again.body).to.deep.include({ error: 'TEMPLATE_NAME_TAKEN' });
    expect((await create({ outletId: other }, admin)).status).to.equal(201);
    const second = (await create({ name: 'Late' })).body;
    expect((await s.h.request('PATCH', `/scheduler/shift-templates/${second.id}`, { token: managerToken, body: { name: 'Morning' } })).status).to.equal(409);
  });

  it('answers 400 for each invalid field', async () => {
    for (const bad of [
      { startTime: '7:00' },
      { endTime: '24:00' },
      { name: '' },
      { name: 'x'.repeat(81) },
      { breakMinutes: -1 },
      { breakMinutes: 721 },
      { breakMinutes: 1.5 },
      { colour: 'blue' },
      { outletId: 'not-a-uuid' },
      { extra: true },
    ]) {
      const res = await create(bad);
      expect(res.status, JSON.stringify(bad)).to.equal(400);
    }
    const made = (await create()).body;
    expect((await s.h.request('PATCH', `/scheduler/shift-templates/${made.id}`, { token: managerToken, body: {} })).status).to.equal(400);
    expect((await s.h.request('PATCH', '/scheduler/shift-templates/nope', { token: managerToken, body: { name: 'A' } })).status).to.equal(400);
    expect((await s.h.request('GET', '/scheduler/shift-templates', { token: managerToken })).status).to.equal(400);
  });

  it('answers 401 without a token and 403 to STAFF', async () => {
    expect((await s.h.request('GET', `/scheduler/shift-templates?outletId=${outlet}`)).body).to.deep.equal(UNAUTHORIZED);
    expect((await s.h.request('POST', '/scheduler/shift-templates', { body: {} })).body).to.deep.equal(UNAUTHORIZED);
    const staff = await s.tokenAs('STAFF');
    expect((await list(outlet, staff)).body).to.deep.equal(FORBIDDEN);
    expect((await create({}, staff)).body).to.deep.equal(FORBIDDEN);
  });

  it('keeps an OUTLET_MANAGER to their outlets: another outlet is 403, its templates 404', async () => {
    const elsewhere = (await create({ outletId: other }, admin)).body;
    expect((await create({ outletId: other })).body).to.deep.equal(NOT_YOURS);
    expect((await list(other)).body).to.deep.equal(NOT_YOURS);
    expect((await s.h.request('PATCH', `/scheduler/shift-templates/${elsewhere.id}`, { token: managerToken, body: { name: 'Mine' } })).body).to.deep.equal(NOT_FOUND);
    expect((await s.h.request('DELETE', `/scheduler/shift-templates/${elsewhere.id}`, { token: managerToken })).body).to.deep.equal(NOT_FOUND);
  });

  it('answers 404 across tenants and for an unknown outlet', async () => {
    const mine = (await create()).body;
    const outsider = await s.tokenAs('TENANT_OWNER', s.tenantB);
    expect((await list(outlet, outsider)).body).to.deep.equal(OUTLET_NOT_FOUND);
    expect((await create({}, outsider)).body).to.deep.equal(OUTLET_NOT_FOUND);
    expect((await s.h.request('PATCH', `/scheduler/shift-templates/${mine.id}`, { token: outsider, body: { name: 'Theirs' } })).body).to.deep.equal(NOT_FOUND);
    expect((await s.h.request('DELETE', `/scheduler/shift-templates/${mine.id}`, { token: outsider })).body).to.deep.equal(NOT_FOUND);
    expect((await list(uuid(), admin)).body).to.deep.equal(OUTLET_NOT_FOUND);
    expect((await list(outlet)).body).to.have.length(1);
  });
});
