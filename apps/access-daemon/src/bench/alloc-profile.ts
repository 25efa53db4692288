import inspector from 'node:inspector';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Preloaded (`--import`) into the bench's daemon child by `BENCH_ALLOC_PROFILE_DIR`: V8's sampling
 * heap profiler with the objects the collector has already freed kept in the samples, so the
 * profile shows where a tap's garbage is made (what `--heap-prof` cannot: it keeps only the
 * objects still alive when it stops). Written at exit; open it in Chrome DevTools' Memory tab.
 */
const dir = process.env.BENCH_ALLOC_PROFILE_DIR;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  session.post('HeapProfiler.enable');
  session.post('HeapProfiler.startSampling', { samplingInterval: 8192, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  // A session connected to its own thread answers synchronously, so the profile is written before the process ends.
  process.on('exit', () => {
    session.post('HeapProfiler.stopSampling', (err, result) => {
      if (!err) writeFileSync(join(dir, `daemon-${process.pid}.heapprofile`), JSON.stringify(result.profile));
    });
  });
}
