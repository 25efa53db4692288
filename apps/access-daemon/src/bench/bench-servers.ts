import { createPublicKey, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import express from 'express';
import pg from 'pg';
import { App, us_socket_local_port } from 'uWebSockets.js';
import { decide, eventTypeFor } from '@wfm/access/decision';
import { verifyCredential } from '@wfm/access/credential';
import { evaluateHours } from '@wfm/access/hours';
import { hashReaderKey } from '@wfm/access/reader-key';
import { systemClock } from '@wfm/core/clock';
import { createLogger } from '@wfm/core/logger';
import { startTracing } from '@wfm/core/tracing';
import { createDataSource } from '@wfm/db/data-source';
import { LocalBus } from '@wfm/memory/bus-local';
import { loadDaemonConfig } from '../config.js';
import { startAccessDaemon } from '../daemon.js';
import { VERIFY } from './bench-settings.js';

/** The servers a run measures, each in a child process of its own pinned to the server core; each tells its port by IPC once listening. */

export async function serveBare(): Promise<void> {
  const bytes = JSON.stringify({ decision: 'GRANT', userId: randomUUID(), userName: 'User 1', zoneId: randomUUID(), zoneName: 'Zone 1' });
  App()
    .post(VERIFY, (res) => {
      res.onAborted(() => {});
      res.onData((_chunk, last) => {
        if (last) res.cork(() => res.writeHeader('Content-Type', 'application/json').end(bytes));
      });
    })
    .listen('127.0.0.1', 0, (socket) => {
      if (socket) process.send?.({ port: us_socket_local_port(socket) });
    });
}

export async function serveDaemon(dbUrl: string, spoolDir: string): Promise<void> {
  const ds = createDataSource({ url: dbUrl, poolSize: 8 });
  await ds.initialize();
  const config = { ...loadDaemonConfig({ ...process.env, LOG_LEVEL: 'silent' }), host: '127.0.0.1', port: 0, metricsHost: '127.0.0.1', metricsPort: 0, spoolPath: join(spoolDir, 'spool.ndjson') };
  await startTracing(config.tracing, 'wfm-access-daemon');
  const daemon = await startAccessDaemon({ config, dataSource: ds, bus: new LocalBus(), logger: createLogger('bench', 'silent'), clock: systemClock });
  global.gc?.();
  process.send?.({ port: daemon.port, metricsPort: daemon.metricsPort, rss: process.memoryUsage().rss });
}

/** The conventional design, for comparison: every tap reads the database and inserts one audit row. */
export async function serveConventional(dbUrl: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 16 });
  // An idle connection dropped by the server must not end the process; the pool replaces it.
  pool.on('error', () => {});
  const app = express();
  app.use(express.json());
  app.post(VERIFY, async (req, res) => {
    try {
      const key = (req.get('authorization') ?? '').slice(7);
      const k = (await pool.query(`SELECT k.tenant_id, t.timezone FROM access_reader_keys k JOIN tenants t ON t.id = k.tenant_id WHERE k.key_hash = $1 AND k.revoked_at IS NULL`, [hashReaderKey(key)])).rows[0];
      if (!k) return res.status(401).json({ message: 'Unauthorized', statusCode: 401 });
      const { credentialId = '', readerId = '' } = req.body as { credentialId?: string; readerId?: string };
      const zone = (await pool.query(`SELECT z.id, z.name, z.active, z.hours_json FROM access_zone_readers r JOIN access_zones z ON z.id = r.zone_id WHERE r.tenant_id = $1 AND r.reader_id = $2 AND z.deleted_at IS NULL`, [k.tenant_id, readerId])).rows[0];
      const keys = (await pool.query(`SELECT id, public_key FROM access_signing_keys WHERE tenant_id = $1`, [k.tenant_id])).rows as Array<{ id: string; public_key: string }>;
      const now = new Date();
      const claims = verifyCredential(credentialId, (kid) => {
        const row = keys.find((r) => r.id === kid);
        return row ? createPublicKey(row.public_key) : undefined;
      }, now, k.tenant_id);
      const grant = zone && claims ? (await pool.query(`SELECT id, expires_at FROM access_grants WHERE tenant_id = $1 AND user_id = $2 AND zone_id = $3 AND status = 'ACTIVE'`, [k.tenant_id, claims.sub, zone.id])).rows[0] : undefined;
      const user = grant ? (await pool.query(`SELECT full_name FROM users WHERE id = $1`, [claims!.sub])).rows[0] : undefined;
      const decision = decide({
        zone: zone ? { id: zone.id, active: zone.active } : null,
        credentialValid: claims !== null,
        grant: grant ? 'active' : 'none',
        hours: zone ? evaluateHours(zone.hours_json, now, k.timezone) : 'OPEN',
      });
      await pool.query(
        `INSERT INTO access_audit (id, tenant_id, user_id, zone_id, credential_id, reader_id, event_type, reason, occurred_at, source) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'BRIDGE_HTTP')`,
        [randomUUID(), k.tenant_id, claims?.sub ?? null, zone?.id ?? null, claims?.jti ?? 'unknown', readerId, decision.decision === 'GRANT' ? 'GRANTED' : eventTypeFor(decision.reason), decision.decision === 'GRANT' ? null : decision.reason, now],
      );
      if (decision.decision === 'DENY') return res.json({ decision: 'DENY', reason: decision.reason });
      res.json({ decision: 'GRANT', userId: claims!.sub, userName: user.full_name, zoneId: zone.id, zoneName: zone.name });
    } catch {
      res.status(500).json({ statusCode: 500, message: 'Internal server error' });
    }
  });
  const server = app.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as { port: number }).port }));
}
