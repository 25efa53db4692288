import { expect } from 'chai';
import type { Scope } from '@wfm/core/scopes';
import { createUser } from '@wfm/testing/factories';
import type { ApiHarness, HttpResult } from './harness.js';
import { apiKeyFor } from './developer-credentials.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };

/** Sends one request to the route under test; `credential` goes in `Authorization: Bearer`. */
export type DeveloperRouteCall = (credential: string | null, headers?: Record<string, string>) => Promise<HttpResult>;

/**
 * Registers the credential tests every scoped /public route owes (spec 01, Authentication rules
 * 2, 4, 5 and 9). `ctx` is read when the tests run, after the file's beforeEach has set it up.
 */
export function itChecksDeveloperCredentials(ctx: () => { h: ApiHarness; tenantId: string }, scope: Scope, send: DeveloperRouteCall): void {
  it('is a bare 401 without a credential, with a user JWT, and with an unknown key', async () => {
    const { h, tenantId } = ctx();
    expect((await send(null)).body).to.deep.equal(UNAUTHORIZED);
    const jwt = await h.tokenFor(await createUser(h.ds, tenantId, { role: 'TENANT_OWNER' }));
    const withJwt = await send(jwt);
    expect(withJwt.status).to.equal(401);
    expect(withJwt.body).to.deep.equal(UNAUTHORIZED);
    expect((await send(`svc_live_${'x'.repeat(43)}`)).body).to.deep.equal(UNAUTHORIZED);
  });

  it(`is 403 for a key without ${scope}`, async () => {
    const { h, tenantId } = ctx();
    const res = await send(await apiKeyFor(h, tenantId, ['outlets:read', 'employees:read']));
    expect(res.status).to.equal(403);
    expect(res.body).to.include({ error: 'Forbidden', statusCode: 403 });
  });

  it('is 403 once the tenant leaves ENTERPRISE or switches the developer API off after the key was made', async () => {
    const { h, tenantId } = ctx();
    const key = await apiKeyFor(h, tenantId, [scope]);
    await h.ds.query(`UPDATE tenants SET plan = 'GROWTH' WHERE id = $1`, [tenantId]);
    const plan = await send(key);
    expect(plan.status).to.equal(403);
    expect(plan.body).to.include({ error: 'ModuleNotEntitled', statusCode: 403 });
    await h.ds.query(`UPDATE tenants SET plan = 'ENTERPRISE', public_api_enabled = false WHERE id = $1`, [tenantId]);
    const off = await send(key);
    expect(off.status).to.equal(403);
    expect(off.body).to.include({ error: 'Forbidden', statusCode: 403 });
  });

  it('accepts the key as Authorization: Bearer and as X-API-Key', async () => {
    const { h, tenantId } = ctx();
    const key = await apiKeyFor(h, tenantId, [scope]);
    expect((await send(key)).status).to.be.within(200, 201);
    expect((await send(null, { 'x-api-key': key })).status).to.be.within(200, 201);
  });
}
