/**
 * What was answered in the last `windowMs`, by key: spec 02's replay rule (the same credential at
 * the same reader within 2 s gets the original decision). Two maps take turns: an entry is found
 * for at least `windowMs` after it was set, and forgetting the old ones costs one map dropped per
 * window rather than an eviction per tap (an LRU with a TTL kept 100,000 mostly stale entries
 * alive at saturation, all of them work for the garbage collector).
 *
 * Bounded: a generation holds at most `maxPerGeneration` keys; past that it turns early, so under
 * a flood of distinct taps beyond `maxPerGeneration / windowMs` a repeat may be decided afresh
 * (and audited) rather than answered as a replay, and memory stays bounded.
 */
export class ReplayWindow<V> {
  private current = new Map<string, { at: number; value: V }>();
  private previous = new Map<string, { at: number; value: V }>();
  private turnedAt = -Infinity;

  constructor(
    private readonly windowMs: number,
    private readonly maxPerGeneration: number,
  ) {}

  get(key: string, nowMs: number): V | undefined {
    this.turn(nowMs);
    const entry = this.current.get(key) ?? this.previous.get(key);
    return entry && nowMs - entry.at < this.windowMs ? entry.value : undefined;
  }

  set(key: string, value: V, nowMs: number): void {
    this.turn(nowMs);
    if (this.current.size >= this.maxPerGeneration) this.shift(nowMs, false);
    this.current.set(key, { at: nowMs, value });
  }

  /** Keys held, stale ones included: what the bound limits. */
  get size(): number {
    return this.current.size + this.previous.size;
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
    this.previous = dropBoth ? new Map() : this.current;
    this.current = new Map();
    this.turnedAt = nowMs;
  }
}
