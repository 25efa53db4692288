import type { DataSource } from '@wfm/db/data-source';
import type { SalesLeadEntity } from '@wfm/db/entities/branding-profiles-leads.entity';
import { exec, many, type Row } from '@wfm/db/sql';

export type Lead = Row<SalesLeadEntity>;

/**
 * Sales enquiries: the platform operator's, not any tenant's, so the one table without tenant_id
 * (decisions.md, issue 17). Nothing here is reachable with a tenant's credentials.
 */
export class LeadsRepository {
  constructor(private readonly ds: DataSource) {}

  async insert(lead: Lead): Promise<void> {
    await exec(this.ds, `INSERT INTO sales_leads (id, name, email, company, message, created_at) VALUES ($1, $2, $3, $4, $5, $6)`, [
      lead.id,
      lead.name,
      lead.email,
      lead.company,
      lead.message,
      lead.createdAt,
    ]);
  }

  /** Newest first. */
  list(limit: number, offset: number): Promise<Lead[]> {
    return many(
      this.ds,
      `SELECT id, name, email, company, message, created_at AS "createdAt" FROM sales_leads ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`,
      [limit, offset],
    );
  }
}
