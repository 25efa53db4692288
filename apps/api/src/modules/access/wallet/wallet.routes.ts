import type { RequestHandler, Response } from 'express';
import { ServiceUnavailableError } from '@wfm/core/errors';
import type { ApiRouter, Reply } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import type { AuthenticatedPass, PassFile, WalletService } from './wallet.service.js';
import { DeviceLogBody, DeviceParams, PassParams, PkpassFile, RegisterBody, RegistrationParams, UpdatedPassesDto, UpdatedPassesQuery } from './wallet.schemas.js';
import { EVERY_ROLE } from '@wfm/core/role-sets';

const TAGS = ['wallet passes'];
const BASE = '/access/wallet/v1';
const PKPASS = 'application/vnd.apple.pkpass';
const UNAUTHORIZED = { description: 'No valid `Authorization: ApplePass <authenticationToken>` for this pass' };
const UNAVAILABLE = { description: 'Apple Wallet passes are not configured on this server (WALLET_* settings)' };

function passReply(status: number, file: PassFile): Reply {
  return {
    status,
    raw: { contentType: PKPASS, data: file.pkpass },
    // The body carries a live door credential: nothing between here and the phone may keep it.
    headers: { 'Last-Modified': file.lastModified.toUTCString(), 'Cache-Control': 'no-store', 'Content-Disposition': 'attachment; filename="door-access.pkpass"' },
  };
}

/** An absent or unreadable If-Modified-Since is ignored, as HTTP says. */
function ifModifiedSince(value: string | undefined): Date | null {
  const ms = value === undefined ? NaN : Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms);
}

const passOf = (res: Response): AuthenticatedPass => res.locals.walletPass as AuthenticatedPass;

/**
 * Apple's Wallet web service (`webServiceURL` = `<PUBLIC_APP_URL>/api/v1/access/wallet`), whose
 * callers are Wallet on a device, with no user JWT (spec 01), and the route that hands a signed-in
 * person their pass. `wallet` is null when the operator has not configured passes: every route
 * then answers 503.
 */
export function walletRoutes(r: ApiRouter, wallet: WalletService | null): void {
  const available = (): WalletService => {
    if (!wallet) throw new ServiceUnavailableError('Apple Wallet passes are not configured on this server');
    return wallet;
  };
  const configured: RequestHandler = (_req, _res, next) => next(wallet ? undefined : new ServiceUnavailableError('Apple Wallet passes are not configured on this server'));
  // Runs before validation, like every credential check: a request for someone else's pass learns nothing about its parameters.
  const applePass: RequestHandler = (req, res, next) => {
    const params = req.params as Record<string, string | undefined>;
    Promise.resolve()
      .then(() => available().authenticate(params.passTypeIdentifier ?? '', params.serialNumber ?? '', req.get('authorization')))
      .then((pass) => {
        res.locals.walletPass = pass;
        next();
      }, next);
  };

  r.post(
    '/access/wallet/pass',
    {
      summary: 'Your door credential as an Apple Wallet pass (made on first use; the same pass afterwards, kept current by Wallet)',
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      plan: 'accessControl',
      guards: [configured],
      responses: {
        200: { description: 'Your pass', alternatives: { [PKPASS]: PkpassFile } },
        201: { description: 'Your pass, made now', alternatives: { [PKPASS]: PkpassFile } },
        503: UNAVAILABLE,
      },
    },
    async ({ req }) => {
      const user = currentUser(req);
      const pass = await available().passFor(user.tenantId, user.userId);
      return passReply(pass.created ? 201 : 200, pass);
    },
  );

  r.post(
    `${BASE}/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber`,
    {
      summary: 'Wallet: register a device for updates of a pass',
      tags: TAGS,
      auth: { kind: 'none' },
      guards: [applePass],
      params: RegistrationParams,
      body: RegisterBody,
      responses: { 200: { description: 'Already registered (the push token is replaced)' }, 201: { description: 'Registered' }, 401: UNAUTHORIZED, 503: UNAVAILABLE },
    },
    async ({ res, params, body }) => ({ status: (await available().register(passOf(res), params.deviceLibraryIdentifier, body.pushToken)) === 'created' ? 201 : 200 }),
  );

  r.delete(
    `${BASE}/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber`,
    {
      summary: 'Wallet: unregister a device from a pass',
      tags: TAGS,
      auth: { kind: 'none' },
      guards: [applePass],
      params: RegistrationParams,
      responses: { 200: { description: 'Not registered any more (whether it was or not)' }, 401: UNAUTHORIZED, 503: UNAVAILABLE },
    },
    async ({ res, params }) => {
      await available().unregister(passOf(res), params.deviceLibraryIdentifier);
      return { status: 200 };
    },
  );

  r.get(
    `${BASE}/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier`,
    {
      summary: "Wallet: the serial numbers of the device's passes updated since a tag",
      tags: TAGS,
      auth: { kind: 'none' },
      guards: [configured],
      params: DeviceParams,
      query: UpdatedPassesQuery,
      responses: { 200: { description: 'Updated passes', schema: UpdatedPassesDto }, 204: { description: 'No pass of the device was updated' }, 503: UNAVAILABLE },
    },
    async ({ params, query }) => {
      const updated = await available().updatedSince(params.deviceLibraryIdentifier, params.passTypeIdentifier, query.passesUpdatedSince);
      return updated ? { status: 200, body: updated } : { status: 204 };
    },
  );

  r.get(
    `${BASE}/passes/:passTypeIdentifier/:serialNumber`,
    {
      summary: 'Wallet: the latest version of a pass (a fresh door credential when the last one is due for renewal)',
      tags: TAGS,
      auth: { kind: 'none' },
      guards: [applePass],
      params: PassParams,
      responses: {
        200: { description: 'The pass, with Last-Modified', alternatives: { [PKPASS]: PkpassFile } },
        304: { description: 'Not modified since If-Modified-Since' },
        401: UNAUTHORIZED,
        503: UNAVAILABLE,
      },
    },
    async ({ req, res }) => {
      const latest = await available().latest(passOf(res), ifModifiedSince(req.get('if-modified-since')));
      if ('notModified' in latest) return { status: 304, headers: { 'Last-Modified': latest.lastModified.toUTCString(), 'Cache-Control': 'no-store' } };
      return passReply(200, latest);
    },
  );

  r.post(
    `${BASE}/log`,
    {
      summary: 'Wallet: error messages from devices about this web service (logged)',
      tags: TAGS,
      auth: { kind: 'none' },
      guards: [configured],
      body: DeviceLogBody,
      responses: { 200: { description: 'Logged' }, 503: UNAVAILABLE },
    },
    async ({ body }) => {
      available().deviceLogs(body.logs);
      return { status: 200 };
    },
  );
}
