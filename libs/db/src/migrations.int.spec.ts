import { expect } from 'chai';
import pg from 'pg';
import { createDataSource, runMigrations } from './data-source.js';

/**
 * Several API replicas starting at once against an empty database (a database of its own on the
 * test run's server; libs/testing builds on this package, so its helpers are out of reach here).
 */
describe('runMigrations: replicas starting at once', function () {
  this.timeout(60_000);
  const name = `wfm_migrate_race_${process.pid}`;
  // The global setup has set the template's URL by the time the hooks run (not when the file loads).
  const serverUrl = (database: string) => Object.assign(new URL(process.env.WFM_TEST_TEMPLATE_URL ?? ''), { pathname: `/${database}` }).toString();

  async function adminQuery(sql: string): Promise<void> {
    const c = new pg.Client({ connectionString: serverUrl('postgres') });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  }

  before(() => adminQuery(`CREATE DATABASE ${name}`));
  after(() => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

  it('applies every migration exactly once, the others waiting and finding nothing pending', async () => {
    const replicas = [0, 1, 2].map(() => createDataSource({ url: serverUrl(name), poolSize: 1 }));
    await Promise.all(replicas.map((ds) => ds.initialize()));
    try {
      const ran = await Promise.all(replicas.map((ds) => runMigrations(ds)));
      const total = replicas[0]!.migrations.length;
      expect(ran.slice().sort((a, b) => b - a)).to.deep.equal([total, 0, 0]);
      const rows: Array<{ n: number }> = await replicas[0]!.query(`SELECT count(*)::int AS n FROM migrations`);
      expect(rows[0]!.n).to.equal(total);
    } finally {
      await Promise.all(replicas.map((ds) => ds.destroy()));
    }
  });
});
