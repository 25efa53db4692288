import { AckBook, type DaemonLag, type DaemonRegistry } from './daemon-registry.js';

/**
 * In-process registry for the all-in-one start: the API and the daemon share this object (through
 * the LocalBus), so a daemon is live exactly between `join` and `leave` and an acknowledgement is
 * seen at once. No heartbeat: a daemon in the same process cannot stop answering while the API runs.
 */
export class LocalDaemonRegistry implements DaemonRegistry {
  readonly kind = 'local' as const;
  private readonly members = new Set<string>();
  private readonly book = new AckBook();

  async join(daemonId: string): Promise<void> {
    this.members.add(daemonId);
  }

  async leave(daemonId: string): Promise<void> {
    this.members.delete(daemonId);
    this.book.forget(daemonId);
  }

  async ack(daemonId: string, versions: ReadonlyMap<string, number>): Promise<void> {
    this.book.record(daemonId, versions);
  }

  async watch(): Promise<void> {}

  live(): string[] {
    return [...this.members];
  }

  waitFor(daemonIds: readonly string[], targets: ReadonlyMap<string, number>, timeoutMs: number): Promise<DaemonLag[]> {
    return this.book.waitFor(daemonIds, targets, timeoutMs, (id) => this.members.has(id));
  }

  async close(): Promise<void> {
    this.members.clear();
  }
}
