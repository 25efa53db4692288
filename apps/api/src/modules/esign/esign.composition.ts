import type { Infrastructure } from '../../composition/infrastructure.js';
import type { ApiRouter } from '../../http/api-router.js';
import { EsignRepository } from './signatures/esign.repository.js';
import { EsignService } from './signatures/esign.service.js';
import { esignRoutes } from './signatures/esign.routes.js';

/** Documents sent for signature. */
export function composeEsign(infra: Infrastructure, r: ApiRouter): void {
  const { ds, transaction, files: storage, secrets, mailer, clock, logger, pdf, appUrl } = infra;
  esignRoutes(r, new EsignService({ repo: new EsignRepository(ds), transaction, storage, secrets, mailer, clock, logger, pdf, appUrl }));
}
