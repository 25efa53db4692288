import { createLogger } from '@wfm/core/logger';
import { handleShutdown } from '@wfm/core/lifecycle';
import { loadDaemonConfig } from './config.js';
import { startDaemonServer } from './server.js';

const config = loadDaemonConfig();
const logger = createLogger('access-daemon', config.logLevel);
const server = await startDaemonServer({ host: config.host, port: config.port, logger });
handleShutdown(logger, async () => server.close());
