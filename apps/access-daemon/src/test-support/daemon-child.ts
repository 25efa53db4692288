import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '@wfm/core/clock';
import { createLogger } from '@wfm/core/logger';
import { createDataSource } from '@wfm/db/data-source';
import { RedisBus } from '@wfm/memory/bus-redis';
import { loadDaemonConfig } from '../config.js';
import { startAccessDaemon } from '../daemon.js';

/**
 * A split-mode daemon in its own process, for tests that must stop it as an operating system
 * would (SIGSTOP): like main.ts, but on the test's database clone and in the test's registry
 * namespace, and it tells its parent its port and registry id once it is serving.
 */
const env = process.env;
const config = { ...loadDaemonConfig({ LOG_LEVEL: 'silent' }), host: '127.0.0.1', port: 0, metricsHost: '127.0.0.1', metricsPort: 0, spoolPath: join(mkdtempSync(join(tmpdir(), 'daemon-child-')), 'spool.ndjson') };
const ds = createDataSource({ url: env.DATABASE_URL!, poolSize: 2 });
await ds.initialize();
const bus = new RedisBus(env.REDIS_URL!, { registry: { namespace: env.TEST_REGISTRY_NAMESPACE! } });
const daemon = await startAccessDaemon({ config, dataSource: ds, bus, logger: createLogger('child', 'silent'), clock: systemClock });
process.send?.({ port: daemon.port, id: daemon.id });
process.on('disconnect', () => process.exit(0));
