import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { bodySignature, generateWebhookSecret, signedHeaders, standardSignature, verifyBodySignature, verifyStandardSignature } from './signing.js';

describe('webhook signing', () => {
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
  const body = '{"event":"user.created","tenantId":"t","occurredAt":"2026-01-05T09:00:00.000Z","payload":{}}';
  const at = new Date('2026-01-05T09:00:07.900Z');

  it('generates whsec_ secrets carrying 32 random bytes in standard base64', () => {
    const a = generateWebhookSecret();
    expect(a).to.match(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(a.slice(6), 'base64')).to.have.length(32);
    expect(generateWebhookSecret()).to.not.equal(a);
  });

  it('X-Service-Signature is the hex HMAC-SHA256 of the raw body keyed by the whole secret string', () => {
    const expected = createHmac('sha256', secret).update(body).digest('hex');
    expect(bodySignature(secret, body)).to.equal(`sha256=${expected}`);
    expect(verifyBodySignature(secret, body, `sha256=${expected}`)).to.equal(true);
    expect(verifyBodySignature('whsec_other', body, `sha256=${expected}`)).to.equal(false);
    expect(verifyBodySignature(secret, body + ' ', `sha256=${expected}`)).to.equal(false);
    expect(verifyBodySignature(secret, body, undefined)).to.equal(false);
  });

  it('webhook-signature follows Standard Webhooks: base64 HMAC of id.timestamp.body keyed by the decoded secret', () => {
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key).update(`msg_1.1767603607.${body}`).digest('base64');
    expect(standardSignature(secret, 'msg_1', 1767603607, body)).to.equal(`v1,${expected}`);
  });

  it('signs a delivery with the spec headers, the delivery id and the attempt time', () => {
    const h = signedHeaders({ secret, body, event: 'user.created', deliveryId: 'd-1', messageId: 'unused', at });
    expect(h).to.deep.equal({
      'Content-Type': 'application/json',
      'User-Agent': 'Service-Webhook/1.0',
      'X-Service-Event': 'user.created',
      'X-Service-Signature': bodySignature(secret, body),
      'X-Service-Delivery': 'd-1',
      'webhook-id': 'd-1',
      'webhook-timestamp': '1767603607',
      'webhook-signature': standardSignature(secret, 'd-1', 1767603607, body),
    });
  });

  it('the test event has no X-Service-Delivery; webhook-id is the message id', () => {
    const h = signedHeaders({ secret, body, event: 'webhook.test', deliveryId: null, messageId: 'm-9', at });
    expect(h).to.not.have.property('X-Service-Delivery');
    expect(h['webhook-id']).to.equal('m-9');
  });

  it('verifies a Standard Webhooks signature within the tolerance only, and with the right secret only', () => {
    const h = signedHeaders({ secret, body, event: 'user.created', deliveryId: 'd-1', messageId: 'x', at });
    const headers = { id: h['webhook-id'], timestamp: h['webhook-timestamp'], signature: `v1,bogus ${h['webhook-signature']}` };
    expect(verifyStandardSignature(secret, body, headers, at)).to.equal(true);
    expect(verifyStandardSignature(secret, body, headers, new Date(at.getTime() + 299_000))).to.equal(true);
    expect(verifyStandardSignature(secret, body, headers, new Date(at.getTime() + 301_000))).to.equal(false);
    expect(verifyStandardSignature(generateWebhookSecret(), body, headers, at)).to.equal(false);
    expect(verifyStandardSignature(secret, body, { ...headers, id: 'd-2' }, at)).to.equal(false);
    expect(verifyStandardSignature(secret, body, { ...headers, timestamp: 'abc' }, at)).to.equal(false);
  });
});
