import { z } from 'zod';
import { ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import { RunDto, RunIdParams } from '../runs/payroll.schemas.js';
import { toRunDto } from '../runs/payroll.routes.js';
import type { Connection } from './accounting.repository.js';
import type { AccountingService } from './accounting.service.js';

const TAGS = ['payroll'];

const ConnectionDto = z.object({ provider: z.literal('XERO'), organisationId: z.string(), organisationName: z.string().nullable(), connectedByUserId: z.uuid().nullable(), connectedAt: z.iso.datetime() });
const CallbackQuery = z.object({ code: z.string().min(1).max(2000), state: z.string().min(1).max(200) });
const E503 = { description: 'The accounting integration is not configured on this platform' };

function toConnectionDto(c: Connection) {
  return { provider: c.provider, organisationId: c.organisationId, organisationName: c.organisationName, connectedByUserId: c.connectedByUserId, connectedAt: c.connectedAt.toISOString() };
}

export function accountingRoutes(r: ApiRouter, accounting: AccountingService): void {
  r.post(
    '/payroll/accounting/connect',
    {
      summary: "Start connecting the tenant's Xero organisation (OAuth 2.0 authorization code): open authorizeUrl; the provider comes back to the callback within 10 minutes",
      tags: TAGS,
      auth: { kind: 'user' },
      responses: { 200: { description: 'Where to send the admin', schema: z.object({ authorizeUrl: z.url(), expiresAt: z.iso.datetime() }) }, 503: E503 },
    },
    async ({ req }) => {
      const started = await accounting.start(currentUser(req));
      return ok({ authorizeUrl: started.authorizeUrl, expiresAt: started.expiresAt.toISOString() });
    },
  );

  r.get(
    '/payroll/accounting/callback',
    {
      summary: "The provider's redirect back (public): the state is verified (known, unexpired, unused, started by an admin still able to) and spent, the code exchanged, the connection stored",
      tags: TAGS,
      auth: { kind: 'none' },
      query: CallbackQuery,
      responses: {
        200: { description: 'Connected', schema: ConnectionDto.extend({ connected: z.literal(true) }) },
        400: { description: 'Validation failure, or a state that is unknown, expired, used or no longer backed by an admin' },
        502: { description: 'The provider refused the code or could not be reached' },
        503: E503,
      },
    },
    async ({ query }) => ok({ connected: true, ...toConnectionDto(await accounting.callback(query.code, query.state)) }),
  );

  r.get(
    '/payroll/accounting',
    { summary: "The tenant's accounting connection", tags: TAGS, auth: { kind: 'user' }, responses: { 200: { description: 'The connection', schema: ConnectionDto }, 404: { description: 'Not connected' } } },
    async ({ req }) => ok(toConnectionDto(await accounting.status(currentUser(req)))),
  );

  r.delete(
    '/payroll/accounting',
    { summary: 'Disconnect the accounting provider (its tokens are deleted)', tags: TAGS, auth: { kind: 'user' }, responses: { 204: { description: 'Disconnected' }, 404: { description: 'Not connected' } } },
    async ({ req }) => {
      await accounting.disconnect(currentUser(req));
      return { status: 204 };
    },
  );

  r.post(
    '/payroll/runs/:id/export',
    {
      summary: "Push a finalized run's journal to the connected provider as a posted Manual Journal; the provider's id is kept as exportReference",
      tags: TAGS,
      auth: { kind: 'user' },
      params: RunIdParams,
      responses: {
        200: { description: 'The run, with exportedAt and exportReference', schema: RunDto },
        404: { description: 'No payroll run with this id in the tenant' },
        409: { description: 'NOT_FINALIZED; NOT_CONNECTED' },
        502: { description: 'The provider refused the journal or could not be reached' },
        503: E503,
      },
    },
    async ({ req, params }) => ok(toRunDto(await accounting.export(currentUser(req), params.id))),
  );
}
