import pg from 'pg';
import { createDataSource, type DataSource } from '@wfm/db/data-source';
import { TEMPLATE_ENV } from './global-setup.js';

let counter = 0;

export interface TestDatabase {
  url: string;
  dataSource: DataSource;
  drop(): Promise<void>;
}

/** A fresh database cloned from the migrated template, for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const templateUrl = process.env[TEMPLATE_ENV];
  if (!templateUrl) throw new Error('Test template database missing: run tests through mocha with the root .mocharc');
  const template = new URL(templateUrl).pathname.slice(1);
  // Named after the run's template, so the run's teardown finds clones made by every parallel worker.
  const name = `${template}_c${process.pid}_${++counter}`;
  const adminUrl = new URL(templateUrl);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  // Tests need commits visible, not durable across a server crash: not waiting for the WAL flush
  // takes the disk's latency out of every commit. The product's own connections are unchanged.
  await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  await admin.end();
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
