import { readFile } from 'node:fs/promises';
import { expect } from 'chai';
import { exportOpenApi } from '@wfm/api/openapi-export';
import { renderOperationRoles, renderSchema } from './generate.js';

const committed = (name: string) => readFile(new URL(`../src/${name}`, import.meta.url), 'utf8');

describe('the generated API client', () => {
  it('is generated from the current OpenAPI document (else: npm run build && npm run generate -w @wfm/api-client)', async () => {
    const document = await exportOpenApi();
    const schema = await renderSchema(document);
    const roles = renderOperationRoles(document);
    expect(schema === (await committed('schema.ts')), 'libs/api-client/src/schema.ts is out of date: npm run build && npm run generate -w @wfm/api-client').to.equal(true);
    expect(roles === (await committed('operation-roles.ts')), 'libs/api-client/src/operation-roles.ts is out of date: npm run build && npm run generate -w @wfm/api-client').to.equal(true);
  });
});
