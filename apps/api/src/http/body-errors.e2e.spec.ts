import { expect } from 'chai';
import { gzipSync } from 'node:zlib';
import { ApiHarness } from '../test-support/harness.js';

describe('requests the parsers cannot read are 400/413, never 500', () => {
  let h: ApiHarness;
  before(async () => {
    h = await ApiHarness.start();
  });
  after(async () => h.stop());

  const login = (headers: Record<string, string>, body: Buffer | string) => fetch(`${h.baseUrl}/auth/login`, { method: 'POST', headers, body: typeof body === 'string' ? body : new Uint8Array(body) });

  for (const [label, encoding, body] of [
    ['gzip over bytes that are not gzip', 'gzip', Buffer.from('{"identifier":"a@example.test","password":"x"}')],
    ['a truncated gzip stream', 'gzip', gzipSync('{"identifier":"a@example.test","password":"x"}').subarray(0, 12)],
    ['deflate over garbage', 'deflate', Buffer.from('garbage')],
    ['br over garbage', 'br', Buffer.from('garbage')],
  ] as const) {
    it(`${label}: 400 with the validation body shape`, async () => {
      const res = await login({ 'content-type': 'application/json', 'content-encoding': encoding }, body);
      expect(res.status).to.equal(400);
      expect(await res.json()).to.deep.equal({ message: ['Request body could not be decompressed'], error: 'Bad Request', statusCode: 400 });
    });
  }

  it('a well-formed gzip body is still read', async () => {
    const res = await login({ 'content-type': 'application/json', 'content-encoding': 'gzip' }, gzipSync('{"identifier":"nobody@example.test","password":"wrong-password"}'));
    expect(res.status).to.equal(401);
  });

  it('a form with more fields than the parser accepts is 413', async () => {
    const form = Array.from({ length: 1001 }, (_, i) => `f${i}=x`).join('&');
    const res = await login({ 'content-type': 'application/x-www-form-urlencoded' }, form);
    expect(res.status).to.equal(413);
    expect(await res.json()).to.deep.equal({ message: 'Request body is too large', error: 'Payload Too Large', statusCode: 413 });
  });

  for (const [label, open, close] of [
    ['objects', '{"a":', '}'],
    ['arrays', '[', ']'],
  ] as const) {
    it(`JSON ${label} nested past 32 levels are 400, at 5,000 and at 100,000 levels too; 32 levels are read`, async () => {
      for (const depth of [33, 5_000, 100_000]) {
        const res = await login({ 'content-type': 'application/json' }, open.repeat(depth) + '1' + close.repeat(depth));
        expect(res.status, String(depth)).to.equal(400);
        expect(await res.json()).to.deep.equal({ message: ['Request body nests more than 32 levels deep'], error: 'Bad Request', statusCode: 400 });
      }
      const res = await login({ 'content-type': 'application/json' }, `{"identifier":"a@example.test","password":"x","extra":${open.repeat(31)}1${close.repeat(31)}}`);
      expect(await res.json()).to.deep.equal({ message: ['property extra should not exist'], error: 'Bad Request', statusCode: 400 });
    });
  }

  it('a path parameter with a malformed %-escape is 400, not 500', async () => {
    const res = await fetch(`${h.baseUrl}/users/%E0%A4%A`);
    expect(res.status).to.equal(400);
    expect(await res.json()).to.deep.equal({ message: ['Malformed percent-encoding in the URL'], error: 'Bad Request', statusCode: 400 });
  });
});
