import { expect } from 'chai';
import { checkEgress, parseAllowedTargets, type ResolvedAddress } from './egress.js';
import { WebhookSender } from './sender.js';
import { startTestReceiver, type TestReceiver } from '@wfm/testing/https-receiver';

describe('WebhookSender', () => {
  let receiver: TestReceiver;
  let sender: WebhookSender;

  before(async () => {
    receiver = await startTestReceiver();
  });
  after(async () => {
    await receiver.close();
  });
  beforeEach(() => {
    receiver.requests.length = 0;
    receiver.setHandler(() => ({ status: 200, body: 'ok' }));
    sender = new WebhookSender({ timeoutMs: 2000, ca: receiver.ca });
  });
  afterEach(() => {
    sender.close();
  });

  const headers = { 'Content-Type': 'application/json', 'X-Test': '1' };

  it('connects only to the address that passed the check: one lookup, none by the sender', async () => {
    const calls: string[] = [];
    const resolver = async (host: string): Promise<ResolvedAddress[]> => {
      calls.push(host);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    // receiver.test does not exist in DNS: the request can only arrive through the pinned address.
    const url = `https://receiver.test:${receiver.port}/in?a=1`;
    const checked = await checkEgress(url, { allowedTargets: parseAllowedTargets('127.0.0.1/32'), resolver });
    expect(checked.ok).to.equal(true);
    if (!checked.ok) return;
    const result = await sender.send({ url, body: '{"a":1}', headers, pinnedAddress: checked.address, family: checked.family });
    expect(result).to.deep.equal({ status: 200, bodyExcerpt: 'ok', error: null });
    expect(calls).to.deep.equal(['receiver.test']);
    expect(receiver.requests).to.have.length(1);
    expect(receiver.requests[0]).to.include({ method: 'POST', path: '/in?a=1', body: '{"a":1}' });
    expect(receiver.requests[0]!.headers).to.include({ 'content-type': 'application/json', 'x-test': '1', host: `receiver.test:${receiver.port}`, 'content-length': '7' });
  });

  it('ignores what the host name resolves to now: a pin to another address goes there', async () => {
    // localhost resolves to 127.0.0.1 where the receiver listens; the pin says 127.0.0.2, where nothing does.
    const result = await sender.send({ url: `https://localhost:${receiver.port}/`, body: '{}', headers, pinnedAddress: '127.0.0.2', family: 4 });
    expect(result.status).to.equal(0);
    expect(result.error).to.equal('Connection refused (ECONNREFUSED)');
    expect(receiver.requests).to.have.length(0);
  });

  it('still verifies the certificate against the URL host name', async () => {
    const wrongName = await sender.send({ url: `https://wrong.test:${receiver.port}/`, body: '{}', headers, pinnedAddress: '127.0.0.1', family: 4 });
    expect(wrongName.status).to.equal(0);
    expect(wrongName.error).to.equal('TLS handshake failed (ERR_TLS_CERT_ALTNAME_INVALID)');
    const untrusting = new WebhookSender({ timeoutMs: 2000 });
    const untrusted = await untrusting.send({ url: receiver.url('/'), body: '{}', headers, pinnedAddress: '127.0.0.1', family: 4 });
    untrusting.close();
    expect(untrusted.error).to.equal('TLS handshake failed (DEPTH_ZERO_SELF_SIGNED_CERT)');
    expect(receiver.requests).to.have.length(0);
  });

  it('does not follow redirects: the 3xx comes back as the result', async () => {
    receiver.setHandler((r) => (r.path === '/moved' ? { status: 301, headers: { location: '/elsewhere' } } : { status: 200 }));
    const result = await sender.send({ url: receiver.url('/moved'), body: '{}', headers, pinnedAddress: '127.0.0.1', family: 4 });
    expect(result).to.deep.equal({ status: 301, bodyExcerpt: '', error: null });
    expect(receiver.requests.map((r) => r.path)).to.deep.equal(['/moved']);
  });

  it('times out a receiver that does not answer in time', async () => {
    const quick = new WebhookSender({ timeoutMs: 150, ca: receiver.ca });
    receiver.setHandler(() => 'hang');
    const result = await quick.send({ url: receiver.url(), body: '{}', headers, pinnedAddress: '127.0.0.1', family: 4 });
    quick.close();
    receiver.releaseHung();
    expect(result).to.deep.equal({ status: 0, bodyExcerpt: '', error: 'Timed out after 150 ms' });
  });

  it('reports a closed connection as an error', async () => {
    // A loaded machine can take longer than the shared sender's 2 s to reach the reset; this case is
    // about how the reset is named, so its deadline is far away.
    const patient = new WebhookSender({ timeoutMs: 60_000, ca: receiver.ca });
    receiver.setHandler(() => 'destroy');
    const result = await patient.send({ url: receiver.url(), body: '{}', headers, pinnedAddress: '127.0.0.1', family: 4 });
    patient.close();
    expect(result.status).to.equal(0);
    expect(result.error).to.equal('Connection reset (ECONNRESET)');
  });

  it('names a connection failure by its code, never by the address it went to', async () => {
    const closed = await startTestReceiver();
    await closed.close();
    // A name the sender was told resolves to 127.0.0.1: Node's own message would say "connect ECONNREFUSED 127.0.0.1:<port>".
    const result = await sender.send({ url: `https://receiver.test:${closed.port}/`, body: '{}', headers, pinnedAddress: '127.0.0.1', family: 4 });
    expect(result).to.deep.equal({ status: 0, bodyExcerpt: '', error: 'Connection refused (ECONNREFUSED)' });
  });

  it('keeps the connection alive between sends to the same receiver', async () => {
    for (let i = 0; i < 3; i++) {
      const r = await sender.send({ url: receiver.url(), body: `{"i":${i}}`, headers, pinnedAddress: '127.0.0.1', family: 4 });
      expect(r.status).to.equal(200);
    }
    expect(new Set(receiver.requests.map((r) => r.socketId)).size).to.equal(1);
  });

  it('keeps the first 500 characters of a long body', async () => {
    receiver.setHandler(() => ({ status: 500, body: 'x'.repeat(100_000) }));
    const result = await sender.send({ url: receiver.url(), body: '{}', headers, pinnedAddress: '127.0.0.1', family: 4 });
    expect(result.status).to.equal(500);
    expect(result.bodyExcerpt).to.equal('x'.repeat(500));
    expect(result.error).to.equal(null);
  });
});
