import { once } from 'node:events';
import type { Redis } from 'ioredis';
import type { Bus, BusHandler } from './bus.js';
import { createRedis } from './redis.js';
import { RedisDaemonRegistry } from './daemon-registry-redis.js';
import type { RegistryOptions } from './daemon-registry.js';

/**
 * Redis pub/sub. A subscribed connection cannot issue other commands, so publishing and
 * subscribing use separate connections.
 */
export class RedisBus implements Bus {
  readonly kind = 'redis' as const;
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly handlers = new Map<string, Set<BusHandler>>();
  private readonly resubscribeListeners: Array<() => void> = [];
  private everReady = false;
  readonly daemons: RedisDaemonRegistry;

  constructor(url: string, opts: { registry?: Partial<RegistryOptions> } = {}) {
    this.pub = createRedis(url);
    // Unbounded retries and no command deadline: the subscriber must come back on its own after any outage.
    this.sub = createRedis(url, { maxRetriesPerRequest: null, commandTimeout: undefined });
    this.sub.on('message', (channel: string, message: string) => {
      for (const h of this.handlers.get(channel) ?? []) h(message);
    });
    this.sub.on('ready', () => {
      // ioredis re-issues SUBSCRIBE itself on reconnect; listeners reconcile what was missed.
      if (this.everReady) for (const l of this.resubscribeListeners) l();
      this.everReady = true;
    });
    this.daemons = new RedisDaemonRegistry(this.pub, this, opts.registry);
    this.pub.on('error', () => {});
    this.sub.on('error', () => {});
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.pub.publish(channel, message);
  }

  async subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>> {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      // A SUBSCRIBE queued while the connection was still being set up was confirmed and yet left
      // the connection deaf about one time in five under load (seen through a TCP relay): the
      // daemon then never heard a change. Subscribing once the connection is ready does not.
      if (this.sub.status !== 'ready') await once(this.sub, 'ready');
      await this.sub.subscribe(channel);
    }
    set.add(handler);
    return async () => {
      const current = this.handlers.get(channel);
      current?.delete(handler);
      if (current && current.size === 0) {
        this.handlers.delete(channel);
        await this.sub.unsubscribe(channel);
      }
    };
  }

  onResubscribe(listener: () => void): void {
    this.resubscribeListeners.push(listener);
  }

  async ping(): Promise<boolean> {
    try {
      return (await this.pub.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.daemons.close();
    this.sub.disconnect();
    this.pub.disconnect();
  }
}
