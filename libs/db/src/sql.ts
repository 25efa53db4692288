import type { DataSource, EntityManager, QueryResult } from 'typeorm';

/** What a statement needs of a data source: a pooled connection of its own for the statement. */
export type StatementSource = Pick<DataSource, 'createQueryRunner'>;

/**
 * Where a repository's statement runs: a data source or a transaction's manager. Repositories take
 * it, when they take one, as their first parameter. Only a type of TypeORM's here, so that a process
 * can load the statements without TypeORM itself (the door daemon's start from its stored cache).
 */
export type Db = StatementSource | EntityManager;

/**
 * Runs through TypeORM's structured result: its plain `query()` answers UPDATE and DELETE with
 * `[rows, count]` and everything else with the rows alone, so RETURNING rows would be read a
 * different way per statement.
 */
async function run(db: Db, sql: string, params: readonly unknown[]): Promise<QueryResult> {
  if (!('createQueryRunner' in db) && db.queryRunner) return db.queryRunner.query(sql, [...params], true);
  // As DataSource.query does: a pooled connection for this one statement.
  const runner = ('createQueryRunner' in db ? db : db.dataSource).createQueryRunner();
  try {
    return await runner.query(sql, [...params], true);
  } finally {
    await runner.release();
  }
}

/** The rows of a SELECT, or the RETURNING rows of an INSERT, UPDATE or DELETE. */
export async function many<T>(db: Db, sql: string, params: readonly unknown[] = []): Promise<T[]> {
  return (await run(db, sql, params)).records as T[];
}

/** The first row, or null when there is none. */
export async function one<T>(db: Db, sql: string, params: readonly unknown[] = []): Promise<T | null> {
  return ((await run(db, sql, params)).records[0] as T | undefined) ?? null;
}

/** Runs a statement for its effect; returns how many rows it inserted, updated or deleted. */
export async function exec(db: Db, sql: string, params: readonly unknown[] = []): Promise<number> {
  return (await run(db, sql, params)).affected ?? 0;
}

/**
 * A row of entity `E`'s table as a SELECT returns it, the columns `K` each aliased to its property
 * name. Every selected column is present, also those an insert may leave out (optional on the
 * entity). The entities type each column as pg returns it (timestamptz and date as Date, bigint and
 * numeric as strings, jsonb parsed), so the row is typed truthfully; a column the SELECT casts or
 * computes is a field of its own, stated beside this type.
 */
export type Row<E, K extends keyof E = keyof E> = { [P in K]-?: Exclude<E[P], undefined> };

/** Row type `R` read through a LEFT JOIN: each column is null where no row matched. */
export type Joined<R> = { [P in keyof R]: R[P] | null };

/** For each field an UPDATE may change, its column. */
export type Columns<T> = { readonly [K in keyof T]-?: string };

/**
 * The `column = $n, …` list of an UPDATE for the fields `changes` holds, each value appended to
 * `params`. An undefined field keeps its stored value, as TypeORM's update did; a field `columns`
 * does not name is never written.
 */
export function assignments<T extends object>(changes: T, columns: Columns<NoInfer<T>>, params: unknown[]): string {
  return (Object.keys(columns) as Array<keyof T & string>)
    .filter((field) => changes[field] !== undefined)
    .map((field) => `${columns[field]} = $${params.push(changes[field])}`)
    .join(', ');
}

/**
 * Rethrows the violation of a named constraint (unique, exclusion, check) as the error `errors`
 * makes for it, so a race the service's own check lost answers the same 409; any other error is
 * rethrown unchanged. For `.catch((err) => onConstraint(err, { … }))`.
 */
export function onConstraint(err: unknown, errors: Readonly<Record<string, () => Error>>): never {
  // TypeORM's QueryFailedError carries the driver's fields, so this reads wrapped and bare errors alike.
  const { code, constraint } = (err ?? {}) as { code?: unknown; constraint?: unknown };
  const violated = typeof code === 'string' && code.startsWith('23') && typeof constraint === 'string' && Object.hasOwn(errors, constraint);
  throw violated ? errors[constraint]!() : err;
}

/**
 * The condition for rows not soft-deleted (users, access zones). Written with every read of those
 * tables that means live rows, so the SQL says so itself instead of relying on an entity's
 * delete-date column.
 */
export function live(alias: string): string {
  return `${alias}.deleted_at IS NULL`;
}

/** A keyset order: an immutable sort column (timestamptz or text) and the unique id that breaks its ties. */
export interface Keyset {
  key: string;
  id: string;
  descending?: boolean;
}

/** Where a keyset walk stands: the last row's sort key, as the exact text PostgreSQL gave, and its id. */
export type KeysetPosition = readonly string[];

/** A row of a keyset page, with the exact text of its sort key (a JavaScript Date would drop microseconds). */
export type Keyed<T> = T & { cursorKey: string };

/**
 * The pieces of one keyset page: the select item carrying the sort key's text as `cursorKey`, the
 * condition for rows after `after` (none on the first page) and the ORDER BY … LIMIT tail. The row
 * comparison keeps to an index on (tenant, key, id).
 */
export function keysetPage(ks: Keyset, after: KeysetPosition | null, limit: number, params: unknown[]): { select: string; where: string[]; tail: string } {
  const dir = ks.descending ? 'DESC' : 'ASC';
  const where = after === null ? [] : [`(${ks.key}, ${ks.id}) ${ks.descending ? '<' : '>'} ($${params.push(after[0])}, $${params.push(after[1])})`];
  return { select: `${ks.key}::text AS "cursorKey"`, where, tail: `ORDER BY ${ks.key} ${dir}, ${ks.id} ${dir} LIMIT $${params.push(limit)}` };
}

/** A pattern for LIKE/ILIKE matching rows that contain `search`, its own wildcards matched as themselves. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
