import type { RequestHandler } from 'express';
import { UnauthorizedError } from '@wfm/core/errors';
import { envelope } from '@wfm/core/pagination';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import type { LeadsService } from './leads.service.js';
import { LeadBody, LeadListDto, LeadListQuery, LeadReceivedDto } from './leads.schemas.js';

const DEVELOPER_BEARER = /^Bearer\s+svc_(?:live|oauth)_/i;

/**
 * Spec 01: the form shares the /public prefix but is not part of the developer API, and a
 * credential sent to a route that does not accept it is a 401. A developer key or OAuth token is
 * refused, not ignored, so an integration cannot take the form for a developer endpoint.
 */
const refuseDeveloperCredentials: RequestHandler = (req, _res, next) => {
  if (req.get('x-api-key') !== undefined || DEVELOPER_BEARER.test(req.get('authorization') ?? '')) return next(new UnauthorizedError());
  next();
};

export function leadsRoutes(r: ApiRouter, leads: LeadsService): void {
  r.post(
    '/public/leads',
    {
      summary: 'Send a sales enquiry (the public contact form); not part of the developer API',
      tags: ['leads'],
      auth: { kind: 'none' },
      body: LeadBody,
      guards: [refuseDeveloperCredentials],
      responses: {
        201: { description: 'Received', schema: LeadReceivedDto },
        401: { description: 'A developer API key or OAuth token was sent: this route takes no credential' },
      },
    },
    async ({ body }) => {
      await leads.submit(body);
      return created({ received: true });
    },
  );

  r.get(
    '/platform/leads',
    {
      summary: 'The sales enquiries, newest first',
      tags: ['platform-operator'],
      auth: { kind: 'platform' },
      query: LeadListQuery,
      responses: { 200: { description: 'A page of enquiries', schema: LeadListDto } },
    },
    async ({ query }) => ok(envelope(await leads.list(query), query)),
  );
}
