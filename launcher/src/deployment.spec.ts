import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { parse } from 'yaml';
import { ApiMetrics } from '@wfm/api/http/metrics';
import { DaemonMetrics } from '@wfm/access-daemon/metrics';
import { WorkerMetrics } from '@wfm/webhook-worker/metrics';

const run = promisify(execFile);
const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const yamlFile = (path: string) => parse(readFileSync(root(path), 'utf8'));

interface Service {
  image?: string;
  profiles?: string[];
  restart?: string;
  healthcheck?: { test?: string[] };
  environment?: Record<string, string>;
  expose?: string[];
  ports?: string[];
}

/** The operator listener of each app: its service, the variables naming its address, and the port the scrape config must use. */
const SCRAPED = [
  { service: 'api', host: 'API_METRICS_HOST', port: 'API_METRICS_PORT' },
  { service: 'access-daemon', host: 'ACCESS_METRICS_HOST', port: 'ACCESS_METRICS_PORT' },
  { service: 'webhook-worker', host: 'WEBHOOK_METRICS_HOST', port: 'WEBHOOK_METRICS_PORT' },
];

/** Every series name the three apps' registries expose, histogram series included. */
async function exposedMetrics(): Promise<Set<string>> {
  const exposed = new Set<string>();
  const registries = [
    new ApiMetrics({ accessChanges: () => ({ complete: 0, partial: 0 }), dependencies: async () => ({ database: 'up', bus: 'up' }), requestLogDrops: () => ({ bufferFull: 0, writeFailed: 0 }), linkTextsWithheld: () => ({ per_number: 0, per_tenant: 0 }) }).registry,
    new DaemonMetrics({ cacheAgeSeconds: () => 0, journalRows: () => 0, journalBytes: () => 0, journalBacklogSeconds: () => 0, grantsCached: () => 0 }).registry,
    new WorkerMetrics({ queueStats: async () => ({ waiting: 0, oldestWaitingAt: null, undispatchedEvents: 0 }) }, () => new Date(), () => 0).registry,
  ];
  for (const registry of registries) {
    for (const m of await registry.getMetricsAsJSON()) {
      exposed.add(m.name);
      if (String(m.type) === 'histogram') for (const suffix of ['_bucket', '_count', '_sum']) exposed.add(m.name + suffix);
    }
  }
  return exposed;
}

/** The metric names PromQL expressions read. */
function metricsIn(exprs: string[]): Set<string> {
  const used = new Set<string>();
  for (const expr of exprs) {
    // Label lists (`by (le, route)`) and matchers (`{status=~"5.."}`) name labels, not metrics.
    const bare = expr.replace(/\b(by|without)\s*\([^)]*\)/g, '').replace(/\{[^}]*\}/g, '{}');
    for (const m of bare.matchAll(/([a-z_][a-z0-9_]*)\s*(?=[[{)]|[<>=!]|$)/g)) used.add(m[1]!);
  }
  return used;
}

describe('the deployment files (docker-compose.yml, deploy/)', () => {
  const compose = yamlFile('docker-compose.yml') as { services: Record<string, Service> };

  it('gives every service a restart policy and a health check', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      expect(service.restart, name).to.equal('unless-stopped');
      expect(service.healthcheck?.test, name).to.be.an('array').that.is.not.empty;
    }
  });

  it('checks readiness of the API through /status (database and Redis), not liveness alone', () => {
    expect(compose.services.api!.healthcheck!.test!.join(' ')).to.contain('/api/v1/status');
  });

  it('requires every secret the apps refuse to start without, and names them at the top of the file', () => {
    const text = readFileSync(root('docker-compose.yml'), 'utf8');
    for (const secret of ['JWT_SECRET', 'DATA_ENCRYPTION_KEY', 'GRAFANA_ADMIN_PASSWORD']) {
      expect(text, secret).to.match(new RegExp(`\\$\\{${secret}:\\?`));
      expect(text.split('services:')[0], secret).to.contain(secret);
    }
  });

  it('has Prometheus scrape each app’s metrics listener where compose puts it, on the private network only', () => {
    const prometheus = yamlFile('deploy/prometheus/prometheus.yml') as { scrape_configs: Array<{ job_name: string; static_configs: Array<{ targets: string[] }> }> };
    for (const { service, host, port } of SCRAPED) {
      const s = compose.services[service]!;
      expect(s.environment![host], service).to.equal('0.0.0.0');
      const p = s.environment![port]!;
      expect(s.expose, service).to.deep.equal([p]);
      expect(s.ports, service).to.equal(undefined);
      const job = prometheus.scrape_configs.find((j) => j.job_name === service);
      expect(job?.static_configs[0]!.targets, service).to.deep.equal([`${service}:${p}`]);
    }
    expect(compose.services.prometheus!.ports).to.deep.equal(['127.0.0.1:9090:9090']);
    expect(compose.services.grafana!.ports).to.deep.equal(['127.0.0.1:3002:3000']);
  });

  it('the Grafana dashboard queries only metrics the apps expose', async () => {
    const exposed = await exposedMetrics();
    const dashboard = JSON.parse(readFileSync(root('deploy/grafana/dashboards/wfm-platform.json'), 'utf8')) as { panels: Array<{ targets?: Array<{ expr: string }> }> };
    const exprs = dashboard.panels.flatMap((p) => p.targets ?? []).map((t) => t.expr);
    expect(exprs.length).to.be.greaterThan(15);
    const used = metricsIn(exprs);
    expect(used.size).to.be.greaterThan(10);
    expect([...used].filter((name) => !exposed.has(name))).to.deep.equal([]);
    for (const family of ['access_decisions_total', 'http_requests_total', 'webhook_deliveries_waiting', 'webhook_oldest_waiting_delivery_age_seconds']) expect(used).to.include(family);
  });

  it("the alert rules read only metrics the apps expose, or the scrape's own `up`, and Prometheus loads them", async () => {
    const exposed = await exposedMetrics();
    const rules = yamlFile('deploy/prometheus/alerts.yml') as { groups: Array<{ rules: Array<{ alert: string; expr: string }> }> };
    const used = metricsIn(rules.groups.flatMap((g) => g.rules.map((r) => r.expr)));
    expect([...used].filter((name) => name !== 'up' && !exposed.has(name))).to.deep.equal([]);
    for (const family of ['access_decision_seconds_bucket', 'access_audit_journal_backlog_seconds', 'webhook_oldest_waiting_delivery_age_seconds', 'webhook_deliveries_dead_total', 'dependency_up']) expect(used).to.include(family);
    const prometheus = yamlFile('deploy/prometheus/prometheus.yml') as { rule_files: string[] };
    expect(prometheus.rule_files).to.deep.equal(['alerts.yml']);
    expect((compose.services.prometheus as { volumes: string[] }).volumes).to.include('./deploy/prometheus:/etc/prometheus:ro');
  });

  it('every alert fires on the series that should raise it, after its `for`, and not on healthy ones (promtool)', async () => {
    const dir = root('deploy/prometheus');
    const promtool = (...args: string[]) => run('promtool', args, { cwd: dir }).catch((err: Error & { code?: string; stdout?: string }) => {
      if (err.code === 'ENOENT') throw new Error("promtool is not installed: it comes with Debian's prometheus package (.ci/run installs it)");
      throw new Error(`promtool ${args.join(' ')} failed:\n${err.stdout ?? err.message}`);
    });
    expect((await promtool('check', 'rules', 'alerts.yml')).stdout).to.match(/SUCCESS: 17 rules found/);
    const tested = await promtool('test', 'rules', 'alerts.test.yml');
    expect(tested.stdout).to.match(/SUCCESS/);
    const rules = yamlFile('deploy/prometheus/alerts.yml') as { groups: Array<{ rules: Array<{ alert: string }> }> };
    const cases = yamlFile('deploy/prometheus/alerts.test.yml') as { tests: Array<{ alert_rule_test: Array<{ alertname: string; exp_alerts: unknown[] }> }> };
    const fired = new Set(cases.tests.flatMap((t) => t.alert_rule_test.filter((c) => c.exp_alerts.length > 0).map((c) => c.alertname)));
    expect(rules.groups.flatMap((g) => g.rules.map((r) => r.alert)).filter((name) => !fired.has(name)), 'alerts no test sees fire').to.deep.equal([]);
  });

  it('provisions the dashboard folder Grafana mounts, and Prometheus as its data source', () => {
    const provider = yamlFile('deploy/grafana/provisioning/dashboards/wfm.yml') as { providers: Array<{ options: { path: string } }> };
    const mounts = (compose.services.grafana as { volumes: string[] }).volumes;
    expect(mounts).to.include(`./deploy/grafana/dashboards:${provider.providers[0]!.options.path}:ro`);
    const source = yamlFile('deploy/grafana/provisioning/datasources/prometheus.yml') as { datasources: Array<{ uid: string; url: string }> };
    expect(source.datasources[0]).to.include({ uid: 'prometheus', url: 'http://prometheus:9090' });
  });

  it('traces only when asked: the collector and Jaeger under the tracing profile, and the apps export to the collector', () => {
    const optional = Object.entries(compose.services).filter(([, s]) => s.profiles).map(([name, s]) => [name, s.profiles]);
    expect(optional).to.deep.equal([
      ['otel-collector', ['tracing']],
      ['jaeger', ['tracing']],
    ]);
    const collector = yamlFile('deploy/otel-collector.yaml') as {
      receivers: { otlp: { protocols: { http: { endpoint: string } } } };
      exporters: Record<string, { endpoint: string }>;
      service: { pipelines: { traces: { receivers: string[]; exporters: string[] } } };
    };
    expect(collector.receivers.otlp.protocols.http.endpoint).to.equal('0.0.0.0:4318');
    expect(collector.service.pipelines.traces.exporters.map((e) => collector.exporters[e]!.endpoint)).to.deep.equal(['jaeger:4317']);
    expect((compose.services['otel-collector'] as { volumes: string[] }).volumes).to.deep.equal(['./deploy/otel-collector.yaml:/etc/otelcol-contrib/config.yaml:ro']);
    // The apps' variables come partly from the shared anchor (`<<: *app-env`).
    const merged = parse(readFileSync(root('docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, Service> };
    for (const app of ['api', 'access-daemon', 'webhook-worker']) {
      expect(merged.services[app]!.environment, app).to.include({
        OTEL_TRACES_EXPORTER: '${OTEL_TRACES_EXPORTER:-none}',
        OTEL_EXPORTER_OTLP_ENDPOINT: '${OTEL_EXPORTER_OTLP_ENDPOINT:-http://otel-collector:4318}',
      });
    }
    expect(compose.services.jaeger!.ports).to.deep.equal(['127.0.0.1:16686:16686']);
  });
});
