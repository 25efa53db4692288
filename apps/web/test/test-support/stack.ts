import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMailDrop, type ReadMail } from '@wfm/api/test-support/mail-drop-reader';
import { freePort, NO_FIXED_OPERATOR_PORTS, spawnNode, type NodeProcess } from '@wfm/testing/child-process';
import { createTestDatabase, type TestDatabase } from '@wfm/testing/database';
import { startTestReceiver, type TestReceiver } from '@wfm/testing/https-receiver';

const LAUNCHER = fileURLToPath(new URL('../../../../../launcher/dist/main.js', import.meta.url));
const START_MS = 60_000;

/** The demo tenant's sign-in (apps/api/src/seed): every role is `<role-in-kebab-case>@demo.test`. */
export const DEMO_PASSWORD = 'Demo-Password-1';
export const demoEmail = (role: string) => `${role.toLowerCase().replace(/_/g, '-')}@demo.test`;

export interface Stack {
  /** The web app's origin, e.g. http://127.0.0.1:41234 (the API is under /api/v1). */
  origin: string;
  api: string;
  db: TestDatabase;
  /** An HTTPS receiver the webhook worker trusts (WEBHOOK_CA_FILE), for subscriptions made in the page. */
  receiver: TestReceiver;
  mailsTo(to: string): Promise<ReadMail[]>;
  /** The platform operator's token the start generated (PLATFORM_ADMIN_TOKEN), for operator routes. */
  platformToken(): Promise<string>;
  /** A JSON call to the API, as a fixture (not the page under test) would make it. */
  call<T = any>(method: string, path: string, opts?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: T }>;
  /** An access token for a demo user, signed in through /auth/login. */
  tokenOf(email: string): Promise<string>;
  stop(): Promise<void>;
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
  const call: Stack['call'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${api}${path}`, { method, headers, ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  const tokens = new Map<string, string>();
  return {
    origin,
    api,
    db,
    receiver,
    mailsTo: (to) => readMailDrop(join(dataDir, 'mail'), { to }),
    platformToken: async () => (await readFile(join(dataDir, 'platform-admin-token'), 'utf8')).trim(),
    call,
    async tokenOf(email) {
      const known = tokens.get(email);
      if (known) return known;
      const res = await call<{ accessToken: string }>('POST', '/auth/login', { body: { identifier: email, password: DEMO_PASSWORD } });
      if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}: ${JSON.stringify(res.body)}`);
      tokens.set(email, res.body.accessToken);
      return res.body.accessToken;
    },
    async stop() {
      p.child.kill('SIGTERM');
      await p.exit(20_000).catch(() => p.child.kill('SIGKILL'));
      await cleanup();
    },
  };
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
