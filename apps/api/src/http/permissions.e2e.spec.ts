import { expect } from 'chai';
import { uuid } from '@wfm/core/crypto';
import { ROLES, type Role } from '@wfm/core/tenancy';
import { createTenant, createUser } from '@wfm/testing/factories';
import { ApiHarness } from '../test-support/harness.js';
import { ROUTE_ROLES } from './permissions.js';

const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const ROUTES = Object.entries(ROUTE_ROLES).map(([route, roles]) => {
  const [method, path] = route.split(' ') as [string, string];
  // TENANT_GROUP_OWNER passes every role check (spec 03) without being listed.
  return { route, method, path, admitted: ROLES.filter((role) => role === 'TENANT_GROUP_OWNER' || roles.includes(role)) };
});
/** Every path parameter gets an id nothing has: the role check must answer before anything looks it up. */
const concrete = (path: string) => path.replace(/:\w+/g, uuid());

describe('permission matrix (HTTP)', () => {
  let h: ApiHarness;
  const tokens = new Map<Role, string>();

  before(async () => {
    h = await ApiHarness.start();
    const tenant = await createTenant(h.ds, { plan: 'ENTERPRISE' });
    for (const role of ROLES) tokens.set(role, await h.tokenFor(await createUser(h.ds, tenant.id, { role })));
  });
  after(async () => h.stop());

  it('has an entry for exactly the routes that sign in a user, and the OpenAPI document shows it as x-roles', async () => {
    const doc = (await h.request('GET', '/openapi.json')).body as { paths: Record<string, Record<string, { security?: object[]; 'x-roles'?: string[] }>> };
    const shown: Record<string, string[] | undefined> = {};
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const route = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
        if (op.security?.some((s) => 'bearerJwt' in s)) shown[route] = op['x-roles'];
        else expect(op, route).not.to.have.property('x-roles');
      }
    }
    expect(shown).to.deep.equal(Object.fromEntries(ROUTES.map((r) => [r.route, r.admitted])));
  });

  it('answers 403 to every role outside a route’s entry, before validation and lookups', async () => {
    let refused = 0;
    for (const { route, method, path, admitted } of ROUTES) {
      for (const role of ROLES.filter((r) => !admitted.includes(r))) {
        const res = await h.request(method, concrete(path), { token: tokens.get(role)! });
        expect({ route, role, status: res.status, body: res.body }).to.deep.equal({ route, role, status: 403, body: FORBIDDEN });
        refused++;
      }
    }
    expect(refused).to.be.greaterThan(100);
  });

  it('lets the lowest-ranked admitted role past the role check of every restricted route', async () => {
    for (const { route, method, path, admitted } of ROUTES.filter((r) => r.admitted.length < ROLES.length)) {
      const role = admitted[admitted.length - 1]!;
      const res = await h.request(method, concrete(path), { token: tokens.get(role)! });
      expect({ route, role, body: res.body }).not.to.deep.equal({ route, role, body: FORBIDDEN });
    }
  });

  it('keeps the access plan gate ahead of the role check: a tenant without access control hears 402 whoever calls', async () => {
    const tenant = await createTenant(h.ds, { plan: 'BASIC' });
    const token = await h.tokenFor(await createUser(h.ds, tenant.id, { role: 'STAFF' }));
    for (const [method, path] of [['GET', '/access/zones'], ['POST', '/access/signing-keys/rotate'], ['GET', '/access/audit']] as const) {
      expect((await h.request(method, path, { token })).status, `${method} ${path}`).to.equal(402);
    }
  });
});
