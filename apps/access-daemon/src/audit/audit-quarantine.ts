import { open, type FileHandle } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { AuditRow } from './audit-row.js';

/** One dead letter: the row as it was (or the raw text of a spool line that is not JSON) and why. */
export interface QuarantineEntry {
  quarantinedAt: string;
  sqlState: string | null;
  error: string;
  row?: AuditRow;
  line?: string;
}

/** `access-audit-spool.ndjson` → `access-audit-spool.quarantine.ndjson`, next to the spool. */
export function quarantinePathFor(spoolPath: string): string {
  return `${spoolPath.replace(/\.ndjson$/, '')}.quarantine.ndjson`;
}

/**
 * The dead-letter file of audit rows PostgreSQL refuses for good: NDJSON, fsync'd, append-only,
 * readable by its owner only (rows name users and readers). An operator can repair a line and
 * insert it by hand; nothing here reads it back.
 */
export class AuditQuarantine {
  private handle: FileHandle | null = null;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(readonly path: string) {}

  /** Resolves once the entries are on disk (written and fdatasync'd). Appends are serialised. */
  add(entries: readonly QuarantineEntry[]): Promise<void> {
    if (entries.length === 0) return Promise.resolve();
    const run = this.chain.then(async () => {
      if (!this.handle) {
        mkdirSync(dirname(this.path), { recursive: true });
        this.handle = await open(this.path, 'a', 0o600);
      }
      await this.handle.write(entries.map((e) => `${JSON.stringify(e)}\n`).join(''));
      await this.handle.datasync();
    });
    this.chain = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    await this.chain;
    await this.handle?.close();
    this.handle = null;
  }
}
