import { expect } from 'chai';
import { ROLES, type Plan, type Role } from '@wfm/core/tenancy';
import { createTenant, createUser } from '@wfm/testing/factories';
import { ApiHarness, TEST_PLATFORM_TOKEN } from '../../../test-support/harness.js';

const OPERATOR = 'operator@platform.example';
const ASKERS: Role[] = ['TENANT_GROUP_OWNER', 'TENANT_OWNER', 'COMPANY_ADMIN'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const THROTTLED = { statusCode: 429, message: 'ThrottlerException: Too Many Requests' };

const PLANS_TABLE = [
  { plan: 'FREE', features: [] },
  { plan: 'BASIC', features: [] },
  {
    plan: 'GROWTH',
    features: [
      { id: 'accessControl', name: 'access control' },
      { id: 'webhooks', name: 'webhooks' },
    ],
  },
  {
    plan: 'ENTERPRISE',
    features: [
      { id: 'accessControl', name: 'access control' },
      { id: 'webhooks', name: 'webhooks' },
      { id: 'developerApi', name: 'the developer API' },
      { id: 'scim', name: 'SCIM provisioning' },
      { id: 'sso', name: 'single sign-on' },
    ],
  },
];

describe('plans: GET /tenant/plan, POST /tenant/plan-requests and the operator’s GET /platform/plan-requests (HTTP)', () => {
  let h: ApiHarness;
  before(async () => {
    // A database of its own: the operator's list reads every tenant's requests.
    h = await ApiHarness.start({ SALES_LEADS_EMAIL: OPERATOR }, { freshDatabase: true });
  });
  after(async () => h.stop());

  let tag = 0;
  async function signedIn(role: Role, plan: Plan = 'FREE') {
    tag += 1;
    const tenant = await createTenant(h.ds, { plan, name: `Bakery ${tag}` });
    const user = await createUser(h.ds, tenant.id, { role, fullName: `Ann ${tag}`, email: `ann.${tag}@bakery.test` });
    return { tenant, user, token: await h.tokenFor(user) };
  }
  const ask = (token: string | undefined, body: unknown) => {
    h.clock.advance(1);
    return h.request('POST', '/tenant/plan-requests', { token, body });
  };
  const operatorUpdate = (tenantId: string, plan: Plan) => h.request('PATCH', `/platform/tenants/${tenantId}`, { token: TEST_PLATFORM_TOKEN, body: { plan } });

  describe('GET /tenant/plan', () => {
    it('answers a FREE tenant its plan, no features, every plan with what it includes, and no request', async () => {
      const { token } = await signedIn('TENANT_OWNER', 'FREE');
      const res = await h.request('GET', '/tenant/plan', { token });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ plan: 'FREE', features: [], plans: PLANS_TABLE, pendingRequest: null });
    });

    it('lists the features of the plan, in the plan table’s order', async () => {
      for (const [plan, features] of [
        ['BASIC', []],
        ['GROWTH', ['accessControl', 'webhooks']],
        ['ENTERPRISE', ['accessControl', 'webhooks', 'developerApi', 'scim', 'sso']],
      ] as const) {
        const { token } = await signedIn('COMPANY_ADMIN', plan);
        expect((await h.request('GET', '/tenant/plan', { token })).body.features, plan).to.deep.equal(features);
      }
    });

    for (const role of ROLES) {
      it(`is open to ${role}`, async () => {
        const { token } = await signedIn(role, 'GROWTH');
        const res = await h.request('GET', '/tenant/plan', { token });
        expect([res.status, res.body.plan]).to.deep.equal([200, 'GROWTH']);
      });
    }

    it('is a bare 401 without a token or with a garbage one', async () => {
      for (const token of [undefined, 'not-a-jwt']) expect(await h.request('GET', '/tenant/plan', { token })).to.deep.include({ status: 401, body: UNAUTHORIZED });
    });

    it('shows the caller’s own tenant’s pending request and never another tenant’s', async () => {
      const a = await signedIn('TENANT_OWNER', 'FREE');
      const b = await signedIn('TENANT_OWNER', 'FREE');
      const staffOfA = await createUser(h.ds, a.tenant.id, { role: 'STAFF' });
      const asked = await ask(b.token, { plan: 'GROWTH' });
      expect(asked.status).to.equal(201);
      expect((await h.request('GET', '/tenant/plan', { token: a.token })).body.pendingRequest).to.equal(null);
      expect((await h.request('GET', '/tenant/plan', { token: b.token })).body.pendingRequest).to.deep.equal(asked.body);
      await ask(a.token, { plan: 'ENTERPRISE' });
      expect((await h.request('GET', '/tenant/plan', { token: await h.tokenFor(staffOfA) })).body.pendingRequest).to.include({ tenantId: a.tenant.id, plan: 'ENTERPRISE' });
    });

    it('carries the default limit of 120 per 60 s, and answers the 121st call with 429', async () => {
      const { token } = await signedIn('STAFF');
      const first = await h.request('GET', '/tenant/plan', { token });
      expect([first.headers.get('x-ratelimit-limit'), first.headers.get('x-ratelimit-remaining')]).to.deep.equal(['120', '119']);
      for (let i = 1; i < 120; i++) expect((await h.request('GET', '/tenant/plan', { token })).status).to.equal(200);
      const res = await h.request('GET', '/tenant/plan', { token });
      expect([res.status, res.body]).to.deep.equal([429, THROTTLED]);
      expect(res.headers.get('retry-after')).to.match(/^\d+$/);
    });
  });

  describe('POST /tenant/plan-requests', () => {
    it('stores the request, mails it to the operator through the outbox, and answers 201 with it', async () => {
      const { tenant, user, token } = await signedIn('TENANT_OWNER', 'FREE');
      const res = await ask(token, { plan: 'GROWTH', message: '  We are opening a second café with doors.  ' });
      expect(res.status).to.equal(201);
      expect(res.body.id).to.match(UUID);
      expect(res.body).to.deep.equal({
        id: res.body.id,
        tenantId: tenant.id,
        tenantName: tenant.name,
        requestedBy: { id: user.id, fullName: user.fullName, email: user.email },
        currentPlan: 'FREE',
        plan: 'GROWTH',
        message: 'We are opening a second café with doors.',
        status: 'PENDING',
        grantedPlan: null,
        createdAt: h.clock.now().toISOString(),
        closedAt: null,
      });
      const mail = (await h.mailsTo(OPERATOR, tenant.id)).at(-1)!;
      expect(mail).to.deep.include({ template: 'plan_request', subject: `Plan request: ${tenant.name} asks for GROWTH` });
      expect(mail.text).to.contain(`${tenant.name} asks to move from the FREE plan to GROWTH.`).and.contain('Message:\nWe are opening a second café with doors.');
      expect(mail.text).to.contain(`npm run cli -- tenant:update --id ${tenant.id} --plan GROWTH`);
      expect((await h.request('GET', '/tenant/plan', { token })).body.pendingRequest).to.deep.equal(res.body);
    });

    it('takes a request without a message', async () => {
      const { tenant, token } = await signedIn('COMPANY_ADMIN', 'BASIC');
      const res = await ask(token, { plan: 'ENTERPRISE' });
      expect(res.status).to.equal(201);
      expect(res.body).to.include({ currentPlan: 'BASIC', plan: 'ENTERPRISE', message: null });
      expect((await h.mailsTo(OPERATOR, tenant.id)).at(-1)!.text).to.contain('No message.');
    });

    it('is 409 while a request waits, whoever of the tenant asks, and mails nothing more', async () => {
      const { tenant, token } = await signedIn('TENANT_OWNER', 'FREE');
      const admin = await createUser(h.ds, tenant.id, { role: 'COMPANY_ADMIN' });
      expect((await ask(token, { plan: 'GROWTH' })).status).to.equal(201);
      const mails = (await h.mailsTo(OPERATOR, tenant.id)).length;
      for (const t of [token, await h.tokenFor(admin)]) {
        const res = await ask(t, { plan: 'ENTERPRISE' });
        expect([res.status, res.body]).to.deep.equal([409, { message: 'An upgrade request is already waiting for the operator', error: 'Conflict', statusCode: 409 }]);
      }
      expect(await h.mailsTo(OPERATOR, tenant.id)).to.have.length(mails);
      expect(await h.ds.query(`SELECT requested_plan FROM plan_requests WHERE tenant_id = $1`, [tenant.id])).to.deep.equal([{ requested_plan: 'GROWTH' }]);
    });

    it('is 422 for a plan that is not higher than the current one', async () => {
      const { token } = await signedIn('TENANT_OWNER', 'GROWTH');
      for (const plan of ['GROWTH', 'BASIC', 'FREE']) {
        const res = await ask(token, { plan });
        expect([res.status, res.body]).to.deep.equal([422, { message: `The ${plan} plan is not higher than your GROWTH plan`, error: 'Unprocessable Entity', statusCode: 422 }]);
      }
    });

    const invalid: Array<[string, unknown, string[]]> = [
      ['a missing plan', {}, ['plan is required']],
      ['a plan that does not exist', { plan: 'PLATINUM' }, ["plan must be one of the following values: FREE, BASIC, GROWTH, ENTERPRISE"]],
      ['a message over 1000 characters', { plan: 'GROWTH', message: 'm'.repeat(1001) }, ['message must be at most 1000 characters']],
      ['a message that is not text', { plan: 'GROWTH', message: 7 }, ['message must be a string']],
      ['an unknown property', { plan: 'GROWTH', seats: 40 }, ['property seats should not exist']],
      ['a body that is not an object', [], ['body must be a JSON object']],
    ];
    for (const [what, body, messages] of invalid) {
      it(`is 400 for ${what}, and stores nothing`, async () => {
        const { tenant, token } = await signedIn('TENANT_OWNER');
        const res = await ask(token, body);
        expect([res.status, res.body]).to.deep.equal([400, badRequest(...messages)]);
        expect(await h.ds.query(`SELECT 1 FROM plan_requests WHERE tenant_id = $1`, [tenant.id])).to.deep.equal([]);
      });
    }

    for (const role of ASKERS) {
      it(`is open to ${role}`, async () => {
        const { token } = await signedIn(role);
        expect((await ask(token, { plan: 'GROWTH' })).status).to.equal(201);
      });
    }

    for (const role of ROLES.filter((r) => !ASKERS.includes(r))) {
      it(`is 403 for ${role}, and stores nothing`, async () => {
        const { tenant, token } = await signedIn(role);
        expect(await ask(token, { plan: 'GROWTH' })).to.deep.include({ status: 403, body: FORBIDDEN });
        expect(await h.ds.query(`SELECT 1 FROM plan_requests WHERE tenant_id = $1`, [tenant.id])).to.deep.equal([]);
      });
    }

    it('is a bare 401 without a token or with a garbage one', async () => {
      for (const token of [undefined, 'not-a-jwt']) expect(await ask(token, { plan: 'GROWTH' })).to.deep.include({ status: 401, body: UNAUTHORIZED });
    });

    it('keeps tenants apart: one tenant’s pending request neither blocks nor shows in another’s', async () => {
      const a = await signedIn('TENANT_OWNER');
      const b = await signedIn('TENANT_OWNER');
      expect((await ask(a.token, { plan: 'GROWTH' })).status).to.equal(201);
      const res = await ask(b.token, { plan: 'GROWTH' });
      expect([res.status, res.body.tenantId]).to.deep.equal([201, b.tenant.id]);
    });

    it('carries the default rate limit of 120 per 60 s', async () => {
      const { token } = await signedIn('TENANT_OWNER');
      const res = await ask(token, { plan: 'GROWTH' });
      expect([res.headers.get('x-ratelimit-limit'), res.headers.get('x-ratelimit-remaining')]).to.deep.equal(['120', '119']);
    });

    it('answers a retry with the same Idempotency-Key with the first answer, not a 409, and mails once', async () => {
      const { tenant, token } = await signedIn('TENANT_OWNER', 'FREE');
      const headers = { 'idempotency-key': 'plan-request-1' };
      const first = await h.request('POST', '/tenant/plan-requests', { token, body: { plan: 'GROWTH' }, headers });
      const retry = await h.request('POST', '/tenant/plan-requests', { token, body: { plan: 'GROWTH' }, headers });
      expect([retry.status, retry.body, retry.headers.get('idempotent-replayed')]).to.deep.equal([201, first.body, 'true']);
      expect(await h.mailsTo(OPERATOR, tenant.id)).to.have.length(1);
    });

    it('is closed by the operator’s plan change (DONE, with the plan granted), after which the tenant may ask again', async () => {
      const { tenant, token } = await signedIn('TENANT_OWNER', 'FREE');
      const asked = await ask(token, { plan: 'ENTERPRISE' });
      h.clock.advance(60_000);
      expect((await operatorUpdate(tenant.id, 'GROWTH')).status).to.equal(200);
      const [row] = await h.ds.query(`SELECT status, granted_plan, closed_at FROM plan_requests WHERE id = $1`, [asked.body.id]);
      expect(row).to.deep.equal({ status: 'DONE', granted_plan: 'GROWTH', closed_at: h.clock.now() });
      const plan = await h.request('GET', '/tenant/plan', { token: await h.tokenFor({ id: asked.body.requestedBy.id, tenantId: tenant.id }) });
      expect(plan.body).to.include({ plan: 'GROWTH', pendingRequest: null });
      expect((await ask(token, { plan: 'ENTERPRISE' })).body).to.include({ currentPlan: 'GROWTH', plan: 'ENTERPRISE', status: 'PENDING' });
    });

    it('is left alone by an operator change that does not touch the plan', async () => {
      const { tenant, token } = await signedIn('TENANT_OWNER', 'FREE');
      const asked = await ask(token, { plan: 'GROWTH' });
      expect((await h.request('PATCH', `/platform/tenants/${tenant.id}`, { token: TEST_PLATFORM_TOKEN, body: { ssoEnabled: true } })).status).to.equal(200);
      expect((await h.request('GET', '/tenant/plan', { token })).body.pendingRequest).to.deep.equal(asked.body);
    });
  });

  describe('GET /platform/plan-requests', () => {
    it('lists every tenant’s requests newest first, paged and by status, for the operator', async () => {
      const older = await signedIn('TENANT_OWNER', 'FREE');
      const newer = await signedIn('COMPANY_ADMIN', 'BASIC');
      const first = await ask(older.token, { plan: 'GROWTH', message: 'Doors, please.' });
      h.clock.advance(1000);
      const second = await ask(newer.token, { plan: 'ENTERPRISE' });
      const res = await h.request('GET', '/platform/plan-requests?limit=2', { token: TEST_PLATFORM_TOKEN });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ data: [second.body, first.body], pagination: { limit: 2, offset: 0, count: 2 } });
      expect((await h.request('GET', '/platform/plan-requests?limit=1&offset=1', { token: TEST_PLATFORM_TOKEN })).body.data).to.deep.equal([first.body]);
      h.clock.advance(1000);
      await operatorUpdate(older.tenant.id, 'GROWTH');
      const pending = await h.request('GET', '/platform/plan-requests?status=PENDING&limit=200', { token: TEST_PLATFORM_TOKEN });
      expect(pending.body.data.map((r: { id: string }) => r.id)).to.include(second.body.id).and.not.include(first.body.id);
      const done = await h.request('GET', '/platform/plan-requests?status=DONE&limit=200', { token: TEST_PLATFORM_TOKEN });
      expect(done.body.data.find((r: { id: string }) => r.id === first.body.id)).to.deep.equal({ ...first.body, status: 'DONE', grantedPlan: 'GROWTH', closedAt: h.clock.now().toISOString() });
    });

    it('is 400 for a status that does not exist or an undeclared parameter', async () => {
      expect((await h.request('GET', '/platform/plan-requests?status=OPEN', { token: TEST_PLATFORM_TOKEN })).body).to.deep.equal(badRequest('status must be one of the following values: PENDING, DONE'));
      expect((await h.request('GET', '/platform/plan-requests?tenant=x', { token: TEST_PLATFORM_TOKEN })).body).to.deep.equal(badRequest('property tenant should not exist'));
    });

    it('does not exist for anyone without the platform token: a tenant owner, a developer key, a wrong token', async () => {
      const tenant = await createTenant(h.ds);
      const owner = await createUser(h.ds, tenant.id, { role: 'TENANT_OWNER' });
      for (const token of [undefined, await h.tokenFor(owner), `svc_live_${'a'.repeat(43)}`, 'platform-token-but-wrong-0123456789']) {
        const res = await h.request('GET', '/platform/plan-requests', { token });
        expect([res.status, res.body]).to.deep.equal([404, { message: 'Cannot GET /api/v1/platform/plan-requests', error: 'Not Found', statusCode: 404 }]);
      }
    });
  });
});

describe('plan requests without SALES_LEADS_EMAIL (HTTP)', () => {
  let h: ApiHarness;
  before(async () => {
    h = await ApiHarness.start();
  });
  after(async () => h.stop());

  it('stores the request and mails nobody', async () => {
    const tenant = await createTenant(h.ds, { plan: 'FREE' });
    const owner = await createUser(h.ds, tenant.id, { role: 'TENANT_OWNER' });
    const res = await h.request('POST', '/tenant/plan-requests', { token: await h.tokenFor(owner), body: { plan: 'GROWTH' } });
    expect(res.status).to.equal(201);
    expect(await h.ds.query(`SELECT status FROM plan_requests WHERE tenant_id = $1`, [tenant.id])).to.deep.equal([{ status: 'PENDING' }]);
    expect(await h.ds.query(`SELECT 1 FROM mail_outbox WHERE tenant_id = $1 AND template = 'plan_request'`, [tenant.id])).to.deep.equal([]);
  });
});
