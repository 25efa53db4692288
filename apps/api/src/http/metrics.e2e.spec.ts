import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import express from 'express';
import { createLogger } from '@wfm/core/logger';
import { startMetricsListener, type MetricsListener } from '@wfm/core/metrics-listener';
import { createApiServer } from '../app.js';
import type { DoorPath } from './daemon-proxy.js';
import { ApiMetrics } from './metrics.js';
import { ApiHarness } from '../test-support/harness.js';

/** A GET with the raw header list, so a header sent twice is seen twice. */
function rawGet(url: string, method = 'GET'): Promise<{ status: number; rawHeaders: string[]; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, rawHeaders: res.rawHeaders, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const contentTypes = (raw: string[]) => raw.flatMap((name, i) => (i % 2 === 0 && name.toLowerCase() === 'content-type' ? [raw[i + 1]!] : []));

describe('API metrics (the operator listener, API_METRICS_PORT)', () => {
  let h: ApiHarness;
  let listener: MetricsListener;
  let metricsUrl: string;
  before(async () => {
    h = await ApiHarness.start();
    listener = await startMetricsListener(h.metrics.registry, { host: '127.0.0.1', port: 0 }, { port: 'API_METRICS_PORT', host: 'API_METRICS_HOST' }, createLogger('t', 'silent'));
    metricsUrl = `http://127.0.0.1:${listener.port}`;
  });
  after(async () => {
    await listener.close();
    await h.stop();
  });

  const sample = (text: string, series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  it('counts requests by method, declared route template and status, never by the path sent', async () => {
    const before = (await rawGet(`${metricsUrl}/metrics`)).body;
    const id = randomUUID();
    expect((await h.request('GET', `/users/${id}`)).status).to.equal(401);
    expect((await h.request('GET', '/health')).status).to.equal(200);
    expect((await h.request('GET', `/no-such-thing/${id}`)).status).to.equal(404);
    const text = (await rawGet(`${metricsUrl}/metrics`)).body;
    const delta = (series: string) => (sample(text, series) ?? 0) - (sample(before, series) ?? 0);
    expect(delta('http_requests_total{method="GET",route="/users/:id",status="401"}')).to.equal(1);
    expect(delta('http_requests_total{method="GET",route="/health",status="200"}')).to.equal(1);
    expect(delta('http_requests_total{method="GET",route="(unmatched)",status="404"}')).to.equal(1);
    expect(delta('http_request_duration_seconds_count{method="GET",route="/users/:id"}')).to.equal(1);
    expect(text).to.not.contain(id);
    expect(text).to.match(/^http_requests_in_flight 0$/m);
    expect(text).to.match(/^access_changes_total\{propagation="complete"\} \d+$/m);
  });

  it("says at scrape time whether the API reaches each dependency, from /status's checks", async () => {
    const text = (await rawGet(`${metricsUrl}/metrics`)).body;
    expect(sample(text, 'dependency_up{dependency="database"}')).to.equal(1);
    expect(sample(text, 'dependency_up{dependency="bus"}')).to.equal(1);
    const down = new ApiMetrics({ accessChanges: () => ({ complete: 0, partial: 0 }), dependencies: async () => ({ database: 'down', bus: 'up', redis: 'down' }), requestLogDrops: () => ({ bufferFull: 0, writeFailed: 0 }), linkTextsWithheld: () => ({ per_number: 0, per_tenant: 0 }) });
    const scraped = await down.registry.metrics();
    expect(sample(scraped, 'dependency_up{dependency="database"}')).to.equal(0);
    expect(sample(scraped, 'dependency_up{dependency="bus"}')).to.equal(1);
    expect(sample(scraped, 'dependency_up{dependency="redis"}')).to.equal(0);
  });

  it('answers /metrics with exactly one Content-Type, Prometheus text format 0.0.4', async () => {
    const res = await rawGet(`${metricsUrl}/metrics`);
    expect(res.status).to.equal(200);
    expect(contentTypes(res.rawHeaders)).to.deep.equal(['text/plain; version=0.0.4; charset=utf-8']);
    expect(res.body).to.match(/^# TYPE http_requests_total counter$/m);
  });

  it('serves nothing else: other paths and methods are 404, and the public port has no /metrics', async () => {
    expect((await rawGet(`${metricsUrl}/`)).status).to.equal(404);
    expect((await rawGet(`${metricsUrl}/metrics`, 'POST')).status).to.equal(404);
    expect((await h.request('GET', '/metrics')).status).to.equal(404);
    expect((await rawGet(`${h.baseUrl.replace('/api/v1', '')}/metrics`)).status).to.equal(404);
  });

  it('says which variable to change when its port is taken', async () => {
    const failure = await startMetricsListener(h.metrics.registry, { host: '127.0.0.1', port: listener.port }, { port: 'API_METRICS_PORT', host: 'API_METRICS_HOST' }, createLogger('t', 'silent')).catch(
      (err: Error) => err,
    );
    expect(failure).to.be.instanceOf(Error).with.property('message', `127.0.0.1:${listener.port} is already in use: stop the program listening there or set API_METRICS_PORT to a free port`);
  });

  it('labels the door routes, answered before Express, by their path', async () => {
    const metrics = new ApiMetrics({ accessChanges: () => ({ complete: 0, partial: 0 }), dependencies: async () => ({}), requestLogDrops: () => ({ bufferFull: 0, writeFailed: 0 }), linkTextsWithheld: () => ({ per_number: 0, per_tenant: 0 }) });
    const door = {
      routeOf: (req: { url?: string }) => (req.url === '/api/v1/access/verify' ? '/access/verify' : undefined),
      handle: (_route: string, _req: unknown, res: { writeHead(s: number): { end(b: string): void } }) => res.writeHead(200).end('{}'),
    } as unknown as DoorPath;
    const server = createApiServer(express(), { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000 }, door, metrics);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      expect((await rawGet(`${base}/api/v1/access/verify`, 'POST')).status).to.equal(200);
      const text = await metrics.registry.metrics();
      expect(sample(text, 'http_requests_total{method="POST",route="/access/verify",status="200"}')).to.equal(1);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
