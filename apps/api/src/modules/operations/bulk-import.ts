import { z } from 'zod';
import { issueMessages } from '@wfm/core/validation';

/** Spec 01: each bulk-import call writes up to 500 rows. */
export const MAX_IMPORT_ROWS = 500;

/** A row its schema refused: the messages a 400 would carry, without the `rows.N.` prefix. */
export interface InvalidRow {
  invalid: string[];
}

export function isInvalid(row: object): row is InvalidRow {
  return Object.hasOwn(row, 'invalid') && Array.isArray((row as InvalidRow).invalid);
}

/**
 * The body of a register import (categories, vendors, assets): `rows` is documented with the row's
 * schema, but each row is parsed on its own, so a row that breaks it fails alone instead of making
 * the whole call a 400 (the body's shape, the row count and control characters still do).
 */
export function importBody<S extends z.ZodObject>(row: S) {
  // The catch context's `error` holds the issues finalized (their messages written); `issues` holds
  // them raw. Paths are relative to the row, so a problem with the row itself is the row's, not the body's.
  const lenient = row.catch((ctx) => ({ invalid: issueMessages(ctx.error.issues).map((m) => m.replace(/^body /, 'row ')) }) as unknown as z.output<S>);
  // The OpenAPI generator knows no `catch`; it documents what the metadata's `type` says, so the row's own JSON Schema is given as that.
  const { $schema: _dialect, ...documented } = z.toJSONSchema(row, { io: 'input', unrepresentable: 'any' });
  return z.strictObject({ rows: z.array(lenient.meta(documented)).min(1).max(MAX_IMPORT_ROWS) }) as unknown as z.ZodType<{ rows: Array<z.output<S> | InvalidRow> }, { rows: Array<z.input<S>> }>;
}

export const IMPORT_OUTCOMES = ['CREATED', 'UPDATED', 'UNCHANGED', 'FAILED'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

export interface RowResult {
  row: number;
  status: ImportOutcome;
  id: string | null;
  errors: string[];
}

export const ImportResultsDto = z
  .object({
    totals: z.object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int(), failed: z.number().int() }),
    rows: z.array(
      z.object({
        row: z.number().int().meta({ description: 'The index of the row in `rows`, from 0' }),
        status: z.enum(IMPORT_OUTCOMES),
        id: z.uuid().nullable().meta({ description: 'The record the row created, updated or matched; null when it failed' }),
        errors: z.array(z.string()).meta({ description: 'Why the row failed, one message per problem; empty otherwise' }),
      }),
    ),
  })
  .meta({ description: 'One result per row, in row order, and their totals' });
export type ImportResultsDto = z.infer<typeof ImportResultsDto>;

export const rowCreated = (row: number, id: string): RowResult => ({ row, status: 'CREATED', id, errors: [] });
export const rowFailed = (row: number, errors: string[]): RowResult => ({ row, status: 'FAILED', id: null, errors });

export function withTotals(rows: RowResult[]): ImportResultsDto {
  const count = (s: ImportOutcome) => rows.filter((r) => r.status === s).length;
  return { totals: { created: count('CREATED'), updated: count('UPDATED'), unchanged: count('UNCHANGED'), failed: count('FAILED') }, rows };
}

/**
 * Rows that repeat an earlier row's natural key (compared ignoring case) fail, naming that row, so
 * a file that lists a thing twice cannot write it twice with different values in one call.
 */
export function repeatedKeys<T>(rows: Array<T | InvalidRow>, key: (row: T) => string, field: string): Map<number, string> {
  const first = new Map<string, number>();
  const repeats = new Map<number, string>();
  rows.forEach((row, i) => {
    if (isInvalid(row as object)) return;
    const k = key(row as T).toLowerCase();
    const seen = first.get(k);
    if (seen === undefined) first.set(k, i);
    else repeats.set(i, `${field} repeats rows.${seen}.${field}`);
  });
  return repeats;
}

/** The fields of `next` that differ from `current`: an import row's changes, empty when it matches. */
export function differences<T extends object>(current: T, next: Partial<T>): Partial<T> {
  return Object.fromEntries(Object.entries(next).filter(([k, v]) => v !== undefined && v !== current[k as keyof T])) as Partial<T>;
}
