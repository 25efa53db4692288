/**
 * Whether every live access daemon acknowledged a change before the API answered. `partial`: at
 * least one did not within ACCESS_PROPAGATION_TIMEOUT_MS (the change is committed all the same and
 * reaches that daemon later through the feed, a reload or the reconcile timer).
 */
export type Propagation = 'complete' | 'partial';

export const PROPAGATION_HEADER = 'X-Access-Propagation';

/** A service result and how far its access change had reached when the service returned. */
export interface Propagated<T> {
  value: T;
  propagation: Propagation;
}

export const worst = (...outcomes: Propagation[]): Propagation => (outcomes.includes('partial') ? 'partial' : 'complete');

/**
 * Every response of a route that changes access says how far the change reached. Typed by the
 * headers alone so that the feed does not depend on the HTTP edge's reply type.
 */
export function withPropagation<R extends { headers?: Record<string, string> }>(reply: R, propagation: Propagation): R {
  return { ...reply, headers: { ...reply.headers, [PROPAGATION_HEADER]: propagation } };
}

/** Counts of change publications by outcome: the API has no metrics endpoint yet, GET /status shows them. */
export class PropagationMetrics {
  complete = 0;
  partial = 0;

  observe(p: Propagation): void {
    this[p]++;
  }
}

/** `ok` or `created` of the service's value, with the propagation header. */
export function propagated<R extends { headers?: Record<string, string> }>(make: (body: unknown) => R, result: Propagated<unknown>): R {
  return withPropagation(make(result.value), result.propagation);
}
