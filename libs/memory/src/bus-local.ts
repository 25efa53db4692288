import { EventEmitter } from 'node:events';
import type { Bus, BusHandler } from './bus.js';
import { LocalDaemonRegistry } from './daemon-registry-local.js';

/** In-process bus for the all-in-one start: every app shares one process. */
export class LocalBus implements Bus {
  readonly kind = 'local' as const;
  private readonly emitter = new EventEmitter();
  readonly daemons = new LocalDaemonRegistry();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  async publish(channel: string, message: string): Promise<void> {
    // Deliver asynchronously, as Redis would: a publisher never runs subscriber code inline.
    queueMicrotask(() => this.emitter.emit(channel, message));
  }

  async subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>> {
    this.emitter.on(channel, handler);
    return async () => {
      this.emitter.off(channel, handler);
    };
  }

  onResubscribe(): void {
    // Nothing is ever dropped in-process, so there is never a resubscribe.
  }

  async ping(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    await this.daemons.close();
    this.emitter.removeAllListeners();
  }
}
