import { parseAuditCopyLine } from '@wfm/db/access-audit.repository';
import type { AuditRow } from './audit-row.js';

/** One line of a journal file: a row, or the text of a line that is not one (a write torn by a crash). */
export type JournalLine = { row: AuditRow } | { unreadable: string };

const NEWLINE = 0x0a;
const OPEN_BRACE = 0x7b;
const LINE_END = Buffer.from('\n');

/**
 * A journal line as a row: COPY text (what the daemon writes), or a JSON object (what a daemon
 * before that wrote: a journal left by one is still shipped after an upgrade).
 */
export function parseLine(line: string): JournalLine {
  if (line.charCodeAt(0) !== OPEN_BRACE) {
    const row = parseAuditCopyLine(line);
    return row === null ? { unreadable: line } : { row };
  }
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { unreadable: line };
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? { row: value as AuditRow } : { unreadable: line };
}

/** When a line's decision was made, for the backlog's age; null for a line that does not say. */
function occurredAtOf(line: string): number | null {
  const parsed = parseLine(line);
  const at = 'row' in parsed ? Date.parse(parsed.row.occurredAt) : NaN;
  return Number.isFinite(at) ? at : null;
}

/**
 * A journal file's lines as its bytes and where each line lies (empty lines skipped). The shipper
 * reads a segment, sends it and drops it within one tick, yet across an INSERT's round trip: as
 * strings, a segment's lines lived long enough for the young generation to copy and promote them,
 * which made the collector's pauses longer and more frequent. As bytes they stay off V8's heap, and
 * they go to PostgreSQL as they are (COPY text); a line becomes a string only when its batch goes
 * as rows (refused by COPY, or an earlier version's JSON lines).
 *
 * A journal file is written into space filled with zeros beforehand (see `AuditJournal`), so it
 * can end in zeros, and a write torn by a crash can leave zeros between its fragment and the next
 * write's first line. Zero bytes are never data (the line format escapes them): they end a line
 * as a newline does, and the file's data ends after its last byte that is not zero.
 */
export class JournalLines {
  private constructor(
    private readonly bytes: Buffer,
    private readonly starts: readonly number[],
    private readonly ends: readonly number[],
    /** Where the file's data ends: what follows is zeros. */
    readonly dataEnd: number,
  ) {}

  static of(bytes: Buffer): JournalLines {
    let end = bytes.length;
    while (end > 0 && bytes[end - 1] === 0) end--;
    const starts: number[] = [];
    const ends: number[] = [];
    let nextZero = bytes.indexOf(0);
    let from = 0;
    while (from < end) {
      if (bytes[from] === 0) {
        from++;
        continue;
      }
      if (nextZero !== -1 && nextZero < from) nextZero = bytes.indexOf(0, from);
      const newline = bytes.indexOf(NEWLINE, from);
      let lineEnd = newline === -1 ? end : Math.min(newline, end);
      if (nextZero !== -1 && nextZero < lineEnd) lineEnd = nextZero;
      if (lineEnd > from) {
        starts.push(from);
        ends.push(lineEnd);
      }
      from = lineEnd + 1;
    }
    return new JournalLines(bytes, starts, ends, end);
  }

  get length(): number {
    return this.starts.length;
  }

  text(i: number): string {
    return this.bytes.toString('utf8', this.starts[i], this.ends[i]);
  }

  /** When line `i`'s decision was made (ms), or null when there is no such line or it does not say. */
  occurredAt(i: number): number | null {
    return i >= 0 && i < this.length ? occurredAtOf(this.text(i)) : null;
  }

  /** Lines `from` to `to` (exclusive), parsed. */
  parse(from: number, to: number): JournalLine[] {
    const out: JournalLine[] = [];
    for (let i = from; i < to; i++) out.push(parseLine(this.text(i)));
    return out;
  }

  /** Whether lines `from` to `to` (exclusive) are all COPY text, as this version writes them, rather than an earlier version's JSON. */
  copyReady(from: number, to: number): boolean {
    for (let i = from; i < to; i++) if (this.bytes[this.starts[i]!] === OPEN_BRACE) return false;
    return true;
  }

  /** Lines `from` to `to` (exclusive), each ended by a newline, as one buffer. */
  slice(from: number, to: number): Buffer {
    const parts: Buffer[] = [];
    for (let i = from; i < to; i++) parts.push(this.bytes.subarray(this.starts[i], this.ends[i]), LINE_END);
    return Buffer.concat(parts);
  }
}
