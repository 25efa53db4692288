import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { X509Certificate } from 'node:crypto';
import { expect } from 'chai';
import { testCertificate } from '@wfm/testing/https-receiver';
import { startFakeApns, TEST_PASS_TYPE, walletTestCertificates, type FakeApns } from '../../../test-support/wallet.js';
import { ApnsClient } from './apns.client.js';

const TOKEN_A = 'a'.repeat(64);
const TOKEN_B = 'b'.repeat(64);
const NOW = Date.UTC(2026, 0, 5, 12, 0, 0);

/** APNs itself cannot be reached from tests: the client talks HTTP/2 to a local fake that asks for a client certificate as APNs does. */
describe('APNs client for pass updates (HTTP/2, certificate-based)', () => {
  let apns: FakeApns;
  const clients: ApnsClient[] = [];
  before(async () => {
    apns = await startFakeApns();
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
    apns.reply(() => ({ status: 200 }));
  });
  after(async () => apns.close());

  async function client(over: { url?: string; timeoutMs?: number } = {}) {
    const certs = await walletTestCertificates();
    const c = new ApnsClient({
      url: over.url ?? apns.url,
      topic: TEST_PASS_TYPE,
      cert: certs.signer.cert,
      key: certs.signer.key,
      passphrase: undefined,
      ca: (await testCertificate()).cert,
      timeoutMs: over.timeoutMs ?? 2000,
      now: () => NOW,
    });
    clients.push(c);
    return c;
  }

  it('pushes an empty payload to /3/device/<token> on the pass type topic, as a background push, with the pass-type certificate', async () => {
    const c = await client();
    const before = apns.requests.length;
    expect(await c.push([TOKEN_A])).to.deep.equal([{ pushToken: TOKEN_A, outcome: 'delivered' }]);
    const [req] = apns.requests.slice(before);
    expect(req).to.deep.include({ method: 'POST', path: `/3/device/${TOKEN_A}`, body: '{}' });
    expect(req!.headers).to.deep.include({ 'apns-topic': TEST_PASS_TYPE, 'apns-push-type': 'background', 'apns-priority': '5', 'content-type': 'application/json' });
    expect(req!.headers['apns-expiration']).to.equal(String(NOW / 1000 + 24 * 3600));
    expect(req!.clientCertificate).to.equal(new X509Certificate((await walletTestCertificates()).signer.cert).fingerprint256);
  });

  it('sends several pushes over one connection, and keeps it for the next call', async () => {
    const c = await client();
    const before = apns.requests.length;
    await c.push([TOKEN_A, TOKEN_B]);
    await c.push([TOKEN_A]);
    const sessions = new Set(apns.requests.slice(before).map((r) => r.session));
    expect(apns.requests.length - before).to.equal(3);
    expect(sessions.size).to.equal(1);
  });

  it('reads 410 and the token-is-gone 400 reasons as unregistered, other refusals as failures to retry', async () => {
    const answers: Record<string, { status: number; body?: object }> = {
      ['1'.repeat(64)]: { status: 410, body: { reason: 'Unregistered', timestamp: NOW } },
      ['2'.repeat(64)]: { status: 400, body: { reason: 'BadDeviceToken' } },
      ['3'.repeat(64)]: { status: 400, body: { reason: 'DeviceTokenNotForTopic' } },
      ['4'.repeat(64)]: { status: 400, body: { reason: 'BadTopic' } },
      ['5'.repeat(64)]: { status: 403, body: { reason: 'BadCertificate' } },
      ['6'.repeat(64)]: { status: 429, body: { reason: 'TooManyProviderRequestsForToken' } },
      ['7'.repeat(64)]: { status: 503, body: { reason: 'ServiceUnavailable' } },
    };
    apns.reply((token) => answers[token] ?? { status: 200 });
    const outcomes = await (await client()).push(Object.keys(answers));
    expect(outcomes).to.deep.equal([
      { pushToken: '1'.repeat(64), outcome: 'unregistered', status: 410, reason: 'Unregistered' },
      { pushToken: '2'.repeat(64), outcome: 'unregistered', status: 400, reason: 'BadDeviceToken' },
      { pushToken: '3'.repeat(64), outcome: 'unregistered', status: 400, reason: 'DeviceTokenNotForTopic' },
      { pushToken: '4'.repeat(64), outcome: 'failed', status: 400, reason: 'BadTopic' },
      { pushToken: '5'.repeat(64), outcome: 'failed', status: 403, reason: 'BadCertificate' },
      { pushToken: '6'.repeat(64), outcome: 'failed', status: 429, reason: 'TooManyProviderRequestsForToken' },
      { pushToken: '7'.repeat(64), outcome: 'failed', status: 503, reason: 'ServiceUnavailable' },
    ]);
  });

  it('gives up on a push with no answer within the timeout, without holding up the others', async () => {
    apns.reply((token) => (token === TOKEN_A ? 'hang' : { status: 200 }));
    const outcomes = await (await client({ timeoutMs: 300 })).push([TOKEN_A, TOKEN_B]);
    expect(outcomes).to.deep.equal([
      { pushToken: TOKEN_A, outcome: 'failed', status: null, reason: 'No answer within 300 ms' },
      { pushToken: TOKEN_B, outcome: 'delivered' },
    ]);
  });

  it('reports an unreachable APNs as a failure of each push', async () => {
    const closed: Server = createServer((s) => s.destroy());
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
    const c = await client({ url: `https://127.0.0.1:${(closed.address() as AddressInfo).port}` });
    const outcomes = await c.push([TOKEN_A, TOKEN_B]);
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(outcomes.map((o) => [o.outcome, 'status' in o ? o.status : 'n/a'])).to.deep.equal([
      ['failed', null],
      ['failed', null],
    ]);
  });

  it('connects afresh after APNs ended the connection, sending again a push the closing connection lost', async () => {
    const c = await client();
    const before = apns.requests.length;
    expect((await c.push([TOKEN_A]))[0]!.outcome).to.equal('delivered');
    apns.dropConnections();
    expect((await c.push([TOKEN_B]))[0]!.outcome).to.equal('delivered');
    const [first, second] = apns.requests.slice(before);
    expect(second!.session).to.not.equal(first!.session);
  });

  it('never puts a malformed push token into a request path', async () => {
    const before = apns.requests.length;
    const outcomes = await (await client()).push(['../../3/device/x', 'abc']);
    expect(outcomes.map((o) => o.outcome)).to.deep.equal(['unregistered', 'unregistered']);
    expect(apns.requests.length).to.equal(before);
  });
});
