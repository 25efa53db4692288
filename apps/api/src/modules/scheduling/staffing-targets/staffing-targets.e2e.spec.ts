import { expect } from 'chai';
import { uuid } from '@wfm/core/crypto';
import { createOutlet } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';
import { outletsAndManagers } from '../../../test-support/outlet-fixtures.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const NOT_YOURS = { message: 'You can set staffing targets only at your outlets', error: 'Forbidden', statusCode: 403 };
const NOT_FOUND = { message: 'Staffing target not found', error: 'Not Found', statusCode: 404 };
const OUTLET_NOT_FOUND = { message: 'Outlet not found', error: 'Not Found', statusCode: 404 };
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const TARGET_KEYS = ['id', 'outletId', 'role', 'weekday', 'hour', 'required', 'source', 'createdAt', 'updatedAt'];

describe('staffing targets (HTTP)', () => {
  const s = twoTenantSuite();
  let outlet: string;
  let other: string;
  let admin: string;
  let managerToken: string;
  let staffToken: string;

  beforeEach(async () => {
    ({ outlet, other, admin, managerToken } = await outletsAndManagers(s));
    staffToken = await s.tokenAs('STAFF');
  });

  const put = (body: unknown, token = admin) => s.h.request('PUT', '/scheduler/staffing-targets', { token, body });
  const list = (query: string, token = admin) => s.h.request('GET', `/scheduler/staffing-targets?${query}`, { token });
  const grid = (over: Record<string, unknown> = {}) => ({
    outletId: outlet,
    role: ' Barista ',
    targets: [
      { weekday: 1, hour: 9, required: 2 },
      { weekday: 1, hour: 10, required: 3 },
    ],
    ...over,
  });
  const brief = (rows: Array<{ role: string; weekday: number; hour: number; required: number; source: string }>) => rows.map((t) => [t.role, t.weekday, t.hour, t.required, t.source]);

  describe('entered', () => {
    it('sets the week of a role at an outlet, replaces it, and lists it by role, weekday and hour', async () => {
      const res = await put(grid());
      expect(res.status).to.equal(200);
      expect(res.body[0]).to.have.all.keys(TARGET_KEYS);
      expect(res.body[0]).to.deep.include({ outletId: outlet, role: 'barista', createdAt: s.h.clock.now().toISOString() });
      expect(brief(res.body)).to.deep.equal([
        ['barista', 1, 9, 2, 'ENTERED'],
        ['barista', 1, 10, 3, 'ENTERED'],
      ]);
      await put(grid({ role: 'Cook', targets: [{ weekday: 7, hour: 23, required: 1 }] }));
      const replaced = await put(grid({ targets: [{ weekday: 1, hour: 10, required: 4 }] }));
      expect(brief(replaced.body)).to.deep.equal([['barista', 1, 10, 4, 'ENTERED']]);
      expect(replaced.body[0].id).to.equal(res.body[1].id);
      expect(brief((await list(`outletId=${outlet}`)).body)).to.deep.equal([
        ['barista', 1, 10, 4, 'ENTERED'],
        ['cook', 7, 23, 1, 'ENTERED'],
      ]);
      expect(brief((await list(`outletId=${outlet}&role=COOK`, managerToken)).body)).to.deep.equal([['cook', 7, 23, 1, 'ENTERED']]);
    });

    it('changes and removes one target', async () => {
      const [first] = (await put(grid())).body;
      const changed = await s.h.request('PATCH', `/scheduler/staffing-targets/${first.id}`, { token: managerToken, body: { required: 5 } });
      expect(changed.status).to.equal(200);
      expect(changed.body).to.deep.include({ id: first.id, required: 5, source: 'ENTERED' });
      expect((await s.h.request('DELETE', `/scheduler/staffing-targets/${first.id}`, { token: admin })).status).to.equal(204);
      expect((await s.h.request('DELETE', `/scheduler/staffing-targets/${first.id}`, { token: admin })).body).to.deep.equal(NOT_FOUND);
      expect((await list(`outletId=${outlet}`)).body).to.have.length(1);
    });

    it('answers 400 for each invalid field', async () => {
      expect((await put(grid({ targets: [{ weekday: 8, hour: 9, required: 1 }] }))).status).to.equal(400);
      expect((await put(grid({ targets: [{ weekday: 1, hour: 24, required: 1 }] }))).status).to.equal(400);
      expect((await put(grid({ targets: [{ weekday: 1, hour: 9, required: -1 }] }))).status).to.equal(400);
      expect((await put(grid({ role: '  ' }))).status).to.equal(400);
      expect((await put(grid({ targets: [{ weekday: 1, hour: 9, required: 1 }, { weekday: 1, hour: 9, required: 2 }] }))).body).to.deep.equal(badRequest('targets.1 repeats a weekday and hour'));
      expect((await list('outletId=nope')).status).to.equal(400);
      const [first] = (await put(grid())).body;
      expect((await s.h.request('PATCH', `/scheduler/staffing-targets/${first.id}`, { token: admin, body: { required: 501 } })).status).to.equal(400);
    });

    it('answers 401, 403 (STAFF; an OUTLET_MANAGER elsewhere) and 404 (another tenant’s outlet or target; another outlet’s target for an OUTLET_MANAGER)', async () => {
      const [mine] = (await put(grid())).body;
      for (const [method, url] of [['PUT', '/scheduler/staffing-targets'], ['GET', `/scheduler/staffing-targets?outletId=${outlet}`], ['PATCH', `/scheduler/staffing-targets/${mine.id}`], ['DELETE', `/scheduler/staffing-targets/${mine.id}`]] as const) {
        const body = method === 'PUT' ? grid() : method === 'PATCH' ? { required: 1 } : undefined;
        expect((await s.h.request(method, url, { ...(body ? { body } : {}) })).body, `${method} ${url}`).to.deep.equal(UNAUTHORIZED);
        expect((await s.h.request(method, url, { token: staffToken, ...(body ? { body } : {}) })).body, `${method} ${url}`).to.deep.equal(FORBIDDEN);
      }
      expect((await put(grid(), staffToken)).body).to.deep.equal(FORBIDDEN);
      expect((await put(grid({ outletId: other }), managerToken)).body).to.deep.equal(NOT_YOURS);
      expect((await list(`outletId=${other}`, managerToken)).body).to.deep.equal(NOT_YOURS);
      const foreignOutlet = (await createOutlet(s.h.ds, s.tenantB)).id;
      expect((await put(grid({ outletId: foreignOutlet }))).body).to.deep.equal(OUTLET_NOT_FOUND);
      const [elsewhere] = (await put(grid({ outletId: other }))).body;
      expect((await s.h.request('PATCH', `/scheduler/staffing-targets/${elsewhere.id}`, { token: managerToken, body: { required: 1 } })).body).to.deep.equal(NOT_FOUND);
      const foreign = await s.tokenAs('COMPANY_ADMIN', s.tenantB);
      expect((await s.h.request('PATCH', `/scheduler/staffing-targets/${elsewhere.id}`, { token: foreign, body: { required: 1 } })).body).to.deep.equal(NOT_FOUND);
      expect((await s.h.request('DELETE', `/scheduler/staffing-targets/${elsewhere.id}`, { token: foreign })).body).to.deep.equal(NOT_FOUND);
      expect((await s.h.request('DELETE', `/scheduler/staffing-targets/${uuid()}`, { token: staffToken })).body).to.deep.equal(FORBIDDEN);
    });
  });

  describe('POST /scheduler/staffing-targets/demand-import', () => {
    const post = (body: unknown, token = admin) => s.h.request('POST', '/scheduler/staffing-targets/demand-import', { token, body });

    it('derives heads from sales over the productivity ratio (averaged per weekday and hour, rounded up); a bad row fails alone', async () => {
      const csv = [
        'sales,outlet,date,hour',
        '250,SOHO,2026-03-02,12',
        '350,soho,2026-03-09,12',
        '"1,000",SOHO,Tue,9',
        '100,SOHO,Tuesday,10',
        '0,LDS,Sun,23',
        '12,NOWHERE,Mon,9',
        'abc,SOHO,Mon,25',
        '',
      ].join('\n');
      const res = await post({ role: 'Server', salesPerStaffHour: 120, csv });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.include({ rows: 7, valid: 4, failed: 3 });
      expect(res.body.errors).to.deep.equal([
        { line: 4, errors: ['sales must be a number of at least 0'] },
        { line: 7, errors: ['outlet NOWHERE does not exist'] },
        { line: 8, errors: ['hour must be a whole number from 0 to 23', 'sales must be a number of at least 0'] },
      ]);
      // Mondays at 12: (250 + 350) / 2 = 300 → 2.5 → 3 heads; Tuesday 10: 100 → 1; Leeds Sunday 23: 0.
      expect(brief((await list(`outletId=${outlet}`)).body)).to.deep.equal([
        ['server', 1, 12, 3, 'DEMAND_CSV'],
        ['server', 2, 10, 1, 'DEMAND_CSV'],
      ]);
      expect(brief((await list(`outletId=${other}`)).body)).to.deep.equal([['server', 7, 23, 0, 'DEMAND_CSV']]);
    });

    it('lists an outlet not the OUTLET_MANAGER’s as a failed row, and a file without a needed column is 400', async () => {
      const res = await post({ role: 'server', salesPerStaffHour: 100, csv: 'outlet,date,hour,sales\nSOHO,Mon,9,150\nLDS,Mon,9,150' }, managerToken);
      expect(res.body).to.deep.include({ rows: 2, valid: 1, failed: 1, errors: [{ line: 3, errors: ['outlet LDS is not one of yours'] }] });
      expect((await post({ role: 'server', salesPerStaffHour: 100, csv: 'outlet,day,hour,sales\nSOHO,Mon,9,1' })).body).to.deep.equal(
        badRequest('csv: the header must name the columns outlet, date, hour, sales; missing: date'),
      );
      expect((await post({ role: 'server', salesPerStaffHour: 0, csv: 'outlet,date,hour,sales' })).status).to.equal(400);
      expect((await post({ role: 'server', salesPerStaffHour: 10, csv: 'x'.repeat(900_001) })).status).to.equal(400);
    });

    it('answers 401 and 403, and treats another tenant’s outlet code as unknown', async () => {
      const body = { role: 'server', salesPerStaffHour: 100, csv: 'outlet,date,hour,sales\nSOHO,Mon,9,150' };
      expect((await s.h.request('POST', '/scheduler/staffing-targets/demand-import', { body })).body).to.deep.equal(UNAUTHORIZED);
      expect((await post(body, staffToken)).body).to.deep.equal(FORBIDDEN);
      const res = await post(body, await s.tokenAs('COMPANY_ADMIN', s.tenantB));
      expect(res.body).to.deep.include({ valid: 0, failed: 1, errors: [{ line: 2, errors: ['outlet SOHO does not exist'] }] });
    });
  });
});
