import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Loaded with `--import` into a server the PDF bench forks: the process's event-loop delay
 * (perf_hooks, 1 ms resolution), answered on the IPC channel and reset at each read, so each
 * phase of the bench reads its own figures. The channel does not keep the server alive.
 */
export interface LoopDelay {
  p50ms: number;
  p99ms: number;
  maxms: number;
}

const histogram = monitorEventLoopDelay({ resolution: 1 });
histogram.enable();
process.on('message', (m: unknown) => {
  if (m !== 'loop-delay') return;
  const reading: LoopDelay = { p50ms: histogram.percentile(50) / 1e6, p99ms: histogram.percentile(99) / 1e6, maxms: histogram.max / 1e6 };
  histogram.reset();
  process.send?.(reading);
});
process.channel?.unref();
