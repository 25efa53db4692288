import { createLogger, type Logger } from '@wfm/core/logger';
import { describeError } from '@wfm/core/startup';
import { startTracing } from '@wfm/core/tracing';
import { RedisBus } from '@wfm/memory/bus-redis';
import { loadDaemonConfig } from './config.js';
import { startSplitDaemon } from './split-start.js';

/** Split mode: one daemon against DATABASE_URL and REDIS_URL (npm run start:daemon). */
let logger: Logger | undefined;
try {
  const config = loadDaemonConfig();
  logger = createLogger('access-daemon', config.logLevel);
  await startTracing(config.tracing, 'wfm-access-daemon');
  await startSplitDaemon(config, logger, (url) => new RedisBus(url));
} catch (err) {
  const message = `access daemon failed to start: ${describeError(err)}`;
  if (logger) logger.fatal({ err }, message);
  else console.error(message);
  process.exit(1);
}
