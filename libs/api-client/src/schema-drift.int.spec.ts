import { readFile } from 'node:fs/promises';
import { expect } from 'chai';
import { exportOpenApi } from '@wfm/api/openapi-export';
import { renderSchema } from './generate.js';

describe('the generated API client', () => {
  it('is generated from the current OpenAPI document (else: npm run build && npm run generate -w @wfm/api-client)', async () => {
    const committed = await readFile(new URL('../src/schema.ts', import.meta.url), 'utf8');
    const current = await renderSchema(await exportOpenApi());
    expect(current === committed, 'libs/api-client/src/schema.ts is out of date: npm run build && npm run generate -w @wfm/api-client').to.equal(true);
  });
});
