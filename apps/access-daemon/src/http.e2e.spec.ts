import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@wfm/testing/child-process';
import { createLogger } from '@wfm/core/logger';
import { loadDaemonConfig } from './config.js';
import { startAccessDaemon } from './daemon.js';
import { DaemonHarness, type TenantFixture } from './test-support/daemon-harness.js';

interface RawResponse {
  status: number;
  headers: Array<[string, string]>;
  body: string;
}

/**
 * Writes `payload` in one write on a fresh connection and reads until the server closes it or
 * `waitMs` passes (then the client closes): what the daemon does with the bytes, unfiltered by an
 * HTTP client.
 */
function exchange(port: number, payload: string, waitMs = 5000): Promise<{ raw: string; closedByServer: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let raw = '';
    let closedByServer = false;
    const timer = setTimeout(() => socket.destroy(), waitMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (raw += chunk));
    socket.on('end', () => {
      closedByServer = true;
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNRESET') closedByServer = true;
      else reject(err);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ raw, closedByServer });
    });
    socket.write(payload);
  });
}

/** Splits a byte stream of HTTP/1.1 responses framed by Content-Length (all the daemon sends). */
function responses(raw: string): RawResponse[] {
  const out: RawResponse[] = [];
  let rest = raw;
  while (rest.length) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) throw new Error(`incomplete response head: ${JSON.stringify(rest)}`);
    const [statusLine, ...lines] = rest.slice(0, end).split('\r\n');
    const headers = lines.map((l): [string, string] => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]);
    const length = Number(headers.find(([k]) => k === 'content-length')?.[1] ?? 0);
    out.push({ status: Number(statusLine!.split(' ')[1]), headers, body: rest.slice(end + 4, end + 4 + length) });
    rest = rest.slice(end + 4 + length);
  }
  return out;
}

const header = (r: RawResponse, name: string) => r.headers.filter(([k]) => k === name).map(([, v]) => v);

function post(path: string, key: string, body: string): string {
  return `POST ${path} HTTP/1.1\r\nHost: daemon\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

describe('access daemon: HTTP framing and the operator listener (raw sockets, real database)', () => {
  let h: DaemonHarness;
  let t: TenantFixture;
  let cred: string;
  let port: number;

  before(async () => {
    h = await DaemonHarness.start();
    port = h.daemon.port;
  });
  after(async () => h.stop());

  beforeEach(async () => {
    t = await h.tenant();
    const zoneId = await h.zone(t.tenantId, { readerIds: ['reader-1', 'reader-2'] });
    const userId = await h.user(t.tenantId);
    await h.grant(t.tenantId, { userId }, zoneId);
    await h.reload();
    cred = h.credential(t, userId);
  });

  describe('metrics and health exposure', () => {
    it('binds the operator listener to loopback on its own port by default', () => {
      const config = loadDaemonConfig({});
      expect({ host: config.metricsHost, port: config.metricsPort }).to.deep.equal({ host: '127.0.0.1', port: 9464 });
      expect(config.port).to.not.equal(config.metricsPort);
    });

    it('serves no metrics on the public port, and a /health there that says only whether it is ready', async () => {
      const metrics = await fetch(`${h.base}/metrics`);
      expect(metrics.status).to.equal(404);
      expect(await metrics.text()).to.not.include('access_');
      for (const path of ['/health', '/api/v1/health']) {
        const health = await fetch(`${h.base}${path}`);
        expect(health.status).to.equal(200);
        expect(await health.json()).to.deep.equal({ status: 'ok' });
      }
    });

    it('answers /metrics on the operator listener with exactly one Content-Type, the Prometheus text format', async () => {
      const { raw } = await exchange(h.daemon.metricsPort, 'GET /metrics HTTP/1.1\r\nHost: daemon\r\nConnection: close\r\n\r\n');
      const [res] = responses(raw);
      expect(res!.status).to.equal(200);
      expect(header(res!, 'content-type')).to.deep.equal(['text/plain; version=0.0.4; charset=utf-8']);
      expect(res!.body).to.include('access_grants_cached');
      const health = await fetch(`${h.metricsBase}/health`).then((r) => r.json());
      expect(health).to.have.keys(['status', 'cacheAgeSeconds', 'grants', 'cacheSource', 'cacheSyncedAt', 'offlineSince', 'journalRows', 'journalOldestAt', 'expiriesPending', 'database', 'bus']);
      expect(health).to.include({ cacheSource: 'database', offlineSince: null });
    });
  });

  describe('the operator port', () => {
    it('is never shared with another process listening on it (uWS would otherwise bind with SO_REUSEPORT)', async () => {
      // uWS shares only ports asked for by number (port 0 is never shared): take a free one first.
      const port = await freePort();
      const other = spawn(process.execPath, ['--input-type=module', '-e', `import { App } from 'uWebSockets.js'; App().listen('127.0.0.1', ${port}, (s) => console.log(s ? 'listening' : 'refused'));`], {
        cwd: fileURLToPath(new URL('..', import.meta.url)),
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      try {
        const state = await new Promise<string>((resolve, reject) => {
          other.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
          other.once('exit', (code) => reject(new Error(`listener exited with ${code}`)));
        });
        expect(state).to.equal('listening');
        const config = { ...h.config({}), metricsPort: port, spoolPath: join(mkdtempSync(join(tmpdir(), 'daemon-spool-')), 'spool.ndjson') };
        const started = startAccessDaemon({ config, dataSource: h.ds, bus: h.bus, logger: createLogger('t', 'silent'), clock: h.clock });
        let failure: unknown;
        await started.then((d) => d.stop(), (err: unknown) => (failure = err));
        expect(String(failure)).to.include(`access daemon metrics could not listen on 127.0.0.1:${port} (address in use or not available on this host): set ACCESS_METRICS_PORT to a free port`);
      } finally {
        other.kill();
      }
    });
  });

  describe('duplicate Content-Length', () => {
    it('refuses a request with two Content-Length headers, equal or not, with the platform 400 and closes the connection', async () => {
      const body = JSON.stringify({ credentialId: cred, readerId: 'reader-1' });
      const len = Buffer.byteLength(body);
      for (const [second, trailing] of [
        [len, ''],
        [len + 5, 'abcde'],
      ] as const) {
        const head = `POST /api/v1/access/verify HTTP/1.1\r\nHost: daemon\r\nAuthorization: Bearer ${t.readerKey}\r\nContent-Length: ${len}\r\nContent-Length: ${second}\r\n\r\n`;
        const { raw, closedByServer } = await exchange(port, head + body + trailing);
        const all = responses(raw);
        expect(all, raw).to.have.length(1);
        expect(all[0]!.status).to.equal(400);
        expect(JSON.parse(all[0]!.body)).to.deep.equal({ message: ['Content-Length must be sent once'], error: 'Bad Request', statusCode: 400 });
        expect(header(all[0]!, 'connection')).to.deep.equal(['close']);
        expect(closedByServer).to.equal(true);
      }
      expect(await h.auditRows(t.tenantId)).to.have.length(0);
    });

    it('serves nothing smuggled behind an ambiguous Content-Length', async () => {
      const smuggled = post('/api/v1/access/verify', t.readerKey, JSON.stringify({ credentialId: cred, readerId: 'reader-2' }));
      const payload = `POST /api/v1/access/verify HTTP/1.1\r\nHost: daemon\r\nAuthorization: Bearer ${t.readerKey}\r\nContent-Length: 0\r\nContent-Length: ${smuggled.length}\r\n\r\n${smuggled}`;
      const { raw, closedByServer } = await exchange(port, payload);
      expect(closedByServer).to.equal(true);
      expect(responses(raw).map((r) => r.status)).to.not.include(200);
      expect(await h.auditRows(t.tenantId)).to.have.length(0);
    });
  });

  describe('HTTP/1.1 pipelining (uWebSockets.js: see docs/decisions.md, issue 9)', () => {
    it('answers pipelined requests in order when each is answered before the next is read', async () => {
      const get = (id: string) => `GET /health HTTP/1.1\r\nHost: daemon\r\nX-Request-Id: ${id}\r\n\r\n`;
      const { raw } = await exchange(port, get('first') + get('second') + get('third').replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n'));
      const all = responses(raw);
      expect(all.map((r) => [r.status, header(r, 'x-request-id')[0]])).to.deep.equal([
        [200, 'first'],
        [200, 'second'],
        [200, 'third'],
      ]);
    });

    it('closes the connection, without answering, when a request arrives while a verify answer is pending; new connections are served', async () => {
      const tap = (readerId: string) => post('/api/v1/access/verify', t.readerKey, JSON.stringify({ credentialId: cred, readerId }));
      const { raw, closedByServer } = await exchange(port, tap('reader-1') + tap('reader-2'));
      expect(closedByServer).to.equal(true);
      expect(raw).to.equal('');
      const next = await h.verify(t, { credentialId: cred, readerId: 'reader-2' });
      expect(next.status).to.equal(200);
      expect(next.body).to.include({ decision: 'GRANT' });
    });
  });
});
