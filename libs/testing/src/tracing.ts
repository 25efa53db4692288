import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { startTracing, type Tracing } from '@wfm/core/tracing';

export { InMemorySpanExporter };

/**
 * Registers, in the calling `describe`, tracing on for the whole block with every span sampled and
 * kept in memory (readable as soon as it ends), emptied before each test. Tracing is process-wide:
 * the block turns it off again when it ends.
 */
export function tracedSuite(): InMemorySpanExporter {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;
  before(async () => {
    tracing = await startTracing({ exporter: 'none', sampler: 'always_on', ratio: 1 }, 'wfm-test', exporter);
  });
  after(() => tracing.shutdown());
  beforeEach(() => exporter.reset());
  return exporter;
}
