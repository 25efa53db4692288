/**
 * What a replay is answered with: the original decision, as the parts of its answer. Each part is
 * a string the read model or the verified-credential cache holds already (a zone's id and name, a
 * claim's subject, a person's name, a reason's literal), so remembering an answer keeps no object
 * of the tap alive.
 */
export interface ReplayAnswer {
  /** The DENY reason; none for a GRANT. */
  reason?: string;
  userId?: string;
  userName?: string;
  zoneId?: string;
  zoneName?: string;
}

/** One generation: entries in the order they were set, found through an open-addressing index. */
class Generation {
  /** Entry number + 1 by slot; 0 is empty. */
  readonly index: Int32Array;
  readonly at: Float64Array;
  count = 0;
  // Parallel columns, reused from 0 at each turn: an entry is a row across them, not an object.
  readonly tenant: string[] = [];
  readonly reader: string[] = [];
  readonly credential: string[] = [];
  readonly reason: Array<string | undefined> = [];
  readonly userId: Array<string | undefined> = [];
  readonly userName: Array<string | undefined> = [];
  readonly zoneId: Array<string | undefined> = [];
  readonly zoneName: Array<string | undefined> = [];

  constructor(readonly capacity: number) {
    this.index = new Int32Array(nextPowerOfTwo(capacity * 2));
    this.at = new Float64Array(capacity);
  }

  clear(): void {
    if (this.count === 0) return;
    this.index.fill(0);
    this.count = 0;
  }

  /** The slot holding this key, or the empty slot where it would go. */
  private slotOf(hash: number, tenant: string, reader: string, credential: string): number {
    const mask = this.index.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const e = this.index[slot]! - 1;
      if (e < 0 || (this.credential[e] === credential && this.reader[e] === reader && this.tenant[e] === tenant)) return slot;
    }
  }

  /** The key's row, or -1. */
  find(hash: number, tenant: string, reader: string, credential: string): number {
    return this.index[this.slotOf(hash, tenant, reader, credential)]! - 1;
  }

  /** Adds a row, or overwrites the row of the same key. The caller keeps `count` below `capacity`. */
  put(hash: number, tenant: string, reader: string, credential: string, answer: ReplayAnswer, nowMs: number): void {
    const slot = this.slotOf(hash, tenant, reader, credential);
    let e = this.index[slot]! - 1;
    if (e < 0) {
      e = this.count++;
      this.index[slot] = e + 1;
      this.tenant[e] = tenant;
      this.reader[e] = reader;
      this.credential[e] = credential;
    }
    this.at[e] = nowMs;
    this.reason[e] = answer.reason;
    this.userId[e] = answer.userId;
    this.userName[e] = answer.userName;
    this.zoneId[e] = answer.zoneId;
    this.zoneName[e] = answer.zoneName;
  }

  answer(e: number): ReplayAnswer {
    return { reason: this.reason[e], userId: this.userId[e], userName: this.userName[e], zoneId: this.zoneId[e], zoneName: this.zoneName[e] };
  }
}

function nextPowerOfTwo(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}

/** FNV-1a over the two parts that vary most; equality of all three parts is checked on every probe. */
function hashOf(reader: string, credential: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < credential.length; i++) h = Math.imul(h ^ credential.charCodeAt(i), 0x01000193);
  for (let i = 0; i < reader.length; i++) h = Math.imul(h ^ reader.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * What was answered in the last `windowMs`, by (tenant, reader, credential key): spec 02's replay
 * rule (the same credential at the same reader within 2 s gets the original decision). Two
 * generations take turns: an entry is found for at least `windowMs` after it was set, and
 * forgetting the old ones is one generation emptied per window.
 *
 * Its entries live 2 to 4 s, long enough to outlive two scavenges and be promoted to the old
 * generation, where they became garbage for the next mark-compact, whose marking steps were the
 * tail of the answer's latency. So an entry is a row of columns reused from one window to the next,
 * holding references to strings that live on anyway, and a tap leaves nothing behind.
 *
 * Bounded: a generation holds at most `maxPerGeneration` keys; past that it turns early, so under
 * a flood of distinct taps beyond `maxPerGeneration / windowMs` a repeat may be decided afresh
 * (and audited) rather than answered as a replay, and memory stays bounded.
 */
export class ReplayWindow {
  private current: Generation;
  private previous: Generation;
  private turnedAt = -Infinity;

  constructor(
    private readonly windowMs: number,
    maxPerGeneration: number,
  ) {
    this.current = new Generation(maxPerGeneration);
    this.previous = new Generation(maxPerGeneration);
  }

  get(tenant: string, reader: string, credential: string, nowMs: number): ReplayAnswer | undefined {
    this.turn(nowMs);
    const hash = hashOf(reader, credential);
    let g = this.current;
    let e = g.find(hash, tenant, reader, credential);
    if (e < 0) {
      g = this.previous;
      e = g.find(hash, tenant, reader, credential);
    }
    return e >= 0 && nowMs - g.at[e]! < this.windowMs ? g.answer(e) : undefined;
  }

  set(tenant: string, reader: string, credential: string, answer: ReplayAnswer, nowMs: number): void {
    this.turn(nowMs);
    if (this.current.count >= this.current.capacity) this.shift(nowMs, false);
    this.current.put(hashOf(reader, credential), tenant, reader, credential, answer, nowMs);
  }

  /** Keys held, stale ones included: what the bound limits. */
  get size(): number {
    return this.current.count + this.previous.count;
  }

  /**
   * Every entry in `current` was set before `turnedAt + windowMs` (a set at or past it turns
   * first), so once two windows have gone by since the turn, both generations are stale.
   */
  private turn(nowMs: number): void {
    if (nowMs - this.turnedAt < this.windowMs) return;
    this.shift(nowMs, nowMs - this.turnedAt >= 2 * this.windowMs);
  }

  private shift(nowMs: number, dropBoth: boolean): void {
    const emptied = this.previous;
    emptied.clear();
    if (dropBoth) this.current.clear();
    this.previous = this.current;
    this.current = emptied;
    this.turnedAt = nowMs;
  }
}
