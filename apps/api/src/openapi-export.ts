import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { systemClock } from '@wfm/core/clock';
import { createLogger } from '@wfm/core/logger';
import { createDataSource } from '@wfm/db/data-source';
import { LocalBus } from '@wfm/memory/bus-local';
import { buildApi } from './composition.js';
import { loadApiConfig } from './config.js';

/** The server URL a committed copy of the document names, whatever PUBLIC_APP_URL is where it was made. */
export const EXPORT_SERVER_URL = 'http://localhost:3000/api/v1';

/**
 * GET /api/v1/openapi.json without a running server or a database: the routes are declared when
 * the app is composed, and nothing is connected until the first request, which never comes.
 */
export async function exportOpenApi(): Promise<object> {
  const config = loadApiConfig({ LOG_LEVEL: 'silent', PASSWORD_HASH_COST: 'test' });
  const api = buildApi({
    config: { ...config, jwtSecret: randomBytes(32).toString('base64url'), dataEncryptionKey: randomBytes(32).toString('base64') },
    dataSource: createDataSource({ url: 'postgres://127.0.0.1:1/never-connected' }),
    bus: new LocalBus(),
    redis: null,
    logger: createLogger('openapi-export', 'silent'),
    clock: systemClock,
    proxyDaemon: false,
  });
  try {
    return api.openapi.document(EXPORT_SERVER_URL);
  } finally {
    await api.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.stdout.write(`${JSON.stringify(await exportOpenApi(), null, 2)}\n`);
}
