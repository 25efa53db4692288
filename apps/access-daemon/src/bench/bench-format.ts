import type { FixedRateResult, LoadResult } from './load.js';

export const fmt = (r: LoadResult) => `${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50ms.toFixed(2)} ms   p99 ${r.p99ms.toFixed(2)} ms   non-2xx ${r.non2xx}`;
export const fmtFixed = (f: FixedRateResult) =>
  `${f.rate} taps/s, ${f.answered} of ${f.sent} answered: p50 ${f.p50ms.toFixed(2)} ms   p99 ${f.p99ms.toFixed(2)} ms   max ${f.maxms.toFixed(2)} ms   non-2xx ${f.non2xx}   errors ${f.errors}   (generator${f.raised ? ' at nice -10' : ''}: timer late p99 ${f.generatorLateP99ms.toFixed(2)} ms)`;
export const pct = (xs: number[], p: number) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
