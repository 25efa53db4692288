import type { Redis } from 'ioredis';
import type { Bus } from './bus.js';
import { AckBook, DEFAULT_REGISTRY_OPTIONS, type DaemonLag, type DaemonRegistry, type RegistryOptions } from './daemon-registry.js';


type RegistryMessage = { t: 'join' | 'leave'; d: string } | { t: 'ack'; d: string; v: Array<[string, number]> };

/**
 * Split mode. A daemon is live while its key `<ns>:daemon:<id>` exists: it is set with a TTL and
 * renewed by a heartbeat, so a daemon that dies or freezes drops out on its own; the set
 * `<ns>:daemons` lists candidates to check. Joins, leaves and acknowledgements travel on a
 * pub/sub channel, so a watcher learns of them at once; it also re-reads the registry every
 * heartbeat to notice expiries.
 */
export class RedisDaemonRegistry implements DaemonRegistry {
  readonly kind = 'redis' as const;
  private readonly book = new AckBook();
  private readonly members = new Set<string>();
  private readonly heartbeats = new Map<string, NodeJS.Timeout>();
  private watching: Promise<void> | null = null;
  private refreshTimer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => Promise<void>) | null = null;
  /** Bumped by every join message, so a registry read that started earlier does not undo it. */
  private joins = 0;
  private readonly options: RegistryOptions;
  private readonly channel: string;
  private readonly membersKey: string;

  constructor(private readonly redis: Redis, private readonly bus: Bus, opts: Partial<RegistryOptions> = {}) {
    this.options = { ...DEFAULT_REGISTRY_OPTIONS, ...opts };
    this.channel = `${this.options.namespace}.daemons`;
    this.membersKey = `${this.options.namespace}:daemons`;
  }

  private memberKey(id: string): string {
    return `${this.options.namespace}:daemon:${id}`;
  }

  /** The heartbeat starts first, so a Redis that is down now registers the daemon once it is back. */
  async join(daemonId: string): Promise<void> {
    clearInterval(this.heartbeats.get(daemonId));
    const timer = setInterval(() => void this.beat(daemonId).catch(() => {}), this.options.heartbeatMs);
    timer.unref();
    this.heartbeats.set(daemonId, timer);
    await this.beat(daemonId);
    await this.send({ t: 'join', d: daemonId });
  }

  private async beat(daemonId: string): Promise<void> {
    await this.redis.multi().set(this.memberKey(daemonId), '1', 'PX', this.options.ttlMs).sadd(this.membersKey, daemonId).exec();
  }

  async leave(daemonId: string): Promise<void> {
    clearInterval(this.heartbeats.get(daemonId));
    this.heartbeats.delete(daemonId);
    try {
      await this.redis.multi().del(this.memberKey(daemonId)).srem(this.membersKey, daemonId).exec();
      await this.send({ t: 'leave', d: daemonId });
    } catch {
      // The key's TTL ends the registration anyway.
    }
  }

  async ack(daemonId: string, versions: ReadonlyMap<string, number>): Promise<void> {
    if (versions.size === 0) return;
    await this.send({ t: 'ack', d: daemonId, v: [...versions] });
  }

  private send(m: RegistryMessage): Promise<void> {
    return this.bus.publish(this.channel, JSON.stringify(m));
  }

  watch(): Promise<void> {
    this.watching ??= (async () => {
      this.unsubscribe = await this.bus.subscribe(this.channel, (raw) => this.onMessage(raw));
      await this.refresh();
      this.refreshTimer = setInterval(() => void this.refresh().catch(() => {}), this.options.heartbeatMs);
      this.refreshTimer.unref();
    })().catch((err: unknown) => {
      this.watching = null;
      throw err;
    });
    return this.watching;
  }

  private onMessage(raw: string): void {
    let m: RegistryMessage;
    try {
      m = JSON.parse(raw) as RegistryMessage;
    } catch {
      return;
    }
    if (typeof m?.d !== 'string') return;
    if (m.t === 'join') {
      this.joins++;
      this.members.add(m.d);
      this.book.changed();
    } else if (m.t === 'leave') {
      this.members.delete(m.d);
      this.book.forget(m.d);
    } else if (m.t === 'ack' && Array.isArray(m.v)) {
      this.book.record(m.d, m.v.filter((e) => Array.isArray(e) && typeof e[0] === 'string' && Number.isSafeInteger(e[1])));
    }
  }

  /** Re-reads who is live: a daemon whose key expired (stopped, partitioned) is dropped and its waits end. */
  private async refresh(): Promise<void> {
    const joinsBefore = this.joins;
    const ids = await this.redis.smembers(this.membersKey);
    const exists = ids.length ? await this.redis.mget(ids.map((id) => this.memberKey(id))) : [];
    const live = new Set(ids.filter((_, i) => exists[i] !== null));
    const dead = ids.filter((id) => !live.has(id));
    if (dead.length) await this.redis.srem(this.membersKey, ...dead);
    if (joinsBefore !== this.joins) for (const id of this.members) live.add(id);
    for (const id of [...this.members]) {
      if (!live.has(id)) {
        this.members.delete(id);
        this.book.forget(id);
      }
    }
    for (const id of live) this.members.add(id);
    this.book.changed();
  }

  live(): string[] {
    return [...this.members];
  }

  waitFor(daemonIds: readonly string[], targets: ReadonlyMap<string, number>, timeoutMs: number): Promise<DaemonLag[]> {
    return this.book.waitFor(daemonIds, targets, timeoutMs, (id) => this.members.has(id));
  }

  async close(): Promise<void> {
    for (const timer of this.heartbeats.values()) clearInterval(timer);
    this.heartbeats.clear();
    if (this.refreshTimer) clearInterval(this.refreshTimer);
    await this.unsubscribe?.().catch(() => {});
  }
}
