import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { parse } from 'yaml';
import { ApiMetrics } from '@wfm/api/http/metrics';
import { DaemonMetrics } from '@wfm/access-daemon/metrics';
import { WorkerMetrics } from '@wfm/webhook-worker/metrics';

const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const yamlFile = (path: string) => parse(readFileSync(root(path), 'utf8'));

interface Service {
  image?: string;
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
    const prometheus = yamlFile('deploy/prometheus.yml') as { scrape_configs: Array<{ job_name: string; static_configs: Array<{ targets: string[] }> }> };
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
    const exposed = new Set<string>();
    const registries = [
      new ApiMetrics({ accessChanges: () => ({ complete: 0, partial: 0 }) }).registry,
      new DaemonMetrics({ cacheAgeSeconds: () => 0, journalRows: () => 0, journalBytes: () => 0, journalBacklogSeconds: () => 0, journalSyncs: () => 0, grantsCached: () => 0 }).registry,
      new WorkerMetrics({ queueStats: async () => ({ waiting: 0, oldestWaitingAt: null, undispatchedEvents: 0 }) }, () => new Date(), () => 0).registry,
    ];
    for (const registry of registries) {
      for (const m of await registry.getMetricsAsJSON()) {
        exposed.add(m.name);
        if (String(m.type) === 'histogram') for (const suffix of ['_bucket', '_count', '_sum']) exposed.add(m.name + suffix);
      }
    }
    const dashboard = JSON.parse(readFileSync(root('deploy/grafana/dashboards/wfm-platform.json'), 'utf8')) as { panels: Array<{ targets?: Array<{ expr: string }> }> };
    const exprs = dashboard.panels.flatMap((p) => p.targets ?? []).map((t) => t.expr);
    expect(exprs.length).to.be.greaterThan(15);
    const used = new Set<string>();
    for (const expr of exprs) {
      // Label lists (`by (le, route)`) and matchers (`{status=~"5.."}`) name labels, not metrics.
      const bare = expr.replace(/\b(by|without)\s*\([^)]*\)/g, '').replace(/\{[^}]*\}/g, '{}');
      for (const m of bare.matchAll(/([a-z_][a-z0-9_]*)\s*(?=[[{)])/g)) used.add(m[1]!);
    }
    expect(used.size).to.be.greaterThan(10);
    expect([...used].filter((name) => !exposed.has(name))).to.deep.equal([]);
    for (const family of ['access_decisions_total', 'http_requests_total', 'webhook_deliveries_waiting', 'webhook_oldest_waiting_delivery_age_seconds']) expect(used).to.include(family);
  });

  it('provisions the dashboard folder Grafana mounts, and Prometheus as its data source', () => {
    const provider = yamlFile('deploy/grafana/provisioning/dashboards/wfm.yml') as { providers: Array<{ options: { path: string } }> };
    const mounts = (compose.services.grafana as { volumes: string[] }).volumes;
    expect(mounts).to.include(`./deploy/grafana/dashboards:${provider.providers[0]!.options.path}:ro`);
    const source = yamlFile('deploy/grafana/provisioning/datasources/prometheus.yml') as { datasources: Array<{ uid: string; url: string }> };
    expect(source.datasources[0]).to.include({ uid: 'prometheus', url: 'http://prometheus:9090' });
  });
});
