import pg from 'pg';
import { createDataSource, type DataSource } from '@wfm/db/data-source';
import { TEMPLATE_ENV } from './global-setup.js';

let counter = 0;
/** The clone made ahead for this process's next file, while the current one runs its tests. */
let prefetched: Promise<string> | null = null;

export interface TestDatabase {
  url: string;
  dataSource: DataSource;
  drop(): Promise<void>;
}

function templateUrlOrFail(): string {
  const templateUrl = process.env[TEMPLATE_ENV];
  if (!templateUrl) throw new Error('Test template database missing: run tests through mocha with the root .mocharc');
  return templateUrl;
}

function adminUrlOf(templateUrl: string): URL {
  const adminUrl = new URL(templateUrl);
  adminUrl.pathname = '/postgres';
  return adminUrl;
}

/** A new clone of the migrated template; its name. */
async function clone(templateUrl: string): Promise<string> {
  const template = new URL(templateUrl).pathname.slice(1);
  // Named after the run's template, so the run's teardown finds clones made by every parallel worker.
  const name = `${template}_c${process.pid}_${++counter}`;
  const admin = new pg.Client({ connectionString: adminUrlOf(templateUrl).toString() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    // Tests need commits visible, not durable across a server crash: not waiting for the WAL flush
    // takes the disk's latency out of every commit. The product's own connections are unchanged.
    await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  return name;
}

/**
 * A fresh database cloned from the migrated template, for one test file. The clone for the next
 * call is started at once, so that copying the template (most of the cost) overlaps the tests of
 * this file instead of delaying the next one; a leftover is dropped by the run's teardown.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const templateUrl = templateUrlOrFail();
  const adminUrl = adminUrlOf(templateUrl);
  const ready = prefetched;
  prefetched = clone(templateUrl);
  // Awaited by the next call; a failure there is retried with a clone of its own.
  prefetched.catch(() => undefined);
  const name = (await ready?.catch(() => null)) ?? (await clone(templateUrl));
  const url = new URL(templateUrl);
  url.pathname = `/${name}`;
  const dataSource = createDataSource({ url: url.toString(), poolSize: 5 });
  await dataSource.initialize();
  return {
    url: url.toString(),
    dataSource,
    async drop() {
      await dataSource.destroy();
      const a = new pg.Client({ connectionString: adminUrl.toString() });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

let shared: Promise<TestDatabase> | null = null;

/**
 * One database for every file of this test process that isolates its tests by data (each test
 * makes its own tenants and reads only their rows), as the API's HTTP tests do: files of a process
 * run one after another, so what one leaves behind is only other tenants' rows. It lives until the
 * process ends (the run's teardown drops it); `drop()` leaves it for the next file.
 */
export function sharedTestDatabase(): Promise<TestDatabase> {
  shared ??= createTestDatabase().then((db) => ({ ...db, drop: async () => undefined }));
  return shared;
}
