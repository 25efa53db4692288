import { close as closeFd, constants, existsSync, mkdirSync, open as openFd, write as writeFd } from 'node:fs';
import { appendFile, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { JournalLines } from './journal-lines.js';

const SEGMENT_SUFFIX = /^\.(\d{10})\.segment$/;
/** The current file is sealed past this size even while nothing is shipped, so the cap can drop history a piece at a time. */
const SEGMENT_MAX_BYTES = 8 * 1024 * 1024;
/**
 * Durable writes under way at once. With one, every tap decided while the disk syncs waits for
 * that sync and then for its own; at saturation the event loop ran out of taps to decide and sat
 * idle. A second write, issued while the first syncs, carries them, and the file system commits
 * the two together or back to back.
 */
const WRITES_IN_FLIGHT = 2;
/**
 * Each write starts on a line of its own: a write torn by a crash or a full disk while another is
 * under way can then never glue the other's first row onto its fragment. The empty lines this
 * leaves are skipped when the file is read.
 */
const WRITE_START = '\n';

/**
 * The current file is opened O_DSYNC: each write returns once its data (and the size that reaches
 * it) is on disk, as a write followed by fdatasync would, in one trip to the thread pool instead of
 * two.
 */
const APPEND_DURABLY = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_DSYNC;

function openForAppend(path: string): Promise<number> {
  return new Promise((resolve, reject) => openFd(path, APPEND_DURABLY, 0o600, (err, fd) => (err ? reject(err) : resolve(fd))));
}

/**
 * One write of the whole buffer. Two writes can be under way at once, so a short write (a full
 * disk) is not continued, which could put the other write's bytes inside this one's: it fails, and
 * the taps it carried are answered as not written.
 */
function writeWhole(fd: number, bytes: Buffer): Promise<void> {
  return new Promise((resolve, reject) =>
    writeFd(fd, bytes, 0, bytes.length, null, (err, written) => {
      if (err) reject(err);
      else if (written < bytes.length) reject(new Error(`short journal write: ${written} of ${bytes.length} bytes`));
      else resolve();
    }),
  );
}

function closeQuietly(fd: number): Promise<void> {
  return new Promise((resolve) => closeFd(fd, () => resolve()));
}

interface Segment {
  path: string;
  bytes: number;
  rows: number;
  /** The first row's decision time (ms), for the backlog's age. */
  firstAt: number | null;
  /** The last row's, for what the cap reports when it drops the segment. */
  lastAt: number | null;
}

/** Rows the cap dropped, oldest first: how many and the decision times they spanned. */
export interface DroppedRows {
  rows: number;
  from: number | null;
  to: number | null;
}

/**
 * The rows waiting for the next durable write, and the one promise all their writers wait on: at
 * saturation a write carries tens of rows, and a promise, a record and a closure per row were work
 * for the garbage collector that one per write is not.
 */
class Group {
  readonly lines: string[] = [];
  firstAt: number | null = null;
  lastAt: number | null = null;
  readonly durable: Promise<void>;
  done!: () => void;
  fail!: (err: unknown) => void;

  constructor() {
    this.durable = new Promise<void>((done, fail) => {
      this.done = done;
      this.fail = fail;
    });
  }
}

/**
 * The daemon's audit journal: every decision's row is appended to a local file, durably (O_DSYNC),
 * before the door is answered; PostgreSQL gets the rows afterwards, from the shipper, in order.
 * Appends made while a write is under way go out together in the next write (group commit: one
 * durable write for all of them). Shipping seals the current file into a numbered segment
 * (`<path>.0000000001.segment`) so that rows keep landing in a fresh file; segments are shipped
 * oldest first and deleted once every line in them is in PostgreSQL or quarantined.
 *
 * Bounded: past `maxBytes` on disk the oldest segment not being shipped is dropped, counted and
 * reported (`onDropped`), so the door never waits for a full disk: history is lost from its
 * oldest end, as a video recorder's ring buffer does, and the newest decisions are kept.
 */
export class AuditJournal {
  private fd: number | null = null;
  private pending = 0;
  private currentBytes = 0;
  private currentRows = 0;
  private currentFirstAt: number | null = null;
  private currentLastAt: number | null = null;
  private nextSegment = 1;
  /** Sealed segment files, oldest first. */
  private sealed: Segment[] = [];
  /** The segment the shipper is reading now: never dropped under its feet. */
  private shipping: string | null = null;
  private queued: Group | null = null;
  private dispatchPending = false;
  private writing = 0;
  /** Work that needs the file to itself (sealing, the cap): it waits for the writes under way, and new writes wait for it. */
  private readonly exclusive: Array<() => Promise<void>> = [];
  private exclusiveRunning = false;
  private opening: Promise<number> | null = null;
  /** Durable writes made: against the rows written, how well concurrent taps share them. */
  syncs = 0;

  constructor(
    private readonly path: string,
    private readonly maxBytes = Infinity,
    private readonly onDropped: (dropped: DroppedRows) => void = () => {},
  ) {}

  /** Rows not yet in PostgreSQL (counted at start, then tracked). */
  get depth(): number {
    return this.pending;
  }

  /** Bytes the journal takes on disk. */
  get bytes(): number {
    return this.currentBytes + this.sealed.reduce((sum, s) => sum + s.bytes, 0);
  }

  /** When the oldest row not yet in PostgreSQL was decided (ms), or null when there is none. */
  get oldestAt(): number | null {
    return this.sealed[0]?.firstAt ?? this.currentFirstAt;
  }

  async init(): Promise<void> {
    mkdirSync(dirname(this.path), { recursive: true });
    this.sealed = [];
    this.pending = 0;
    for (const path of await this.segmentsOnDisk()) {
      const n = SEGMENT_SUFFIX.exec(path.slice(this.path.length))?.[1];
      if (n) this.nextSegment = Math.max(this.nextSegment, Number(n) + 1);
      const lines = await this.lines(path);
      this.sealed.push({ path, bytes: lines.byteLength, rows: lines.length, firstAt: lines.occurredAt(0), lastAt: lines.occurredAt(lines.length - 1) });
      this.pending += lines.length;
    }
    if (existsSync(this.path)) {
      const lines = await this.lines(this.path);
      this.pending += lines.length;
      this.currentBytes = lines.byteLength;
      this.currentRows = lines.length;
      this.currentFirstAt = lines.occurredAt(0);
      this.currentLastAt = lines.occurredAt(lines.length - 1);
      // A crash mid-write leaves a torn last line; the next row must not be glued onto it.
      if (!lines.ended) {
        await appendFile(this.path, '\n');
        this.currentBytes += 1;
      }
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

  private async lines(file: string): Promise<JournalLines> {
    return JournalLines.of(existsSync(file) ? await readFile(file) : Buffer.alloc(0));
  }

  /**
   * Resolves once the row is on disk (a durable write), together with whatever else was appended
   * meanwhile. `line` is the row's JSON (`encodeAuditLine`); `at` its decision time (ms).
   */
  append(line: string, at: number): Promise<void> {
    let group = this.queued;
    if (!group) {
      group = this.queued = new Group();
      this.pump();
    }
    group.lines.push(line);
    group.firstAt ??= at;
    group.lastAt = at;
    return group.durable;
  }

  private exclusively(work: () => Promise<void>): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.exclusive.push(() => work().then(resolve, reject));
      this.pump();
    });
  }

  /** Starts what may start now: exclusive work once no write is under way, else the queued rows' write while a slot is free. */
  private pump(): void {
    if (this.exclusiveRunning) return;
    if (this.exclusive.length) {
      if (this.writing > 0) return;
      this.exclusiveRunning = true;
      void this.exclusive.shift()!().finally(() => {
        this.exclusiveRunning = false;
        this.pump();
      });
      return;
    }
    if (!this.queued || this.dispatchPending || this.writing >= WRITES_IN_FLIGHT) return;
    // After the event loop's current turn, so that one write carries every tap decided in it.
    this.dispatchPending = true;
    setImmediate(() => {
      this.dispatchPending = false;
      if (this.exclusiveRunning || this.exclusive.length || !this.queued || this.writing >= WRITES_IN_FLIGHT) return;
      const group = this.queued;
      this.queued = null;
      this.writing++;
      void this.write(group).finally(() => {
        this.writing--;
        this.pump();
      });
    });
  }

  private currentFd(): Promise<number> {
    if (this.fd !== null) return Promise.resolve(this.fd);
    this.opening ??= openForAppend(this.path).then(
      (fd) => {
        this.fd = fd;
        this.opening = null;
        return fd;
      },
      (err: unknown) => {
        this.opening = null;
        throw err;
      },
    );
    return this.opening;
  }

  private async write(group: Group): Promise<void> {
    try {
      const fd = await this.currentFd();
      const bytes = Buffer.from(WRITE_START + group.lines.join(''));
      await writeWhole(fd, bytes);
      this.syncs++;
      const rows = group.lines.length;
      this.pending += rows;
      this.currentRows += rows;
      this.currentBytes += bytes.length;
      this.currentFirstAt ??= group.firstAt;
      this.currentLastAt = group.lastAt ?? this.currentLastAt;
    } catch (err) {
      group.fail(err);
      return;
    }
    if (this.currentBytes < SEGMENT_MAX_BYTES && this.bytes <= this.maxBytes) return group.done();
    // Housekeeping before these answers, so that the cap holds whenever a write has been answered;
    // it costs a tap's latency only when a segment fills or the cap is reached.
    void this.exclusively(async () => {
      if (this.currentBytes >= SEGMENT_MAX_BYTES) await this.sealNow();
      await this.keepUnderCap();
    })
      .catch(() => undefined)
      .then(() => group.done());
  }

  private async keepUnderCap(): Promise<void> {
    while (this.bytes > this.maxBytes) {
      const victim = this.sealed.find((s) => s.path !== this.shipping);
      if (!victim) return;
      await rm(victim.path, { force: true });
      this.sealed.splice(this.sealed.indexOf(victim), 1);
      this.pending = Math.max(0, this.pending - victim.rows);
      this.onDropped({ rows: victim.rows, from: victim.firstAt, to: victim.lastAt });
    }
  }

  /** Turns the current file into the newest segment; appends queued after this call go to a fresh file. */
  private seal(): Promise<void> {
    return this.exclusively(() => this.sealNow());
  }

  private async sealNow(): Promise<void> {
    if (!existsSync(this.path) || (await stat(this.path)).size === 0) return;
    await this.closeCurrent();
    const path = `${this.path}.${String(this.nextSegment++).padStart(10, '0')}.segment`;
    await rename(this.path, path);
    // Counted as written, so a seal on every shipping tick does not read the file it is about to ship.
    this.sealed.push({ path, bytes: this.currentBytes, rows: this.currentRows, firstAt: this.currentFirstAt, lastAt: this.currentLastAt });
    this.currentBytes = 0;
    this.currentRows = 0;
    this.currentFirstAt = null;
    this.currentLastAt = null;
  }

  /**
   * Offers the journal's lines (as written: one row's JSON a line, or a torn piece of one after a
   * crash) to `ship`, one segment at a time, oldest first. The current file is
   * sealed first when no older segment waits, else once the older ones are shipped (so an outage
   * makes few segments, not one per try). `ship` answers how many lines from the start it dealt
   * with (written or quarantined). A segment dealt with in full is deleted; otherwise its remaining
   * lines are kept for the next try and this one stops. Returns the number of lines dealt with.
   */
  async drain(ship: (lines: JournalLines) => Promise<number>): Promise<number> {
    const sealedFirst = this.sealed.length === 0;
    if (sealedFirst) await this.seal();
    const older = await this.drainSegments(ship);
    if (!older.complete || sealedFirst) return older.handled;
    await this.seal();
    const latest = await this.drainSegments(ship);
    return older.handled + latest.handled;
  }

  private async drainSegments(ship: (lines: JournalLines) => Promise<number>): Promise<{ handled: number; complete: boolean }> {
    let handled = 0;
    while (this.sealed.length) {
      const segment = this.sealed[0]!;
      this.shipping = segment.path;
      try {
        const lines = await this.lines(segment.path);
        const done = await ship(lines);
        handled += done;
        this.pending = Math.max(0, this.pending - done);
        if (done < lines.length) {
          if (done > 0) await this.keep(segment, lines, done);
          return { handled, complete: false };
        }
        await rm(segment.path, { force: true });
        this.sealed.shift();
      } finally {
        this.shipping = null;
      }
    }
    return { handled, complete: true };
  }

  /** Replaces a segment by its lines from `from` on, atomically (a crash leaves the old or the new file). */
  private async keep(segment: Segment, lines: JournalLines, from: number): Promise<void> {
    const tmp = `${segment.path}.tmp`;
    const rest = lines.rest(from);
    const h = await open(tmp, 'w', 0o600);
    try {
      await h.write(rest);
      await h.datasync();
    } finally {
      await h.close();
    }
    await rename(tmp, segment.path);
    segment.bytes = rest.length;
    segment.rows = lines.length - from;
    segment.firstAt = lines.occurredAt(from);
  }

  async close(): Promise<void> {
    await this.exclusively(() => this.closeCurrent());
  }

  private async closeCurrent(): Promise<void> {
    if (this.fd === null) return;
    const fd = this.fd;
    this.fd = null;
    await closeQuietly(fd);
  }
}
