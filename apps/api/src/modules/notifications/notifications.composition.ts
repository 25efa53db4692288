import type { Infrastructure } from '../../composition/infrastructure.js';
import type { ApiRouter } from '../../http/api-router.js';
import { EgressHttpClient } from '../access/integrations/provider-http.js';
import { LogMessagingTransport } from './messaging/messaging.transport.js';
import { MessagingRepository } from './messaging/messaging.repository.js';
import { WhatsAppClient } from './messaging/whatsapp.client.js';
import { WhatsAppMessagingTransport } from './messaging/whatsapp.transport.js';
import { WhatsAppWebhooksService } from './messaging/whatsapp-webhooks.service.js';
import { messagingRoutes } from './messaging/messaging.routes.js';

/** The messaging channel (the mailer is shared infrastructure): WhatsApp when configured, else the log. */
export function composeNotifications({ config, ds, clock, logger, egress }: Infrastructure, r: ApiRouter) {
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
  return { messaging, deliveries };
}
