import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { ACCESS_CHANGES_CHANNEL, decodeAccessChanges } from '@wfm/access/change-feed';
import { createOutlet, createTenant, createUser, type CreatedUser } from '@wfm/testing/factories';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from '@wfm/testing/database';
import { freePort, spawnNode, type NodeProcess } from '@wfm/testing/child-process';
import { ApiHarness, TEST_JWT_SECRET, type HttpResult } from '../../test-support/harness.js';
import { apiKeyFor, createApiKey } from '../../test-support/developer-credentials.js';
import { pdfWithPages } from '../../test-support/esign-fixtures.js';
import { sendForm } from '../../test-support/image-uploads.js';

const at = (hhmm: string, day = '2026-03-02') => `${day}T${hhmm}:00.000Z`;
const REUSED = { message: 'This Idempotency-Key was used with a different request', error: 'IDEMPOTENCY_KEY_REUSED', statusCode: 422 };
const OVERLAP = { message: 'The shift overlaps another shift of this user', error: 'SHIFT_OVERLAP', statusCode: 409 };

/** Polls `check` until it holds (a condition in the database, never a duration). */
async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** What every test here needs: two tenants, a worker and an outlet in A, and developer keys that write shifts. */
function idempotencySuite(h: () => ApiHarness) {
  const s = {} as { tenantA: string; tenantB: string; worker: CreatedUser; outletId: string; key: string; otherKey: string; ip: string };
  let seq = 0;
  beforeEach(async () => {
    s.tenantA = (await createTenant(h().ds)).id;
    s.tenantB = (await createTenant(h().ds)).id;
    await createUser(h().ds, s.tenantA, { role: 'TENANT_OWNER', password: null });
    s.worker = await createUser(h().ds, s.tenantA);
    s.outletId = (await createOutlet(h().ds, s.tenantA)).id;
    s.key = await apiKeyFor(h(), s.tenantA, ['shifts:write', 'shifts:read']);
    s.otherKey = await apiKeyFor(h(), s.tenantA, ['shifts:write']);
    seq += 1;
    s.ip = `10.232.${Math.floor(seq / 250)}.${(seq % 250) + 1}`;
  });
  const shift = (over: Record<string, unknown> = {}) => ({ userId: s.worker.id, outletId: s.outletId, scheduledStart: at('09:00'), scheduledEnd: at('17:00'), ...over });
  const post = (body: unknown, idempotencyKey: string | null, apiKey = s.key): Promise<HttpResult> =>
    h().request('POST', '/public/shifts', { body, headers: { 'x-forwarded-for': s.ip, authorization: `Bearer ${apiKey}`, ...(idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey }) } });
  const shifts = async (tenantId = s.tenantA): Promise<number> => Number((await h().ds.query(`SELECT count(*)::int AS n FROM shift_assignments WHERE tenant_id = $1`, [tenantId]))[0].n);
  const keys = async (tenantId = s.tenantA): Promise<string[]> =>
    ((await h().ds.query(`SELECT key FROM idempotency_keys WHERE tenant_id = $1 ORDER BY key`, [tenantId])) as Array<{ key: string }>).map((r) => r.key);
  return { s, shift, post, shifts, keys };
}

/** A trigger on the suite's shift inserts for one tenant, removed by the returned function. */
async function onShiftInsert(h: ApiHarness, tenantId: string, body: string): Promise<() => Promise<void>> {
  const name = `idem_test_${randomBytes(4).toString('hex')}`;
  await h.ds.query(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.tenant_id = '${tenantId}' THEN ${body} END IF; RETURN NEW; END $$`);
  await h.ds.query(`CREATE TRIGGER ${name} BEFORE INSERT ON shift_assignments FOR EACH ROW EXECUTE FUNCTION ${name}()`);
  return async () => {
    await h.ds.query(`DROP TRIGGER ${name} ON shift_assignments`);
    await h.ds.query(`DROP FUNCTION ${name}()`);
  };
}

/**
 * Holds the suite's shift inserts for one tenant on an advisory lock the test holds on a
 * connection of its own, so a request can be caught in the middle of its work.
 */
async function holdShiftInserts(h: ApiHarness, tenantId: string) {
  const lockKey = randomBytes(4).readInt32BE();
  const lock = h.ds.createQueryRunner();
  await lock.query('SELECT pg_advisory_lock($1)', [lockKey]);
  const drop = await onShiftInsert(h, tenantId, `PERFORM pg_advisory_xact_lock(${lockKey});`);
  const waiting = async (like: string): Promise<boolean> =>
    Number((await h.ds.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE $1`, [like]))[0].n) > 0;
  return {
    /** True once a request waits on the held insert. */
    insertWaits: () => waiting('%INSERT INTO shift_assignments%'),
    /** True once a request waits for another holding its key. */
    keyWaits: () => waiting('%INSERT INTO idempotency_keys%'),
    async release() {
      await lock.query('SELECT pg_advisory_unlock($1)', [lockKey]);
      await lock.release();
      await drop();
    },
  };
}

describe('Idempotency-Key (HTTP, issue 32)', () => {
  let h: ApiHarness;
  before(async () => {
    h = await ApiHarness.start({ TRUST_PROXY: 'true' });
  });
  after(async () => h.stop());
  const { s, shift, post, shifts, keys } = idempotencySuite(() => h);

  it('answers a retry with the first answer and Idempotent-Replayed: true, and creates the shift once', async () => {
    const first = await post(shift(), 'create-shift-1');
    expect(first.status).to.equal(201);
    expect(first.headers.get('idempotent-replayed')).to.equal(null);
    const retry = await post(shift(), 'create-shift-1');
    expect(retry.status).to.equal(201);
    expect(retry.headers.get('idempotent-replayed')).to.equal('true');
    expect(retry.headers.get('content-type')).to.equal('application/json; charset=utf-8');
    expect(retry.body).to.deep.equal(first.body);
    expect(await shifts()).to.equal(1);
    const events = await h.ds.query(`SELECT count(*)::int AS n FROM domain_events WHERE tenant_id = $1`, [s.tenantA]);
    expect(events[0].n).to.equal(1);
    // The same body with its fields in another order is the same request.
    const reordered = await post(Object.fromEntries(Object.entries(shift()).reverse()), 'create-shift-1');
    expect(reordered.headers.get('idempotent-replayed')).to.equal('true');
  });

  it('does the same on user routes, keyed by the signed-in user', async () => {
    const owner = await createUser(h.ds, s.tenantA, { role: 'TENANT_OWNER' });
    const token = await h.tokenFor(owner);
    const call = () => h.request('POST', '/shift-assignments', { token, body: shift(), headers: { 'idempotency-key': 'user-key' } });
    const first = await call();
    expect(first.status).to.equal(201);
    const retry = await call();
    expect([retry.status, retry.headers.get('idempotent-replayed')]).to.deep.equal([201, 'true']);
    expect(retry.body).to.deep.equal(first.body);
    expect(await shifts()).to.equal(1);
    // Other methods ignore the header: each PATCH runs.
    for (const note of ['one', 'two']) {
      const patched = await h.request('PATCH', `/shift-assignments/${first.body.id}`, { token, body: { note }, headers: { 'idempotency-key': 'user-key' } });
      expect([patched.status, patched.body.note, patched.headers.get('idempotent-replayed')]).to.deep.equal([200, note, null]);
    }
  });

  it('takes keys on uploads, the file compared by its bytes', async () => {
    const token = await h.tokenFor(await createUser(h.ds, s.tenantA, { role: 'TENANT_OWNER' }));
    const upload = (data: Buffer) =>
      sendForm(h, 'POST', '/esign/documents', { field: 'file', data, filename: 'contract.pdf', fields: { title: 'Contract' }, token, headers: { 'idempotency-key': 'upload-1' } });
    const pdf = await pdfWithPages(['Page one']);
    const first = await upload(pdf);
    expect(first.status).to.equal(201);
    const retry = await upload(pdf);
    expect([retry.status, retry.headers.get('idempotent-replayed'), retry.body]).to.deep.equal([201, 'true', first.body]);
    const other = await upload(await pdfWithPages(['Another page']));
    expect([other.status, other.body]).to.deep.equal([422, REUSED]);
    const [{ n }] = await h.ds.query(`SELECT count(*)::int AS n FROM esign_documents WHERE tenant_id = $1`, [s.tenantA]);
    expect(n).to.equal(1);
  });

  it('refuses the key with a different request (422 IDEMPOTENCY_KEY_REUSED) and leaves the first answer in place', async () => {
    expect((await post(shift(), 'reused')).status).to.equal(201);
    const other = await post(shift({ scheduledStart: at('18:00'), scheduledEnd: at('20:00') }), 'reused');
    expect([other.status, other.body]).to.deep.equal([422, REUSED]);
    expect(await shifts()).to.equal(1);
    expect((await post(shift(), 'reused')).headers.get('idempotent-replayed')).to.equal('true');
  });

  it('is 400 for a key that is empty, over 255 characters or not printable ASCII, and runs nothing', async () => {
    for (const bad of ['', 'k'.repeat(256), 'caf\u00e9', 'a\tb']) {
      const res = await post(shift(), bad);
      expect([res.status, res.body], JSON.stringify(bad)).to.deep.equal([400, { message: ['Idempotency-Key header: must be 1 to 255 printable ASCII characters'], error: 'Bad Request', statusCode: 400 }]);
    }
    expect(await shifts()).to.equal(0);
    expect((await post(shift(), '~'.repeat(255))).status).to.equal(201);
  });

  it('keeps keys apart per credential and per tenant', async () => {
    expect((await post(shift(), 'shared')).status).to.equal(201);
    const colleague = await createUser(h.ds, s.tenantA);
    const byOtherKey = await post(shift({ userId: colleague.id }), 'shared', s.otherKey);
    expect([byOtherKey.status, byOtherKey.headers.get('idempotent-replayed')]).to.deep.equal([201, null]);
    await createUser(h.ds, s.tenantB, { role: 'TENANT_OWNER', password: null });
    const workerB = await createUser(h.ds, s.tenantB);
    const outletB = (await createOutlet(h.ds, s.tenantB)).id;
    const keyB = await apiKeyFor(h, s.tenantB, ['shifts:write']);
    const inB = await post({ userId: workerB.id, outletId: outletB, scheduledStart: at('09:00'), scheduledEnd: at('17:00') }, 'shared', keyB);
    expect([inB.status, inB.headers.get('idempotent-replayed')]).to.deep.equal([201, null]);
    expect([await shifts(), await shifts(s.tenantB)]).to.deep.equal([2, 1]);
  });

  it('keeps a key 24 hours: the cleanup job deletes it after, and a retry then runs anew', async () => {
    expect((await post(shift(), 'expiring')).status).to.equal(201);
    h.clock.advance(24 * 3_600_000 - 60_000);
    await h.job('idempotency-keys-cleanup').run();
    expect(await keys()).to.deep.equal(['expiring']);
    expect((await post(shift(), 'expiring')).headers.get('idempotent-replayed')).to.equal('true');
    h.clock.advance(120_000);
    await h.job('idempotency-keys-cleanup').run();
    expect(await keys()).to.deep.equal([]);
    // Run anew: the shift is there already, so this time the answer is the overlap.
    const again = await post(shift(), 'expiring');
    expect([again.status, again.body, again.headers.get('idempotent-replayed')]).to.deep.equal([409, OVERLAP, null]);
    expect(await shifts()).to.equal(1);
  });

  it('keeps a 4xx answer and replays it, also once the cause is gone', async () => {
    const invalid = await post({ ...shift(), scheduledEnd: 'soon' }, 'invalid');
    expect(invalid.status).to.equal(400);
    const invalidAgain = await post({ ...shift(), scheduledEnd: 'soon' }, 'invalid');
    expect([invalidAgain.status, invalidAgain.body, invalidAgain.headers.get('idempotent-replayed')]).to.deep.equal([400, invalid.body, 'true']);
    expect((await post(shift(), null)).status).to.equal(201);
    expect((await post(shift(), 'overlap')).body).to.deep.equal(OVERLAP);
    await h.ds.query(`DELETE FROM shift_assignments WHERE tenant_id = $1`, [s.tenantA]);
    const replayed = await post(shift(), 'overlap');
    expect([replayed.status, replayed.body, replayed.headers.get('idempotent-replayed')]).to.deep.equal([409, OVERLAP, 'true']);
    expect(await shifts()).to.equal(0);
  });

  it('keeps no 5xx: the failed request leaves nothing, and the retry creates the shift once', async () => {
    const drop = await onShiftInsert(h, s.tenantA, `RAISE EXCEPTION 'disk on fire';`);
    try {
      const failed = await post(shift(), 'after-failure');
      expect(failed.status).to.equal(500);
    } finally {
      await drop();
    }
    expect([await shifts(), await keys()]).to.deep.equal([0, []]);
    const retry = await post(shift(), 'after-failure');
    expect([retry.status, retry.headers.get('idempotent-replayed')]).to.deep.equal([201, null]);
    expect(await shifts()).to.equal(1);
  });

  it('makes a concurrent retry wait for the first request and replay its answer, and a third one at once 409', async () => {
    const held = await holdShiftInserts(h, s.tenantA);
    let first: Promise<HttpResult>;
    let second: Promise<HttpResult>;
    try {
      first = post(shift(), 'concurrent');
      await until(held.insertWaits);
      second = post(shift(), 'concurrent');
      await until(held.keyWaits);
      // A third at once is not given a connection to wait on: one waiter per key.
      const third = await post(shift(), 'concurrent');
      expect([third.status, third.body.error, third.headers.get('retry-after')]).to.deep.equal([409, 'IDEMPOTENCY_KEY_IN_USE', '10']);
    } finally {
      await held.release();
    }
    const [a, b] = await Promise.all([first, second]);
    expect([a.status, a.headers.get('idempotent-replayed')]).to.deep.equal([201, null]);
    expect([b.status, b.headers.get('idempotent-replayed')]).to.deep.equal([201, 'true']);
    expect(b.body).to.deep.equal(a.body);
    expect(await shifts()).to.equal(1);
  });

  it('documents the header, its 409 and 422 and Idempotent-Replayed on every POST a user or developer credential calls, and on nothing else', async () => {
    type Op = { security?: Array<Record<string, unknown>>; parameters?: Array<{ $ref?: string }>; responses: Record<string, { headers?: Record<string, unknown> }> };
    for (const path of ['/openapi.json', '/public/openapi.json']) {
      const doc = (await h.request('GET', path)).body as { paths: Record<string, Record<string, Op>>; components: { parameters: Record<string, { name: string; in: string }> } };
      expect(doc.components.parameters.IdempotencyKey).to.include({ name: 'Idempotency-Key', in: 'header' });
      let keyed = 0;
      for (const [route, item] of Object.entries(doc.paths)) {
        for (const [method, op] of Object.entries(item)) {
          const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
          const expected = method === 'post' && schemes.some((s) => ['bearerJwt', 'developerBearer'].includes(s)) && !route.startsWith('/scim/');
          const declared = (op.parameters ?? []).some((p) => p.$ref === '#/components/parameters/IdempotencyKey');
          expect(declared, `${method} ${route}`).to.equal(expected);
          if (!expected) continue;
          keyed += 1;
          expect(op.responses, `${method} ${route}`).to.include.keys('409', '422');
          const success = Object.entries(op.responses).find(([code]) => code.startsWith('2'))![1];
          expect(success.headers, `${method} ${route}`).to.have.property('Idempotent-Replayed');
        }
      }
      expect(keyed, path).to.be.greaterThan(3);
    }
  });

  describe('a door change with a key', () => {
    const DAEMON = `idem-daemon-${randomBytes(3).toString('hex')}`;
    afterEach(() => h.bus.daemons.leave(DAEMON));

    it('reaches the daemon only after the commit, says so on the live answer, and is not published again by a replay', async () => {
      const token = await h.tokenFor(await createUser(h.ds, s.tenantA, { role: 'TENANT_OWNER' }));
      await h.bus.daemons.join(DAEMON);
      const heard: Array<{ id: string; committed: boolean }> = [];
      const stop = await h.bus.subscribe(ACCESS_CHANGES_CHANNEL, (raw) => {
        const changes = decodeAccessChanges(raw).filter((c) => c.tenantId === s.tenantA);
        if (changes.length === 0) return;
        void (async () => {
          for (const c of changes) {
            const found = await h.ds.query(`SELECT 1 FROM access_zones WHERE id = $1`, [c.id]);
            heard.push({ id: c.id, committed: found.length === 1 });
          }
          await h.bus.daemons.ack(DAEMON, new Map([[s.tenantA, Math.max(...changes.map((c) => c.version))]]));
        })();
      });
      try {
        const create = () => h.request('POST', '/access/zones', { token, body: { name: 'Front door', readerIds: ['R-idem'] }, headers: { 'idempotency-key': 'zone-1' } });
        const first = await create();
        expect(first.status).to.equal(201);
        expect(first.headers.get('x-access-propagation')).to.equal('complete');
        expect(heard).to.deep.equal([{ id: first.body.id, committed: true }]);
        const retry = await create();
        expect([retry.status, retry.headers.get('idempotent-replayed'), retry.headers.get('x-access-propagation')]).to.deep.equal([201, 'true', null]);
        expect(retry.body).to.deep.equal(first.body);
        await new Promise((resolve) => setImmediate(resolve));
        expect(heard).to.have.length(1);
      } finally {
        await stop();
      }
    });
  });
});

describe('Idempotency-Key with a short wait and a small answer cap (HTTP, issue 32)', () => {
  let h: ApiHarness;
  before(async () => {
    h = await ApiHarness.start({ TRUST_PROXY: 'true', IDEMPOTENCY_WAIT_MS: '50', IDEMPOTENCY_MAX_RESPONSE_BYTES: '1024' });
  });
  after(async () => h.stop());
  const { s, shift, post, shifts } = idempotencySuite(() => h);

  it('answers 409 IDEMPOTENCY_KEY_IN_USE with Retry-After when the first request outlasts the wait, and the first still creates once', async () => {
    const held = await holdShiftInserts(h, s.tenantA);
    let first: Promise<HttpResult>;
    let busy: HttpResult;
    try {
      first = post(shift(), 'slow');
      await until(held.insertWaits);
      busy = await post(shift(), 'slow');
    } finally {
      await held.release();
    }
    expect([busy.status, busy.body, busy.headers.get('retry-after')]).to.deep.equal([
      409,
      { message: 'A request with this Idempotency-Key is still being processed; retry later', error: 'IDEMPOTENCY_KEY_IN_USE', statusCode: 409 },
      '1',
    ]);
    expect((await first).status).to.equal(201);
    expect((await post(shift(), 'slow')).headers.get('idempotent-replayed')).to.equal('true');
    expect(await shifts()).to.equal(1);
  });

  it('answers a large answer once, then tells a retry it was carried out but not kept (409 IDEMPOTENT_RESPONSE_NOT_KEPT)', async () => {
    const token = await h.tokenFor(await createUser(h.ds, s.tenantA, { role: 'TENANT_OWNER' }));
    const call = () => h.request('POST', '/shift-assignments', { token, body: shift({ note: 'n'.repeat(1000) }), headers: { 'idempotency-key': 'large' } });
    const first = await call();
    expect(first.status).to.equal(201);
    expect(first.body.note).to.have.length(1000);
    const retry = await call();
    expect([retry.status, retry.body, retry.headers.get('idempotent-replayed')]).to.deep.equal([
      409,
      { message: 'This request was carried out, but its response was too large to keep for a retry; read the result instead', error: 'IDEMPOTENT_RESPONSE_NOT_KEPT', statusCode: 409 },
      'true',
    ]);
    expect(await shifts()).to.equal(1);
  });
});

describe('Idempotency-Key across a crash of the API process (issue 32)', function () {
  this.timeout(60_000);
  const ENTRY = fileURLToPath(new URL('../../test-support/crashing-api.js', import.meta.url));
  let db: TestDatabase;
  let api: NodeProcess | null = null;
  let key: string;
  let body: Record<string, string>;
  let tenantId: string;

  before(async () => {
    db = await createTestDatabase();
  });
  after(() => db.drop());
  beforeEach(async () => {
    tenantId = (await createTenant(db.dataSource)).id;
    await createUser(db.dataSource, tenantId, { role: 'TENANT_OWNER', password: null });
    const worker = await createUser(db.dataSource, tenantId);
    const outletId = (await createOutlet(db.dataSource, tenantId)).id;
    key = (await createApiKey(db.dataSource, tenantId, { secretPepper: TEST_JWT_SECRET, scopes: ['shifts:write'] })).key;
    body = { userId: worker.id, outletId, scheduledStart: at('09:00'), scheduledEnd: at('17:00') };
  });
  afterEach(async () => {
    if (api && api.child.exitCode === null && api.child.signalCode === null) {
      api.child.kill('SIGKILL');
      await api.exit(10_000);
    }
    api = null;
  });

  /** Starts the API in a process of its own; resolves with its base URL once it listens. */
  async function start(): Promise<string> {
    const port = await freePort();
    const p = spawnNode(ENTRY, { DATABASE_URL: db.url, PORT: String(port) });
    api = p;
    await until(async () => {
      if (p.child.exitCode !== null) throw new Error(`the API exited before listening:\n${p.output()}`);
      return p.output().includes('listening');
    });
    return `http://127.0.0.1:${port}/api/v1`;
  }
  const post = (base: string, crash: string | null) =>
    fetch(`${base}/public/shifts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': 'survives', ...(crash ? { 'x-test-crash': crash } : {}) },
      body: JSON.stringify(body),
    });
  const count = async (table: string): Promise<number> => (await db.dataSource.query(`SELECT count(*)::int AS n FROM ${table} WHERE tenant_id = $1`, [tenantId]))[0].n;

  it('killed between the commit and the answer: the retry to a new process replays, and there is one shift', async () => {
    const crashed = await post(await start(), 'after-commit').then(
      () => 'answered',
      () => 'no answer',
    );
    expect(crashed).to.equal('no answer');
    expect((await api!.exit(10_000)).signal).to.equal('SIGKILL');
    expect([await count('shift_assignments'), await count('idempotency_keys')]).to.deep.equal([1, 1]);
    const [row] = await db.dataSource.query(`SELECT id FROM shift_assignments WHERE tenant_id = $1`, [tenantId]);
    const retry = await post(await start(), null);
    expect([retry.status, retry.headers.get('idempotent-replayed'), ((await retry.json()) as { id: string }).id]).to.deep.equal([201, 'true', row.id]);
    expect(await count('shift_assignments')).to.equal(1);
  });

  it('killed before the commit: nothing was kept, and the retry to a new process creates the shift once', async () => {
    const crashed = await post(await start(), 'before-commit').then(
      () => 'answered',
      () => 'no answer',
    );
    expect(crashed).to.equal('no answer');
    expect((await api!.exit(10_000)).signal).to.equal('SIGKILL');
    const retry = await post(await start(), null);
    expect([retry.status, retry.headers.get('idempotent-replayed')]).to.deep.equal([201, null]);
    expect([await count('shift_assignments'), await count('idempotency_keys')]).to.deep.equal([1, 1]);
  });
});
