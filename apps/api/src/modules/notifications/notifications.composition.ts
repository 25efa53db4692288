import type { Infrastructure } from '../../composition/infrastructure.js';
import type { ApiRouter } from '../../http/api-router.js';
import { EgressHttpClient } from '../access/integrations/provider-http.js';
import { LogMessagingTransport } from './messaging/messaging.transport.js';
import { MessagingRepository } from './messaging/messaging.repository.js';
import { WhatsAppClient } from './messaging/whatsapp.client.js';
import { WhatsAppMessagingTransport } from './messaging/whatsapp.transport.js';
import { WhatsAppWebhooksService } from './messaging/whatsapp-webhooks.service.js';
import { messagingRoutes } from './messaging/messaging.routes.js';
import type { NotificationChannel } from './notification-channel.js';
import { EmailChannel, WhatsAppChannel } from './centre/channels.js';
import { composeCentre } from './centre/centre.composition.js';

/**
 * The messaging channel (the mailer is shared infrastructure): WhatsApp when configured, else the
 * log; and the notification centre over email, and WhatsApp when it is configured.
 */
export function composeNotifications(infra: Infrastructure, r: ApiRouter) {
  const { config, ds, clock, logger, egress, mailer, appUrl } = infra;
  const deliveries = new MessagingRepository(ds);
  // The operator chooses the provider's address (WHATSAPP_API_URL): the one way out, egress-checked.
  const whatsapp = config.whatsapp;
  const messaging = whatsapp
    ? new WhatsAppMessagingTransport(
        new WhatsAppClient(whatsapp, new EgressHttpClient({ egress, ca: config.webhooks.extraCa, timeoutSeconds: whatsapp.timeoutMs / 1000 })),
        deliveries,
        clock,
        logger,
      )
    : new LogMessagingTransport(logger);
  messagingRoutes(r, new WhatsAppWebhooksService(whatsapp, deliveries, clock, logger));
  const channels: NotificationChannel[] = [new EmailChannel(mailer, appUrl), ...(whatsapp ? [new WhatsAppChannel(messaging, appUrl)] : [])];
  const { centre, jobs } = composeCentre(infra, r, channels);
  return { messaging, deliveries, notifier: centre, centre, jobs };
}
