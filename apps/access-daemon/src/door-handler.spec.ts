import { expect } from 'chai';
import { ServiceUnavailableError, UnauthorizedError } from '@wfm/core/errors';
import { createLogger } from '@wfm/core/logger';
import { doorHandler, type DaemonRoutes, type DoorPath } from './server.js';

/** Routes of a daemon whose first cache load is still under way: no reader key is known yet. */
function loadingDaemon() {
  const keyChecks: string[] = [];
  const routes: DaemonRoutes = {
    loading: () => new ServiceUnavailableError('The access cache is loading'),
    authenticate: async (authorization) => (keyChecks.push(authorization), new UnauthorizedError()),
    freshness: () => null,
    verify: async () => ({ decision: 'DENY', reason: 'Unknown reader' }),
    heartbeat: async () => {},
    health: () => ({ status: 503, body: { status: 'loading' } }),
  };
  return { handler: doorHandler(routes, createLogger('t', 'silent')), keyChecks };
}

describe('door routes while the cache loads', () => {
  for (const path of ['/access/verify', '/access/reader-heartbeat'] as DoorPath[]) {
    it(`${path} answers 503 before checking the reader key, so a restart costs a bridge no failed attempts`, async () => {
      const { handler, keyChecks } = loadingDaemon();
      const answer = await handler(path, { authorization: 'Bearer mk_0123456789abcdefghijklmnopqrstuv', ip: () => '192.0.2.10', body: Promise.resolve({}), startedAt: 0 });
      expect(answer.status).to.equal(503);
      expect(answer.body).to.deep.include({ statusCode: 503, message: 'The access cache is loading' });
      expect(keyChecks).to.deep.equal([]);
    });
  }
});
