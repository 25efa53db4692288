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

interface RoledOperation {
  operationId?: string;
  'x-roles'?: string[];
}

/**
 * The roles each operation that signs in a user admits (its `x-roles`), by operationId: what a client
 * asks before offering something that would call it.
 */
export function renderOperationRoles(document: { paths?: Record<string, Record<string, RoledOperation>> }): string {
  const entries = Object.values(document.paths ?? {})
    .flatMap((item) => Object.values(item))
    .filter((op): op is Required<RoledOperation> => op.operationId !== undefined && op['x-roles'] !== undefined)
    .map((op) => `  ${op.operationId}: [${op['x-roles'].map((r) => `'${r}'`).join(', ')}],\n`);
  return `${HEADER}import type { operations } from './schema.js';

/** The roles that may call each operation signing in a user, from the operation's \`x-roles\`. */
export const OPERATION_ROLES = {
${entries.join('')}} as const satisfies Partial<Record<keyof operations, readonly string[]>>;

/** An operation a signed-in user calls. */
export type UserOperation = keyof typeof OPERATION_ROLES;
`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [from, schemaTo, rolesTo] = process.argv.slice(2);
  if (!from || !schemaTo || !rolesTo) {
    process.stderr.write('usage: node dist/generate.js <openapi.json> <schema.ts> <operation-roles.ts>\n');
    process.exit(2);
  }
  const document = JSON.parse(await readFile(from, 'utf8'));
  await writeFile(schemaTo, await renderSchema(document));
  await writeFile(rolesTo, renderOperationRoles(document));
}
