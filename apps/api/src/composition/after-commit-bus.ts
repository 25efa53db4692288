import type { HeldTransactions } from '@wfm/db/held-transaction';
import type { Bus } from '@wfm/memory/bus';

/**
 * The API's bus: a message published during a held request transaction (Idempotency-Key) is sent
 * once that transaction commits, and not at all if it rolls back, so no other process hears of a
 * change that may never exist. Elsewhere it is sent at once.
 */
export function publishAfterCommit(bus: Bus, held: HeldTransactions): Bus {
  return {
    kind: bus.kind,
    daemons: bus.daemons,
    publish: (channel, message) => held.afterCommit(() => bus.publish(channel, message)),
    subscribe: (channel, handler) => bus.subscribe(channel, handler),
    onResubscribe: (listener) => bus.onResubscribe(listener),
    ping: () => bus.ping(),
    close: () => bus.close(),
  };
}
