import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 33: a tenant's locale (null: by its time zone, as before) and default language, and each
 * person's own language (null: the tenant's). The lists are checked in the API, which owns them.
 */
export class LocaleLanguage1765000400000 implements MigrationInterface {
  name = 'LocaleLanguage1765000400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE tenants ADD COLUMN locale text, ADD COLUMN language text NOT NULL DEFAULT 'en'`);
    await q.query(`ALTER TABLE users ADD COLUMN language text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN language`);
    await q.query(`ALTER TABLE tenants DROP COLUMN locale, DROP COLUMN language`);
  }
}
