import { expect } from 'chai';
import { createDataSource, type DataSource } from './data-source.js';
import { assignments, exec, live, many, one, onConstraint } from './sql.js';

class Taken extends Error {}

/**
 * Against the real server, in the `postgres` database of the test run's server (set by the mocha
 * global setup; libs/testing builds on this package, so its helpers are out of reach here). One
 * pooled connection, so the temporary table is seen by every statement and vanishes with it.
 */
describe('sql helpers (many, one, exec, assignments, onConstraint, live)', () => {
  let ds: DataSource;

  before(async () => {
    const url = new URL(process.env.WFM_TEST_TEMPLATE_URL ?? '');
    url.pathname = '/postgres';
    ds = createDataSource({ url: url.toString(), poolSize: 1 });
    await ds.initialize();
    await ds.query(`CREATE TEMP TABLE items (id int PRIMARY KEY, name text NOT NULL CONSTRAINT items_name_key UNIQUE, deleted_at timestamptz)`);
  });
  after(() => ds.destroy());
  beforeEach(() => ds.query(`TRUNCATE items`));

  async function rejection(p: Promise<unknown>): Promise<unknown> {
    try {
      await p;
    } catch (err) {
      return err;
    }
    throw new Error('expected a rejection');
  }

  it('many and one read SELECT rows; one is null when there is none', async () => {
    await exec(ds, `INSERT INTO items (id, name) VALUES (1, 'a'), (2, 'b')`);
    expect(await many<{ id: number }>(ds, `SELECT id FROM items ORDER BY id`)).to.deep.equal([{ id: 1 }, { id: 2 }]);
    expect(await one<{ name: string }>(ds, `SELECT name FROM items WHERE id = $1`, [2])).to.deep.equal({ name: 'b' });
    expect(await one(ds, `SELECT name FROM items WHERE id = $1`, [3])).to.equal(null);
  });

  it('RETURNING rows come back as rows for INSERT, UPDATE and DELETE alike', async () => {
    expect(await many(ds, `INSERT INTO items (id, name) VALUES (1, 'a'), (2, 'b') RETURNING id`)).to.deep.equal([{ id: 1 }, { id: 2 }]);
    expect(await many(ds, `UPDATE items SET name = name || '!' RETURNING name`)).to.have.deep.members([{ name: 'a!' }, { name: 'b!' }]);
    expect(await one(ds, `UPDATE items SET name = 'z' WHERE id = 9 RETURNING id`)).to.equal(null);
    expect(await one(ds, `DELETE FROM items WHERE id = 1 RETURNING id, name`)).to.deep.equal({ id: 1, name: 'a!' });
  });

  it('exec counts the rows a statement inserted, updated or deleted', async () => {
    expect(await exec(ds, `INSERT INTO items (id, name) SELECT g, 'n' || g FROM generate_series(1, 3) g`)).to.equal(3);
    expect(await exec(ds, `UPDATE items SET deleted_at = now() WHERE id >= $1`, [2])).to.equal(2);
    expect(await exec(ds, `DELETE FROM items WHERE id = 9`)).to.equal(0);
  });

  it('runs inside the transaction it is given, so a rollback takes its writes back', async () => {
    await rejection(
      ds.transaction(async (tx) => {
        await exec(tx, `INSERT INTO items (id, name) VALUES (1, 'a')`);
        expect(await one(tx, `SELECT name FROM items WHERE id = 1`)).to.deep.equal({ name: 'a' });
        throw new Error('roll back');
      }),
    );
    expect(await many(ds, `SELECT id FROM items`)).to.deep.equal([]);
  });

  it('assignments writes the fields that are set, leaves undefined ones as stored and writes null as null', async () => {
    await exec(ds, `INSERT INTO items (id, name, deleted_at) VALUES (1, 'a', now())`);
    const columns = { name: 'name', deletedAt: 'deleted_at' } as const;
    const params: unknown[] = [1];
    const set = assignments<{ name?: string; deletedAt?: Date | null }>({ name: 'b', deletedAt: null }, columns, params);
    expect(set).to.equal('name = $2, deleted_at = $3');
    expect(await one(ds, `UPDATE items SET ${set} WHERE id = $1 RETURNING name, deleted_at AS "deletedAt"`, params)).to.deep.equal({ name: 'b', deletedAt: null });
    const kept: unknown[] = [1];
    const nameOnly = assignments<{ name?: string; deletedAt?: Date | null }>({ name: 'c', deletedAt: undefined }, columns, kept);
    expect(nameOnly).to.equal('name = $2');
    expect(kept).to.deep.equal([1, 'c']);
  });

  it('onConstraint turns the named constraint into its error and passes any other error through', async () => {
    await exec(ds, `INSERT INTO items (id, name) VALUES (1, 'a')`);
    const insert = (id: number, name: string) =>
      exec(ds, `INSERT INTO items (id, name) VALUES ($1, $2)`, [id, name]).catch((err) => onConstraint(err, { items_name_key: () => new Taken('name taken') }));
    const taken = await rejection(insert(2, 'a'));
    expect(taken).to.be.instanceOf(Taken).and.have.property('message', 'name taken');
    const otherKey = await rejection(insert(1, 'b'));
    expect(otherKey).to.not.be.instanceOf(Taken);
    expect(otherKey).to.include({ code: '23505', constraint: 'items_pkey' });
    const notAViolation = new Error('boom');
    expect(() => onConstraint(notAViolation, { items_name_key: () => new Taken() })).to.throw(notAViolation);
  });

  it('live(alias) keeps the rows that are not soft-deleted', async () => {
    await exec(ds, `INSERT INTO items (id, name, deleted_at) VALUES (1, 'a', NULL), (2, 'b', now())`);
    expect(await many(ds, `SELECT i.id FROM items i WHERE ${live('i')}`)).to.deep.equal([{ id: 1 }]);
  });
});
