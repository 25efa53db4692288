import { pino, type Logger } from 'pino';

export type { Logger };

/** Paths that may hold secrets; pino replaces them before a line is written. */
const REDACT = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  'password',
  '*.password',
  'token',
  '*.token',
  'secret',
  '*.secret',
];

export function createLogger(name: string, level: string): Logger {
  return pino({ name, level, redact: { paths: REDACT, censor: '[redacted]' } });
}
