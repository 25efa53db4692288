import type { Infrastructure } from '../../composition/infrastructure.js';
import type { ApiRouter } from '../../http/api-router.js';
import type { Notifier } from '../notifications/centre/centre.service.js';
import { EsignRepository } from './signatures/esign.repository.js';
import { EsignService } from './signatures/esign.service.js';
import { esignRoutes } from './signatures/esign.routes.js';

/** Documents sent for signature. */
export function composeEsign(infra: Infrastructure, r: ApiRouter, { notifier }: { notifier: Notifier }): void {
  const { ds, files: storage, secrets, mailer, clock, logger, pdf, appUrl } = infra;
  const transaction = notifier.transactions(infra.transaction);
  esignRoutes(r, new EsignService({ repo: new EsignRepository(ds), transaction, storage, secrets, mailer, clock, logger, pdf, appUrl, notifier }));
}
