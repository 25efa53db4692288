import { expect } from 'chai';
import type { Role } from '@wfm/core/tenancy';
import { createOutlet, createUser } from '@wfm/testing/factories';
import { publicApiSuite } from '../../test-support/api-suite.js';
import { assignOutlets } from '../../test-support/access-fixtures.js';
import { apiKeyFor } from '../../test-support/developer-credentials.js';
import { itChecksDeveloperCredentials } from '../../test-support/developer-route-checks.js';
import { REPORT_NOW, seedReportWorld, WEEK, type ReportWorld } from '../../test-support/report-fixtures.js';

const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const notFound = (message: string) => ({ message, error: 'Not Found', statusCode: 404 });
const forbidden = (message: string) => ({ message, error: 'Forbidden', statusCode: 403 });

/** Each report, its rows on the seeded week (the integration tests check their figures), its CSV header, and a role it refuses besides STAFF. */
const REPORTS = [
  { path: 'timesheets', rows: 6, header: 'date,person,user_id,scheduled_minutes,clocked_minutes,break_minutes,overtime_minutes,open_clock_ins' },
  { path: 'labour-cost', rows: 3, header: 'week_start,outlet,person,user_id,clocked_minutes,overtime_minutes,pay_type,currency,cost_minor' },
  { path: 'attendance-exceptions', rows: 4, header: 'date,kind,person,user_id,outlet,scheduled_start,scheduled_end,clock_in_at,clock_out_at,minutes_late' },
  { path: 'leave', rows: 3, header: 'person,user_id,leave_type,taken_days,balance,balance_unit' },
  { path: 'door-access', rows: 4, header: 'zone,zone_id,person,user_id,granted,denied', refused: 'OPERATIONS_MANAGER' as Role },
] as const;

describe('reports (HTTP: /reports/* and /public/reports/*)', () => {
  const s = publicApiSuite(233);
  let w: ReportWorld;

  beforeEach(async () => {
    s.h.clock.set(REPORT_NOW);
    w = await seedReportWorld(s.h.ds);
  });

  const week = (extra = '') => `from=${WEEK.from}&to=${WEEK.to}${extra}`;
  const as = async (role: Role, tenantId = w.tenantId) => s.h.tokenFor(await createUser(s.h.ds, tenantId, { role }));
  const get = (path: string, token: string | null, binary = false) => s.h.request('GET', path, { headers: { 'x-forwarded-for': s.ip }, ...(token ? { token } : {}), ...(binary ? { binary } : {}) });
  const developer = (path: string, key: string | null, headers: Record<string, string> = {}) =>
    s.h.request('GET', path, { headers: { 'x-forwarded-for': s.ip, ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers } });

  for (const report of REPORTS) {
    const url = (qs: string) => `/reports/${report.path}?${qs}`;

    describe(`GET /reports/${report.path}`, () => {
      it('answers the period, the company’s zone and the rows as JSON', async () => {
        const res = await get(url(week()), await as('AREA_MANAGER'));
        expect(res.status).to.equal(200);
        expect(res.body).to.have.all.keys('from', 'to', 'timezone', 'rows');
        expect(res.body).to.deep.include({ from: WEEK.from, to: WEEK.to, timezone: 'Europe/Paris' });
        expect(res.body.rows).to.have.length(report.rows);
      });

      it('answers CSV with a header and a line per row, and PDF', async () => {
        const token = await as('HR_MANAGER');
        const csv = await get(url(week('&format=csv')), token);
        expect(csv.status).to.equal(200);
        expect(csv.headers.get('content-type')).to.equal('text/csv; charset=utf-8');
        expect(csv.headers.get('content-disposition')).to.equal(`attachment; filename="${report.path}-${WEEK.from}-to-${WEEK.to}.csv"`);
        const lines = (csv.body as string).split('\r\n');
        expect(lines[0]).to.equal(report.header);
        expect(lines).to.have.length(report.rows + 2);
        const pdf = await get(url(week('&format=pdf')), token, true);
        expect(pdf.status).to.equal(200);
        expect(pdf.headers.get('content-type')).to.equal('application/pdf');
        expect((pdf.body as Buffer).subarray(0, 5).toString()).to.equal('%PDF-');
      });

      it('refuses each malformed filter with 400', async () => {
        const token = await as('COMPANY_ADMIN');
        const cases: Array<[string, unknown]> = [
          [`to=${WEEK.to}`, badRequest('from is required')],
          [`from=11/01/2027&to=${WEEK.to}`, badRequest('from must be a date in YYYY-MM-DD format')],
          [`from=${WEEK.from}&to=2027-02-30`, badRequest('to must be a date in YYYY-MM-DD format')],
          [week('&outletId=paris'), badRequest('outletId must be a UUID')],
          [week('&userId=42'), badRequest('userId must be a UUID')],
          [week('&format=xlsx'), badRequest('format must be one of the following values: json, csv, pdf')],
          [`from=${WEEK.to}&to=${WEEK.from}`, badRequest('to must not be before from')],
          [`from=2027-01-01&to=2027-04-03`, badRequest('from and to must span at most 92 days')],
        ];
        const answers = [];
        for (const [qs] of cases) answers.push((await get(url(qs), token)).body);
        expect(answers).to.deep.equal(cases.map(([, expected]) => expected));
        // 92 days, both counted, is the most a report spans.
        expect((await get(url('from=2027-01-01&to=2027-04-02'), token)).status).to.equal(200);
      });

      it('is 401 without a token and 403 for roles it does not admit', async () => {
        expect((await get(url(week()), null)).body).to.deep.equal(UNAUTHORIZED);
        for (const role of ['STAFF', ...('refused' in report ? [report.refused] : [])] as Role[]) {
          expect((await get(url(week()), await as(role))).body).to.deep.equal(FORBIDDEN);
        }
      });

      it('keeps an OUTLET_MANAGER to their outlets: 403 for another outlet or a person not at theirs', async () => {
        const manager = await createUser(s.h.ds, w.tenantId, { role: 'OUTLET_MANAGER' });
        await assignOutlets(s.h.ds, w.tenantId, manager.id, [w.london]);
        const token = await s.h.tokenFor(manager);
        expect((await get(url(week(`&outletId=${w.paris}`)), token)).body).to.deep.equal(forbidden('You can report only on your outlets'));
        expect((await get(url(week(`&userId=${w.carol}`)), token)).body).to.deep.equal(forbidden('You can report only on the people of your outlets'));
        expect((await get(url(week(`&outletId=${w.london}&userId=${w.bob}`)), token)).status).to.equal(200);
      });

      it('is 404 for an outlet or a person of another tenant', async () => {
        const token = await as('TENANT_OWNER');
        const foreignOutlet = (await createOutlet(s.h.ds, s.tenantB)).id;
        const foreignUser = (await createUser(s.h.ds, s.tenantB)).id;
        expect((await get(url(week(`&outletId=${foreignOutlet}`)), token)).body).to.deep.equal(notFound('No outlet with this id in the tenant'));
        expect((await get(url(week(`&userId=${foreignUser}`)), token)).body).to.deep.equal(notFound('No user with this id in the tenant'));
      });
    });

    describe(`GET /public/reports/${report.path}`, () => {
      const ctx = () => ({ h: s.h, tenantId: w.tenantId });
      itChecksDeveloperCredentials(ctx, 'reports:read', (key, headers) => developer(`/public/reports/${report.path}?${week()}`, key, headers));

      it('answers the whole tenant with a reports:read key, and 404 for another tenant’s outlet or person', async () => {
        await createUser(s.h.ds, w.tenantId, { role: 'TENANT_OWNER', password: null });
        const key = await apiKeyFor(s.h, w.tenantId, ['reports:read']);
        const res = await developer(`/public/reports/${report.path}?${week()}`, key);
        expect(res.status).to.equal(200);
        expect(res.body.rows).to.have.length(report.rows);
        expect((await developer(`/public/reports/${report.path}?${week(`&outletId=${(await createOutlet(s.h.ds, s.tenantB)).id}`)}`, key)).body).to.deep.equal(
          notFound('No outlet with this id in the tenant'),
        );
        expect((await developer(`/public/reports/${report.path}?${week(`&userId=${(await createUser(s.h.ds, s.tenantB)).id}`)}`, key)).body).to.deep.equal(
          notFound('No user with this id in the tenant'),
        );
        expect((await developer(`/public/reports/${report.path}?from=${WEEK.to}&to=${WEEK.from}`, key)).body).to.deep.equal(badRequest('to must not be before from'));
      });
    });
  }

  it('door access needs a plan with access control (402)', async () => {
    const basic = await seedReportWorld(s.h.ds, { plan: 'BASIC' });
    const res = await get(`/reports/door-access?${week()}`, await as('TENANT_OWNER', basic.tenantId));
    expect(res.status).to.equal(402);
  });

  it('writes the timesheet CSV as computed, with a name a spreadsheet would run as a formula neutralised', async () => {
    await s.h.ds.query(`UPDATE users SET full_name = '=HYPERLINK("http://evil.test","Carol")' WHERE id = $1`, [w.carol]);
    const res = await get(`/reports/timesheets?${week('&format=csv')}`, await as('AREA_MANAGER'));
    expect(res.body).to.equal(
      [
        'date,person,user_id,scheduled_minutes,clocked_minutes,break_minutes,overtime_minutes,open_clock_ins',
        // Carol's new name sorts before Alice's.
        `2027-01-11,"'=HYPERLINK(""http://evil.test"",""Carol"")",${w.carol},240,0,0,0,0`,
        `2027-01-11,Alice,${w.alice},480,503,30,23,0`,
        `2027-01-11,Bob,${w.bob},0,600,0,120,0`,
        `2027-01-12,Bob,${w.bob},480,0,0,0,1`,
        `2027-01-13,Alice,${w.alice},240,240,0,0,0`,
        `2027-01-16,"'=HYPERLINK(""http://evil.test"",""Carol"")",${w.carol},240,0,0,0,0`,
        '',
      ].join('\r\n'),
    );
  });
});
