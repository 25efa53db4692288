import { appendFile, open, readdir, readFile, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { existsSync, mkdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { AuditRow } from './audit-row.js';

/** One line of a spool file: a row, or the text of a line that is not a JSON object (a write torn by a crash). */
export type SpooledLine = { row: AuditRow } | { unreadable: string };

const SEGMENT_SUFFIX = /^\.(\d{10})\.segment$/;

function parseLine(line: string): SpooledLine {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { unreadable: line };
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? { row: value as AuditRow } : { unreadable: line };
}

/**
 * A local, fsync'd, append-only file of audit rows the database could not take. A replay seals
 * that file into a numbered segment (`<path>.0000000001.segment`), so rows spooled meanwhile land
 * in a fresh file. Segments are replayed oldest first, and each is deleted once every line in it
 * is written or quarantined, so no file can hold back the ones after it.
 */
export class AuditSpool {
  private handle: FileHandle | null = null;
  private pending = 0;
  private nextSegment = 1;
  /** Sealed segment files, oldest first. */
  private sealed: string[] = [];
  private chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly path: string) {}

  /** Rows waiting in the spool files (counted at start, then tracked). */
  get depth(): number {
    return this.pending;
  }

  async init(): Promise<void> {
    mkdirSync(dirname(this.path), { recursive: true });
    this.sealed = await this.segmentsOnDisk();
    this.pending = 0;
    for (const segment of this.sealed) {
      const n = SEGMENT_SUFFIX.exec(segment.slice(this.path.length))?.[1];
      if (n) this.nextSegment = Math.max(this.nextSegment, Number(n) + 1);
      this.pending += (await this.lines(segment)).length;
    }
    if (existsSync(this.path)) {
      const text = await readFile(this.path, 'utf8');
      this.pending += text.split('\n').filter(Boolean).length;
      // A crash mid-write leaves a torn last line; the next row must not be glued onto it.
      if (text && !text.endsWith('\n')) await appendFile(this.path, '\n');
    }
  }

  /** Sealed segments left by an earlier process, oldest first; an earlier version's `.replaying` file comes first. */
  private async segmentsOnDisk(): Promise<string[]> {
    const dir = dirname(this.path);
    const base = basename(this.path);
    const names = await readdir(dir);
    const numbered = names.filter((n) => n.startsWith(base) && SEGMENT_SUFFIX.test(n.slice(base.length))).sort();
    const legacy = names.includes(`${base}.replaying`) ? [`${base}.replaying`] : [];
    return [...legacy, ...numbered].map((n) => join(dir, n));
  }

  private async lines(file: string): Promise<string[]> {
    if (!existsSync(file)) return [];
    return (await readFile(file, 'utf8')).split('\n').filter(Boolean);
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

  /** Turns the current file into the newest segment; appends queued after this call go to a fresh file. */
  private seal(): Promise<void> {
    const run = this.chain.then(async () => {
      if (!existsSync(this.path) || (await stat(this.path)).size === 0) return;
      await this.handle?.close();
      this.handle = null;
      const segment = `${this.path}.${String(this.nextSegment++).padStart(10, '0')}.segment`;
      await rename(this.path, segment);
      this.sealed.push(segment);
    });
    this.chain = run.catch(() => undefined);
    return run;
  }

  /**
   * Offers the spooled lines to `drain`, one segment at a time, oldest first. The current file is
   * sealed first when no older segment waits, else once the older ones are drained (so an outage
   * makes one segment, not one per replay). `drain` answers how many lines from the start it dealt
   * with (written or quarantined). A segment dealt with in full is deleted; otherwise its remaining
   * lines are kept for the next replay and this one stops. Returns the number of lines dealt with.
   */
  async replay(drain: (lines: SpooledLine[]) => Promise<number>): Promise<number> {
    const sealedFirst = this.sealed.length === 0;
    if (sealedFirst) await this.seal();
    const older = await this.drainSegments(drain);
    if (!older.complete || sealedFirst) return older.handled;
    await this.seal();
    const latest = await this.drainSegments(drain);
    return older.handled + latest.handled;
  }

  private async drainSegments(drain: (lines: SpooledLine[]) => Promise<number>): Promise<{ handled: number; complete: boolean }> {
    let handled = 0;
    while (this.sealed.length) {
      const segment = this.sealed[0];
      const lines = await this.lines(segment);
      const done = await drain(lines.map(parseLine));
      handled += done;
      this.pending = Math.max(0, this.pending - done);
      if (done < lines.length) {
        if (done > 0) await this.keep(segment, lines.slice(done));
        return { handled, complete: false };
      }
      await rm(segment, { force: true });
      this.sealed.shift();
    }
    return { handled, complete: true };
  }

  /** Replaces a segment by its remaining lines, atomically (a crash leaves the old or the new file). */
  private async keep(segment: string, lines: readonly string[]): Promise<void> {
    const tmp = `${segment}.tmp`;
    const h = await open(tmp, 'w');
    try {
      await h.write(lines.map((l) => `${l}\n`).join(''));
      await h.datasync();
    } finally {
      await h.close();
    }
    await rename(tmp, segment);
  }

  async close(): Promise<void> {
    await this.chain;
    await this.handle?.close();
    this.handle = null;
  }
}
