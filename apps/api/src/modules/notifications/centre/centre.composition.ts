import type { JobDefinition } from '@wfm/jobs/job-runner';
import type { Infrastructure } from '../../../composition/infrastructure.js';
import type { ApiRouter } from '../../../http/api-router.js';
import type { NotificationChannel } from '../notification-channel.js';
import { CentreRepository } from './centre.repository.js';
import { NotificationCentre } from './centre.service.js';
import { centreRoutes } from './centre.routes.js';
import { MyNotificationsService } from './my-notifications.service.js';

/** The notification centre over the channels the API has (in_app is the centre's own rows). */
export function composeCentre({ ds, transaction, clock, logger, held }: Infrastructure, r: ApiRouter, channels: NotificationChannel[]) {
  const repo = new CentreRepository(ds);
  const centre = new NotificationCentre(repo, channels, clock, logger, (task) => held.afterCommit(task));
  centreRoutes(r, new MyNotificationsService(repo, transaction, clock));
  // Retries, and first attempts lost with their process: a failed channel waits a minute at least.
  const jobs: JobDefinition[] = [{ name: 'notification-deliveries', cron: '* * * * *', run: async () => void (await centre.deliverDue()) }];
  return { centre, jobs };
}
