import type { JobDefinition } from '@wfm/jobs/job-runner';
import type { Infrastructure } from '../../composition/infrastructure.js';
import type { ApiRouter } from '../../http/api-router.js';
import type { MessagingRepository } from '../notifications/messaging/messaging.repository.js';
import type { MessagingTransport } from '../notifications/messaging/messaging.transport.js';
import { AccessGrantsRepository } from './grants/access-grants.repository.js';
import { AccessGrantsService } from './grants/access-grants.service.js';
import { accessGrantsRoutes } from './grants/access-grants.routes.js';
import { AccessZonesRepository } from './zones/access-zones.repository.js';
import { AccessZonesService } from './zones/access-zones.service.js';
import { accessZonesRoutes } from './zones/access-zones.routes.js';
import { AccessAuditRepository } from './audit/access-audit.repository.js';
import { AccessAuditService } from './audit/access-audit.service.js';
import { accessAuditRoutes } from './audit/access-audit.routes.js';
import { AccessCredentialsRepository } from './credentials/access-credentials.repository.js';
import { AccessCredentialsService } from './credentials/access-credentials.service.js';
import { accessCredentialsRoutes } from './credentials/access-credentials.routes.js';
import { AccessReaderKeysRepository } from './reader-keys/access-reader-keys.repository.js';
import { AccessReaderKeysService } from './reader-keys/access-reader-keys.service.js';
import { accessReaderKeysRoutes } from './reader-keys/access-reader-keys.routes.js';
import { AccessVisitorsRepository } from './visitors/access-visitors.repository.js';
import { AccessVisitorsService } from './visitors/access-visitors.service.js';
import { accessVisitorsRoutes } from './visitors/access-visitors.routes.js';
import { AccessIntegrationsRepository } from './integrations/access-integrations.repository.js';
import { AccessIntegrationsService } from './integrations/access-integrations.service.js';
import { IntegrationWebhooksService } from './integrations/integration-webhooks.service.js';
import { accessIntegrationsRoutes } from './integrations/access-integrations.routes.js';
import { createProviderAdapters } from './integrations/providers.js';
import { EgressHttpClient } from './integrations/provider-http.js';
import { ApnsClient } from './wallet/apns.client.js';
import { PassSigningThread } from './wallet/pass-signing.thread.js';
import { loadPassModel, SHIPPED_MODEL_DIR } from './wallet/wallet-pass.generator.js';
import { WalletRepository } from './wallet/wallet.repository.js';
import { walletRoutes } from './wallet/wallet.routes.js';
import { WalletService } from './wallet/wallet.service.js';

export interface AccessDeps {
  messaging: MessagingTransport;
  deliveries: MessagingRepository;
}

/** Zones, grants, credentials, readers, visitors, provider integrations and wallet passes. */
export function composeAccess(infra: Infrastructure, r: ApiRouter, { messaging, deliveries }: AccessDeps) {
  const { config, ds, transaction, accessFeed, clock, logger, encryptor, secrets, publicBaseUrl } = infra;
  const jobs: JobDefinition[] = [];
  const grantsRepository = new AccessGrantsRepository(ds);
  const grants = new AccessGrantsService(grantsRepository, transaction, accessFeed, clock, infra.people);
  accessZonesRoutes(r, new AccessZonesService(new AccessZonesRepository(ds), transaction, grants, infra.outletScopes, accessFeed, clock));
  accessGrantsRoutes(r, grants);
  accessAuditRoutes(r, new AccessAuditService(new AccessAuditRepository(ds), infra.outletScopes));
  const credentials = new AccessCredentialsService(new AccessCredentialsRepository(ds), transaction, accessFeed, encryptor, clock);
  accessCredentialsRoutes(r, credentials);
  const walletConfig = config.wallet;
  const apns =
    walletConfig &&
    new ApnsClient({
      url: walletConfig.apns.url,
      topic: walletConfig.passTypeIdentifier,
      cert: walletConfig.signer.cert,
      key: walletConfig.signer.key,
      passphrase: walletConfig.signer.keyPassphrase,
      ca: walletConfig.apns.ca,
      timeoutMs: walletConfig.apns.timeoutMs,
      now: () => clock.now().getTime(),
    });
  const passSigning =
    walletConfig &&
    new PassSigningThread({
      signing: {
        passTypeIdentifier: walletConfig.passTypeIdentifier,
        teamIdentifier: walletConfig.teamIdentifier,
        organizationName: walletConfig.organizationName,
        webServiceUrl: `${publicBaseUrl}/access/wallet`,
        signer: walletConfig.signer,
        wwdr: walletConfig.wwdr,
      },
      model: loadPassModel(walletConfig.modelDir ?? SHIPPED_MODEL_DIR),
    });
  const wallet =
    walletConfig &&
    apns &&
    passSigning &&
    new WalletService({
      repo: new WalletRepository(ds),
      transaction,
      credentials,
      passes: passSigning,
      pusher: apns,
      secrets,
      encryptor,
      clock,
      logger,
      passTypeIdentifier: walletConfig.passTypeIdentifier,
    });
  walletRoutes(r, wallet);
  // Every five minutes: passes due for a new credential or whose holder's access changed are renewed and their devices pushed.
  if (wallet) jobs.push({ name: 'wallet-pass-updates', cron: '*/5 * * * *', run: async () => void (await wallet.pushUpdates()) });
  accessReaderKeysRoutes(r, new AccessReaderKeysService(new AccessReaderKeysRepository(ds), transaction, accessFeed, clock));
  accessVisitorsRoutes(
    r,
    new AccessVisitorsService({
      repo: new AccessVisitorsRepository(ds),
      grants: grantsRepository,
      transaction,
      feed: accessFeed,
      credentials,
      secrets,
      mailer: infra.mailer,
      messaging,
      deliveries,
      clock,
      logger,
      appUrl: infra.appUrl,
    }),
  );

  // Provider addresses are tenant-chosen like webhook URLs: one egress policy and one allow-list for both.
  const integrationsRepo = new AccessIntegrationsRepository(ds);
  const providerAdapters = createProviderAdapters(new EgressHttpClient({ egress: infra.egress, ca: config.webhooks.extraCa }));
  accessIntegrationsRoutes(
    r,
    new AccessIntegrationsService(integrationsRepo, transaction, providerAdapters, encryptor, clock, publicBaseUrl, infra.egress),
    new IntegrationWebhooksService(integrationsRepo, providerAdapters, encryptor),
  );
  return {
    grants,
    jobs,
    /** The wallet's APNs connection and signing thread. */
    close: async () => {
      apns?.close();
      await passSigning?.close();
    },
  };
}
