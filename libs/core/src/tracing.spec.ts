import { expect } from 'chai';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { ConfigError, parseEnv } from './config.js';
import { currentTraceCarrier, inSpan, startTracing, tracingConfigFrom, tracingEnvSchema, tracingOn } from './tracing.js';

const load = (env: Record<string, string>) => tracingConfigFrom(parseEnv(tracingEnvSchema, env));

describe('tracing configuration (OTEL_* variables)', () => {
  it('is off by default: no provider is installed and nothing is recorded', async () => {
    const config = load({});
    expect(config).to.deep.equal({ exporter: 'none', sampler: 'parentbased_always_on', ratio: 1 });
    const tracing = await startTracing(config, 'wfm-test');
    expect([tracing.on, tracingOn]).to.deep.equal([false, false]);
    expect(await inSpan('x', {}, async (span) => [span, currentTraceCarrier()])).to.deep.equal([null, null]);
  });

  it('OTEL_SDK_DISABLED switches off whatever exporter is named; the sampler and its ratio are read', () => {
    expect(load({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_SDK_DISABLED: 'true' }).exporter).to.equal('none');
    expect(load({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.25' })).to.deep.equal({
      exporter: 'otlp',
      sampler: 'parentbased_traceidratio',
      ratio: 0.25,
    });
  });

  it('refuses at start an unknown exporter or sampler, a ratio outside 0–1, an endpoint that is not http(s) and malformed resource attributes', () => {
    const bad = {
      OTEL_TRACES_EXPORTER: 'zipkin',
      OTEL_TRACES_SAMPLER: 'sometimes',
      OTEL_TRACES_SAMPLER_ARG: '2',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'ftp://collector',
      OTEL_RESOURCE_ATTRIBUTES: 'no-equals-sign',
    };
    expect(() => load(bad))
      .to.throw(ConfigError)
      .with.property('message')
      .that.matches(/OTEL_TRACES_EXPORTER[\s\S]*OTEL_EXPORTER_OTLP_ENDPOINT[\s\S]*OTEL_RESOURCE_ATTRIBUTES[\s\S]*OTEL_TRACES_SAMPLER:[\s\S]*OTEL_TRACES_SAMPLER_ARG/);
  });

  it('names the service after the app unless OTEL_SERVICE_NAME says otherwise, and adds OTEL_RESOURCE_ATTRIBUTES', async () => {
    const names: unknown[] = [];
    for (const env of [{}, { OTEL_SERVICE_NAME: 'doors-eu', OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=test' }]) {
      // Shutting tracing down shuts its exporter too.
      const exporter = new InMemorySpanExporter();
      const saved = { ...process.env };
      Object.assign(process.env, env);
      const tracing = await startTracing({ exporter: 'none', sampler: 'always_on', ratio: 1 }, 'wfm-test', exporter);
      process.env = saved;
      await inSpan('x', {}, async () => {});
      const [span] = exporter.getFinishedSpans();
      names.push([span!.resource.attributes['service.name'], span!.resource.attributes['deployment.environment.name']]);
      await tracing.shutdown();
    }
    expect(names).to.deep.equal([
      ['wfm-test', undefined],
      ['doors-eu', 'test'],
    ]);
  });
});
