import { hostname } from 'node:os';
import { systemClock, type Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { AesGcmEncryptor } from '@wfm/core/encryption';
import type { Logger } from '@wfm/core/logger';
import type { DataSource } from '@wfm/db/data-source';
import { transactionRunner } from '@wfm/db/transaction';
import { WebhookDeliveriesRepository } from '@wfm/webhooks/deliveries.repository';
import { DeliveryAttempter } from '@wfm/webhooks/delivery-attempt';
import type { Resolver } from '@wfm/webhooks/egress';
import { WebhookSender } from '@wfm/webhooks/sender';
import type { WebhookSettings } from '@wfm/webhooks/settings';
import { AttemptRunner } from './attempt-runner.js';
import { Dispatcher } from './dispatcher.js';
import { SuccessRecorder } from './success-recorder.js';
import { Sweeper } from './sweep.js';
import { OutboxListener } from './wake.js';
import { WorkerMetrics } from './metrics.js';

export interface WebhookWorkerDeps {
  dataSource: DataSource;
  /** For the dedicated LISTEN connection, which must not hold a pool connection forever. */
  databaseUrl: string;
  settings: WebhookSettings;
  /** The API's DATA_ENCRYPTION_KEY: subscription secrets are sealed with it. */
  dataEncryptionKey: string;
  logger: Logger;
  clock?: Clock;
  resolver?: Resolver;
  /** How long stop() waits for attempts in flight before handing their leases back. */
  stopGraceMs?: number;
}

export interface WebhookWorker {
  readonly id: string;
  /** Attempts, failures, the queue's depth and age: served by the operator listener (WEBHOOK_METRICS_PORT). */
  readonly metrics: WorkerMetrics;
  /** Runs a retry sweep now (the timer does it every WEBHOOK_SWEEP_INTERVAL_MS). */
  sweep(): void;
  /** Resolves when nothing is being dispatched, claimed or attempted. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The delivery process (spec 03, Delivery). Woken by the outbox on every committed event, it
 * dispatches events into deliveries and makes attempt 1 at once; a sweep timer starts due retries
 * and doubles as a safety net for missed wake-ups. Safe to run as several processes.
 */
export async function startWebhookWorker(deps: WebhookWorkerDeps): Promise<WebhookWorker> {
  const clock = deps.clock ?? systemClock;
  // The pid in the id lets an operator match leases in the table to a process.
  const id = `${hostname()}:${process.pid}:${uuid().slice(0, 8)}`;
  const logger = deps.logger.child({ workerId: id });
  const settings = deps.settings;
  const sender = new WebhookSender({
    timeoutMs: settings.timeoutMs,
    ca: settings.extraCa,
    maxSocketsPerOrigin: settings.maxInFlight,
  });
  const repository = new WebhookDeliveriesRepository(deps.dataSource);
  const attempter = new DeliveryAttempter({
    repository,
    sender,
    encryptor: new AesGcmEncryptor(deps.dataEncryptionKey),
    settings,
    clock,
    resolver: deps.resolver,
  });
  const successes = new SuccessRecorder(repository, id);
  // Read only when scraped, after the runner exists.
  const metrics: WorkerMetrics = new WorkerMetrics(repository, () => clock.now(), (): number => runner.inFlightCount);
  const runner: AttemptRunner = new AttemptRunner({ repository, attempter, successes, settings, clock, logger, owner: id, metrics });
  const dispatcher = new Dispatcher({
    repository,
    transaction: transactionRunner(deps.dataSource),
    clock,
    logger,
    onDeliveries: () => runner.kick(),
  });
  const sweeper = new Sweeper({ dispatch: () => dispatcher.wake(), retry: (at) => runner.sweep(at) }, clock, settings.sweepIntervalMs);
  const listener = new OutboxListener(deps.databaseUrl, () => dispatcher.wake(), logger);

  await listener.start();
  sweeper.start();
  logger.info({ maxInFlight: settings.maxInFlight, sweepIntervalMs: settings.sweepIntervalMs }, 'webhook worker started');

  return {
    id,
    metrics,
    sweep: () => sweeper.sweep(),
    async idle() {
      for (;;) {
        await dispatcher.settled();
        await runner.settled();
        if (!dispatcher.busy && !runner.busy) return;
      }
    },
    async stop() {
      sweeper.stop();
      await listener.stop();
      dispatcher.stop();
      runner.stop();
      await dispatcher.settled();
      const finished = await runner.drain(deps.stopGraceMs ?? Math.min(settings.timeoutMs, 5000));
      // Whatever is still in flight is handed back now rather than when its lease runs out.
      const released = finished ? 0 : await repository.releaseLeases(id, runner.inFlightIds);
      sender.close();
      logger.info({ released }, 'webhook worker stopped');
    },
  };
}
