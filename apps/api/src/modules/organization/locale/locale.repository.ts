import type { DataSource } from '@wfm/db/data-source';
import { one } from '@wfm/db/sql';

export interface LocaleRow {
  timezone: string;
  locale: string | null;
  tenantLanguage: string;
  ownLanguage: string | null;
}

const SETTINGS = `SELECT t.timezone, t.locale, t.language AS "tenantLanguage", u.language AS "ownLanguage"
  FROM users u JOIN tenants t ON t.id = u.tenant_id WHERE u.id = $1 AND u.tenant_id = $2 AND u.deleted_at IS NULL`;

export class LocaleRepository {
  constructor(private readonly ds: DataSource) {}

  /** Null when the person is gone (removed while their token still lives). */
  of(tenantId: string, userId: string): Promise<LocaleRow | null> {
    return one(this.ds, SETTINGS, [userId, tenantId]);
  }

  async setLanguage(tenantId: string, userId: string, language: string | null, at: Date): Promise<boolean> {
    const row = await one<{ id: string }>(this.ds, `UPDATE users SET language = $3, updated_at = $4 WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL RETURNING id`, [userId, tenantId, language, at]);
    return row !== null;
  }
}
