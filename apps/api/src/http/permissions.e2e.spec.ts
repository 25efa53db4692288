import { expect } from 'chai';
import { uuid } from '@wfm/core/crypto';
import { ROLES, type Role } from '@wfm/core/tenancy';
import { createTenant, createUser } from '@wfm/testing/factories';
import { ApiHarness } from '../test-support/harness.js';

const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
/** Every path parameter gets an id nothing has: the role check must answer before anything looks it up. */
const concrete = (path: string) => path.replace(/\{\w+\}/g, uuid());

type Operation = { security?: object[]; 'x-roles'?: Role[] };
interface UserRoute {
  route: string;
  method: string;
  path: string;
  admitted: Role[];
}

/** The routes that sign in a user, with the roles the OpenAPI document says each admits (from its declaration). */
function userRoutes(doc: { paths: Record<string, Record<string, Operation>> }): UserRoute[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, op]) => op.security?.some((s) => 'bearerJwt' in s))
      .map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, admitted: op['x-roles'] ?? [] })),
  );
}

describe('route roles (HTTP)', () => {
  let h: ApiHarness;
  let doc: { paths: Record<string, Record<string, Operation>> };
  let routes: UserRoute[];
  const tokens = new Map<Role, string>();

  before(async () => {
    h = await ApiHarness.start();
    const tenant = await createTenant(h.ds, { plan: 'ENTERPRISE' });
    for (const role of ROLES) tokens.set(role, await h.tokenFor(await createUser(h.ds, tenant.id, { role })));
    doc = (await h.request('GET', '/openapi.json')).body as typeof doc;
    routes = userRoutes(doc);
  });
  after(async () => h.stop());

  it('documents x-roles, TENANT_GROUP_OWNER among them, on exactly the routes that sign in a user', () => {
    expect(routes.length).to.be.greaterThan(150);
    for (const { route, admitted } of routes) expect(admitted, route).to.include('TENANT_GROUP_OWNER');
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        if (!op.security?.some((s) => 'bearerJwt' in s)) expect(op, `${method} ${path}`).not.to.have.property('x-roles');
      }
    }
  });

  it('shows the roles each route declares (spot checks across the role sets)', () => {
    const admitted = Object.fromEntries(routes.map((r) => [r.route, r.admitted]));
    expect(admitted).to.deep.include({
      'GET /access/reports/who-where': ['TENANT_GROUP_OWNER', 'TENANT_OWNER', 'COMPANY_ADMIN', 'HR_MANAGER', 'AREA_MANAGER'],
      'GET /access/audit': ['TENANT_GROUP_OWNER', 'TENANT_OWNER', 'COMPANY_ADMIN', 'HR_MANAGER', 'AREA_MANAGER', 'OUTLET_MANAGER'],
      'POST /access/signing-keys/rotate': ['TENANT_GROUP_OWNER', 'TENANT_OWNER', 'COMPANY_ADMIN'],
      'GET /users': ['TENANT_GROUP_OWNER', 'TENANT_OWNER', 'COMPANY_ADMIN', 'HR_MANAGER', 'AREA_MANAGER', 'OPERATIONS_MANAGER', 'OUTLET_MANAGER'],
      'POST /users': ['TENANT_GROUP_OWNER', 'TENANT_OWNER', 'COMPANY_ADMIN', 'HR_MANAGER'],
      'GET /users/{id}': [...ROLES],
      'POST /kiosks': ['TENANT_GROUP_OWNER', 'TENANT_OWNER', 'COMPANY_ADMIN', 'AREA_MANAGER', 'OPERATIONS_MANAGER', 'OUTLET_MANAGER'],
      'POST /scheduler/rosters/{id}/approve': ['TENANT_GROUP_OWNER', 'TENANT_OWNER', 'COMPANY_ADMIN', 'HR_MANAGER', 'AREA_MANAGER'],
      'PATCH /outlets/{id}': ['TENANT_GROUP_OWNER', 'TENANT_OWNER', 'COMPANY_ADMIN', 'AREA_MANAGER', 'OPERATIONS_MANAGER'],
    });
  });

  it('answers 403 to every role outside a route’s x-roles, before validation and lookups', async () => {
    let refused = 0;
    for (const { route, method, path, admitted } of routes) {
      for (const role of ROLES.filter((r) => !admitted.includes(r))) {
        const res = await h.request(method, concrete(path), { token: tokens.get(role)! });
        expect({ route, role, status: res.status, body: res.body }).to.deep.equal({ route, role, status: 403, body: FORBIDDEN });
        refused++;
      }
    }
    expect(refused).to.be.greaterThan(100);
  });

  it('lets the lowest-ranked admitted role past the role check of every restricted route', async () => {
    for (const { route, method, path, admitted } of routes.filter((r) => r.admitted.length < ROLES.length)) {
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
