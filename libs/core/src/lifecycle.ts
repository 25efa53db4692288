import type { Logger } from './logger.js';
import { shutdownTracing } from './tracing.js';

/**
 * Runs `stop` once on SIGINT/SIGTERM, exports the spans still buffered, then exits. A second
 * signal, or a stop that hangs past `graceMs`, exits at once: an operator's Ctrl-C must always work.
 */
export function handleShutdown(logger: Logger, stop: () => Promise<void>, graceMs = 10_000): void {
  let stopping = false;
  const onSignal = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown timed out');
      process.exit(1);
    }, graceMs);
    timer.unref();
    stop()
      .then(shutdownTracing)
      .then(
        () => process.exit(0),
        (err) => {
          logger.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
