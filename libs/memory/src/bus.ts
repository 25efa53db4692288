/**
 * Fire-and-forget notifications between processes (cache invalidation, outbox wake-ups).
 * Like Redis pub/sub, a message sent while a subscriber is away is lost; consumers that need
 * every change reconcile from the database on (re)subscribe.
 */
import type { DaemonRegistry } from './daemon-registry.js';

export type BusHandler = (message: string) => void;

export interface Bus {
  readonly kind: 'local' | 'redis';
  publish(channel: string, message: string): Promise<void>;
  /** Resolves once the subscription is live. `onResubscribe` runs after every reconnect. */
  subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>>;
  onResubscribe(listener: () => void): void;
  /** The access daemons' registry and acknowledgements, over the same transport (in-process or Redis). */
  readonly daemons: DaemonRegistry;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
