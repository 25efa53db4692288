import { FaultProxy } from '@wfm/testing/fault-proxy';
import { createDataSource, type DataSource } from '@wfm/db/data-source';
import { createTestDatabase } from '@wfm/testing/database';
import { daemonDataSourceOptions, loadDaemonConfig } from '../config.js';
import { DaemonHarness } from './daemon-harness.js';

/**
 * A daemon whose data source (built from the daemon's config, `env` applied) goes through a
 * FaultProxy, while the harness's fixtures and assertions use the database directly.
 */
export async function startDaemonBehindProxy(env: Record<string, string> = {}): Promise<{ h: DaemonHarness; proxy: FaultProxy; stop(): Promise<void> }> {
  const db = await createTestDatabase();
  const direct = new URL(db.url);
  const proxy = await FaultProxy.start({ host: direct.hostname, port: Number(direct.port || 5432) });
  const ds: DataSource = createDataSource(daemonDataSourceOptions(loadDaemonConfig(env), proxy.url(db.url)));
  await ds.initialize();
  const h = await DaemonHarness.start({ db, dataSource: ds, env });
  return {
    h,
    proxy,
    async stop() {
      proxy.thaw();
      proxy.restore();
      await h.stop(false);
      await ds.destroy();
      await proxy.stop();
      await db.drop();
    },
  };
}
