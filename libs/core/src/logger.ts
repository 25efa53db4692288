import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** Paths that may hold secrets; pino replaces them before a line is written. */
const REDACT = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'password',
  '*.password',
  'token',
  '*.token',
  'secret',
  '*.secret',
];

/**
 * Error fields that carry row values: TypeORM's `parameters` (password hashes, tokens, personal
 * data), PostgreSQL's `detail` ("Key (email)=(…) already exists"), `where` and `internalQuery`
 * (PL/pgSQL context with values).
 */
const VALUE_FIELDS = new Set(['parameters', 'detail', 'where', 'internalQuery']);
/**
 * PostgreSQL's data exceptions (SQLSTATE class 22) quote the offending value in their message:
 * `invalid input syntax for type uuid: "…"`.
 */
const QUOTES_A_VALUE = /^22/;
const MAX_DEPTH = 6;

/** The SQL text keeps its shape for diagnosis; its literals (strings, numbers, dollar-quoted bodies) become `?`. */
export function maskSqlLiterals(sql: string): string {
  return sql
    .replace(/\$([A-Za-z_][A-Za-z0-9_]*)?\$[\s\S]*?\$\1\$/g, '$$?$$')
    .replace(/(?<!\w)(?:[EeBbXxNn]|[Uu]&)?'(?:[^']|'')*'/g, "'?'")
    .replace(/(?<![\w$"])\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g, '?');
}

/** A copy without value-bearing fields at any depth (the error itself, its driverError, causes' fields). */
function scrub(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object' || value instanceof Date || Buffer.isBuffer(value)) return value;
  if (depth > MAX_DEPTH) return '[nested]';
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  const quotesValue = 'code' in value && typeof value.code === 'string' && QUOTES_A_VALUE.test(value.code);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (VALUE_FIELDS.has(k)) continue;
    if (typeof v === 'string' && k === 'query') out[k] = maskSqlLiterals(v);
    else if (typeof v === 'string' && quotesValue && (k === 'message' || k === 'stack')) out[k] = v.replace(/"(?:[^"]|"")*"/g, '"?"');
    else out[k] = scrub(v, depth + 1);
  }
  return out;
}

/**
 * The `err` serializer of every logger (and of pino-http, which hands it an already serialized
 * error): pino's standard one, then database parameters and values removed.
 */
export function errorSerializer(err: unknown): unknown {
  return scrub(err instanceof Error ? stdSerializers.err(err) : err, 0);
}

/** Lines go to stdout unless a `destination` is given (tests read what would have been logged). */
export function createLogger(name: string, level: string, destination?: DestinationStream): Logger {
  const options = { name, level, redact: { paths: REDACT, censor: '[redacted]' }, serializers: { err: errorSerializer } };
  return destination ? pino(options, destination) : pino(options);
}
