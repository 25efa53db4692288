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

export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  throw new BadRequestError(result.error.issues.flatMap(describe));
}
