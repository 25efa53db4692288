import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createDataSource, runMigrations, type DataSource } from '@wfm/db/data-source';
import { createTestDatabase, type TestDatabase } from '@wfm/testing/database';
import { TEMPLATE_ENV } from '@wfm/testing/global-setup';
import { EXPECTED_MIGRATIONS, SchemaRepository } from './schema.repository.js';
import { SCHEMA_WAIT_MESSAGE, waitForSchema, type StartupLog } from './startup.js';

let counter = 0;

function serverUrl(db: string): string {
  const url = new URL(process.env[TEMPLATE_ENV]!);
  url.pathname = `/${db}`;
  return url.toString();
}

async function admin<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl('postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A database as PostgreSQL creates it: what a daemon meets when it starts before the API ever ran. */
async function createEmptyDatabase(): Promise<{ url: string; ds: DataSource; drop(): Promise<void> }> {
  const name = `wfm_t_${process.pid}_empty_${++counter}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = serverUrl(name);
  const ds = createDataSource({ url, poolSize: 2 });
  await ds.initialize();
  return {
    url,
    ds,
    async drop() {
      if (ds.isInitialized) await ds.destroy();
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

class RecordingLog implements StartupLog {
  readonly lines: Array<{ level: 'info' | 'warn'; msg: string; fields?: Record<string, unknown> }> = [];
  info(msg: string): void {
    this.lines.push({ level: 'info', msg });
  }
  warn(fields: Record<string, unknown>, msg: string): void {
    this.lines.push({ level: 'warn', msg, fields });
  }
}

describe('access daemon start-up: waiting for the API to migrate the database (real PostgreSQL)', () => {
  let migrated: TestDatabase;

  before(async () => {
    migrated = await createTestDatabase();
  });
  after(async () => migrated.drop());

  describe('SchemaRepository.missingMigrations', () => {
    it('lists every migration on a database the API has not migrated, and none on the migrated one', async () => {
      const empty = await createEmptyDatabase();
      try {
        expect(EXPECTED_MIGRATIONS).to.have.length.greaterThan(0);
        expect(await new SchemaRepository(empty.ds).missingMigrations()).to.deep.equal([...EXPECTED_MIGRATIONS]);
        expect(await new SchemaRepository(migrated.dataSource).missingMigrations()).to.deep.equal([]);
      } finally {
        await empty.drop();
      }
    });

    it('lists the migrations a partly migrated database still lacks', async () => {
      const partial = await createTestDatabase();
      try {
        const last = EXPECTED_MIGRATIONS[EXPECTED_MIGRATIONS.length - 1]!;
        await partial.dataSource.query(`DELETE FROM migrations WHERE name = $1`, [last]);
        expect(await new SchemaRepository(partial.dataSource).missingMigrations()).to.deep.equal([last]);
      } finally {
        await partial.drop();
      }
    });
  });

  describe('waitForSchema', () => {
    it('waits with a doubling backoff and a clear log line until the API has migrated, then goes on', async () => {
      const empty = await createEmptyDatabase();
      try {
        const log = new RecordingLog();
        const sleeps: number[] = [];
        const ready = await waitForSchema(() => new SchemaRepository(empty.ds).missingMigrations(), {
          log,
          signal: new AbortController().signal,
          // The API migrates while the daemon sleeps for the third time.
          sleep: async (ms) => {
            sleeps.push(ms);
            if (sleeps.length === 3) await runMigrations(empty.ds);
          },
        });
        expect(ready).to.equal(true);
        expect(sleeps).to.deep.equal([500, 1000, 2000]);
        expect(log.lines.map((l) => [l.level, l.msg])).to.deep.equal([
          ['warn', SCHEMA_WAIT_MESSAGE],
          ['warn', SCHEMA_WAIT_MESSAGE],
          ['warn', SCHEMA_WAIT_MESSAGE],
          ['info', 'database schema ready'],
        ]);
        expect(log.lines[0]!.fields).to.deep.equal({ missingMigrations: EXPECTED_MIGRATIONS.length, firstMissing: EXPECTED_MIGRATIONS[0], retryInMs: 500 });
      } finally {
        await empty.drop();
      }
    });

    it('caps the backoff and waits for nothing but the stop signal', async () => {
      const stop = new AbortController();
      const sleeps: number[] = [];
      const ready = await waitForSchema(async () => ['Foundation1763700000000'], {
        log: new RecordingLog(),
        signal: stop.signal,
        maxDelayMs: 4000,
        sleep: async (ms) => {
          sleeps.push(ms);
          if (sleeps.length === 6) stop.abort();
        },
      });
      expect(ready).to.equal(false);
      expect(sleeps).to.deep.equal([500, 1000, 2000, 4000, 4000, 4000]);
    });

    it('waits for a database that cannot be reached yet, naming the reason', async () => {
      const missing = createDataSource({ url: serverUrl(`wfm_t_${process.pid}_absent`), poolSize: 1, connectTimeoutMs: 2000 });
      const log = new RecordingLog();
      const stop = new AbortController();
      const ready = await waitForSchema(
        async () => {
          await missing.initialize();
          return [];
        },
        { log, signal: stop.signal, sleep: async () => stop.abort() },
      );
      expect(ready).to.equal(false);
      expect(log.lines).to.have.length(1);
      expect(log.lines[0]!.msg).to.equal(`waiting for the database: database "wfm_t_${process.pid}_absent" does not exist`);
    });
  });

  describe('npm run start:daemon (the built main.js)', () => {
    const main = fileURLToPath(new URL('./main.js', import.meta.url));

    /** Runs main.js until it exits, or until `until` sees its output and the test sends SIGTERM (bounded). */
    function run(env: Record<string, string>, until?: RegExp): Promise<{ code: number | null; out: string }> {
      return new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [main], {
          env: {
            PATH: process.env.PATH ?? '',
            REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
            ACCESS_DAEMON_HOST: '127.0.0.1',
            ACCESS_DAEMON_PORT: '0',
            ACCESS_METRICS_PORT: '0',
            ACCESS_AUDIT_SPOOL_PATH: join(mkdtempSync(join(tmpdir(), 'daemon-main-')), 'spool.ndjson'),
            ...env,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        let signalled = false;
        const kill = setTimeout(() => child.kill('SIGKILL'), 20_000);
        const onOutput = (chunk: Buffer) => {
          out += chunk.toString();
          if (until && !signalled && until.test(out)) {
            signalled = true;
            child.kill('SIGTERM');
          }
        };
        child.stdout.on('data', onOutput);
        child.stderr.on('data', onOutput);
        child.on('error', reject);
        child.on('exit', (code) => {
          clearTimeout(kill);
          resolve({ code, out });
        });
      });
    }

    it('waits on an unmigrated database with the clear log line, and stops on SIGTERM', async () => {
      const empty = await createEmptyDatabase();
      try {
        const { code, out } = await run({ DATABASE_URL: empty.url }, /waiting for the database schema/);
        expect(out).to.include(SCHEMA_WAIT_MESSAGE);
        expect(out).to.include('stopped while waiting for the database');
        expect(code).to.equal(0);
      } finally {
        await empty.drop();
      }
    });

    it('names the reason when it cannot start, in one line, instead of a bare value or a stack', async () => {
      const invalid = await run({ DATABASE_URL: migrated.url, ACCESS_DAEMON_PORT: 'door' });
      expect(invalid.code).to.equal(1);
      expect(invalid.out.trim()).to.match(/^access daemon failed to start: Invalid configuration: ACCESS_DAEMON_PORT: [^\n]+$/);
      expect(invalid.out).to.not.include('    at ');

      const taken: Server = await new Promise((resolve) => {
        const s = createServer().listen(0, '127.0.0.1', () => resolve(s));
      });
      try {
        const port = (taken.address() as { port: number }).port;
        const busy = await run({ DATABASE_URL: migrated.url, ACCESS_DAEMON_PORT: String(port) });
        expect(busy.code).to.equal(1);
        const fatal = busy.out
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l) as { level: number; msg: string })
          .find((l) => l.level === 60);
        expect(fatal?.msg).to.match(new RegExp(`^access daemon failed to start: access daemon could not listen on 127\\.0\\.0\\.1:${port} .*: set ACCESS_DAEMON_PORT to a free port$`));
      } finally {
        taken.close();
      }
    });
  });
});
