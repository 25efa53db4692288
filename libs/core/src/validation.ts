import { z } from 'zod';
import { BadRequestError } from './errors.js';

type Issue = z.core.$ZodIssue;

function field(path: PropertyKey[]): string {
  return path.map(String).join('.');
}

/** One message per problem, naming the field, in the wording clients of the platform already parse. */
function describe(issue: Issue): string[] {
  const name = field(issue.path);
  const subject = name || 'body';
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((k) => `property ${name ? `${name}.` : ''}${k} should not exist`);
    case 'invalid_type':
      if ((issue as { input?: unknown }).input === undefined) return [`${subject} is required`];
      if (issue.expected === 'object' && !name) return ['body must be a JSON object'];
      return [`${subject} must be ${article(issue.expected)}`];
    case 'too_small':
      if (issue.origin === 'string') return [`${subject} must be at least ${issue.minimum} characters`];
      if (issue.origin === 'array') return [`${subject} must contain at least ${issue.minimum} element${Number(issue.minimum) === 1 ? '' : 's'}`];
      return [`${subject} must not be less than ${issue.minimum}`];
    case 'too_big':
      if (issue.origin === 'string') return [`${subject} must be at most ${issue.maximum} characters`];
      if (issue.origin === 'array') return [`${subject} must contain at most ${issue.maximum} element${Number(issue.maximum) === 1 ? '' : 's'}`];
      return [`${subject} must not be greater than ${issue.maximum}`];
    case 'invalid_value':
      if ((issue as { input?: unknown }).input === undefined) return [`${subject} is required`];
      return [`${subject} must be one of the following values: ${issue.values.map(String).join(', ')}`];
    case 'invalid_format':
      return [`${subject} ${formatMessage(issue.format, issue.message)}`];
    case 'invalid_union':
      return [`${subject} is invalid`];
    default:
      return [`${subject} ${issue.message}`];
  }
}

function article(expected: string): string {
  if (expected === 'int') return 'an integer number';
  if (expected === 'array' || expected === 'object') return `an ${expected}`;
  return `a ${expected}`;
}

function formatMessage(format: string, fallback: string): string {
  switch (format) {
    case 'email':
      return 'must be an email';
    case 'uuid':
      return 'must be a UUID';
    case 'datetime':
      return 'must be a valid ISO 8601 date string';
    case 'url':
      return 'must be a URL address';
    default:
      return fallback.startsWith('must') ? fallback : `must match ${format} format`;
  }
}

// C0 controls other than tab, line feed and carriage return, and DEL: PostgreSQL refuses NUL in
// text, and none of them belongs in a name, an identifier or a note.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// Every control character, for values that are one line by nature (identifiers, labels, headers).
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** True when the text holds a control character no field may hold, or a UTF-16 surrogate without its pair (not encodable as UTF-8). */
function unsafe(text: string): boolean {
  return CONTROL.test(text) || !text.isWellFormed();
}

/**
 * The path of the first string (value or key) in `input` that no field may hold, or null. Every
 * request body goes through here: a clean one (the usual case) allocates nothing, and the path is
 * built only for a hit, on the way out.
 */
export function findUnsafeText(input: unknown): string | null {
  const hit = unsafePath(input);
  return hit === null ? null : hit.join('.') || 'body';
}

function unsafePath(input: unknown): string[] | null {
  if (typeof input === 'string') return unsafe(input) ? [] : null;
  if (Array.isArray(input)) {
    for (let i = 0; i < input.length; i++) {
      const hit = unsafePath(input[i]);
      if (hit !== null) return (hit.unshift(String(i)), hit);
    }
    return null;
  }
  if (input && typeof input === 'object') {
    for (const k in input) {
      if (!Object.hasOwn(input, k)) continue;
      if (unsafe(k)) return [k];
      const hit = unsafePath((input as Record<string, unknown>)[k]);
      if (hit !== null) return (hit.unshift(k), hit);
    }
  }
  return null;
}

/** A one-line string: no control character at all (tab and line breaks included). */
export function singleLine(max: number) {
  return z.string().max(max).refine((v) => !ANY_CONTROL.test(v), { message: 'must not contain control characters' });
}

/**
 * What `singleLine(max)` accepts, and the body check for unsafe text with it (no control character,
 * no lone surrogate), as one test: for a hot path that tries the usual shape first and hands
 * anything else to the schema for its exact messages.
 */
export function isSafeSingleLine(v: unknown, max: number): v is string {
  return typeof v === 'string' && v.length <= max && !ANY_CONTROL.test(v) && v.isWellFormed();
}

/**
 * The messages a 400 would carry for these problems, for a caller that reports them per item (the
 * bulk imports, whose rows fail one by one) instead of refusing the whole request.
 */
export function issueMessages(issues: readonly Issue[]): string[] {
  return issues.flatMap(describe);
}

/**
 * Validates and types `input`; one rule for every caller first: no string anywhere in it may carry
 * control characters or unpaired surrogates (a 400, never a 500 from the database).
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const unsafe = findUnsafeText(input);
  if (unsafe !== null) throw new BadRequestError([`${unsafe} must not contain control characters or invalid Unicode`]);
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  throw new BadRequestError(result.error.issues.flatMap(describe));
}
