import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { SecretHasher, uuid } from '@wfm/core/crypto';
import { createLogger } from '@wfm/core/logger';
import { FlexibleRateLimiter } from '@wfm/memory/rate-limiter';
import { createRedis, type Redis } from '@wfm/memory/redis';
import { describeWithRedis } from '@wfm/testing/redis';
import type { MessagingTransport, TextMessage } from '../../notifications/messaging/messaging.transport.js';
import { LimitedLinkTexts } from './link-text-limits.js';

describeWithRedis('link text limits across API processes (Redis store)', (url) => {
  let redis: Redis[];
  before(async () => {
    redis = [createRedis(url), createRedis(url)];
    // A client not yet connected counts in memory by design: wait for both.
    await Promise.all(redis.map((r) => (r.status === 'ready' ? undefined : new Promise((resolve) => r.once('ready', resolve)))));
  });
  after(() => redis.forEach((r) => r.disconnect()));

  it('counts one number’s texts in the shared store, whichever process sends them, under a key that does not hold the number', async () => {
    const prefix = `rl-test-${randomUUID()}`;
    const sent: string[] = [];
    const provider: MessagingTransport = { send: async (m) => (sent.push(m.to), { accepted: true }) };
    const secrets = new SecretHasher('pepper-pepper-pepper');
    const limits = { perNumberPerHour: 2, perTenantPerDay: 100 };
    const [one, two] = redis.map((r) => new LimitedLinkTexts(provider, new FlexibleRateLimiter(r, prefix), limits, secrets, createLogger('test', 'silent')));
    const text = (to: string): TextMessage => ({ tenantId: uuid(), to, text: 'Workforce Platform: reset link', about: { purpose: 'PASSWORD_RESET', id: uuid() } });

    expect(await one!.send(text('+447700900601'))).to.deep.equal({ accepted: true });
    expect(await two!.send(text('+447700900601'))).to.deep.equal({ accepted: true });
    expect(await one!.send(text('+447700900601'))).to.deep.equal({ accepted: false });
    expect(await two!.send(text('+447700900602'))).to.deep.equal({ accepted: true });
    expect(sent).to.deep.equal(['+447700900601', '+447700900601', '+447700900602']);
    expect({ one: one!.withheld(), two: two!.withheld() }).to.deep.equal({ one: { per_number: 1, per_tenant: 0 }, two: { per_number: 0, per_tenant: 0 } });

    const keys = await redis[0]!.keys(`${prefix}:*`);
    expect(keys.some((k) => k.includes('link-texts-number'))).to.equal(true);
    expect(keys.filter((k) => k.includes('7700900601'))).to.deep.equal([]);
  });
});
