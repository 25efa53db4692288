import { expect } from 'chai';
import { createDataSource } from '@wfm/db/data-source';
import { exec, many } from '@wfm/db/sql';
import { sharedTestDatabase, type TestDatabase } from '@wfm/testing/database';
import { DatabaseNotConnected, LateDatabase } from './database.js';

describe('LateDatabase: the database of a daemon that started from its stored cache', () => {
  let db: TestDatabase;

  before(async () => {
    db = await sharedTestDatabase();
  });

  it('fails statements and transactions as a database that is down until a data source is attached and connected', async () => {
    const late = new LateDatabase();
    const refused = async (work: Promise<unknown>) => {
      const err = await work.then(() => null, (e: unknown) => e);
      expect(err).to.be.instanceOf(DatabaseNotConnected);
    };
    await refused(many(late, 'SELECT 1'));
    await refused(late.transaction(async () => 1));

    const ds = createDataSource({ url: db.url, poolSize: 1 });
    late.attach(ds);
    await refused(many(late, 'SELECT 1'));

    await ds.initialize();
    expect(await many<{ n: number }>(late, 'SELECT 41 + 1 AS n')).to.deep.equal([{ n: 42 }]);
    expect(await late.transaction(async (tx) => many<{ n: number }>(tx, 'SELECT 7 AS n'))).to.deep.equal([{ n: 7 }]);

    await ds.destroy();
    await refused(exec(late, 'SELECT 1'));
  });

  it('runs a transaction through the attached data source: a failure inside rolls its statements back', async () => {
    const late = new LateDatabase();
    const ds = createDataSource({ url: db.url, poolSize: 2 });
    await ds.initialize();
    late.attach(ds);
    try {
      const table = `late_db_${process.pid}`;
      await exec(late, `CREATE TABLE ${table} (n int)`);
      const failed = await late
        .transaction(async (tx) => {
          await exec(tx, `INSERT INTO ${table} (n) VALUES (1)`);
          throw new Error('inside');
        })
        .then(() => null, (e: unknown) => e);
      expect((failed as Error).message).to.equal('inside');
      expect(await many(late, `SELECT n FROM ${table}`)).to.deep.equal([]);
      await exec(late, `DROP TABLE ${table}`);
    } finally {
      await ds.destroy();
    }
  });
});
