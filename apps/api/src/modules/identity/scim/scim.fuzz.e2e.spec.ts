import { expect } from 'chai';
import { createOutlet, createTenant, createUser } from '@wfm/testing/factories';
import { ApiHarness } from '../../../test-support/harness.js';
import { apiKeyFor } from '../../../test-support/developer-credentials.js';

const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const SCIM_TYPES = new Set(['invalidFilter', 'tooMany', 'uniqueness', 'mutability', 'invalidSyntax', 'invalidPath', 'noTarget', 'invalidValue', 'invalidVers', 'sensitive']);
const REQUESTS = 480;

/** mulberry32: small and seedable, so a failing run replays exactly from the seed it prints. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const chance = (p: number) => next() < p;
  const uuidLike = () => Array.from({ length: 32 }, () => '0123456789abcdef'[int(16)]).join('').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
  return { next, int, pick, chance, uuidLike };
}
type Gen = ReturnType<typeof generator>;

interface Case {
  method: string;
  path: string;
  contentType?: string;
  body?: string;
  auth: 'key' | 'readOnly' | 'none' | 'wrong';
}

/** encodeURIComponent, but a lone surrogate goes out as the bytes a careless client would send (CESU-8), not a throw. */
const encode = (text: string) => Array.from(text, (ch) => (/^[\ud800-\udfff]$/.test(ch) ? `%${[0xe0 | (ch.charCodeAt(0) >> 12), 0x80 | ((ch.charCodeAt(0) >> 6) & 63), 0x80 | (ch.charCodeAt(0) & 63)].map((b) => b.toString(16).toUpperCase()).join('%')}` : encodeURIComponent(ch))).join('');
const deep = (depth: number, open: string, close: string, inner = '1') => open.repeat(depth) + inner + close.repeat(depth);

/** The malformed inputs an outside probe throws at a SCIM server, drawn from pools by the seeded generator. */
function cases(g: Gen, users: string[], outlets: string[]): Case[] {
  const strings = () =>
    g.pick([
      '',
      ' ',
      'x',
      'ann@acme.test',
      `fuzz.${g.int(1e6)}@acme.test`,
      'x'.repeat(100_000),
      'x'.repeat(201),
      'x'.repeat(321),
      'a\u0000b',
      'bell\u0007',
      'line\nbreak',
      'tab\tin',
      '\u0085next line',
      '\u007f',
      '\ud800',
      '\udc00lone',
      '😀'.repeat(150),
      'Zoë Ünïcødé',
      '\u202eright-to-left',
      '\ufeffbom',
      'null',
      'True',
      '-'.repeat(36),
      g.uuidLike(),
      'not-a-uuid',
      '%00',
      '<script>',
      "'; DROP TABLE users; --",
    ]);
  const numbers = () => g.pick([0, -1, 1, 2 ** 31, 2 ** 53, 9223372036854775808, -9223372036854775808, 1e308, -1e308, 0.5, -0]);
  const value = (depth = 0): unknown => {
    switch (g.int(depth > 2 ? 4 : 7)) {
      case 0:
        return null;
      case 1:
        return g.chance(0.5);
      case 2:
        return numbers();
      case 3:
        return strings();
      case 4:
        return Array.from({ length: g.int(4) }, () => value(depth + 1));
      case 5:
        return { value: g.chance(0.5) ? value(depth + 1) : ids() };
      default:
        return Object.fromEntries(Array.from({ length: g.int(4) }, () => [g.pick(['value', 'displayName', 'members', 'userName', 'active', 'name', 'emails', 'externalId', strings()]), value(depth + 1)]));
    }
  };
  const badIds = () =>
    g.pick([
      g.uuidLike(),
      g.uuidLike().toUpperCase(),
      '00000000-0000-0000-0000-000000000000',
      'not-a-uuid',
      '-'.repeat(36),
      'g'.repeat(36),
      '',
      '%E0%A4%A',
      '%00',
      '%FF%FE',
      encode('😀ü'),
      'x'.repeat(4000),
      '9223372036854775808',
      '..',
      '%2F..%2F',
    ]);
  /** Mostly the tenant's own users and outlets, so requests get past the 404 to the code that reads their bodies. */
  const ids = (own: readonly string[] = [...users, ...outlets]) => (g.chance(0.6) ? g.pick(own) : badIds());
  const memberValue = () => (g.chance(0.4) ? g.pick(users) : g.pick(['-'.repeat(36), 'not-a-uuid', '', 'G'.repeat(36), `${g.uuidLike()} `, 'a\u0000', g.uuidLike(), g.pick(users).toUpperCase()]));
  const queryNumber = () => g.pick(['9223372036854775808', '2147483648', '2147483647', '-1', '-9223372036854775809', '0', '1', '3', '200', '201', '1e5', '1.5', 'abc', '', ' 1', '0x10', '99999999999999999999999999', '%00', '１']);
  const filters = () =>
    g.pick([
      'userName eq "ann@acme.test"',
      'displayName eq "Soho"',
      'externalId eq "x"',
      'active eq true',
      'active eq "yes"',
      'emails[type eq "work"].value eq "a@b.test"',
      `userName eq "${'x'.repeat(600)}"`,
      'userName eq "a\u0000b"',
      'displayName eq "\ud800"',
      'userName co "a"',
      'userName eq',
      '(',
      '"',
      'members[value eq "not-a-uuid"]',
      'id eq "' + '-'.repeat(36) + '"',
      'userName eq "😀"',
      'title pr',
      strings(),
    ]);
  const query = () => {
    const parts: string[] = [];
    if (g.chance(0.6)) parts.push(`startIndex=${encode(queryNumber())}`);
    if (g.chance(0.6)) parts.push(`count=${encode(queryNumber())}`);
    // Node answers a request line past 16 KB with its own 431 before the app sees it, so filters stop short of that.
    if (g.chance(0.5)) parts.push(`filter=${encode(filters().slice(0, 2000))}`);
    if (g.chance(0.1)) parts.push('startIndex=1&startIndex=2');
    if (g.chance(0.1)) parts.push('filter[a]=b&count[]=1');
    if (g.chance(0.05)) parts.push('filter=%E0%A4%A');
    return parts.length ? `?${parts.join('&')}` : '';
  };
  const user = () => {
    const userName = g.chance(0.7) ? `fuzz.${g.int(1e9)}@acme.test` : strings();
    const body: Record<string, unknown> = {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName,
      name: { givenName: 'Fuzz', familyName: 'Case' },
      emails: [{ value: userName, type: 'work', primary: true }],
      active: true,
    };
    for (let i = g.int(4); i > 0; i--) {
      const field = g.pick(['userName', 'externalId', 'displayName', 'name', 'emails', 'phoneNumbers', 'active', 'roles', 'schemas', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User', 'name.givenName']);
      if (field === 'name.givenName') body.name = { givenName: strings(), familyName: strings(), formatted: strings() };
      else if (field === 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User') body[field] = { employeeNumber: g.chance(0.5) ? strings() : value() };
      else if (field === 'phoneNumbers' || field === 'emails') body[field] = g.chance(0.5) ? [{ value: strings(), type: strings(), primary: value() }] : value();
      else if (field === 'roles') body[field] = [{ value: g.pick(['STAFF', 'TENANT_OWNER', 'MANAGER', strings()]) }];
      else body[field] = g.chance(0.5) ? strings() : value();
    }
    return body;
  };
  const group = () => {
    const body: Record<string, unknown> = { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'] };
    if (g.chance(0.7)) body.displayName = g.chance(0.6) ? strings() : value();
    if (g.chance(0.7)) body.members = g.chance(0.7) ? Array.from({ length: g.int(4) }, () => ({ value: g.chance(0.8) ? memberValue() : value() })) : value();
    return body;
  };
  const patchPaths = [
    'active',
    'userName',
    'externalId',
    'displayName',
    'name',
    'name.givenName',
    'name.familyName',
    'name.formatted',
    'emails',
    'emails[type eq "work"].value',
    'phoneNumbers',
    'phoneNumbers[type eq "mobile"].value',
    'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:employeeNumber',
    'members',
    'members[value eq "not-a-uuid"]',
    `members[value eq "${'-'.repeat(36)}"]`,
    'members[value eq ""]',
    'members[value eq "%00"]',
    'title',
    '',
  ];
  const members = () => Array.from({ length: 1 + g.int(3) }, () => ({ value: g.chance(0.9) ? memberValue() : value() }));
  const groupPatch = () => ({
    schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
    Operations: Array.from({ length: 1 + g.int(2) }, () => {
      const roll = g.int(10);
      if (roll < 2) return { op: g.pick(['remove', 'Remove']), path: `members[value eq "${memberValue()}"]` };
      if (roll < 5) return { op: g.pick(['add', 'remove', 'replace', 'Add']), path: g.pick(['members', 'Members']), value: g.chance(0.9) ? members() : value() };
      if (roll < 7) return { op: g.pick(['add', 'replace', 'Replace']), value: { ...(g.chance(0.7) ? { displayName: g.chance(0.7) ? strings() : value() } : {}), ...(g.chance(0.7) ? { members: members() } : {}) } };
      if (roll < 8) return { op: g.pick(['add', 'replace']), path: 'displayName', value: g.chance(0.7) ? strings() : value() };
      return { op: g.pick(['add', 'replace', 'remove', 'move', '']), ...(g.chance(0.7) ? { path: g.chance(0.5) ? strings() : g.pick(['members.value', 'members[value eq "x"].display', 'externalId', '']) } : {}), ...(g.chance(0.7) ? { value: value() } : {}) };
    }),
  });
  const patch = () => ({
    schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
    Operations: Array.from({ length: 1 + g.int(3) }, () => {
      const op: Record<string, unknown> = { op: g.pick(['add', 'replace', 'remove', 'Add', 'Replace', 'Remove', 'move', 'copy', '', 'ADD']) };
      if (g.chance(0.85)) op.path = g.chance(0.5) ? g.pick(patchPaths) : g.chance(0.5) ? `members[value eq "${ids()}"]` : strings();
      if (g.chance(0.85)) {
        const roll = g.int(4);
        op.value = roll === 0 ? strings() : roll === 1 ? [{ value: ids() }] : roll === 2 ? { displayName: strings(), members: [{ value: ids() }], externalId: strings(), active: value() } : value();
      }
      if (g.chance(0.05)) op.op = value();
      return op;
    }),
  });
  /** Bodies no JSON schema is written for: broken, deep, huge, not objects. */
  const hostile = () =>
    g.pick([
      () => '{"userName":',
      () => '{',
      () => '',
      () => 'nul',
      () => '"a string"',
      () => '[]',
      () => '123',
      () => 'null',
      () => '\ufeff{}',
      () => '{"a":1,}',
      () => '{"a":"\\ud800"}',
      () => '{"a":"\\u0000"}',
      () => deep(5000, '[', ']'),
      () => deep(5000, '{"a":', '}'),
      () => deep(100_000, '[', ']'),
      () => `{"Operations":[{"op":"add","path":"members","value":${deep(3000, '[', ']')}}]}`,
      () => `{"userName":"a@b.test","name":${deep(2000, '{"givenName":', '}', '"x"')}}`,
      () => `{"Operations":[{"op":"replace","value":${deep(40, '{"displayName":', '}', '"x"')}}]}`,
      () => `{"userName":"${'a'.repeat(1_100_000)}"}`,
      () => JSON.stringify({ Operations: Array.from({ length: 101 }, () => ({ op: 'add', path: 'title', value: 'x' })) }),
      () => JSON.stringify({ members: Array.from({ length: 10_001 }, () => ({ value: 'x' })) }),
      () => JSON.stringify({ userName: 9223372036854775808, active: 'maybe' }),
    ])();

  const contentType = () =>
    g.pick([
      'application/scim+json',
      'application/scim+json',
      'application/scim+json',
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=latin-9',
      'application/scim+json; charset=utf-16',
      'application/xml',
      undefined,
    ]);
  const auth = (): Case['auth'] => (g.chance(0.9) ? 'key' : g.pick(['readOnly', 'none', 'wrong'] as const));

  const out: Case[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const withBody = (c: Omit<Case, 'contentType' | 'body' | 'auth'>, json: unknown): Case => {
      const body = g.chance(0.15) ? hostile() : JSON.stringify(json);
      const ct = g.chance(0.85) ? 'application/scim+json' : contentType();
      return { ...c, auth: auth(), body, ...(ct ? { contentType: ct } : {}) };
    };
    switch (g.int(13)) {
      case 0:
        out.push({ method: 'GET', path: `/Users${query()}`, auth: auth() });
        break;
      case 1:
        out.push({ method: 'GET', path: `/Groups${query()}`, auth: auth() });
        break;
      case 2:
        out.push({ method: 'GET', path: `/${g.pick(['Users', 'Groups'])}/${ids()}`, auth: auth() });
        break;
      case 3:
        out.push(withBody({ method: 'POST', path: '/Users' }, user()));
        break;
      case 4:
        out.push(withBody({ method: 'PUT', path: `/Users/${ids(users)}` }, user()));
        break;
      case 5:
      case 6:
        out.push(withBody({ method: 'PATCH', path: `/Users/${ids(users)}` }, patch()));
        break;
      case 7:
        out.push(withBody({ method: 'PUT', path: `/Groups/${ids(outlets)}` }, group()));
        break;
      case 8:
      case 9:
        out.push(withBody({ method: 'PATCH', path: `/Groups/${ids(outlets)}` }, g.chance(0.8) ? groupPatch() : patch()));
        break;
      case 10:
        // Rarely a real user: each one deleted is one fewer for the PUTs and PATCHes that follow.
        out.push({ method: 'DELETE', path: `/${g.pick(['Users', 'Groups'])}/${g.chance(0.1) ? ids() : badIds()}`, auth: auth() });
        break;
      case 11:
        out.push({ method: g.pick(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']), path: g.pick(['/ServiceProviderConfig', '/ResourceTypes', '/Schemas', '/Bundles', '/Me', '/Bulk', '/.search', '/Users/.search', '/Groups', '/Users', `/Users/${ids()}/x`, '/%E0%A4%A', '']), auth: auth() });
        break;
      default: {
        const method = g.pick(['POST', 'PUT', 'PATCH']);
        const body = hostile();
        const ct = contentType();
        out.push({ method, path: g.pick(['/Users', `/Users/${ids()}`, `/Groups/${ids()}`, '/Groups']), auth: auth(), body, ...(ct ? { contentType: ct } : {}) });
      }
    }
  }
  return out;
}

describe('SCIM under malformed requests: never a 5xx, every error in the RFC 7644 §3.12 shape', () => {
  let h: ApiHarness;
  before(async () => {
    // Each request comes from an address of its own, so the fuzzing measures the routes, not the rate limit.
    h = await ApiHarness.start({ TRUST_PROXY: 'true' });
  });
  after(async () => h.stop());

  it(`${REQUESTS} seeded malformed requests across every SCIM route`, async function () {
    this.timeout(120_000);
    const seed = Number(process.env.SCIM_FUZZ_SEED ?? 7644);
    const tenantId = (await createTenant(h.ds, { plan: 'ENTERPRISE', ssoEnabled: true })).id;
    // The keys act with their maker's rank (people-policy): an owner, so the requests reach the checks they fuzz.
    await createUser(h.ds, tenantId, { role: 'TENANT_OWNER', password: null });
    const keys = { key: await apiKeyFor(h, tenantId, ['scim:read', 'scim:write']), readOnly: await apiKeyFor(h, tenantId, ['scim:read']) };
    const users = await Promise.all([1, 2, 3, 4, 5, 6].map(async () => (await createUser(h.ds, tenantId, { role: 'STAFF' })).id));
    const outlets = await Promise.all([1, 2].map(async () => (await createOutlet(h.ds, tenantId)).id));

    const failures: string[] = [];
    const all = cases(generator(seed), users, outlets);
    for (const [i, c] of all.entries()) {
      const headers: Record<string, string> = { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` };
      if (c.auth === 'key' || c.auth === 'readOnly') headers.authorization = `Bearer ${keys[c.auth]}`;
      if (c.auth === 'wrong') headers.authorization = 'Bearer svc_live_nope';
      if (c.contentType) headers['content-type'] = c.contentType;
      const res = await fetch(`${h.baseUrl}/scim/v2${c.path}`, { method: c.method, headers, ...(c.body === undefined ? {} : { body: c.body }) });
      const text = await res.text();
      const what = `#${i} ${c.method} ${c.path.slice(0, 120)} [${c.contentType ?? 'no type'}; ${c.auth}] ${c.body === undefined ? '' : `${c.body.slice(0, 240)}${c.body.length > 240 ? `… (${c.body.length} chars)` : ''}`}`;
      const problem = judge(res.status, res.headers.get('content-type'), text);
      if (problem) failures.push(`${what} → ${res.status}: ${problem}`);
    }
    expect(failures.length, `seed ${seed} (replay with SCIM_FUZZ_SEED=${seed}): ${failures.length} of ${all.length} requests failed:\n${failures.slice(0, 40).join('\n')}\n`).to.equal(0);
  });
});

/** What is wrong with an answer, or null: a 5xx, or an error that is not a SCIM error body with its own status. */
function judge(status: number, contentType: string | null, text: string): string | null {
  if (status >= 500) return text.slice(0, 200);
  if (status < 400) return null;
  if (!contentType?.startsWith('application/scim+json')) return `content type ${contentType}: ${text.slice(0, 200)}`;
  let body: { schemas?: unknown; status?: unknown; detail?: unknown; scimType?: unknown };
  try {
    body = JSON.parse(text);
  } catch {
    return `not JSON: ${text.slice(0, 200)}`;
  }
  const shaped =
    JSON.stringify(body.schemas) === JSON.stringify([ERROR]) &&
    body.status === String(status) &&
    typeof body.detail === 'string' &&
    (body.scimType === undefined || (typeof body.scimType === 'string' && SCIM_TYPES.has(body.scimType)));
  return shaped ? null : `not a SCIM error: ${text.slice(0, 200)}`;
}
