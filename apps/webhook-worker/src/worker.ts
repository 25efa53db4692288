import type { DataSource } from '@wfm/db/data-source';
import type { Bus } from '@wfm/memory/bus';
import type { Logger } from '@wfm/core/logger';

export interface WebhookWorker {
  stop(): Promise<void>;
}

/**
 * The delivery process. It owns webhook deliveries (spec 03); this shell holds its connections and
 * lifecycle so the process can be deployed and supervised before deliveries exist.
 */
export async function startWebhookWorker(deps: { dataSource: DataSource; bus: Bus; logger: Logger }): Promise<WebhookWorker> {
  const busUp = await deps.bus.ping();
  deps.logger.info({ bus: deps.bus.kind, busUp }, 'webhook worker started');
  return {
    async stop() {
      deps.logger.info('webhook worker stopped');
    },
  };
}
