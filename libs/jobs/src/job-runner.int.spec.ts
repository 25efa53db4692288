import { expect } from 'chai';
import { Logger, quickAddJob, runMigrations } from 'graphile-worker';
import { createLogger } from '@wfm/core/logger';
import { createTestDatabase, type TestDatabase } from '@wfm/testing/database';
import { startJobRunner, type JobRunner } from './job-runner.js';

/** Waits for a condition (not a timing assertion), bounded so a broken runner fails instead of hanging. */
async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`gave up waiting: ${what}`);
}

describe('job runner (graphile-worker on a real PostgreSQL)', function () {
  let db: TestDatabase;
  const runners: JobRunner[] = [];
  const logger = createLogger('test', 'silent');

  before(async () => {
    db = await createTestDatabase();
  });
  afterEach(async () => {
    for (const r of runners.splice(0)) await r.stop();
  });
  after(async () => db.drop());

  const start = async (jobs: Parameters<typeof startJobRunner>[0]['jobs']) => {
    const runner = await startJobRunner({ connectionString: db.url, jobs, logger, pollIntervalMs: 50 });
    runners.push(runner);
    return runner;
  };
  const queued = async (task: string): Promise<number> => {
    const [{ n }] = await db.dataSource.query(`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = $1`, [task]);
    return n;
  };

  it('runs a queued job once however many processes run, and two requests while it waits are one job', async () => {
    let runs = 0;
    const job = { name: 'count-once', cron: '0 3 * * *', run: async () => void (runs += 1) };
    // Queued before any runner starts, the way two processes' cron ticks of one timestamp would queue it.
    await runMigrations({ connectionString: db.url, logger: new Logger(() => () => undefined) });
    const options = { jobKey: 'count-once', jobKeyMode: 'preserve_run_at' as const, maxAttempts: 1 };
    await Promise.all([quickAddJob({ connectionString: db.url }, 'count-once', {}, options), quickAddJob({ connectionString: db.url }, 'count-once', {}, options)]);
    expect(await queued('count-once')).to.equal(1);
    await Promise.all([start([job]), start([job])]);
    await until('the job ran and left the queue', async () => runs >= 1 && (await queued('count-once')) === 0);
    expect(runs).to.equal(1);
  });

  it('runs it again when asked again after it finished, and a job that throws is not retried', async () => {
    let runs = 0;
    let failures = 0;
    const runner = await start([
      { name: 'again', cron: '0 3 * * *', run: async () => void (runs += 1) },
      {
        name: 'fails',
        cron: '0 3 * * *',
        run: async () => {
          failures += 1;
          throw new Error('boom');
        },
      },
    ]);
    await runner.trigger('again');
    await until('first run', async () => runs === 1 && (await queued('again')) === 0);
    await runner.trigger('again');
    await until('second run', async () => runs === 2 && (await queued('again')) === 0);
    await runner.trigger('fails');
    await until('the failure recorded', async () => {
      const [row] = await db.dataSource.query(`SELECT attempts, max_attempts AS "maxAttempts", last_error AS "lastError" FROM graphile_worker.jobs WHERE task_identifier = 'fails'`);
      // One attempt of one allowed: graphile-worker will not run it again; the next tick will.
      return row?.attempts === 1 && row.maxAttempts === 1 && row.lastError !== null;
    });
    expect(failures).to.equal(1);
  });

  it('refuses an unknown job name and a malformed cron expression', async () => {
    const runner = await start([{ name: 'known', cron: '*/5 * * * *', run: async () => undefined }]);
    const unknown = await runner.trigger('unknown').catch((err: Error) => err);
    expect(unknown).to.be.instanceOf(Error).with.property('message', 'no job named unknown');
    const bad = await start([{ name: 'bad', cron: 'every five minutes', run: async () => undefined }]).catch((err: Error) => err);
    expect(bad).to.be.instanceOf(Error);
  });
});
