import { MIGRATIONS, type DataSource } from '@wfm/db/data-source';
import { many, one } from '@wfm/db/sql';

/** The migrations this build was written against, by the name TypeORM records when it runs one. */
export const EXPECTED_MIGRATIONS: readonly string[] = MIGRATIONS.map((M) => new M().name ?? M.name);

/**
 * Whether the API has migrated the database this daemon reads. The daemon never migrates: the API
 * owns the schema, and two processes racing to migrate one database is how schemas get corrupted.
 */
export class SchemaRepository {
  constructor(private readonly ds: DataSource) {}

  /** The expected migrations not yet applied: all of them on a database the API has never started against. */
  async missingMigrations(): Promise<string[]> {
    const log = await one<{ exists: boolean }>(this.ds, `SELECT to_regclass('migrations') IS NOT NULL AS exists`);
    if (!log?.exists) return [...EXPECTED_MIGRATIONS];
    const rows = await many<{ name: string }>(this.ds, `SELECT name FROM migrations`);
    const applied = new Set(rows.map((r) => r.name));
    return EXPECTED_MIGRATIONS.filter((name) => !applied.has(name));
  }
}
