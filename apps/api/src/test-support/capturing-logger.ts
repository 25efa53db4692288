import { Writable } from 'node:stream';
import { createLogger, type Logger } from '@wfm/core/logger';

/** A logger whose lines (JSON, info and above) a test reads back: what was logged, and what was not. */
export function capturingLogger(): { logger: Logger; lines: string[]; parsed: () => Array<Record<string, unknown>> } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger('test', 'info', stream), lines, parsed: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}
