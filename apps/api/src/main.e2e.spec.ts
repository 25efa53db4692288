import { expect } from 'chai';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '@wfm/testing/database';
import { failedStart as startFailure, freePort } from '@wfm/testing/child-process';

/** `npm run start:api` failing to start: one line on stderr saying what failed and what to do, exit 1. */
const MAIN = fileURLToPath(new URL('./main.js', import.meta.url));
const EXIT_MS = 20_000;
const SETTINGS = { JWT_SECRET: 'main-spec-secret-main-spec-secret-0123', DATA_ENCRYPTION_KEY: 'ab'.repeat(32), LOG_LEVEL: 'error', HOST: '127.0.0.1' };

const failedStart = (env: Record<string, string>) => startFailure(MAIN, env, EXIT_MS);

describe('npm run start:api: start failures', function () {
  this.timeout(3 * EXIT_MS);

  it('names the missing variables', async () => {
    expect(await failedStart({})).to.equal(
      'api: cannot start: DATABASE_URL, REDIS_URL, JWT_SECRET, DATA_ENCRYPTION_KEY required for npm run start:api: set them, or use npm start for the all-in-one mode\n',
    );
  });

  it('names an invalid variable', async () => {
    expect(await failedStart({ PORT: 'eighty' })).to.match(/^api: cannot start: Invalid configuration: PORT: [^\n]*; fix these environment variables\n$/);
  });

  it('says the database is unreachable, without the password or a stack', async () => {
    const port = await freePort();
    const out = await failedStart({ ...SETTINGS, DATABASE_URL: `postgres://postgres:pw-not-shown@127.0.0.1:${port}/wfm`, REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(out).to.equal(
      `api: cannot start: cannot connect to the database at 127.0.0.1:${port}/wfm (DATABASE_URL): connection refused; check DATABASE_URL and that PostgreSQL is running and reachable\n`,
    );
  });

  it('says its port is taken and exits instead of running without a listener', async function () {
    if (!process.env.REDIS_URL) this.skip();
    const db = await createTestDatabase();
    const port = await freePort();
    const holder: Server = await new Promise((resolve) => {
      const s = createServer().listen(port, '127.0.0.1', () => resolve(s));
    });
    try {
      const out = await failedStart({ ...SETTINGS, DATABASE_URL: db.url, REDIS_URL: process.env.REDIS_URL!, PORT: String(port), MIGRATE_ON_START: 'false' });
      expect(out).to.equal(`api: cannot start: 127.0.0.1:${port} is already in use: stop the program listening there or set PORT to a free port\n`);
    } finally {
      holder.close();
      await db.drop();
    }
  });
});
