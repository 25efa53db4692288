import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Clock } from '@wfm/core/clock';
import type { Logger } from '@wfm/core/logger';
import { ServiceUnavailableError } from '@wfm/core/errors';
import type { DaemonDatabase } from './database.js';
import { AccessReadModelRepository } from '@wfm/db/access-read-model.repository';
import type { Bus } from '@wfm/memory/bus';
import type { DaemonConfig } from './config.js';
import { applyGcSettings } from './gc-settings.js';
import { AccessCache } from './cache/access-cache.js';
import { ChangeLoaderRepository } from './cache/change-loader.repository.js';
import { loadSnapshot } from './cache/snapshot-loader.js';
import { CacheSync } from './cache/cache-sync.js';
import { CacheSnapshotFile, snapshotPathFor } from './cache/snapshot-file.js';
import { SnapshotKeeper } from './cache/snapshot-keeper.js';
import { AckBatcher } from './cache/ack-batcher.js';
import { AuditRepository } from './audit/audit.repository.js';
import { AuditJournal } from './audit/audit-journal.js';
import { AuditQuarantine, quarantinePathFor } from './audit/audit-quarantine.js';
import { AuditWriter } from './audit/audit-writer.js';
import { CredentialVerifier } from './verify/credential-verifier.js';
import { GrantExpiryRepository } from './verify/grant-expiry.repository.js';
import { GrantExpiryWriter } from './verify/grant-expiry-writer.js';
import { VerifyService } from './verify/verify.service.js';
import { HeartbeatRepository } from './heartbeat.repository.js';
import { HeartbeatService } from './heartbeat.service.js';
import { ReaderAuth } from './reader-auth.js';
import { DaemonMetrics } from './metrics.js';
import { doorHandler, startDaemonServer, startOperatorServer, type DaemonRoutes, type DoorHandler } from './server.js';

export interface DaemonDeps {
  config: DaemonConfig;
  dataSource: DaemonDatabase;
  bus: Bus;
  logger: Logger;
  clock: Clock;
  /**
   * false: no door listener of its own; the door routes are reached only through `door`, in the
   * process that embeds the daemon (the split API's ACCESS_DOOR_ROUTES=embedded). The operator
   * listener (health, metrics) stays, on ACCESS_METRICS_HOST/PORT.
   */
  doorListener?: boolean;
  /**
   * When the start's wait for the database and Redis ends (a `performance.now()` time): a start
   * that has already spent part of ACCESS_START_WAIT_MS connecting waits only for what is left
   * before serving from the stored cache, instead of a second wait of its own. Unset: the whole
   * wait, from when the cache's first load begins.
   */
  startWaitUntil?: number;
  /** The API runs in this process and answers the door routes at its base URL (the launcher's starts): the collector's settings suit its requests too. */
  apiInProcess?: boolean;
}

export interface AccessDaemon {
  /** Its name in the registry the API waits on (host, process, and a random part for several daemons in one process). */
  id: string;
  /** 0 when started without a door listener. */
  port: number;
  metricsPort: number;
  cache: AccessCache;
  sync: CacheSync;
  audit: AuditWriter;
  snapshots: SnapshotKeeper;
  /** The EXPIRED statuses decided at taps, on their way to the database. */
  expiries: GrantExpiryWriter;
  /** The door routes without the listener: what the all-in-one start's API calls in-process. */
  door: DoorHandler;
  stop(): Promise<void>;
}

/** Verify's 503 past the tenant's offline window: no reason of spec 02 says "I no longer know". */
export const OFFLINE_WINDOW_PASSED = "This door has been cut off from the platform for longer than the tenant's offline window";

/** The daemon's one composition root: every dependency wired here, by hand. */
export async function startAccessDaemon(deps: DaemonDeps): Promise<AccessDaemon> {
  const { config, dataSource: ds, bus, logger, clock } = deps;
  logger.info({ flags: applyGcSettings(config.gc, deps.apiInProcess ?? false) }, 'garbage collector settings for the door path');
  const cache = new AccessCache();
  const readModel = new AccessReadModelRepository(ds);
  const rows = new ChangeLoaderRepository(ds, readModel);
  const cacheAgeSeconds = () => (cache.syncedAt ? (clock.now().getTime() - cache.syncedAt) / 1000 : Infinity);

  const backlogSeconds = () => {
    const oldest = journal.oldestAt;
    return oldest === null ? 0 : Math.max(0, (clock.now().getTime() - oldest) / 1000);
  };
  const metrics = new DaemonMetrics({ cacheAgeSeconds, journalRows: () => journal.depth, journalBytes: () => journal.bytes, journalBacklogSeconds: backlogSeconds, grantsCached: () => cache.grantCount });
  const journal = new AuditJournal(config.spoolPath, config.journalMaxBytes, {
    dropped(rows) {
      metrics.observeDropped(rows.rows);
      logger.error(
        { rows: rows.rows, from: rows.from === null ? null : new Date(rows.from).toISOString(), to: rows.to === null ? null : new Date(rows.to).toISOString() },
        'audit journal over ACCESS_AUDIT_JOURNAL_MAX_MB: its oldest unshipped rows were dropped',
      );
    },
    written: (seconds) => metrics.journalWrite.observe(seconds),
  });
  await journal.init();
  const quarantine = new AuditQuarantine(quarantinePathFor(config.spoolPath));
  const audit = new AuditWriter(
    {
      store: new AuditRepository(ds),
      journal,
      quarantine,
      logger,
      clock,
      observer: { committed: (n, to) => metrics.observeBatch(n, to), quarantined: (n) => metrics.observeQuarantine(n) },
    },
    { maxBatch: config.auditBatchMax, commitTimeoutMs: config.auditCommitTimeoutMs },
  );
  const id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const acks = new AckBatcher(bus.daemons, id);
  const sync = new CacheSync(
    cache,
    { load: (tenantId) => loadSnapshot(readModel, rows, tenantId) },
    rows,
    bus,
    clock,
    logger,
    { reconcileIntervalMs: config.reconcileIntervalMs },
    (lag) => metrics.syncLag.set(lag),
    (versions) => acks.add(versions),
  );
  const snapshotFile = new CacheSnapshotFile(config.snapshotPath ?? snapshotPathFor(config.spoolPath));
  const snapshots = new SnapshotKeeper(cache, snapshotFile, clock, logger);
  const expiries = new GrantExpiryWriter(new GrantExpiryRepository(ds, config.grantExpiryTimeoutMs), logger, config.spoolReplayIntervalMs);
  const verify = new VerifyService(cache, new CredentialVerifier(cache), expiries, audit, clock, (reason, seconds) =>
    metrics.observeDecision(reason, seconds),
  );
  const auth = new ReaderAuth(cache);
  const heartbeats = new HeartbeatService(new HeartbeatRepository(ds), clock, config.maxReadersPerTenant);
  // Out of touch: serving from the stored cache, or several reconciles in a row without the database.
  const offlineAfterSeconds = Math.max(30, (3 * config.reconcileIntervalMs) / 1000);
  const readiness = () => {
    const age = cacheAgeSeconds();
    const offline = sync.ready && (sync.source === 'snapshot' || age > offlineAfterSeconds);
    const status = !sync.ready ? 'loading' : offline ? 'offline' : 'ok';
    // Offline is still serving (each tenant up to its own window): only loading turns a balancer away.
    return { status, code: status === 'loading' ? 503 : 200, age, offline };
  };

  const operator = await startOperatorServer({
    host: config.metricsHost,
    port: config.metricsPort,
    logger,
    routes: {
      health: () => {
        const r = readiness();
        return {
          status: r.code,
          body: {
            status: r.status,
            cacheAgeSeconds: Number.isFinite(r.age) ? Math.round(r.age * 10) / 10 : null,
            grants: cache.grantCount,
            cacheSource: sync.source,
            cacheSyncedAt: cache.syncedAt ? new Date(cache.syncedAt).toISOString() : null,
            offlineSince: r.offline ? new Date(cache.syncedAt).toISOString() : null,
            journalRows: journal.depth,
            journalOldestAt: journal.oldestAt === null ? null : new Date(journal.oldestAt).toISOString(),
            expiriesPending: expiries.depth,
            database: audit.databaseHealthy ? 'up' : 'down',
            bus: bus.kind,
          },
        };
      },
      metrics: async () => ({ contentType: metrics.registry.contentType, text: await metrics.registry.metrics() }),
    },
  });

  const routes: DaemonRoutes = {
    authenticate: (authorization, ip) => auth.authenticate(authorization, ip),
    loading: () => (sync.ready ? null : new ServiceUnavailableError('The access cache is loading')),
    freshness: (tenantId) => {
      if (!sync.ready) return new ServiceUnavailableError('The access cache is loading');
      const windowMinutes = cache.tenant(tenantId)?.offlineWindowMinutes;
      if (windowMinutes !== undefined && cacheAgeSeconds() > windowMinutes * 60) return new ServiceUnavailableError(OFFLINE_WINDOW_PASSED);
      return null;
    },
    verify: (tenantId, body, startedAt) => verify.verify(tenantId, body, startedAt),
    heartbeat: (tenantId, body) => heartbeats.beat(tenantId, body),
    health: () => {
      const r = readiness();
      return { status: r.code, body: { status: r.status } };
    },
  };
  const server = deps.doorListener === false
    ? null
    : await startDaemonServer({ host: config.host, port: config.port, logger, routes }).catch((err: unknown) => {
        operator.close();
        throw err;
      });

  // Until the first load the daemon answers 503 (health says "loading"), so doors never see a
  // half-loaded cache; a start the database or Redis holds up serves from the stored cache.
  const waitMs = deps.startWaitUntil === undefined ? config.startWaitMs : Math.max(0, deps.startWaitUntil - performance.now());
  await sync.start({ stored: () => snapshotFile.read(), waitMs });
  snapshots.start(sync.source === 'snapshot');
  // Shipping (and so the database's health) starts before the registry: a Redis out of reach must not hold it up.
  const shipper = setInterval(() => void audit.ship(), config.spoolReplayIntervalMs);
  shipper.unref();
  void audit.ship();
  // Announced once loaded: from here on the API waits for this daemon's acknowledgements. A Redis
  // that is down now is not fatal: the heartbeat keeps trying, and the daemon serves meanwhile.
  await bus.daemons.join(id).catch((err: unknown) => logger.warn({ err, daemonId: id }, 'access daemon not registered yet; the heartbeat retries'));

  return {
    id,
    port: server?.port ?? 0,
    metricsPort: operator.port,
    cache,
    sync,
    audit,
    snapshots,
    expiries,
    door: doorHandler(routes, logger),
    async stop() {
      acks.close();
      await bus.daemons.leave(id);
      server?.close();
      operator.close();
      clearInterval(shipper);
      await sync.stop();
      await snapshots.stop();
      await expiries.close();
      await audit.flush();
      // One last try, bounded by ACCESS_AUDIT_COMMIT_TIMEOUT_MS; what it cannot send waits in the journal for the next start.
      await audit.ship();
      await journal.close();
      await quarantine.close();
    },
  };
}
