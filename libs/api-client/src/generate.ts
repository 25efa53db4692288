import { readFile, writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const HEADER = `/**
 * Generated from the API's OpenAPI document by \`npm run generate -w @wfm/api-client\`; do not edit.
 * A test (schema-drift.int.spec.ts) fails when the document and this file part.
 */

`;

/** The TypeScript types of an OpenAPI document, as openapi-fetch consumes them. */
export async function renderSchema(document: object): Promise<string> {
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0], { alphabetize: false, exportType: false, silent: true });
  return HEADER + astToString(ast);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [from, to] = process.argv.slice(2);
  if (!from || !to) {
    process.stderr.write('usage: node dist/generate.js <openapi.json> <schema.ts>\n');
    process.exit(2);
  }
  await writeFile(to, await renderSchema(JSON.parse(await readFile(from, 'utf8'))));
}
