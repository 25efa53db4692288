import { copyAuditLines, insertAuditRows } from '@wfm/db/access-audit.repository';
import { exec, type StatementSource } from '@wfm/db/sql';
import type { AuditRow, AuditStore } from './audit-row.js';

export class AuditRepository implements AuditStore {
  constructor(private readonly ds: StatementSource) {}

  async insertBatch(rows: readonly AuditRow[]): Promise<void> {
    await insertAuditRows(this.ds, rows);
  }

  copyLines(lines: Buffer): Promise<void> {
    return copyAuditLines(this.ds, lines);
  }

  async ping(): Promise<void> {
    await exec(this.ds, 'SELECT 1');
  }
}
