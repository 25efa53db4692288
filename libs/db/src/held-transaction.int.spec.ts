import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { createDataSource, type DataSource } from './data-source.js';
import { HeldTransactions, InterleavedTransactionError, type HeldTransaction } from './held-transaction.js';

/**
 * The held request transaction of issue 32 against the real server: every query runner the data
 * source hands out inside `run` is the held connection, service transactions become savepoints,
 * and once the transaction has ended the same async context is back on the pool.
 */
describe('held request transaction (HeldTransactions)', () => {
  let ds: DataSource;
  let held: HeldTransactions;
  const table = `held_tx_items_${randomBytes(4).toString('hex')}`;

  before(async () => {
    const url = new URL(process.env.WFM_TEST_TEMPLATE_URL ?? '');
    url.pathname = '/postgres';
    ds = createDataSource({ url: url.toString(), poolSize: 3 });
    await ds.initialize();
    held = HeldTransactions.of(ds);
    await ds.query(`CREATE TABLE ${table} (id int PRIMARY KEY, name text NOT NULL)`);
  });
  after(async () => {
    await ds.query(`DROP TABLE ${table}`);
    await ds.destroy();
  });
  beforeEach(() => ds.query(`TRUNCATE ${table}`));

  const names = async (): Promise<string[]> => ((await ds.query(`SELECT name FROM ${table} ORDER BY id`)) as Array<{ name: string }>).map((r) => r.name);

  async function inHeld<T>(work: (tx: HeldTransaction) => Promise<T>): Promise<{ tx: HeldTransaction; result: T }> {
    const tx = await held.begin();
    try {
      return { tx, result: await held.run(tx, () => work(tx)) };
    } catch (err) {
      await tx.rollback();
      throw err;
    }
  }

  it('runs reads on the held connection (they see its writes) while other connections see nothing until the commit', async () => {
    let look!: () => void;
    // Chained here, outside the held context, so the read runs on a pooled connection.
    const outside = new Promise<void>((resolve) => (look = resolve)).then(names);
    const { tx, result } = await inHeld(async () => {
      await ds.query(`INSERT INTO ${table} VALUES (1, 'a')`);
      await ds.transaction((m) => m.query(`INSERT INTO ${table} VALUES (2, 'b')`));
      look();
      return { inside: await names(), outside: await outside };
    });
    expect(result.inside).to.deep.equal(['a', 'b']);
    expect(result.outside).to.deep.equal([]);
    await tx.commit();
    await tx.release();
    expect(await names()).to.deep.equal(['a', 'b']);
  });

  it('rolls back only the savepoint of a nested transaction that fails, and the rest commits', async () => {
    const { tx } = await inHeld(async () => {
      await ds.query(`INSERT INTO ${table} VALUES (1, 'kept')`);
      const failed = await ds
        .transaction(async (m) => {
          await m.query(`INSERT INTO ${table} VALUES (2, 'undone')`);
          throw new Error('service refuses');
        })
        .catch((err: Error) => err.message);
      expect(failed).to.equal('service refuses');
      await ds.transaction((m) => m.query(`INSERT INTO ${table} VALUES (3, 'after')`));
    });
    await tx.commit();
    await tx.release();
    expect(await names()).to.deep.equal(['kept', 'after']);
  });

  it('keeps the transaction usable after a failing statement that the code catches (insert, then fall back)', async () => {
    const { tx } = await inHeld(async () => {
      await ds.query(`INSERT INTO ${table} VALUES (1, 'first')`);
      const err = await ds.query(`INSERT INTO ${table} VALUES (1, 'duplicate')`).catch((e: { code?: string }) => e.code);
      expect(err).to.equal('23505');
      await ds.query(`UPDATE ${table} SET name = 'fallback' WHERE id = 1`);
    });
    await tx.commit();
    await tx.release();
    expect(await names()).to.deep.equal(['fallback']);
  });

  it('rolls everything back on rollback and drops the work queued for after the commit', async () => {
    const ran: string[] = [];
    const { tx } = await inHeld(async () => {
      await ds.transaction((m) => m.query(`INSERT INTO ${table} VALUES (1, 'gone')`));
      await held.afterCommit(async () => void ran.push('published'));
    });
    await tx.rollback();
    await tx.release();
    expect(await tx.runAfterCommit()).to.deep.equal([]);
    expect(ran).to.deep.equal([]);
    expect(await names()).to.deep.equal([]);
  });

  it('runs queued work only after the commit, when what it announces is there for everyone', async () => {
    const seen: string[][] = [];
    const { tx } = await inHeld(async () => {
      await ds.query(`INSERT INTO ${table} VALUES (1, 'a')`);
      await held.afterCommit(async () => void seen.push(await names()));
      expect(seen).to.deep.equal([]);
    });
    await tx.commit();
    expect(await tx.runAfterCommit()).to.deep.equal([]);
    await tx.release();
    expect(seen).to.deep.equal([['a']]);
  });

  it('puts continuations that outlive the transaction back on the pool', async () => {
    let resume!: () => void;
    const resumed = new Promise<void>((resolve) => (resume = resolve));
    let later!: Promise<{ current: HeldTransaction | null; rows: string[] }>;
    const { tx } = await inHeld(async () => {
      await ds.query(`INSERT INTO ${table} VALUES (1, 'a')`);
      later = resumed.then(async () => ({ current: held.current(), rows: await names() }));
    });
    await tx.commit();
    await tx.release();
    resume();
    expect(await later).to.deep.equal({ current: null, rows: ['a'] });
  });

  it('refuses a transaction that ends while one it overlapped is still open, and will not commit the request then', async () => {
    let releaseFirst!: () => void;
    let releaseSecond!: () => void;
    const firstGate = new Promise<void>((resolve) => (releaseFirst = resolve));
    const secondGate = new Promise<void>((resolve) => (releaseSecond = resolve));
    const tx = await held.begin();
    const { first, commit } = await held.run(tx, async () => {
      let started!: () => void;
      const secondStarted = new Promise<void>((resolve) => (started = resolve));
      const a = ds.transaction(async (m) => {
        await m.query(`INSERT INTO ${table} VALUES (1, 'first')`);
        await firstGate;
      });
      const b = ds.transaction(async (m) => {
        await m.query(`INSERT INTO ${table} VALUES (2, 'second')`);
        started();
        await secondGate;
      });
      await secondStarted;
      releaseFirst();
      const firstOutcome = await a.then(
        () => 'ok',
        (err: Error) => err.constructor.name,
      );
      const commitOutcome = await tx.commit().then(
        () => 'ok',
        (err: Error) => err.constructor.name,
      );
      releaseSecond();
      // The second may fail too (the first's savepoint is still open under it); all that matters is that nothing commits.
      await b.catch(() => undefined);
      return { first: firstOutcome, commit: commitOutcome };
    });
    expect(first).to.equal(InterleavedTransactionError.name);
    expect(commit).to.equal(InterleavedTransactionError.name);
    await tx.rollback();
    await tx.release();
    expect(await names()).to.deep.equal([]);
  });
});
