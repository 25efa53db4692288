import type { Infrastructure } from '../../composition/infrastructure.js';
import type { ApiRouter } from '../../http/api-router.js';
import { EgressHttpClient } from '../access/integrations/provider-http.js';
import { PushNotificationChannel } from './channels/push.channel.js';
import { TextNotificationChannel } from './channels/sms.channel.js';
import { LogMessagingTransport, type MessagingTransport } from './messaging/messaging.transport.js';
import { MessagingRepository } from './messaging/messaging.repository.js';
import { messagingRoutes } from './messaging/messaging.routes.js';
import { ProviderMessagingTransport } from './messaging/provider.transport.js';
import { TwilioClient } from './messaging/twilio.client.js';
import { TwilioWebhooksService } from './messaging/twilio-webhooks.service.js';
import { WhatsAppClient } from './messaging/whatsapp.client.js';
import { WhatsAppWebhooksService } from './messaging/whatsapp-webhooks.service.js';
import type { NotificationChannel } from './notification-channel.js';
import { EmailChannel } from './centre/channels.js';
import { composeCentre } from './centre/centre.composition.js';
import { PushSubscriptionsRepository } from './push/push-subscriptions.repository.js';
import { pushSubscriptionsRoutes } from './push/push-subscriptions.routes.js';
import { PushSubscriptionsService } from './push/push-subscriptions.service.js';
import { WebPushSender } from './push/push.sender.js';

/**
 * The ways out to a person (the mailer is shared infrastructure): WhatsApp and SMS, each its own
 * transport (its provider when configured, else the log), and Web Push; and the notification
 * centre, which tells people through email, push, SMS and, when it is configured, WhatsApp.
 */
export function composeNotifications(infra: Infrastructure, r: ApiRouter) {
  const { config, ds, clock, logger, egress, mailer, appUrl } = infra;
  const deliveries = new MessagingRepository(ds);
  // Provider and push-service addresses are the one way out, all egress-checked.
  const http = (timeoutMs: number) => new EgressHttpClient({ egress, ca: config.webhooks.extraCa, timeoutSeconds: timeoutMs / 1000 });
  const { whatsapp, twilio } = config;
  const whatsappTransport: MessagingTransport = whatsapp
    ? new ProviderMessagingTransport({ name: 'WHATSAPP', label: 'WhatsApp', sender: new WhatsAppClient(whatsapp, http(whatsapp.timeoutMs)) }, deliveries, clock, logger)
    : new LogMessagingTransport(logger);
  const smsTransport: MessagingTransport = twilio
    ? new ProviderMessagingTransport({ name: 'TWILIO_SMS', label: 'SMS', sender: new TwilioClient(twilio, http(twilio.timeoutMs)) }, deliveries, clock, logger)
    : new LogMessagingTransport(logger);
  messagingRoutes(r, new WhatsAppWebhooksService(whatsapp, deliveries, clock, logger), new TwilioWebhooksService(twilio, deliveries, clock, logger));

  const { vapid, timeoutMs } = config.push;
  const subscriptions = new PushSubscriptionsRepository(ds);
  pushSubscriptionsRoutes(r, new PushSubscriptionsService(vapid, subscriptions, egress, clock));

  const channels: NotificationChannel[] = [
    new EmailChannel(mailer, appUrl),
    new PushNotificationChannel(vapid ? new WebPushSender(vapid, http(timeoutMs)) : null, subscriptions, logger),
    new TextNotificationChannel('sms', smsTransport, appUrl),
    ...(whatsapp ? [new TextNotificationChannel('whatsapp', whatsappTransport, appUrl)] : []),
  ];
  const { centre, jobs } = composeCentre(infra, r, channels);
  // `messaging` stays WhatsApp-or-log: visitor passes have always gone that way. Invite and reset
  // links go by SMS when Twilio is configured (any phone gets it, no template to approve), else by
  // WhatsApp when that is, else to the log for the operator to pass on.
  const phoneLinks = twilio || !whatsapp ? smsTransport : whatsappTransport;
  return { messaging: whatsappTransport, sms: smsTransport, phoneLinks, deliveries, notifier: centre, centre, jobs };
}
