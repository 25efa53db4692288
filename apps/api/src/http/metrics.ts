import type { IncomingMessage, ServerResponse } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

/** The label of a request no declared route matched: one series, whatever the path was. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * The API's Prometheus metrics, on a registry of its own. Routes are labelled by their declared
 * template (`/users/:id`), never by the path sent, so a scan of random URLs adds no series.
 */
export class ApiMetrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route template and status (499: the client went away first)',
    labelNames: ['method', 'route', 'status'],
    registers: [this.registry],
  });
  private readonly duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by method and route template',
    labelNames: ['method', 'route'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly inFlight = new Gauge({ name: 'http_requests_in_flight', help: 'Requests being answered now', registers: [this.registry] });
  private processMetrics = false;

  constructor(probes: {
    accessChanges: () => { complete: number; partial: number };
    dependencies: () => Promise<Partial<Record<string, 'up' | 'down'>>>;
    requestLogDrops: () => { bufferFull: number; writeFailed: number };
    linkTextsWithheld: () => { per_number: number; per_tenant: number };
  }) {
    new Counter({
      name: 'access_changes_total',
      help: 'Access changes (grants, zones, passes, keys, users, plans) by propagation: complete when every live daemon applied it in time, partial otherwise (X-Access-Propagation)',
      labelNames: ['propagation'],
      registers: [this.registry],
      collect() {
        const counts = probes.accessChanges();
        this.reset();
        this.inc({ propagation: 'complete' }, counts.complete);
        this.inc({ propagation: 'partial' }, counts.partial);
      },
    });
    // Read at scrape time through /status's own bounded, shared checks, so an alert on a stalled
    // database fires from the metrics alone and a scrape never waits longer than a status probe.
    new Gauge({
      name: 'dependency_up',
      help: 'Whether the API reaches each of its dependencies now (database, bus, and redis in split mode): 1 up, 0 down',
      labelNames: ['dependency'],
      registers: [this.registry],
      async collect() {
        const checks = await probes.dependencies();
        this.reset();
        for (const [dependency, state] of Object.entries(checks)) this.set({ dependency }, state === 'up' ? 1 : 0);
      },
    });
    new Counter({
      name: 'developer_request_log_dropped_total',
      help: 'Developer request log rows not kept: buffer_full when requests outran the writer, write_failed when the database refused the row',
      labelNames: ['reason'],
      registers: [this.registry],
      collect() {
        const drops = probes.requestLogDrops();
        this.reset();
        this.inc({ reason: 'buffer_full' }, drops.bufferFull);
        this.inc({ reason: 'write_failed' }, drops.writeFailed);
      },
    });
    new Counter({
      name: 'link_texts_withheld_total',
      help: 'Reset and invite links not texted because a sending limit was reached: per_number (LINK_TEXTS_PER_NUMBER_PER_HOUR) or per_tenant (LINK_TEXTS_PER_TENANT_PER_DAY)',
      labelNames: ['limit'],
      registers: [this.registry],
      collect() {
        const withheld = probes.linkTextsWithheld();
        this.reset();
        for (const [limit, count] of Object.entries(withheld)) this.inc({ limit }, count);
      },
    });
  }

  /** Process metrics (CPU, memory, event-loop delay, GC): once, and only in a process that serves them. */
  withProcessMetrics(): this {
    if (!this.processMetrics) collectDefaultMetrics({ register: this.registry });
    this.processMetrics = true;
    return this;
  }

  /** Counts a request once its answer has ended or its client has gone; `route` when known before routing (the door routes). */
  track(req: IncomingMessage, res: ServerResponse, route?: string): void {
    const started = performance.now();
    this.inFlight.inc();
    res.once('close', () => {
      this.inFlight.dec();
      const method = METHODS.has(req.method ?? '') ? req.method! : 'OTHER';
      // Express leaves the matched route on the request: its path is the declared template.
      const template = route ?? (req as IncomingMessage & { route?: { path?: unknown } }).route?.path;
      const label = typeof template === 'string' ? template : UNMATCHED_ROUTE;
      this.requests.inc({ method, route: label, status: res.writableFinished ? String(res.statusCode) : '499' });
      this.duration.observe({ method, route: label }, (performance.now() - started) / 1000);
    });
  }
}
