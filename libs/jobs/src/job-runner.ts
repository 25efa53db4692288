import pg from 'pg';
import { Logger as GraphileLogger, parseCronItems, run, type LogFunctionFactory, type Runner } from 'graphile-worker';
import type { Logger } from '@wfm/core/logger';

/** Timed work: a name, when it runs (a five-field cron expression, UTC), and what it does. */
export interface JobDefinition {
  name: string;
  cron: string;
  run(): Promise<void>;
}

export interface JobRunnerOptions {
  connectionString: string;
  jobs: readonly JobDefinition[];
  logger: Logger;
  /** Jobs this process runs at once. */
  concurrency?: number;
  /** How often an idle runner checks for work that was queued without a notification. */
  pollIntervalMs?: number;
}

export interface JobRunner {
  /** Queues a job to run now, unless one of that name is already waiting (from any process); one under way does not count. */
  trigger(name: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The one runner of timed work, on graphile-worker: jobs and cron state live in PostgreSQL (its own
 * `graphile_worker` schema, migrated on start), so any number of processes can run it and each
 * scheduled run happens once — the cron tick of a timestamp is claimed in the database by one
 * process, and a queued job is locked by one worker. A job that throws is logged and not retried:
 * the next tick runs it again. Missed ticks (every process down) are not made up.
 */
export async function startJobRunner(opts: JobRunnerOptions): Promise<JobRunner> {
  const byName = new Map(opts.jobs.map((j) => [j.name, j]));
  const taskList = Object.fromEntries(
    opts.jobs.map((job) => [
      job.name,
      async () => {
        const started = performance.now();
        await job.run();
        opts.logger.info({ job: job.name, ms: Math.round(performance.now() - started) }, 'job done');
      },
    ]),
  );
  const parsedCronItems = parseCronItems(
    opts.jobs.map((job) => ({ task: job.name, match: job.cron, identifier: job.name, options: { backfillPeriod: 0, maxAttempts: 1, jobKey: job.name, jobKeyMode: 'replace' as const } })),
  );
  // Our own pool, so that a connection the server ends (a restart, a dropped database) is logged
  // rather than thrown from an idle client, and so that stop() closes every connection it opened.
  const pool = new pg.Pool({ connectionString: opts.connectionString, max: 2 });
  const lost = (err: Error) => opts.logger.warn({ err }, 'job runner connection lost');
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  let runner: Runner;
  try {
    runner = await run({
      pgPool: pool,
      concurrency: opts.concurrency ?? 1,
      pollInterval: opts.pollIntervalMs ?? 2_000,
      noHandleSignals: true,
      logger: new GraphileLogger(graphileLog(opts.logger)),
      taskList,
      parsedCronItems,
    });
  } catch (err) {
    await pool.end();
    throw err;
  }
  return {
    async trigger(name) {
      if (!byName.has(name)) throw new Error(`no job named ${name}`);
      // The job key makes a second request while one waits the same job, not another run.
      await runner.addJob(name, {}, { jobKey: name, jobKeyMode: 'preserve_run_at', maxAttempts: 1 });
    },
    async stop() {
      await runner.stop();
      await pool.end();
    },
  };
}

/** graphile-worker's log lines into ours: its debug chatter at debug, failures at error. */
function graphileLog(logger: Logger): LogFunctionFactory {
  return (scope) => (level, message, meta) => {
    const fields = { ...scope, ...(meta ?? {}), component: 'jobs' };
    if (level === 'error') logger.error(fields, message);
    else if (level === 'warning') logger.warn(fields, message);
    else if (level === 'info') logger.info(fields, message);
    else logger.debug(fields, message);
  };
}
