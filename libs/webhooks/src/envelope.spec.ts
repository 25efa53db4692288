import { expect } from 'chai';
import { serializeEnvelope } from './envelope.js';

describe('webhook envelope', () => {
  it('serialises event, tenantId, occurredAt (ISO UTC) and payload, in that order', () => {
    const body = serializeEnvelope({
      event: 'user.terminated',
      tenantId: 't-1',
      occurredAt: new Date('2026-01-05T10:00:00+01:00'),
      payload: { tenantId: 't-1', userId: 'u-1' },
    });
    expect(body).to.equal('{"event":"user.terminated","tenantId":"t-1","occurredAt":"2026-01-05T09:00:00.000Z","payload":{"tenantId":"t-1","userId":"u-1"}}');
  });

  it('normalises a string timestamp and keeps a test payload without tenantId', () => {
    const body = JSON.parse(serializeEnvelope({ event: 'webhook.test', tenantId: 't-1', occurredAt: '2026-01-05T09:00:00Z', payload: { message: 'hi', testedBy: 'u-1' } }));
    expect(body).to.deep.equal({ event: 'webhook.test', tenantId: 't-1', occurredAt: '2026-01-05T09:00:00.000Z', payload: { message: 'hi', testedBy: 'u-1' } });
  });
});
