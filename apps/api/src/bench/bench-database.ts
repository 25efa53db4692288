import { join } from 'node:path';
import pg from 'pg';
import { createDataSource, runMigrations } from '@wfm/db/data-source';
import { startEmbeddedPostgres } from '@wfm/embedded-db/embedded-postgres';

/**
 * A migrated database of its own for one bench run, on DATABASE_URL's server or else on an embedded
 * PostgreSQL under .data/bench-pg, dropped when the run ends however it ends.
 */
export async function withBenchDatabase<T>(name: string, run: (dbUrl: string) => Promise<T>): Promise<T> {
  let adminUrl = process.env.DATABASE_URL;
  const embedded = adminUrl ? null : await startEmbeddedPostgres({ dir: join(process.cwd(), '.data', 'bench-pg'), port: 54331, database: 'postgres' });
  adminUrl ??= embedded!.url;
  const dbName = `wfm_bench_${name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  try {
    const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
    const ds = createDataSource({ url: dbUrl, poolSize: 1 });
    await ds.initialize();
    await runMigrations(ds);
    await ds.destroy();
    return await run(dbUrl);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    if (embedded) await embedded.stop();
  }
}
