import { z } from 'zod';
import { BadRequestError, HttpError } from '@wfm/core/errors';
import { landIn, ok, type ApiRouter, type Reply } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import { RunDto, RunIdParams } from '../runs/payroll.schemas.js';
import { toRunDto } from '../runs/payroll.routes.js';
import type { Connection } from './accounting.repository.js';
import type { AccountingService } from './accounting.service.js';
import { PEOPLE_ADMINS } from '@wfm/core/role-sets';

const TAGS = ['payroll'];

const ConnectionDto = z.object({ provider: z.literal('XERO'), organisationId: z.string(), organisationName: z.string().nullable(), connectedByUserId: z.uuid().nullable(), connectedAt: z.iso.datetime() });
const AccountingStatusDto = z.discriminatedUnion('connected', [
  ConnectionDto.extend({ connected: z.literal(true), available: z.boolean() }),
  z.object({
    connected: z.literal(false),
    available: z.boolean().meta({ description: 'Whether this platform has an accounting provider configured, so that POST /payroll/accounting/connect can succeed' }),
  }),
]);
/** `error` (and no code) when the person declined at the provider (RFC 6749 §4.1.2.1). */
const CallbackQuery = z.object({
  code: z.string().min(1).max(2000).optional(),
  state: z.string().min(1).max(200),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});
const E503 = { description: 'The accounting integration is not configured on this platform' };

function toConnectionDto(c: Connection) {
  return { provider: c.provider, organisationId: c.organisationId, organisationName: c.organisationName, connectedByUserId: c.connectedByUserId, connectedAt: c.connectedAt.toISOString() };
}

/**
 * The provider sends the admin's browser back here: a browser (it asks for HTML) is sent on to the
 * console's pay runs page with the outcome in the query, anything else gets the JSON answer.
 */
function landing(appBase: string, outcome: { connected: true } | { error: string }): Reply {
  const to = new URL(`${appBase}/payroll/runs`);
  if ('error' in outcome) to.searchParams.set('accountingError', outcome.error);
  else to.searchParams.set('accounting', 'connected');
  return landIn(to, 303);
}

export function accountingRoutes(r: ApiRouter, accounting: AccountingService, appBase: string): void {
  r.post(
    '/payroll/accounting/connect',
    {
      summary: "Start connecting the tenant's Xero organisation (OAuth 2.0 authorization code): open authorizeUrl; the provider comes back to the callback within 10 minutes",
      tags: TAGS,
      auth: { kind: 'user', roles: PEOPLE_ADMINS },
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
        303: { description: 'For a browser (Accept: text/html): on to the web app at /payroll/runs?accounting=connected, or ?accountingError=… saying why not' },
        400: { description: 'Validation failure, or a state that is unknown, expired, used or no longer backed by an admin' },
        502: { description: 'The provider refused the code or could not be reached' },
        503: E503,
      },
    },
    async ({ req, query }) => {
      const browser = req.accepts(['application/json', 'text/html']) === 'text/html';
      try {
        if (!query.code) throw new BadRequestError([query.error ? `the provider answered ${query.error}${query.error_description ? `: ${query.error_description}` : ''}` : 'code is required']);
        const connected = ok({ connected: true, ...toConnectionDto(await accounting.callback(query.code, query.state)) });
        return browser ? landing(appBase, { connected: true }) : connected;
      } catch (err) {
        if (!browser || !(err instanceof HttpError)) throw err;
        const body = err.body();
        return landing(appBase, { error: Array.isArray(body.message) ? body.message.join('; ') : String(body.message ?? err.message) });
      }
    },
  );

  r.get(
    '/payroll/accounting',
    {
      summary: "The tenant's accounting connection, or that there is none (and whether this platform can make one)",
      tags: TAGS,
      auth: { kind: 'user', roles: PEOPLE_ADMINS },
      responses: { 200: { description: 'Connected, or not', schema: AccountingStatusDto } },
    },
    async ({ req }) => {
      const { available, connection } = await accounting.status(currentUser(req));
      return ok(connection ? { connected: true as const, available, ...toConnectionDto(connection) } : { connected: false as const, available });
    },
  );

  r.delete(
    '/payroll/accounting',
    { summary: 'Disconnect the accounting provider (its tokens are deleted)', tags: TAGS, auth: { kind: 'user', roles: PEOPLE_ADMINS }, responses: { 204: { description: 'Disconnected' }, 404: { description: 'Not connected' } } },
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
      auth: { kind: 'user', roles: PEOPLE_ADMINS },
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
