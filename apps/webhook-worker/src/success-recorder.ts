import type { WebhookDeliveriesRepository } from '@wfm/webhooks/deliveries.repository';

interface Pending {
  item: { deliveryId: string; at: Date; responseStatus: number };
  resolve: (recorded: boolean) => void;
  reject: (err: unknown) => void;
}

/**
 * Records successful attempts in batches, like a group commit: the first success is written at
 * once, and those that finish while that write is under way go together in the next one. Under
 * load one statement and one commit cover dozens of deliveries; when idle nothing waits. Failures
 * are recorded one by one (WebhookDeliveriesRepository.recordAttempt): they are rarer, and each
 * can be the one that switches a subscription off.
 */
export class SuccessRecorder {
  private queue: Pending[] = [];
  private flushing = false;

  constructor(
    private readonly repository: WebhookDeliveriesRepository,
    private readonly owner: string,
    private readonly maxBatch = 256,
  ) {}

  /** Resolves false when the lease was lost: another worker owns the delivery now. */
  record(item: Pending['item']): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.flush();
    });
  }

  private flush(): void {
    if (this.flushing || this.queue.length === 0) return;
    this.flushing = true;
    const batch = this.queue.splice(0, this.maxBatch);
    this.repository
      .recordSuccesses(this.owner, batch.map((b) => b.item))
      .then(
        (ids) => {
          const recorded = new Set(ids);
          for (const b of batch) b.resolve(recorded.has(b.item.deliveryId));
        },
        (err: unknown) => {
          for (const b of batch) b.reject(err);
        },
      )
      .finally(() => {
        this.flushing = false;
        this.flush();
      });
  }
}
