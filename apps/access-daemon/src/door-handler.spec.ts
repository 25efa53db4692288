import { expect } from 'chai';
import { ServiceUnavailableError, UnauthorizedError } from '@wfm/core/errors';
import { createLogger } from '@wfm/core/logger';
import { tracedSuite } from '@wfm/testing/tracing';
import { doorHandler, type DaemonRoutes, type DoorPath } from './server.js';
import type { VerifyResponse } from './verify/verify.service.js';

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

describe('door routes traced', () => {
  const exporter = tracedSuite();

  function servingDaemon(answer: VerifyResponse) {
    const routes: DaemonRoutes = {
      loading: () => null,
      authenticate: async () => ({ tenantId: '6c0c1d36-4b7f-4d4c-9d55-5b1a3f0e2a10' }),
      freshness: () => null,
      verify: async () => answer,
      heartbeat: async () => {},
      health: () => ({ status: 200, body: { status: 'ok' } }),
    };
    return doorHandler(routes, createLogger('t', 'silent'));
  }
  const credentialId = 'eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJzZWNyZXQtcGVyc29uIn0.c2ln';
  const tap = (traceparent?: string) => ({ authorization: 'Bearer mk_x', ip: () => '192.0.2.10', body: Promise.resolve({ credentialId, readerId: 'front-door-1' }), startedAt: 0, traceparent });

  it('a verify is a server span carrying the decision and the deny reason, and nothing of the person or credential', async () => {
    const answer = await servingDaemon({ decision: 'DENY', reason: 'Access expired' })('/access/verify', tap());
    expect(answer.status).to.equal(200);
    const [span, ...more] = exporter.getFinishedSpans();
    expect(more).to.have.length(0);
    expect(span!.name).to.equal('POST /api/v1/access/verify');
    expect(span!.attributes).to.deep.equal({
      'http.request.method': 'POST',
      'http.route': '/api/v1/access/verify',
      'http.response.status_code': 200,
      'access.decision': 'DENY',
      'access.deny_reason': 'Access expired',
    });
  });

  it('a grant names no user, continues the caller\'s traceparent, and a heartbeat gets a span of its own', async () => {
    const handler = servingDaemon({ decision: 'GRANT', userId: '0b7e3c7c-1f0e-4a47-9a55-2c9d8f1b6e01', userName: 'Alice Example', zoneId: 'z', zoneName: 'Lobby' });
    const caller = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    await handler('/access/verify', tap(caller));
    await handler('/access/reader-heartbeat', { ...tap(), body: Promise.resolve({ readerId: 'front-door-1', firmwareVersion: '2.4.1', ipAddress: '10.0.4.17' }) });
    const [verify, heartbeat] = exporter.getFinishedSpans();
    expect(verify!.spanContext().traceId).to.equal('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(verify!.parentSpanContext?.spanId).to.equal('00f067aa0ba902b7');
    expect(verify!.attributes['access.decision']).to.equal('GRANT');
    expect(JSON.stringify(verify!.attributes)).to.not.match(/Alice|0b7e3c7c|secret|eyJ/);
    expect(heartbeat!.name).to.equal('POST /api/v1/access/reader-heartbeat');
    expect(heartbeat!.attributes).to.include({ 'http.response.status_code': 200 });
    expect(heartbeat!.attributes).to.not.have.property('access.decision');
  });
});
