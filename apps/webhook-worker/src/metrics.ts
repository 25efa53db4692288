import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the metrics read from the database on each scrape. */
export interface QueueProbe {
  queueStats(): Promise<{ waiting: number; oldestWaitingAt: Date | null; undispatchedEvents: number }>;
}

/** How an attempt ended, for the counters. */
export type AttemptResult = 'success' | 'failure';

/**
 * The webhook worker's Prometheus metrics, on a registry of its own. The queue gauges are read
 * from the database when scraped (every worker reports the same shared queue); the counters are
 * this process's own attempts.
 */
export class WorkerMetrics {
  readonly registry = new Registry();
  private readonly attempts = new Counter({
    name: 'webhook_delivery_attempts_total',
    help: 'Delivery attempts made by this worker, by result (failure: a non-2xx answer, a timeout, a refused address or a connection error)',
    labelNames: ['result'],
    registers: [this.registry],
  });
  private readonly exhausted = new Counter({
    name: 'webhook_deliveries_dead_total',
    help: 'Deliveries that failed their last allowed attempt (DEAD) on this worker',
    registers: [this.registry],
  });
  private readonly duration = new Histogram({
    name: 'webhook_delivery_attempt_seconds',
    help: 'Time an attempt took, from unsealing the secret to the classified answer',
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });
  private processMetrics = false;

  constructor(queue: QueueProbe, now: () => Date, inFlight: () => number) {
    // One query per scrape feeds the three queue gauges: the first gauge collected runs it.
    let reading: Promise<Awaited<ReturnType<QueueProbe['queueStats']>>> | null = null;
    const stats = () => (reading ??= queue.queueStats().finally(() => setImmediate(() => (reading = null))));
    new Gauge({
      name: 'webhook_deliveries_waiting',
      help: 'Deliveries waiting for an attempt (PENDING, or FAILED with a retry to come), all tenants',
      registers: [this.registry],
      async collect() {
        this.set((await stats()).waiting);
      },
    });
    new Gauge({
      name: 'webhook_oldest_waiting_delivery_age_seconds',
      help: 'Age of the oldest delivery still waiting for an attempt; 0 when none waits',
      registers: [this.registry],
      async collect() {
        const oldest = (await stats()).oldestWaitingAt;
        this.set(oldest ? Math.max(0, (now().getTime() - oldest.getTime()) / 1000) : 0);
      },
    });
    new Gauge({
      name: 'webhook_events_undispatched',
      help: 'Recorded events not yet turned into deliveries (the outbox)',
      registers: [this.registry],
      async collect() {
        this.set((await stats()).undispatchedEvents);
      },
    });
    new Gauge({
      name: 'webhook_attempts_in_flight',
      help: 'Attempts this worker has under way',
      registers: [this.registry],
      collect() {
        this.set(inFlight());
      },
    });
  }

  /** Process metrics (CPU, memory, event-loop delay, GC): once, and only in a process that serves them. */
  withProcessMetrics(): this {
    if (!this.processMetrics) collectDefaultMetrics({ register: this.registry });
    this.processMetrics = true;
    return this;
  }

  observeAttempt(result: AttemptResult, seconds: number, dead: boolean): void {
    this.attempts.inc({ result });
    this.duration.observe(seconds);
    if (dead) this.exhausted.inc();
  }
}
