import { generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeClock } from '@wfm/core/clock';
import { createLogger } from '@wfm/core/logger';
import type { Plan } from '@wfm/core/tenancy';
import { ACCESS_CHANGES_CHANNEL, encodeAccessChange, type AccessEntityKind } from '@wfm/access/change-feed';
import { signCredential } from '@wfm/access/credential';
import { hashReaderKey, newReaderKey } from '@wfm/access/reader-key';
import type { HoursJson } from '@wfm/access/hours';
import { nextAccessVersion } from '@wfm/db/access-feed.repository';
import type { DataSource } from '@wfm/db/data-source';
import { createTestDatabase, type TestDatabase } from '@wfm/testing/database';
import { createTenant, createUser } from '@wfm/testing/factories';
import type { Bus } from '@wfm/memory/bus';
import { LocalBus } from '@wfm/memory/bus-local';
import { loadDaemonConfig, type DaemonConfig } from '../config.js';
import { startAccessDaemon, type AccessDaemon } from '../daemon.js';

export interface TenantFixture {
  tenantId: string;
  readerKey: string;
  kid: string;
  privateKey: KeyObject;
}

/**
 * A real daemon on a real database clone, with a fake clock and a bus the test drives as the API
 * would: change a row, bump the tenant's feed version in the same transaction, publish.
 */
export class DaemonHarness {
  readonly clock = new FakeClock(new Date('2026-01-05T10:00:00Z'));
  db!: TestDatabase;
  daemon!: AccessDaemon;
  bus!: Bus;
  base = '';
  /** The operator listener: /metrics and the detailed /health. */
  metricsBase = '';
  spoolPath = '';
  /** The daemon's own data source when it must differ from the fixtures' (e.g. through a proxy). */
  daemonDataSource: DataSource | undefined;

  static async start(opts: { env?: Record<string, string>; bus?: Bus; db?: TestDatabase; dataSource?: DataSource } = {}): Promise<DaemonHarness> {
    const h = new DaemonHarness();
    h.db = opts.db ?? (await createTestDatabase());
    h.daemonDataSource = opts.dataSource;
    h.bus = opts.bus ?? new LocalBus();
    h.spoolPath = join(mkdtempSync(join(tmpdir(), 'daemon-spool-')), 'spool.ndjson');
    await h.boot(opts.env ?? {});
    return h;
  }

  config(env: Record<string, string>): DaemonConfig {
    return { ...loadDaemonConfig({ LOG_LEVEL: 'silent', ACCESS_RECONCILE_INTERVAL_S: '3600', ...env }), port: 0, host: '127.0.0.1', metricsPort: 0, metricsHost: '127.0.0.1', spoolPath: this.spoolPath, spoolReplayIntervalMs: 3_600_000 };
  }

  async boot(env: Record<string, string> = {}): Promise<void> {
    this.daemon = await startAccessDaemon({ config: this.config(env), dataSource: this.daemonDataSource ?? this.db.dataSource, bus: this.bus, logger: createLogger('t', 'silent'), clock: this.clock });
    this.base = `http://127.0.0.1:${this.daemon.port}`;
    this.metricsBase = `http://127.0.0.1:${this.daemon.metricsPort}`;
  }

  get ds() {
    return this.db.dataSource;
  }

  async stop(dropDatabase = true): Promise<void> {
    await this.daemon.stop();
    if (dropDatabase) await this.db.drop();
  }

  /** A tenant with a reader-bridge key and a signing key, as the API would have made them. */
  async tenant(plan: Plan = 'ENTERPRISE', timezone = 'Europe/London'): Promise<TenantFixture> {
    const t = await createTenant(this.ds, { plan, timezone });
    const readerKey = newReaderKey();
    await this.ds.query(`INSERT INTO access_reader_keys (id, tenant_id, name, key_hash, prefix) VALUES ($1, $2, 'bridge', $3, $4)`, [randomUUID(), t.id, hashReaderKey(readerKey), readerKey.slice(0, 7)]);
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const kid = randomUUID();
    await this.ds.query(`INSERT INTO access_signing_keys (id, tenant_id, public_key, private_key_sealed) VALUES ($1, $2, $3, 'sealed-by-the-api')`, [
      kid,
      t.id,
      publicKey.export({ type: 'spki', format: 'pem' }),
    ]);
    return { tenantId: t.id, readerKey, kid, privateKey };
  }

  async zone(tenantId: string, opts: { name?: string; readerIds?: string[]; hoursJson?: HoursJson | null; active?: boolean } = {}): Promise<string> {
    const id = randomUUID();
    await this.ds.query(`INSERT INTO access_zones (id, tenant_id, name, hours_json, active) VALUES ($1, $2, $3, $4, $5)`, [
      id,
      tenantId,
      opts.name ?? 'Main door',
      opts.hoursJson === undefined ? null : JSON.stringify(opts.hoursJson),
      opts.active ?? true,
    ]);
    for (const readerId of opts.readerIds ?? ['reader-1']) {
      await this.ds.query(`INSERT INTO access_zone_readers (tenant_id, zone_id, reader_id) VALUES ($1, $2, $3)`, [tenantId, id, readerId]);
    }
    return id;
  }

  async user(tenantId: string, fullName = 'Ada Lovelace'): Promise<string> {
    return (await createUser(this.ds, tenantId, { fullName })).id;
  }

  async grant(tenantId: string, holder: { userId?: string; visitorPassId?: string }, zoneId: string, expiresAt: Date | null = null): Promise<string> {
    const id = randomUUID();
    await this.ds.query(`INSERT INTO access_grants (id, tenant_id, user_id, visitor_pass_id, zone_id, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`, [
      id,
      tenantId,
      holder.userId ?? null,
      holder.visitorPassId ?? null,
      zoneId,
      expiresAt,
    ]);
    return id;
  }

  async pass(tenantId: string, visitorName: string, expiresAt: Date): Promise<string> {
    const id = randomUUID();
    await this.ds.query(
      `INSERT INTO access_visitor_passes (id, tenant_id, visitor_name, invite_code_hash, invite_code_prefix, expires_at) VALUES ($1, $2, $3, $4, 'abcdef', $5)`,
      [id, tenantId, visitorName, randomUUID(), expiresAt],
    );
    return id;
  }

  credential(t: TenantFixture, sub: string, opts: { visitorZones?: string[]; lifetimeS?: number } = {}): string {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    const base = { tid: t.tenantId, sub, iat, exp: iat + (opts.lifetimeS ?? 86400), jti: randomUUID() };
    const claims = opts.visitorZones ? { ...base, typ: 'visitor' as const, zones: opts.visitorZones } : { ...base, typ: 'user' as const };
    return signCredential(claims, { kid: t.kid, privateKey: t.privateKey });
  }

  /** As the API does: bump the tenant's feed version, then publish the change after the commit. */
  async publish(tenantId: string, kind: AccessEntityKind, id: string, op: 'upsert' | 'delete' = 'upsert'): Promise<number> {
    const version = await this.ds.transaction((tx) => nextAccessVersion(tx, tenantId));
    await this.bus.publish(ACCESS_CHANGES_CHANNEL, encodeAccessChange({ tenantId, version, kind, id, op, at: Date.now() }));
    return version;
  }

  /** Loads everything already in the database (what a daemon start does). */
  async reload(): Promise<void> {
    await this.daemon.sync.reloadAll('test');
  }

  async post(path: string, body: unknown, key?: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${this.base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
  }

  verify(t: TenantFixture | string, body: Record<string, unknown>) {
    return this.post('/api/v1/access/verify', body, typeof t === 'string' ? t : t.readerKey);
  }

  /** The tenant's audit rows in PostgreSQL, once the daemon's journal is shipped. */
  async auditRows(tenantId: string): Promise<Array<Record<string, unknown>>> {
    await this.daemon.audit.flush();
    await this.daemon.audit.ship();
    return this.ds.query(
      `SELECT user_id AS "userId", zone_id AS "zoneId", visitor_pass_id AS "visitorPassId", credential_id AS "credentialId", reader_id AS "readerId",
              event_type AS "eventType", reason, source FROM access_audit WHERE tenant_id = $1 ORDER BY occurred_at, id`,
      [tenantId],
    );
  }
}
