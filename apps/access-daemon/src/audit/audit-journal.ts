import { existsSync, mkdirSync } from 'node:fs';
import { readdir, readFile, rename, rm, stat, truncate } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { closeQuietly, fileDurably, openForWrite, writeWhole, zeroFilled } from './journal-io.js';
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
 * Space for the rows is written with zeros and synced before rows go there, as PostgreSQL fills
 * its WAL segments. A durable append changes the file's size, so the file system must commit its
 * own journal too: on this machine 0.2 ms at p50 and 1.3–1.8 ms at p99 with both cores busy (its
 * commit thread waits for a core), against 0.08 and 0.15–0.25 ms for the same write into space
 * already written (docs/performance.md). The spare file is the next current file, filled while
 * the current one takes rows; sized from the file it replaces, between these bounds.
 */
const SPARE_MIN_BYTES = 16 * 1024;
const SPARE_UNIT = 16 * 1024;
function spareSizeAfter(sealedBytes: number): number {
  const wanted = Math.ceil((sealedBytes * 1.5) / SPARE_UNIT) * SPARE_UNIT;
  return Math.min(SEGMENT_MAX_BYTES, Math.max(SPARE_MIN_BYTES, wanted));
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

/** What the journal tells its owner as it goes. */
export interface JournalObserver {
  /** The cap dropped rows. */
  dropped(rows: DroppedRows): void;
  /** A durable write ended: seconds from its start (a thread-pool wait included) until its rows were on disk, the floor under a tap's answer. */
  written(seconds: number): void;
}

const UNOBSERVED: JournalObserver = { dropped: () => {}, written: () => {} };

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
 * reported (`dropped`), so the door never waits for a full disk: history is lost from its
 * oldest end, as a video recorder's ring buffer does, and the newest decisions are kept.
 */
export class AuditJournal {
  private fd: number | null = null;
  private pending = 0;
  /** Where the next write goes in the current file: the bytes taken by writes made or under way. */
  private writeAt = 0;
  /** The current file's size; below it, the space not yet written holds zeros. */
  private allocated = 0;
  /** The spare file's size once it is filled and synced; null while there is none ready. */
  private spareBytes: number | null = null;
  private spareMaking: Promise<void> | null = null;
  /** A spare path this journal cannot read (not a file, say) is left alone: no spare is made over it. */
  private spareBlocked = false;
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

  constructor(
    private readonly path: string,
    private readonly maxBytes = Infinity,
    private readonly observer: JournalObserver = UNOBSERVED,
  ) {}

  /** Rows not yet in PostgreSQL (counted at start, then tracked). */
  get depth(): number {
    return this.pending;
  }

  /** Bytes of rows the journal holds on disk (the zeros filled ahead of them, at most 16 MiB, are not counted). */
  get bytes(): number {
    return this.writeAt + this.sealed.reduce((sum, s) => sum + s.bytes, 0);
  }

  /** Whether the next seal finds a spare filled and synced (else the next file grows by appends). */
  get spareReady(): boolean {
    return this.spareBytes !== null;
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
      this.addSealed(path, await this.lines(path));
    }
    await this.adoptSpare();
    if (existsSync(this.path)) {
      const lines = await this.lines(this.path);
      this.pending += lines.length;
      // Each write starts on a line of its own, so the next one never glues a row onto a line a crash tore.
      this.writeAt = lines.dataEnd;
      this.allocated = (await stat(this.path)).size;
      this.currentRows = lines.length;
      this.currentFirstAt = lines.occurredAt(0);
      this.currentLastAt = lines.occurredAt(lines.length - 1);
    } else {
      // A disk too full for it must not keep the doors from starting: the file is then made by the first write.
      this.allocated = await zeroFilled(this.path, SPARE_MIN_BYTES).then(
        () => SPARE_MIN_BYTES,
        () => 0,
      );
    }
    this.makeSpare(SPARE_MIN_BYTES);
  }

  private addSealed(path: string, lines: JournalLines): void {
    this.sealed.push({ path, bytes: lines.dataEnd, rows: lines.length, firstAt: lines.occurredAt(0), lastAt: lines.occurredAt(lines.length - 1) });
    this.pending += lines.length;
  }

  private get sparePath(): string {
    return `${this.path}.spare`;
  }

  /**
   * A spare left by an earlier process: ready if it holds only zeros. One that holds rows became the
   * current file in a seal whose renames a crash undid; it is kept as the newest segment.
   */
  private async adoptSpare(): Promise<void> {
    if (!existsSync(this.sparePath)) return;
    // One the doors must not wait for: the journal goes on without a spare, and the file stays for a look.
    const bytes = await readFile(this.sparePath).catch(() => null);
    if (bytes === null) {
      this.spareBlocked = true;
      return;
    }
    const lines = JournalLines.of(bytes);
    if (lines.dataEnd === 0) {
      this.spareBytes = bytes.length > 0 ? bytes.length : null;
      return;
    }
    const path = this.nextSegmentPath();
    await rename(this.sparePath, path);
    this.addSealed(path, lines);
  }

  private nextSegmentPath(): string {
    return `${this.path}.${String(this.nextSegment++).padStart(10, '0')}.segment`;
  }

  /** Fills the next spare in the background; without one, the next file grows by appends, which are only slower. */
  private makeSpare(bytes: number): void {
    if (this.spareMaking || this.spareBytes !== null || this.spareBlocked) return;
    // Both fields change in one step, so a seal that takes this spare can always start the next.
    this.spareMaking = zeroFilled(this.sparePath, bytes).then(
      () => {
        this.spareMaking = null;
        this.spareBytes = bytes;
      },
      () => {
        this.spareMaking = null;
      },
    );
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
   * meanwhile. `line` is the row's journal line (`encodeAuditLine`); `at` its decision time (ms).
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
    this.opening ??= openForWrite(this.path).then(
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
      const at = this.writeAt;
      this.writeAt += bytes.length;
      const started = performance.now();
      await writeWhole(fd, bytes, at);
      this.observer.written((performance.now() - started) / 1000);
      const rows = group.lines.length;
      this.pending += rows;
      this.currentRows += rows;
      this.currentFirstAt ??= group.firstAt;
      this.currentLastAt = group.lastAt ?? this.currentLastAt;
    } catch (err) {
      group.fail(err);
      return;
    }
    if (this.writeAt < SEGMENT_MAX_BYTES && this.bytes <= this.maxBytes) return group.done();
    // Housekeeping before these answers, so that the cap holds whenever a write has been answered;
    // it costs a tap's latency only when a segment fills or the cap is reached.
    void this.exclusively(async () => {
      if (this.writeAt >= SEGMENT_MAX_BYTES) await this.sealNow();
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
      this.observer.dropped({ rows: victim.rows, from: victim.firstAt, to: victim.lastAt });
    }
  }

  /** Turns the current file into the newest segment; appends queued after this call go to a fresh file. */
  private seal(): Promise<void> {
    return this.exclusively(() => this.sealNow());
  }

  private async sealNow(): Promise<void> {
    if (this.writeAt === 0) return;
    await this.closeCurrent();
    // The zeros past the rows are not kept: a segment's size is its rows'.
    if (this.allocated > this.writeAt) await truncate(this.path, this.writeAt);
    const path = this.nextSegmentPath();
    await rename(this.path, path);
    // Counted as written, so a seal on every shipping tick does not read the file it is about to ship.
    this.sealed.push({ path, bytes: this.writeAt, rows: this.currentRows, firstAt: this.currentFirstAt, lastAt: this.currentLastAt });
    const sealedBytes = this.writeAt;
    this.writeAt = 0;
    this.allocated = 0;
    const spare = this.spareBytes;
    this.spareBytes = null;
    // A spare that cannot be put in place only means the next file grows by appends.
    if (spare !== null) this.allocated = await rename(this.sparePath, this.path).then(() => spare, () => 0);
    this.makeSpare(spareSizeAfter(sealedBytes));
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
    const rest = lines.slice(from, lines.length);
    await fileDurably(tmp, rest);
    await rename(tmp, segment.path);
    segment.bytes = rest.length;
    segment.rows = lines.length - from;
    segment.firstAt = lines.occurredAt(from);
  }

  async close(): Promise<void> {
    await this.exclusively(() => this.closeCurrent());
    await this.spareMaking;
  }

  private async closeCurrent(): Promise<void> {
    if (this.fd === null) return;
    const fd = this.fd;
    this.fd = null;
    await closeQuietly(fd);
  }
}
