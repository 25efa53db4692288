import { expect } from 'chai';
import { renderOperationRoles } from './generate.js';

describe('renderOperationRoles', () => {
  it('lists the x-roles of each operation that has them, by operationId, and nothing else', () => {
    const out = renderOperationRoles({
      paths: {
        '/users': { get: { operationId: 'getUsers', 'x-roles': ['TENANT_OWNER', 'HR_MANAGER'] }, post: { operationId: 'postUsers', 'x-roles': ['TENANT_OWNER'] } },
        '/auth/login': { post: { operationId: 'postAuthLogin' } },
      },
    });
    expect(out).to.contain("  getUsers: ['TENANT_OWNER', 'HR_MANAGER'],\n  postUsers: ['TENANT_OWNER'],\n} as const");
    expect(out).not.to.contain('postAuthLogin');
  });
});
