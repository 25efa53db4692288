import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createOutlet, createUser, type CreatedUser } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';
import { FakeXero } from '../../../test-support/fake-xero.js';

const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const SPENT = badRequest('state is unknown, expired or already used');

describe('payroll accounting export (Xero over OAuth 2.0, against a local fake)', () => {
  let xero: FakeXero;
  // Filled before the suite's harness starts, once the fake's address is known.
  // Behind a trusted proxy, so each callback can come from an address of its own: the route's own
  // limit (10 a minute per address) is not what these tests are about.
  const env: Record<string, string> = { TRUST_PROXY: 'true' };
  before(async () => {
    xero = await FakeXero.start();
    Object.assign(env, xero.apiEnv());
  });
  after(async () => xero.stop());
  const s = twoTenantSuite({ env });

  let hr: CreatedUser;
  let token: string;
  beforeEach(async () => {
    hr = await createUser(s.h.ds, s.tenantA, { role: 'HR_MANAGER' });
    token = await s.h.tokenFor(hr);
  });

  /** Starts the flow as `as` and returns the state the provider would hand back. */
  async function started(as = token): Promise<{ state: string; authorizeUrl: URL }> {
    const res = await s.h.request('POST', '/payroll/accounting/connect', { token: as });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    const authorizeUrl = new URL(res.body.authorizeUrl);
    return { state: authorizeUrl.searchParams.get('state')!, authorizeUrl };
  }
  let calls = 0;
  const from = () => ({ 'x-forwarded-for': `10.77.${Math.floor(++calls / 250)}.${(calls % 250) + 1}` });
  const callback = (code: string, state: string) =>
    s.h.request('GET', `/payroll/accounting/callback?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`, { headers: from() });
  const code = () => {
    const c = `code-${randomUUID()}`;
    xero.codes.add(c);
    return c;
  };

  it('connects through the authorization-code flow: the authorize URL carries the client, the callback URL and a state', async () => {
    const { state, authorizeUrl } = await started();
    expect(authorizeUrl.origin + authorizeUrl.pathname).to.equal(`${xero.url}/identity/connect/authorize`);
    expect(Object.fromEntries(authorizeUrl.searchParams)).to.deep.include({ response_type: 'code', client_id: 'fake-client-id', redirect_uri: `${s.h.config.publicAppUrl}/api/v1/payroll/accounting/callback`, scope: 'openid offline_access accounting.transactions' });
    expect(state).to.match(/^[A-Za-z0-9_-]{43}$/);
    const done = await callback(code(), state);
    expect(done.status).to.equal(200);
    expect(done.body).to.deep.include({ connected: true, provider: 'XERO', organisationId: xero.organisation.tenantId, organisationName: 'Demo Bakery Ltd', connectedByUserId: hr.id });
    expect((await s.h.request('GET', '/payroll/accounting', { token })).body.organisationName).to.equal('Demo Bakery Ltd');
    const [row] = await s.h.ds.query(`SELECT tokens_sealed AS t FROM accounting_connections WHERE tenant_id = $1`, [s.tenantA]);
    expect(row.t).to.not.contain('access-1');
  });

  it("sends a browser on to the console's pay runs page with the outcome; a decline at the provider is named, for a browser and for JSON", async () => {
    const browser = (query: string) => s.h.request('GET', `/payroll/accounting/callback?${query}`, { headers: { ...from(), accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    const landed = (res: { status: number; headers: Headers }) => {
      expect(res.status).to.equal(303);
      expect(res.headers.get('cache-control')).to.equal('no-store');
      const to = new URL(res.headers.get('location')!);
      expect(`${to.origin}${to.pathname}`).to.equal(`${s.h.config.publicAppUrl.replace(/\/$/, '')}/payroll/runs`);
      return Object.fromEntries(to.searchParams);
    };
    const { state } = await started();
    expect(landed(await browser(`code=${encodeURIComponent(code())}&state=${encodeURIComponent(state)}`))).to.deep.equal({ accounting: 'connected' });
    expect((await s.h.request('GET', '/payroll/accounting', { token })).body.organisationName).to.equal('Demo Bakery Ltd');
    expect(landed(await browser(`code=${encodeURIComponent(code())}&state=${encodeURIComponent(state)}`))).to.deep.equal({ accountingError: 'state is unknown, expired or already used' });
    const declined = await started();
    expect(landed(await browser(`error=access_denied&error_description=${encodeURIComponent('The user denied')}&state=${declined.state}`))).to.deep.equal({ accountingError: 'the provider answered access_denied: The user denied' });
    expect((await s.h.request('GET', `/payroll/accounting/callback?error=access_denied&state=${declined.state}`, { headers: from() })).body).to.deep.equal(badRequest('the provider answered access_denied'));
    expect((await s.h.request('GET', `/payroll/accounting/callback?code=c&state=${'s'.repeat(201)}`, { headers: { ...from(), accept: 'text/html' } })).status).to.equal(400);
  });

  it('the state is single-use, expires after 10 minutes, and is unknown when forged', async () => {
    const { state } = await started();
    expect((await callback(code(), state)).status).to.equal(200);
    expect((await callback(code(), state)).body).to.deep.equal(SPENT);
    const late = await started();
    s.h.clock.advance(10 * 60_000 + 1);
    expect((await callback(code(), late.state)).body).to.deep.equal(SPENT);
    expect((await callback(code(), 'x'.repeat(43))).body).to.deep.equal(SPENT);
    expect((await s.h.request('GET', '/payroll/accounting/callback?state=abc', { headers: from() })).body).to.deep.equal(badRequest('code is required'));
  });

  it('limits the public callback to 10 calls a minute per address', async () => {
    const headers = from();
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await s.h.request('GET', `/payroll/accounting/callback?code=c&state=s${i}`, { headers })).status);
    expect(statuses).to.deep.equal([...Array(10).fill(400), 429]);
  });

  it('the state is bound to its tenant and to an admin who can still connect', async () => {
    const { state } = await started();
    const otherHr = await s.tokenAs('HR_MANAGER', s.tenantB);
    expect((await callback(code(), state)).status).to.equal(200);
    expect((await s.h.request('GET', '/payroll/accounting', { token: otherHr })).body).to.deep.equal({ connected: false, available: true });
    const demoted = await createUser(s.h.ds, s.tenantB, { role: 'HR_MANAGER' });
    const fromB = await started(await s.h.tokenFor(demoted));
    await s.h.ds.query(`UPDATE users SET role = 'STAFF' WHERE id = $1`, [demoted.id]);
    expect((await callback(code(), fromB.state)).body).to.deep.equal(badRequest('state was started by someone who may no longer connect accounting'));
    expect((await s.h.ds.query(`SELECT 1 FROM accounting_connections WHERE tenant_id = $1`, [s.tenantB])).length).to.equal(0);
  });

  it('a code the provider refuses is 502, and the state is spent all the same', async () => {
    const { state } = await started();
    expect((await callback('not-issued', state)).body).to.deep.equal({ message: 'Xero refused the token request (HTTP 400)', error: 'Bad Gateway', statusCode: 502 });
    expect((await callback(code(), state)).body).to.deep.equal(SPENT);
  });

  it('pushes a finalized journal as a balanced, posted Manual Journal and keeps its id; refreshes an expired token', async () => {
    const worker = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
    const outlet = await createOutlet(s.h.ds, s.tenantA);
    await s.h.request('PUT', `/users/${worker.id}/pay`, { token, body: { type: 'HOURLY', rateMinor: 1234, currency: 'GBP' } });
    await s.h.request('POST', '/payroll/deductions', { token, body: { name: 'Tax withholding', kind: 'PERCENT', basisPoints: 2000, accountCode: '825' } });
    await s.h.ds.query(
      `INSERT INTO attendance_events (id, tenant_id, user_id, outlet_id, clock_in_at, clock_out_at, status, created_at, updated_at) VALUES ($1, $2, $3, $4, '2026-03-02T09:00:00Z', '2026-03-02T16:00:00Z', 'VERIFIED', now(), now())`,
      [randomUUID(), s.tenantA, worker.id, outlet.id],
    );
    const run = (await s.h.request('POST', '/payroll/runs', { token, body: { periodYearMonth: '2026-03' } })).body;
    expect((await s.h.request('POST', `/payroll/runs/${run.id}/export`, { token })).body).to.deep.equal({ message: 'The journal of a run is exportable once the run is approved', error: 'NOT_FINALIZED', statusCode: 409 });
    await s.h.request('POST', `/payroll/runs/${run.id}/approve`, { token });
    expect((await s.h.request('POST', `/payroll/runs/${run.id}/export`, { token })).body).to.deep.equal({ message: 'No accounting provider is connected', error: 'NOT_CONNECTED', statusCode: 409 });
    const { state } = await started();
    await callback(code(), state);
    s.h.clock.advance(45 * 60_000);
    token = await s.h.tokenFor(hr);
    const exported = await s.h.request('POST', `/payroll/runs/${run.id}/export`, { token });
    expect(exported.status, JSON.stringify(exported.body)).to.equal(200);
    expect(exported.body.exportReference).to.match(/^mj-/);
    expect(exported.body.exportedAt).to.equal(s.h.clock.now().toISOString());
    expect(xero.requests.filter((r) => r.path === '/connect/token').map((r) => new URLSearchParams(r.body).get('grant_type')).slice(-1)).to.deep.equal(['refresh_token']);
    const posted = xero.requests.filter((r) => r.path === '/api.xro/2.0/ManualJournals').at(-1)!;
    expect(posted.headers.authorization).to.equal('Bearer access-2');
    const journal = JSON.parse(posted.body).ManualJournals[0];
    expect(journal).to.deep.include({ Narration: 'Payroll 2026-03', Date: '2026-03-31', Status: 'POSTED' });
    // 7 h × 12.34 = 86.38 gross; 20 % = 17.28 (17.276 half up); net 69.10.
    expect(journal.JournalLines).to.deep.equal([
      { LineAmount: 86.38, AccountCode: '477', Description: 'Gross pay 2026-03' },
      { LineAmount: -17.28, AccountCode: '825', Description: 'Tax withholding 2026-03' },
      { LineAmount: -69.1, AccountCode: '814', Description: 'Net pay 2026-03' },
    ]);
    expect(journal.JournalLines.reduce((sum: number, l: { LineAmount: number }) => sum + Math.round(l.LineAmount * 100), 0)).to.equal(0);
    xero.journalStatus = 400;
    expect((await s.h.request('POST', `/payroll/runs/${run.id}/export`, { token })).body).to.deep.equal({ message: 'Xero answered HTTP 400', error: 'Bad Gateway', statusCode: 502 });
    xero.journalStatus = 200;
  });

  it('roles: only HR roles connect, read the connection and export', async () => {
    for (const role of ['AREA_MANAGER', 'STAFF'] as const) {
      const t = await s.tokenAs(role);
      expect((await s.h.request('POST', '/payroll/accounting/connect', { token: t })).status).to.equal(403);
      expect((await s.h.request('GET', '/payroll/accounting', { token: t })).status).to.equal(403);
    }
    expect((await s.h.request('POST', '/payroll/accounting/connect', {})).status).to.equal(401);
  });
});
