import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '@wfm/core/clock';
import { createLogger } from '@wfm/core/logger';
import { createDataSource } from '@wfm/db/data-source';
import { LocalBus } from '@wfm/memory/bus-local';
import { loadApiConfig } from '../config.js';
import { buildApi } from '../composition.js';
import { createApiServer } from '../app.js';
import { TEST_DATA_ENCRYPTION_KEY, TEST_JWT_SECRET } from './harness.js';

/**
 * The API in a process of its own, for tests that kill it (issue 32): a request carrying
 * `x-test-crash: before-commit` or `after-commit` ends the process with SIGKILL at that point of
 * its idempotent commit, with nothing answered. DATABASE_URL and PORT come from the environment;
 * "listening" on stdout says it is ready.
 */
const dataSource = createDataSource({ url: process.env.DATABASE_URL!, poolSize: 3 });
await dataSource.initialize();
const scratch = await mkdtemp(join(tmpdir(), 'wfm-crash-'));
const config = loadApiConfig({
  JWT_SECRET: TEST_JWT_SECRET,
  DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
  PASSWORD_HASH_COST: 'test',
  LOG_LEVEL: 'silent',
  MAIL_DROP_DIR: join(scratch, 'mail'),
  FILE_STORAGE_DIR: join(scratch, 'files'),
});
const crashAt = (point: string) => async (req: { get(name: string): string | undefined }) => {
  if (req.get('x-test-crash') === point) process.kill(process.pid, 'SIGKILL');
};
const api = buildApi({
  config: { ...config, jwtSecret: TEST_JWT_SECRET, dataEncryptionKey: TEST_DATA_ENCRYPTION_KEY },
  dataSource,
  bus: new LocalBus(),
  redis: null,
  logger: createLogger('crashing-api', 'silent'),
  clock: systemClock,
  proxyDaemon: false,
  idempotencySeams: { beforeCommit: (_held, req) => crashAt('before-commit')(req), afterCommit: crashAt('after-commit') },
});
createApiServer(api.app, config.httpServer).listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('listening\n'));
