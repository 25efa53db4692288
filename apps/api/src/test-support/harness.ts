import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { FakeClock } from '@wfm/core/clock';
import { createLogger } from '@wfm/core/logger';
import { uuid } from '@wfm/core/crypto';
import { LocalBus } from '@wfm/memory/bus-local';
import { createTestDatabase, sharedTestDatabase, type TestDatabase } from '@wfm/testing/database';
import { AuthSessionEntity } from '@wfm/db/entities/auth.entity';
import { loadApiConfig, type ApiConfig } from '../config.js';
import { buildApi, type BuiltApi } from '../composition.js';
import { createApiServer } from '../app.js';
import { TokenService } from '../modules/identity/auth/token.service.js';
import { createSecretKey } from 'node:crypto';
import { readMailDrop, type ReadMail } from './mail-drop-reader.js';

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123';
export const TEST_PLATFORM_TOKEN = 'platform-token-for-tests-0123456789';
export const TEST_DATA_ENCRYPTION_KEY = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';

export interface HttpResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  body?: unknown;
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
  /** The body as bytes (a PDF), not parsed. */
  binary?: boolean;
  /** A multipart/form-data body (an upload); fetch writes the boundary into the content type. */
  form?: FormData;
}

export interface HarnessOptions {
  /** Keep every line the app logs at info and above in `logLines` (otherwise nothing is logged). */
  captureLogs?: boolean;
  /**
   * A database of its own, for a file with something that reads every tenant's rows: a webhook
   * worker dispatching all events, sign-in by email or mobile across tenants, the operator's tenant
   * list. Otherwise the process's shared database: tests isolate by data.
   */
  freshDatabase?: boolean;
}

/**
 * The real Express app on a real database clone, listening on 127.0.0.1, driven over HTTP.
 * The clock is fake so tests can move past expiries without waiting. Mail goes to a mail drop
 * directory of this harness (`mailsTo` reads it), removed on stop.
 */
export class ApiHarness {
  readonly clock = new FakeClock(new Date());
  /** The app's bus, so tests can subscribe to what the API publishes (e.g. the access change feed). */
  readonly bus = new LocalBus();
  private server!: Server;
  private api!: BuiltApi;
  baseUrl = '';
  mailDropDir = '';
  /** FILE_STORAGE_DIR of this harness: uploaded and generated files. */
  filesDir = '';
  readonly logLines: string[] = [];
  db!: TestDatabase;
  tokens!: TokenService;
  config!: ApiConfig & { jwtSecret: string; dataEncryptionKey: string };
  /** The DNS TXT records the app sees (SSO domain verification), by name. */
  readonly dnsTxt = new Map<string, string[]>();

  static async start(env: Record<string, string> = {}, opts: HarnessOptions = {}): Promise<ApiHarness> {
    const h = new ApiHarness();
    await h.init(env, opts);
    return h;
  }

  get ds() {
    return this.db.dataSource;
  }

  /** The app's timed jobs: a test runs one by calling it, after moving the clock. */
  job(name: string) {
    const job = this.api.jobs.find((j) => j.name === name);
    if (!job) throw new Error(`no job named ${name}`);
    return job;
  }

  /** The app's metrics, counted by the same server wrapper as in production. */
  get metrics() {
    return this.api.metrics;
  }

  /** Writes the developer request log's buffered rows (requests are recorded as their answers end). */
  flushRequestLog(): Promise<void> {
    return this.api.flushRequestLog();
  }

  /** The app's password-hashing threads. */
  get passwordHashing() {
    return this.api.passwordHashing;
  }

  /** The app's PDF threads. */
  get pdf() {
    return this.api.pdf;
  }

  /** Mail the app wrote to an address (in one tenant, if given), oldest first. */
  /** Waits for the notification deliveries started after the commits so far (they run off the request). */
  notificationsIdle(): Promise<void> {
    return this.api.notificationsIdle();
  }

  mailsTo(to: string, tenantId?: string): Promise<ReadMail[]> {
    return readMailDrop(this.mailDropDir, tenantId === undefined ? { to } : { to, tenantId });
  }

  private async init(env: Record<string, string>, opts: HarnessOptions): Promise<void> {
    this.db = opts.freshDatabase ? await createTestDatabase() : await sharedTestDatabase();
    this.mailDropDir = await mkdtemp(join(tmpdir(), 'wfm-mail-'));
    this.filesDir = await mkdtemp(join(tmpdir(), 'wfm-files-'));
    const config = loadApiConfig({
      MAIL_DROP_DIR: this.mailDropDir,
      FILE_STORAGE_DIR: this.filesDir,
      JWT_SECRET: TEST_JWT_SECRET,
      PLATFORM_ADMIN_TOKEN: TEST_PLATFORM_TOKEN,
      DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
      PASSWORD_HASH_COST: 'test',
      LOG_LEVEL: 'silent',
      ...env,
    });
    this.config = { ...config, jwtSecret: config.jwtSecret ?? TEST_JWT_SECRET, dataEncryptionKey: config.dataEncryptionKey ?? TEST_DATA_ENCRYPTION_KEY };
    const lines = this.logLines;
    const sink = () =>
      new Writable({
        write(chunk: Buffer, _enc, done) {
          lines.push(chunk.toString());
          done();
        },
      });
    this.api = buildApi({
      config: this.config,
      dataSource: this.db.dataSource,
      bus: this.bus,
      redis: null,
      logger: opts.captureLogs ? createLogger('test', 'info', sink()) : createLogger('test', 'silent'),
      clock: this.clock,
      proxyDaemon: false,
      resolveTxt: async (name) => {
        const records = this.dnsTxt.get(name);
        if (!records) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
        return records.map((r) => [r]);
      },
    });
    this.tokens = new TokenService(createSecretKey(Buffer.from(this.config.jwtSecret)), this.clock, {
      accessSeconds: this.config.accessTtlSeconds,
      refreshSeconds: this.config.refreshTtlSeconds,
      accessLabel: this.config.accessTtlLabel,
      refreshLabel: this.config.refreshTtlLabel,
    });
    await new Promise<void>((resolve) => {
      this.server = createApiServer(this.api.app, this.config.httpServer, null, this.api.metrics).listen(0, '127.0.0.1', () => resolve());
    });
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/v1`;
  }

  /** An access token for an existing user, without going through /auth/login (and its rate limit). */
  async tokenFor(user: { id: string; tenantId: string }): Promise<string> {
    const sessionId = uuid();
    await this.ds.getRepository(AuthSessionEntity).insert({
      id: sessionId,
      tenantId: user.tenantId,
      userId: user.id,
      expiresAt: new Date(this.clock.now().getTime() + 7 * 86400_000),
      revokedAt: null,
      revokedReason: null,
    });
    return this.tokens.issuePair({ sub: user.id, tid: user.tenantId, sid: sessionId }).pair.accessToken;
  }

  async request<T = any>(method: string, path: string, opts: RequestOptions = {}): Promise<HttpResult<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | FormData | undefined;
    if (opts.form) body = opts.form;
    else if (opts.rawBody !== undefined) body = opts.rawBody;
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    // Redirects are answers to check (single sign-on lands the browser on the web app), not to follow.
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers, redirect: 'manual', ...(body !== undefined ? { body } : {}) });
    if (opts.binary) return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) as T };
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return { status: res.status, headers: res.headers, body: parsed as T };
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    await this.api.close();
    await this.db.drop();
    await rm(this.mailDropDir, { recursive: true, force: true });
    await rm(this.filesDir, { recursive: true, force: true });
  }
}
