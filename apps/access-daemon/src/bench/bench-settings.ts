/** `npm run bench:access`'s settings, read once from the environment; each is documented in docs/performance.md's runs. */
export const SECONDS = Number(process.env.BENCH_DURATION_S ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
export const REVOCATIONS = Number(process.env.BENCH_REVOCATIONS ?? 200);
/** The fixed-rate run's arrival rate, as a fraction of the daemon's measured saturation throughput. */
export const FIXED_RATE_FRACTION = Number(process.env.BENCH_FIXED_RATE_FRACTION ?? 0.5);
/** A fixed rate in taps a second instead of the fraction, for comparing two builds at the same load. */
const FIXED_RATE = process.env.BENCH_FIXED_RATE ? Number(process.env.BENCH_FIXED_RATE) : null;
export function fixedRateFor(saturation: number): number {
  return FIXED_RATE ?? Math.round(saturation * FIXED_RATE_FRACTION);
}
export const FIXED_RATE_LABEL = FIXED_RATE ? `${FIXED_RATE} taps/s, BENCH_FIXED_RATE` : `${(FIXED_RATE_FRACTION * 100).toFixed(0)} % of run 2`;
export const SERVER_CPU = 0;
export const LOAD_CPU = 1;
/** Split mode's API process: on the server core with the daemon unless told otherwise ("none" lets it float). */
export const SPLIT_API_CPU = process.env.BENCH_SPLIT_API_CPU === 'none' ? null : Number(process.env.BENCH_SPLIT_API_CPU ?? SERVER_CPU);
export const VERIFY = '/api/v1/access/verify';
/** The edge scenario: a daemon whose PostgreSQL and Redis are this far away (each way), tapped at a fixed rate. */
export const WAN_ONE_WAY_MS = Number(process.env.BENCH_WAN_ONE_WAY_MS ?? 20);
export const EDGE_RATE = Number(process.env.BENCH_EDGE_RATE ?? 200);
/** Seconds the edge daemon serves at EDGE_RATE after its first measured run, before the run that stands for its steady state. */
export const EDGE_SETTLE_S = Number(process.env.BENCH_EDGE_SETTLE_S ?? 30);
export const PARTITION_S = Number(process.env.BENCH_PARTITION_S ?? 30);
/** `daemon`: only the bare handler and the daemon (saturation, its rows, the fixed rate); `edge`: only the edge scenario; `door`: only the all-in-one door routes, direct and through the API. For profiling and quick comparisons. */
export const ONLY = process.env.BENCH_ACCESS_ONLY;
/**
 * `on`: the daemon traces taps (every one unless OTEL_TRACES_SAMPLER/_ARG name another sampler; the
 * batch processor, OTLP/HTTP export) to a sink on the load core that reads each export and discards
 * it, so the figures carry the whole cost of tracing in the daemon and none of a collector's.
 * Compare with a run without it.
 */
export const TRACING = process.env.BENCH_TRACING === 'on';
