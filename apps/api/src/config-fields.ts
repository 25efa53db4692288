import { z } from 'zod';

/** A bound in milliseconds: a whole number from `min`. */
export const ms = (min: number) => z.coerce.number().int().min(min);

/** All of a group of variables or none, each missing one named with those that are set (and `why`, when given). */
export function allOrNone<K extends string>(e: Partial<Record<K, unknown>>, names: readonly K[], ctx: z.RefinementCtx, why = ''): boolean {
  const set = names.filter((name) => e[name] !== undefined);
  if (set.length && set.length < names.length) {
    for (const name of names.filter((n) => e[n] === undefined)) ctx.addIssue({ code: 'custom', path: [name], message: `is required with ${set.join(', ')}${why}` });
  }
  return set.length === names.length;
}
