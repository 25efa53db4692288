import { createLogger } from '@wfm/core/logger';
import { RedisBus } from '@wfm/memory/bus-redis';
import { loadDaemonConfig } from '../config.js';
import { startSplitDaemon } from '../split-start.js';

/**
 * `npm run start:daemon` as main.ts runs it (split-start.ts), in a process of its own, with the
 * test's registry namespace on the shared Redis so that no other test waits for this daemon.
 */
const config = loadDaemonConfig();
await startSplitDaemon(config, createLogger('split-child', config.logLevel), (url) => new RedisBus(url, { registry: { namespace: process.env.TEST_REGISTRY_NAMESPACE! } }));
