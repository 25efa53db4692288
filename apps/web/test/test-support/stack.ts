import { rmSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMailDrop, type ReadMail } from '@wfm/api/test-support/mail-drop-reader';
import { DEMO, DEMO_PASSWORD, demoEmail, seedDemo, type DemoIdentity } from '@wfm/api/seed/demo-seed';
import { ScryptPasswordHasher, TEST_SCRYPT } from '@wfm/core/crypto';
import type { Role } from '@wfm/core/tenancy';
import { one } from '@wfm/db/sql';
import { freePort, NO_FIXED_OPERATOR_PORTS, spawnNode, type NodeProcess } from '@wfm/testing/child-process';
import { createTestDatabase, type TestDatabase } from '@wfm/testing/database';
import { startTestReceiver, type TestReceiver } from '@wfm/testing/https-receiver';

/**
 * The zone of every company a browser test makes, and of its browser tabs: the test process's own, so a
 * time a test computes with Date's local methods is the one the console shows, in any season.
 */
export const TEST_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

const LAUNCHER = fileURLToPath(new URL('../../../../../launcher/dist/main.js', import.meta.url));
const START_MS = 60_000;

/** The demo's sign-in, as the seed makes it: every role is `<role-in-kebab-case>@demo.test`. */
export { DEMO_PASSWORD, demoEmail };

/**
 * One company on a running stack, as a test sees it: a tenant seeded as the demo is (a user of every
 * role, the demo password, two outlets), and the calls, tokens and mails of that tenant alone.
 */
/** A token pair from /auth/login. */
export interface SignedIn {
  accessToken: string;
  refreshToken: string;
}

export interface Company {
  /** The web app's origin, e.g. http://127.0.0.1:41234 (the API is under /api/v1). */
  origin: string;
  api: string;
  db: TestDatabase;
  tenant: { id: string; slug: string };
  /** The address of the company's user of a role: `HR_MANAGER` → `hr-manager@<its domain>`. */
  email(role: Role): string;
  /**
   * The client address the API sees for this company's calls and browser tabs (X-Forwarded-For,
   * which a shared stack trusts from loopback): each company has its own rate-limit counters, as
   * it would on its own stack. Null on a stack of its own.
   */
  forwardedFor: string | null;
  /** An HTTPS receiver the webhook worker trusts (WEBHOOK_CA_FILE), for subscriptions made in the page. */
  receiver: TestReceiver;
  /** The mails of this company's tenant (or, for a sign-up's, of any) to one address, oldest first. */
  mailsTo(to: string, opts?: { anyTenant?: boolean }): Promise<ReadMail[]>;
  /** The platform operator's token the start generated (PLATFORM_ADMIN_TOKEN), for operator routes. */
  platformToken(): Promise<string>;
  /** A JSON call to the API, as a fixture (not the page under test) would make it. */
  call<T = any>(method: string, path: string, opts?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: T }>;
  /** Signs a user in through /auth/login (a failure throws). */
  login(email: string, password?: string): Promise<SignedIn>;
  /** An access token for a user, signed in through /auth/login once and kept. */
  tokenOf(email: string): Promise<string>;
}

/** A started `npm start`: the demo company's view, and more companies on demand. */
export interface Stack extends Company {
  /** A new company of its own (slug `co-<n>`), for one test file. */
  newCompany(): Promise<Company>;
  stop(): Promise<void>;
  /** Ends the stack at once, from a process `exit` handler (nothing asynchronous runs there). */
  kill(): void;
}

/**
 * `npm start` as a newcomer runs it (the all-in-one launcher: API with the web app at /, access
 * daemon, webhook worker, demo tenant seeded), in its own process on a fresh database clone (or
 * on `database`, which the launcher migrates), dropped on stop.
 */
export async function startStack(extraEnv: Record<string, string> = {}, database?: TestDatabase): Promise<Stack> {
  const db = database ?? (await createTestDatabase());
  const dataDir = await mkdtemp(join(tmpdir(), 'wfm-web-'));
  const receiver = await startTestReceiver();
  const caFile = join(dataDir, 'receiver-ca.pem');
  await writeFile(caFile, receiver.ca);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = {
    ...NO_FIXED_OPERATOR_PORTS,
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    ACCESS_DAEMON_PORT: String(await freePort()),
    ACCESS_DAEMON_HOST: '127.0.0.1',
    PUBLIC_APP_URL: origin,
    PASSWORD_HASH_COST: 'test',
    WEBHOOK_ALLOWED_TARGETS: '127.0.0.1',
    WEBHOOK_CA_FILE: caFile,
    LOG_LEVEL: 'warn',
    // The timed jobs (missed clock-outs, purges) have tests of their own; here they would only load the machine.
    JOBS_ENABLED: 'false',
    ...extraEnv,
  };
  const p = spawnNode(LAUNCHER, env);
  const api = `${origin}/api/v1`;
  try {
    await healthy(p, api);
  } catch (err) {
    p.child.kill('SIGKILL');
    await cleanup();
    throw err;
  }
  async function cleanup() {
    await receiver.close();
    await db.drop().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  }
  const companyView = (identity: DemoIdentity, tenantId: string, forwardedFor: string | null): Company => {
    const call: Company['call'] = async (method, path, opts = {}) => {
      const headers: Record<string, string> = { ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}), ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      if (opts.body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`${api}${path}`, { method, headers, ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}) });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    };
    const login: Company['login'] = async (email, password = DEMO_PASSWORD) => {
      const res = await call<SignedIn>('POST', '/auth/login', { body: { identifier: email, password } });
      if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}: ${JSON.stringify(res.body)}`);
      return res.body;
    };
    const tokens = new Map<string, string>();
    return {
      origin,
      api,
      db,
      tenant: { id: tenantId, slug: identity.slug },
      email: (role) => demoEmail(role, identity.emailDomain),
      forwardedFor,
      receiver,
      mailsTo: (to, opts = {}) => readMailDrop(join(dataDir, 'mail'), opts.anyTenant ? { to } : { to, tenantId }),
      platformToken: async () => (await readFile(join(dataDir, 'platform-admin-token'), 'utf8')).trim(),
      call,
      login,
      async tokenOf(email) {
        const known = tokens.get(email);
        if (known) return known;
        const { accessToken } = await login(email);
        tokens.set(email, accessToken);
        return accessToken;
      },
    };
  };
  const demoId = (await one<{ id: string }>(db.dataSource, `SELECT id FROM tenants WHERE slug = $1`, [DEMO.slug]))!.id;
  let companies = 0;
  // Seeded as the launcher seeds the demo, but hashed at the test cost: a file signs in dozens of times.
  const passwords = new ScryptPasswordHasher(TEST_SCRYPT);
  return {
    ...companyView(DEMO, demoId, null),
    async newCompany() {
      const n = ++companies;
      const identity = { slug: `co-${n}`, name: DEMO.name, emailDomain: `co-${n}.test` };
      const { tenantId } = await seedDemo(db.dataSource, { identity, passwords, live: false, timezone: TEST_ZONE });
      return companyView(identity, tenantId, `10.0.${n >> 8}.${n & 255}`);
    },
    async stop() {
      p.child.kill('SIGTERM');
      await p.exit(20_000).catch(() => p.child.kill('SIGKILL'));
      await cleanup();
    },
    kill() {
      p.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let shared: Promise<Stack> | null = null;

/**
 * The test worker's stack, started on first use and shared by the browser files the worker runs,
 * each in a company of its own; it trusts X-Forwarded-For from loopback so that each company's
 * calls count against their own rate limits. It ends with the worker process, and its database
 * with the run (the run's teardown drops every clone).
 */
export function workerStack(): Promise<Stack> {
  shared ??= startStack({ TRUST_PROXY: 'loopback' }).then((stack) => {
    process.once('exit', () => stack.kill());
    return stack;
  });
  return shared;
}

async function healthy(p: NodeProcess, api: string): Promise<void> {
  const deadline = Date.now() + START_MS;
  while (Date.now() < deadline) {
    if (p.child.exitCode !== null || p.child.signalCode !== null) throw new Error(`npm start exited during start:\n${p.output()}`);
    const res = await fetch(`${api}/health`).catch(() => null);
    if (res?.status === 200) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`npm start did not answer /health within ${START_MS} ms:\n${p.output()}`);
}
