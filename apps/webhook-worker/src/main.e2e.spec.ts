import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import { failedStart as startFailure, freePort } from '@wfm/testing/child-process';

/** `npm run start:worker` failing to start: one line on stderr saying what failed and what to do, exit 1. */
const MAIN = fileURLToPath(new URL('./main.js', import.meta.url));
const EXIT_MS = 20_000;

const failedStart = (env: Record<string, string>) => startFailure(MAIN, env, EXIT_MS);

describe('npm run start:worker: start failures', function () {
  this.timeout(3 * EXIT_MS);

  it('names the missing variables', async () => {
    expect(await failedStart({})).to.equal(
      'webhook-worker: cannot start: DATABASE_URL and DATA_ENCRYPTION_KEY are required for npm run start:worker: set them, or use npm start for the all-in-one mode\n',
    );
  });

  it('says the database is unreachable, without the password or a stack', async () => {
    const port = await freePort();
    const out = await failedStart({ DATABASE_URL: `postgres://postgres:pw-not-shown@127.0.0.1:${port}/wfm`, DATA_ENCRYPTION_KEY: 'ab'.repeat(32), LOG_LEVEL: 'error' });
    expect(out).to.equal(
      `webhook-worker: cannot start: cannot connect to the database at 127.0.0.1:${port}/wfm (DATABASE_URL): connection refused; check DATABASE_URL and that PostgreSQL is running and reachable\n`,
    );
  });
});
