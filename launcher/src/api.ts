import { systemClock } from '@wfm/core/clock';
import { StartupError, describeError } from '@wfm/core/startup';
import { runSplitApi } from '@wfm/api/run-split';
import { createDataSource } from '@wfm/db/data-source';
import { daemonDataSourceOptions, loadDaemonConfig } from '@wfm/access-daemon/config';
import { startAccessDaemon } from '@wfm/access-daemon/daemon';
import { EMBEDDED_DAEMON_METRICS_OFFSET, portFrom } from './config.js';
import { inProcessDoor } from './in-process-door.js';

/**
 * `npm run start:api`: the API of split mode. Without a gateway in front, readers use the API's
 * base URL for the door routes too; by default (ACCESS_DOOR_ROUTES=embedded) this process answers
 * them itself from an access daemon embedded here (its own cache, Redis sync, registry membership
 * and audit writer; no door listener), so a tap costs what it costs at a daemon. `forward` sends
 * them to ACCESS_DAEMON_URL instead, for API instances that should hold no access cache. Behind a
 * gateway (docker-compose) the door routes never reach the API.
 */
await runSplitApi({
  door: async ({ databaseUrl, bus, logger }) => {
    const metricsPort = portFrom(process.env, EMBEDDED_DAEMON_METRICS_OFFSET);
    const config = loadDaemonConfig({ ...(metricsPort === null ? {} : { ACCESS_METRICS_PORT: String(metricsPort) }), ...process.env });
    // A pool of its own, with the daemon's bounds: API traffic, signed in or not, never holds the
    // connections the door path commits its audit rows on.
    const dataSource = createDataSource(daemonDataSourceOptions(config, databaseUrl));
    await dataSource.initialize();
    const daemon = await startAccessDaemon({ config, dataSource, bus, logger, clock: systemClock, doorListener: false, apiInProcess: true }).catch(async (err: unknown) => {
      await dataSource.destroy();
      throw new StartupError(`the embedded access daemon did not start (${describeError(err)}); ACCESS_DOOR_ROUTES=forward runs the API without it`);
    });
    return {
      upstream: inProcessDoor(daemon.door),
      stop: async () => {
        await daemon.stop();
        await dataSource.destroy();
      },
    };
  },
});
