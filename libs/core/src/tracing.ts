import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Link, type Span, type Tracer } from '@opentelemetry/api';
import type { Sampler, SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace';
import { z } from 'zod';
import { envBool } from './config.js';

export { ROOT_CONTEXT, SpanKind, SpanStatusCode, type Attributes, type Context, type Link, type Span };

const SAMPLERS = ['always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio'] as const;

/**
 * The standard OTEL_* variables each app reads (OpenTelemetry's environment specification), with
 * one deliberate difference: OTEL_TRACES_EXPORTER defaults to `none`, so nothing is traced or sent
 * until an operator asks. The OTLP exporter reads its own OTEL_EXPORTER_OTLP_* variables (headers,
 * timeout, compression); the endpoints are checked here so a typo stops the start, not every export.
 */
export const tracingEnvSchema = z.object({
  OTEL_SDK_DISABLED: envBool.default(false),
  OTEL_TRACES_EXPORTER: z.enum(['none', 'otlp', 'console']).default('none'),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  OTEL_SERVICE_NAME: z.string().min(1).optional(),
  OTEL_RESOURCE_ATTRIBUTES: z
    .string()
    .optional()
    .refine((v) => v === undefined || v.split(',').every((pair) => /^[^=,]+=[^=,]*$/.test(pair.trim())), 'must be key=value pairs separated by commas'),
  OTEL_TRACES_SAMPLER: z.enum(SAMPLERS).default('parentbased_always_on'),
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).optional(),
});

export interface TracingConfig {
  /** `none` (or OTEL_SDK_DISABLED) installs nothing: the API's no-op tracer answers every call. */
  exporter: 'none' | 'otlp' | 'console';
  sampler: (typeof SAMPLERS)[number];
  /** For the ratio samplers; 1 when not given, as the specification says. */
  ratio: number;
}

export function tracingConfigFrom(e: z.infer<typeof tracingEnvSchema>): TracingConfig {
  return { exporter: e.OTEL_SDK_DISABLED ? 'none' : e.OTEL_TRACES_EXPORTER, sampler: e.OTEL_TRACES_SAMPLER, ratio: e.OTEL_TRACES_SAMPLER_ARG ?? 1 };
}

function samplerOf(c: TracingConfig, sdk: typeof import('@opentelemetry/sdk-trace')): Sampler {
  const { AlwaysOffSampler, AlwaysOnSampler, ParentBasedSampler, TraceIdRatioBasedSampler } = sdk;
  const ratio = new TraceIdRatioBasedSampler(c.ratio);
  switch (c.sampler) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return ratio;
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: ratio });
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

/**
 * Read on every hot path before any span work: with tracing off a request pays one boolean test,
 * not the API's no-op calls, attribute objects or closures.
 */
export let tracingOn = false;

export interface Tracing {
  readonly on: boolean;
  /** Exports what is buffered and unregisters the provider; safe to call when tracing is off. */
  shutdown(): Promise<void>;
}

/**
 * Installs the process's tracer provider, context manager and W3C propagator. `exporter` replaces
 * the configured one (tests pass an InMemorySpanExporter; they get a synchronous processor so a
 * span is readable as soon as it ends).
 */
export async function startTracing(config: TracingConfig, serviceName: string, exporter?: SpanExporter): Promise<Tracing> {
  if (!exporter && config.exporter === 'none') return { on: false, shutdown: async () => {} };
  // The SDK is loaded only when tracing is on: its modules took a quarter of a process's start-up
  // here (270 ms of 1.1 s on a slow day), which a door daemon restarting offline pays before its first answer.
  const [sdk, { AsyncLocalStorageContextManager }, { W3CTraceContextPropagator }, { OTLPTraceExporter }, { detectResources, envDetector, resourceFromAttributes }, { ATTR_SERVICE_NAME }] = await Promise.all([
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/core'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/semantic-conventions'),
  ]);
  const { BatchSpanProcessor, ConsoleSpanExporter, SimpleSpanProcessor, TracerProvider } = sdk;
  const processor: SpanProcessor = exporter
    ? new SimpleSpanProcessor({ exporter })
    : new BatchSpanProcessor({ exporter: config.exporter === 'otlp' ? new OTLPTraceExporter() : new ConsoleSpanExporter() });
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES win over the app's own name.
  const resource = resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName }).merge(detectResources({ detectors: [envDetector] }));
  const provider = new TracerProvider({ resource, sampler: samplerOf(config, sdk), spanProcessors: [processor] });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  tracingOn = true;
  const started: Tracing = {
    on: true,
    async shutdown() {
      if (current !== started) return;
      current = null;
      tracingOn = false;
      try {
        await provider.shutdown();
      } finally {
        trace.disable();
        propagation.disable();
        context.disable();
      }
    },
  };
  current = started;
  return started;
}

let current: Tracing | null = null;

/** Exports the spans still buffered; handleShutdown calls it once the app has stopped. */
export async function shutdownTracing(): Promise<void> {
  await current?.shutdown();
}

function tracer(): Tracer {
  return trace.getTracer('wfm');
}

/**
 * Runs `work` in a new active span that ends when it settles; an error marks the span and is
 * rethrown. With tracing off, `work` runs alone (it gets no span, so it must not need one).
 */
export function inSpan<T>(name: string, attributes: Attributes, work: (span: Span | null) => Promise<T>, opts: { kind?: SpanKind; parent?: Context; links?: Link[] } = {}): Promise<T> {
  if (!tracingOn) return work(null);
  return tracer().startActiveSpan(name, { kind: opts.kind ?? SpanKind.INTERNAL, attributes, links: opts.links }, opts.parent ?? context.active(), async (span) => {
    try {
      return await work(span);
    } catch (err) {
      failSpan(span, err);
      throw err;
    } finally {
      span.end();
    }
  });
}

function failSpan(span: Span, err: unknown): void {
  span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.name : 'error' });
  span.setAttribute('error.type', err instanceof Error ? err.name : 'error');
}

/** W3C trace context, as stored with an outbox event and sent to webhook receivers. */
export interface TraceCarrier {
  traceparent: string;
  tracestate?: string;
}

/** The active span's context to store or send on; null when tracing is off or nothing is sampled. */
export function currentTraceCarrier(ctx: Context = context.active()): TraceCarrier | null {
  if (!tracingOn) return null;
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  return carrier.traceparent ? { traceparent: carrier.traceparent, ...(carrier.tracestate ? { tracestate: carrier.tracestate } : {}) } : null;
}

/** The context a stored or received carrier describes, as the parent of the spans that continue it. */
export function contextFromCarrier(carrier: { traceparent?: string | null; tracestate?: string | null }, base: Context = context.active()): Context {
  const headers: Record<string, string> = {};
  if (carrier.traceparent) headers.traceparent = carrier.traceparent;
  if (carrier.tracestate) headers.tracestate = carrier.tracestate;
  return propagation.extract(base, headers);
}

/** A span the caller ends (one that outlives a callback, such as a request's), and the context it is active in. */
export function startSpan(name: string, attributes: Attributes, opts: { kind: SpanKind; parent: Context }): { span: Span; context: Context } {
  const span = tracer().startSpan(name, { kind: opts.kind, attributes }, opts.parent);
  return { span, context: trace.setSpan(opts.parent, span) };
}

/** Whether some span is active here: work that is traced only as part of something else asks. */
export function inTrace(): boolean {
  return tracingOn && trace.getSpan(context.active()) !== undefined;
}

/** A link to the span a context carries; none when it carries no valid one. */
export function linksTo(ctx: Context): Link[] {
  const spanContext = trace.getSpanContext(ctx);
  return spanContext && trace.isSpanContextValid(spanContext) ? [{ context: spanContext }] : [];
}

/** Runs `fn` with `ctx` active (the API's context.with, for callers that must not import the API). */
export function withContext<T>(ctx: Context, fn: () => T): T {
  return context.with(ctx, fn);
}

export function activeContext(): Context {
  return context.active();
}
