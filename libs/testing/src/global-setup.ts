import { join } from 'node:path';
import pg from 'pg';
import { createDataSource, runMigrations } from '@wfm/db/data-source';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '@wfm/embedded-db/embedded-postgres';

/**
 * Mocha global fixture: one migrated template database per run; every test file clones it
 * (CREATE DATABASE … TEMPLATE), which is far cheaper than migrating per file.
 */
let embedded: EmbeddedPostgresHandle | null = null;

export const TEMPLATE_ENV = 'WFM_TEST_TEMPLATE_URL';

function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

export async function mochaGlobalSetup(): Promise<void> {
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    embedded = await startEmbeddedPostgres({
      dir: join(process.cwd(), '.data', 'test-pg'),
      port: Number(process.env.TEST_EMBEDDED_PG_PORT ?? 54330),
      database: 'postgres',
    });
    adminUrl = embedded.url;
    console.log(`  test database: embedded PostgreSQL (DATABASE_URL not set)`);
  }
  const template = `wfm_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  await admin.end();
  const templateUrl = withDatabase(adminUrl, template);
  const ds = createDataSource({ url: templateUrl, poolSize: 1 });
  await ds.initialize();
  await runMigrations(ds);
  await ds.destroy();
  process.env[TEMPLATE_ENV] = templateUrl;
  if (!process.env.REDIS_URL) console.log('  Redis tests: skipped (REDIS_URL is not set)');
}

export async function mochaGlobalTeardown(): Promise<void> {
  const templateUrl = process.env[TEMPLATE_ENV];
  if (templateUrl) {
    const admin = new pg.Client({ connectionString: withDatabase(templateUrl, 'postgres') });
    await admin.connect();
    const template = new URL(templateUrl).pathname.slice(1);
    const clones = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${template}\\_c%`]);
    for (const { datname } of clones.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
  }
  if (embedded) await embedded.stop();
}
