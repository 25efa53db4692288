import { expect } from 'chai';
import { createLogger } from '@wfm/core/logger';
import { startDaemonServer, type DaemonServer } from './server.js';

describe('access daemon server (HTTP)', () => {
  let server: DaemonServer;
  let base: string;
  before(async () => {
    server = await startDaemonServer({ host: '127.0.0.1', port: 0, logger: createLogger('t', 'silent') });
    base = `http://127.0.0.1:${server.port}`;
  });
  after(() => server.close());

  it('answers its health probe', async () => {
    const res = await fetch(`${base}/health`);
    expect(res.status).to.equal(200);
    expect(await res.json()).to.deep.equal({ status: 'ok' });
  });

  it('answers an unknown route with the platform 404 body and a request id', async () => {
    const res = await fetch(`${base}/api/v1/nowhere`, { method: 'POST', headers: { 'x-request-id': 'r-1' } });
    expect(res.status).to.equal(404);
    expect(res.headers.get('x-request-id')).to.equal('r-1');
    expect(await res.json()).to.deep.equal({ message: 'Cannot POST /api/v1/nowhere', error: 'Not Found', statusCode: 404 });
  });
});
