import { expect } from 'chai';
import { createUser, type CreatedUser } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';
import { apiKeyFor } from '../../../test-support/developer-credentials.js';

const UNKNOWN_ID = '7f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b';
const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const NOT_FOUND = { message: 'Policy not found', error: 'Not Found', statusCode: 404 };
const POLICY_KEYS = ['id', 'title', 'body', 'requiresAcknowledgement', 'version', 'active', 'acknowledged', 'createdAt', 'updatedAt'];

function badRequest(...message: string[]) {
  return { message, error: 'Bad Request', statusCode: 400 };
}

describe('policies (HTTP)', () => {
  const s = twoTenantSuite();
  let hr: CreatedUser;
  let hrToken: string;
  let staffToken: string;

  beforeEach(async () => {
    hr = await createUser(s.h.ds, s.tenantA, { role: 'HR_MANAGER' });
    hrToken = await s.h.tokenFor(hr);
    staffToken = await s.h.tokenFor(await createUser(s.h.ds, s.tenantA, { role: 'STAFF' }));
  });

  async function publish(over: Record<string, unknown> = {}, token = hrToken): Promise<{ id: string; [k: string]: unknown }> {
    const res = await s.h.request('POST', '/policies', { token, body: { title: 'Food safety', body: 'Wash hands.', requiresAcknowledgement: true, ...over } });
    expect(res.status).to.equal(201);
    return res.body;
  }
  const list = (token: string) => s.h.request('GET', '/policies', { token });
  const acknowledge = (id: string, token: string) => s.h.request('POST', `/policies/${id}/acknowledge`, { token });
  const patch = (id: string, body: unknown, token = hrToken) => s.h.request('PATCH', `/policies/${id}`, { token, body });

  describe('POST /policies', () => {
    it('publishes version 1, active, not yet acknowledged by the author', async () => {
      const res = await s.h.request('POST', '/policies', { token: hrToken, body: { title: '  Food safety ', body: 'Wash hands.', requiresAcknowledgement: true } });
      expect(res.status).to.equal(201);
      expect(res.body).to.have.all.keys(POLICY_KEYS);
      expect(res.body).to.deep.include({
        title: 'Food safety',
        body: 'Wash hands.',
        requiresAcknowledgement: true,
        version: 1,
        active: true,
        acknowledged: false,
        createdAt: s.h.clock.now().toISOString(),
      });
    });

    it('defaults requiresAcknowledgement to false', async () => {
      expect((await publish({ requiresAcknowledgement: undefined })).requiresAcknowledgement).to.equal(false);
    });

    it('validates the body', async () => {
      const post = (body: unknown) => s.h.request('POST', '/policies', { token: hrToken, body });
      expect((await post({})).body).to.deep.equal(badRequest('title is required', 'body is required'));
      expect((await post({ title: 'T', body: 'B', version: 3 })).body).to.deep.equal(badRequest('property version should not exist'));
      expect((await post({ title: ' ', body: 'B', requiresAcknowledgement: 'yes' })).body).to.deep.equal(
        badRequest('title must be at least 1 characters', 'requiresAcknowledgement must be a boolean'),
      );
      expect((await post({ title: 'x'.repeat(201), body: 'B' })).body).to.deep.equal(badRequest('title must be at most 200 characters'));
    });

    it('is for TENANT_OWNER, COMPANY_ADMIN and HR_MANAGER only; 401 without a JWT or with a developer key', async () => {
      for (const role of ['TENANT_OWNER', 'COMPANY_ADMIN'] as const) await publish({}, await s.tokenAs(role));
      for (const role of ['AREA_MANAGER', 'OPERATIONS_MANAGER', 'OUTLET_MANAGER', 'STAFF'] as const) {
        const res = await s.h.request('POST', '/policies', { token: await s.tokenAs(role), body: { title: 'T', body: 'B' } });
        expect(res.status, role).to.equal(403);
        expect(res.body).to.deep.equal(FORBIDDEN);
      }
      expect((await s.h.request('POST', '/policies', { body: { title: 'T', body: 'B' } })).body).to.deep.equal(UNAUTHORIZED);
      const key = await apiKeyFor(s.h, s.tenantA);
      expect((await s.h.request('POST', '/policies', { headers: { 'x-api-key': key }, body: { title: 'T', body: 'B' } })).status).to.equal(401);
    });
  });

  describe('GET /policies', () => {
    it("lists the tenant's policies oldest first with the caller's own acknowledgement; staff see active ones only", async () => {
      const first = await publish({ title: 'First' });
      s.h.clock.advance(1000);
      const second = await publish({ title: 'Second', requiresAcknowledgement: false });
      s.h.clock.advance(1000);
      const retired = await publish({ title: 'Retired' });
      await patch(retired.id, { active: false });
      await publish({}, await s.tokenAs('TENANT_OWNER', s.tenantB));
      expect((await acknowledge(first.id, staffToken)).status).to.equal(201);

      const staffView = await list(staffToken);
      expect(staffView.status).to.equal(200);
      expect(staffView.body.map((p: { id: string; acknowledged: boolean }) => [p.id, p.acknowledged])).to.deep.equal([
        [first.id, true],
        [second.id, false],
      ]);
      const hrView = await list(hrToken);
      expect(hrView.body.map((p: { id: string; acknowledged: boolean; active: boolean }) => [p.id, p.acknowledged, p.active])).to.deep.equal([
        [first.id, false, true],
        [second.id, false, true],
        [retired.id, false, false],
      ]);
      expect(hrView.body[0]).to.have.all.keys(POLICY_KEYS);
    });

    it('is a bare 401 without a token', async () => {
      expect((await s.h.request('GET', '/policies')).body).to.deep.equal(UNAUTHORIZED);
    });
  });

  describe('PATCH /policies/:id', () => {
    it('raises the version when the body text changes, so earlier acknowledgements lapse', async () => {
      const policy = await publish();
      await acknowledge(policy.id, staffToken);
      const retitled = await patch(policy.id, { title: 'Food hygiene', body: 'Wash hands.' });
      expect(retitled.status).to.equal(200);
      expect(retitled.body).to.deep.include({ title: 'Food hygiene', version: 1 });
      expect((await list(staffToken)).body[0]).to.deep.include({ version: 1, acknowledged: true });

      s.h.clock.advance(5000);
      const rewritten = await patch(policy.id, { body: 'Wash hands for 20 seconds.' });
      expect(rewritten.body).to.deep.include({ body: 'Wash hands for 20 seconds.', version: 2, updatedAt: s.h.clock.now().toISOString() });
      expect((await list(staffToken)).body[0]).to.deep.include({ version: 2, acknowledged: false });
      expect((await acknowledge(policy.id, staffToken)).body).to.deep.include({ version: 2, acknowledged: true });
      expect((await list(staffToken)).body[0].acknowledged).to.equal(true);
    });

    it('changes flags without a new version', async () => {
      const policy = await publish({ requiresAcknowledgement: false });
      const res = await patch(policy.id, { requiresAcknowledgement: true, active: false });
      expect(res.body).to.deep.include({ requiresAcknowledgement: true, active: false, version: 1 });
    });

    it('validates the body and the id', async () => {
      const policy = await publish();
      expect((await patch(policy.id, {})).body).to.deep.equal(badRequest('body must contain at least one of: title, body, requiresAcknowledgement, active'));
      expect((await patch(policy.id, { version: 5 })).body).to.deep.equal(
        badRequest('property version should not exist', 'body must contain at least one of: title, body, requiresAcknowledgement, active'),
      );
      expect((await patch('abc', { active: true })).body).to.deep.equal(badRequest('id must be a UUID'));
    });

    it('is 404 for a policy of another tenant, 403 for STAFF, 401 without a token', async () => {
      const foreign = await publish({}, await s.tokenAs('TENANT_OWNER', s.tenantB));
      expect((await patch(foreign.id, { active: false })).body).to.deep.equal(NOT_FOUND);
      expect((await patch(UNKNOWN_ID, { active: false })).body).to.deep.equal(NOT_FOUND);
      const policy = await publish();
      expect((await patch(policy.id, { active: false }, staffToken)).body).to.deep.equal(FORBIDDEN);
      expect((await s.h.request('PATCH', `/policies/${policy.id}`, { body: { active: false } })).body).to.deep.equal(UNAUTHORIZED);
    });
  });

  describe('POST /policies/:id/acknowledge', () => {
    it('records one acknowledgement of the current version, however often it is repeated', async () => {
      const policy = await publish();
      const first = await acknowledge(policy.id, staffToken);
      expect(first.status).to.equal(201);
      expect(first.body).to.have.all.keys(POLICY_KEYS);
      expect(first.body).to.deep.include({ id: policy.id, acknowledged: true, version: 1 });
      expect((await acknowledge(policy.id, staffToken)).status).to.equal(201);
      const rows = await s.h.ds.query(`SELECT version FROM policy_acknowledgements WHERE policy_id = $1`, [policy.id]);
      expect(rows).to.deep.equal([{ version: 1 }]);
    });

    it('is 409 for an inactive policy, 404 for another tenant, 400 for a bad id, 401 without a token', async () => {
      const policy = await publish();
      await patch(policy.id, { active: false });
      expect((await acknowledge(policy.id, staffToken)).body).to.deep.equal({ message: 'This policy is not active', error: 'Conflict', statusCode: 409 });
      const foreign = await publish({}, await s.tokenAs('TENANT_OWNER', s.tenantB));
      expect((await acknowledge(foreign.id, staffToken)).body).to.deep.equal(NOT_FOUND);
      expect((await acknowledge('abc', staffToken)).body).to.deep.equal(badRequest('id must be a UUID'));
      expect((await s.h.request('POST', `/policies/${policy.id}/acknowledge`)).body).to.deep.equal(UNAUTHORIZED);
    });
  });
});
