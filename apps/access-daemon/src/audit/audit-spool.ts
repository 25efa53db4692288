import { open, readFile, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { AuditRow } from './audit-row.js';

/**
 * A local, fsync'd, append-only file of audit rows the database could not take. Replay moves the
 * file aside first, so rows spooled during a replay land in a fresh file and are never lost.
 */
export class AuditSpool {
  private handle: FileHandle | null = null;
  private pending = 0;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly path: string) {}

  get replayingPath(): string {
    return `${this.path}.replaying`;
  }

  /** Rows waiting in the spool files (counted at start, then tracked). */
  get depth(): number {
    return this.pending;
  }

  async init(): Promise<void> {
    mkdirSync(dirname(this.path), { recursive: true });
    this.pending = (await this.countLines(this.path)) + (await this.countLines(this.replayingPath));
  }

  private async countLines(path: string): Promise<number> {
    if (!existsSync(path)) return 0;
    return (await readFile(path, 'utf8')).split('\n').filter(Boolean).length;
  }

  /** Resolves once the rows are on disk (written and fdatasync'd). Appends are serialised. */
  append(rows: readonly AuditRow[]): Promise<void> {
    const run = this.chain.then(async () => {
      this.handle ??= await open(this.path, 'a');
      await this.handle.write(rows.map((r) => `${JSON.stringify(r)}\n`).join(''));
      await this.handle.datasync();
      this.pending += rows.length;
    });
    this.chain = run.catch(() => undefined);
    return run;
  }

  /**
   * Hands every spooled row to `insert` (in batches), then deletes what was inserted. On failure the
   * rows stay for the next attempt. Returns how many rows were replayed.
   */
  replay(insert: (rows: AuditRow[]) => Promise<void>, batchSize = 500): Promise<number> {
    const run = this.chain.then(async () => {
      if (!existsSync(this.replayingPath)) {
        if (!existsSync(this.path) || (await stat(this.path)).size === 0) return 0;
        await this.handle?.close();
        this.handle = null;
        await rename(this.path, this.replayingPath);
      }
      return this.replayingPath;
    });
    this.chain = run.catch(() => undefined);
    return run.then(async (file) => {
      if (file === 0) return 0;
      const rows = (await readFile(file, 'utf8'))
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as AuditRow);
      for (let i = 0; i < rows.length; i += batchSize) await insert(rows.slice(i, i + batchSize));
      await rm(file);
      this.pending = Math.max(0, this.pending - rows.length);
      return rows.length;
    });
  }

  async close(): Promise<void> {
    await this.chain;
    await this.handle?.close();
    this.handle = null;
  }
}
