import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { DENY_REASONS } from '@wfm/access/decision';
import { ApiHarness } from '../test-support/harness.js';
import { slugOf } from '../modules/platform/docs/docs-by-tag.js';

const CONFIG = fileURLToPath(new URL('../../../../redocly.yaml', import.meta.url));

/** The only findings allowed, each with its reason. Errors are never allowed. */
const ALLOWED: Array<{ rule: string; pointer: string; why: string }> = [
  { rule: 'no-server-example.com', pointer: '#/servers/0/url', why: 'the server is PUBLIC_APP_URL, which is localhost in the test harness and in development' },
  { rule: 'operation-4xx-response', pointer: '#/paths/~1health/get/responses', why: 'liveness answers 200 or nothing: no client error exists' },
  { rule: 'operation-4xx-response', pointer: '#/paths/~1status/get/responses', why: 'readiness answers 200 or 503: no client error exists' },
  // A provider's redirect back is a browser navigation: every outcome, failures included, is a redirect to the web app.
  { rule: 'operation-2xx-response', pointer: '#/paths/~1auth~1sso~1callback/get/responses', why: 'OIDC return: always a redirect to the web app' },
  { rule: 'operation-2xx-response', pointer: '#/paths/~1auth~1sso~1saml~1acs/post/responses', why: 'SAML ACS: always a redirect to the web app' },
  { rule: 'operation-2xx-response', pointer: '#/paths/~1auth~1google~1callback/get/responses', why: 'Google return: always a redirect to the web app' },
];

type Media = Record<string, { schema?: unknown; example?: unknown; examples?: unknown }>;
type Operation = { operationId?: string; tags: string[]; security?: unknown[]; requestBody?: { content: Media }; responses: Record<string, { content?: Media; headers?: Record<string, unknown> }> };

function operations(doc: { paths: Record<string, Record<string, Operation>> }): Array<[string, Operation]> {
  return Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op] as [string, Operation]));
}

describe('the OpenAPI documents (Redocly lint, operations, error bodies)', () => {
  let h: ApiHarness;
  before(async () => {
    h = await ApiHarness.start();
  });
  after(async () => h.stop());

  /** Lint findings outside ALLOWED, and every error. */
  async function unexpectedFindings(path: string): Promise<string[]> {
    const doc = await h.request('GET', path);
    expect(doc.status, path).to.equal(200);
    const config = await loadConfig({ configPath: CONFIG });
    const problems = await lintFromString({ source: JSON.stringify(doc.body), absoluteRef: path, config });
    return problems
      .filter((p) => p.severity === 'error' || !ALLOWED.some((a) => a.rule === p.ruleId && a.pointer === p.location[0]?.pointer))
      .map((p) => `${path}: ${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`);
  }

  it("each area's document of the docs pages (/docs/<area>/openapi.json): no lint errors, and warnings only from the commented list", async () => {
    const whole = (await h.request('GET', '/openapi.json')).body;
    const slugs = new Set(operations(whole).map(([, op]) => slugOf(op.tags[0]!)));
    expect(slugs.size).to.be.greaterThan(10);
    const unexpected: string[] = [];
    for (const slug of slugs) unexpected.push(...(await unexpectedFindings(`/docs/${slug}/openapi.json`)));
    expect(unexpected).to.deep.equal([]);
  });

  for (const path of ['/openapi.json', '/public/openapi.json']) {
    it(`${path}: no lint errors, and warnings only from the commented list`, async () => {
      expect(await unexpectedFindings(path)).to.deep.equal([]);
    });

    it(`${path}: every operation has a unique operationId, security (empty when public) and a body schema for every error`, async () => {
      const doc = (await h.request('GET', path)).body;
      const ops = operations(doc);
      expect(ops.length).to.be.greaterThan(10);
      const ids = ops.map(([, op]) => op.operationId);
      expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id))).to.equal(true);
      expect(new Set(ids).size).to.equal(ids.length);
      for (const [name, op] of ops) {
        expect(op.security, name).to.be.an('array');
        for (const [status, response] of Object.entries(op.responses)) {
          expect(response.headers, `${name} ${status}`).to.have.property('X-Request-Id');
          if (Number(status) >= 400 && status !== '429') expect(response.content, `${name} ${status}`).to.have.property('application/json');
        }
      }
    });
  }

  it('documents the door routes the daemon serves, with the reader-key scheme and the schemas it validates with', async () => {
    const doc = (await h.request('GET', '/openapi.json')).body;
    const verify = doc.paths['/access/verify'].post;
    expect(verify.security).to.deep.equal([{ readerKey: [] }]);
    expect(doc.components.securitySchemes.readerKey).to.include({ type: 'http', scheme: 'bearer' });
    expect(Object.keys(verify.responses)).to.include.members(['200', '400', '401', '402', '429', '503']);
    expect(verify.requestBody.content['application/json'].example).to.have.keys(['credentialId', 'readerId', 'source']);
    const deny = verify.responses['200'].content['application/json'].schema.oneOf.find((s: { properties: { decision: { enum: string[] } } }) => s.properties.decision.enum[0] === 'DENY');
    expect(deny.properties.reason.enum).to.deep.equal(DENY_REASONS.map((r) => r.reason));
    const heartbeat = doc.paths['/access/reader-heartbeat'].post;
    expect(heartbeat.requestBody.content['application/json'].schema.required).to.have.members(['readerId', 'firmwareVersion', 'ipAddress']);
    expect(heartbeat.responses).to.have.property('409');
  });

  it('gives every request body and every response body an example (checked against its schema by the lint above)', async () => {
    for (const path of ['/openapi.json', '/public/openapi.json']) {
      const ops = operations((await h.request('GET', path)).body);
      for (const [name, op] of ops) {
        const media = [...Object.values(op.requestBody?.content ?? {}), ...Object.values(op.responses).flatMap((r) => Object.values(r.content ?? {}))];
        for (const m of media) expect(m.example ?? m.examples, name).to.not.equal(undefined);
      }
    }
  });

  it('names the scope of each developer route and offers the OAuth client-credentials flow', async () => {
    const doc = (await h.request('GET', '/public/openapi.json')).body;
    const list = doc.paths['/public/shifts'].get;
    expect(list.security).to.deep.include({ developerOAuth: ['shifts:read'] });
    expect(list.security).to.deep.include({ developerApiKey: ['shifts:read'] });
    expect(doc.components.securitySchemes.developerOAuth.flows.clientCredentials.tokenUrl).to.equal(`${doc.servers[0].url}/oauth/token`);
    expect(doc.components.securitySchemes).to.not.have.property('bearerJwt');
  });

  it('types limit and offset as integers, documents 429 with Retry-After, and /oauth/token in both encodings', async () => {
    const doc = (await h.request('GET', '/openapi.json')).body;
    const params = doc.paths['/public/shifts'].get.parameters as Array<{ name: string; schema: { type: string } }>;
    expect(params.find((p) => p.name === 'limit')!.schema.type).to.equal('integer');
    expect(params.find((p) => p.name === 'offset')!.schema.type).to.equal('integer');
    const token = doc.paths['/oauth/token'].post;
    expect(token.security).to.deep.equal([]);
    expect(Object.keys(token.requestBody.content)).to.have.members(['application/x-www-form-urlencoded', 'application/json']);
    expect(doc.paths['/auth/login'].post.responses['429'].headers).to.have.property('Retry-After');
    expect(doc.paths['/auth/login'].post.responses['200'].headers).to.have.property('X-RateLimit-Remaining');
    expect(doc.components.schemas.ValidationError.properties.message.type).to.equal('array');
    expect(doc.components.schemas.UnauthorizedError.required).to.deep.equal(['message', 'statusCode']);
  });
});
