import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { FlexibleRateLimiter, type RateLimiter } from './rate-limiter.js';
import { createRedis, type Redis } from './redis.js';
import { describeWithRedis } from '@wfm/testing/redis';
import { FaultProxy } from '@wfm/testing/fault-proxy';

function limiterContract(make: () => RateLimiter) {
  const rule = { points: 3, durationSeconds: 60 };

  it('allows up to the limit, counting down remaining, then refuses with a retry delay', async () => {
    const l = make();
    const key = randomUUID();
    const seen = [];
    for (let i = 0; i < 3; i++) seen.push(await l.consume('r', rule, key));
    expect(seen.map((o) => (o.allowed ? o.remaining : -1))).to.deep.equal([2, 1, 0]);
    const refused = await l.consume('r', rule, key);
    expect(refused.allowed).to.equal(false);
    if (!refused.allowed) expect(refused.retryAfterSeconds).to.be.within(1, 60);
  });

  it('counts each caller and each endpoint separately', async () => {
    const l = make();
    const a = randomUUID();
    for (let i = 0; i < 3; i++) await l.consume('r1', rule, a);
    expect((await l.consume('r1', rule, randomUUID())).allowed).to.equal(true);
    expect((await l.consume('r2', rule, a)).allowed).to.equal(true);
    expect((await l.consume('r1', rule, a)).allowed).to.equal(false);
  });
}

describe('FlexibleRateLimiter (memory store)', () => limiterContract(() => new FlexibleRateLimiter(null)));

describeWithRedis('FlexibleRateLimiter (Redis store)', (url) => {
  let redis: Redis;
  let redis2: Redis;
  before(async () => {
    redis = createRedis(url);
    redis2 = createRedis(url);
    // A client not yet connected is counted in memory by design (rejectIfRedisNotReady): wait for both.
    await Promise.all([redis, redis2].map((r) => (r.status === 'ready' ? undefined : new Promise((resolve) => r.once('ready', resolve)))));
  });
  after(() => {
    redis.disconnect();
    redis2.disconnect();
  });

  limiterContract(() => new FlexibleRateLimiter(redis, `rl-test-${randomUUID()}`));

  it('shares counts between instances (two API processes)', async () => {
    const prefix = `rl-test-${randomUUID()}`;
    const one = new FlexibleRateLimiter(redis, prefix);
    const two = new FlexibleRateLimiter(redis2, prefix);
    const rule = { points: 2, durationSeconds: 60 };
    await one.consume('r', rule, 'k');
    await two.consume('r', rule, 'k');
    expect((await one.consume('r', rule, 'k')).allowed).to.equal(false);
  });
});

/** A port on this host where nothing listens. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('FlexibleRateLimiter (Redis store, Redis unreachable)', () => {
  let redis: Redis;
  before(async () => {
    redis = createRedis(`redis://127.0.0.1:${await closedPort()}`);
    redis.on('error', () => undefined);
  });
  after(() => redis.disconnect());

  // Counted in this process's memory meanwhile: the same contract, per process.
  limiterContract(() => new FlexibleRateLimiter(redis, `rl-test-${randomUUID()}`));
});

describeWithRedis('FlexibleRateLimiter (Redis store, Redis stalls)', (url) => {
  let proxy: FaultProxy;
  let redis: Redis;
  before(async () => {
    const target = new URL(url);
    proxy = await FaultProxy.start({ host: target.hostname, port: Number(target.port || 6379) });
    target.hostname = '127.0.0.1';
    target.port = String(proxy.port);
    redis = createRedis(target.toString());
    redis.on('error', () => undefined);
    if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
  });
  after(async () => {
    redis.disconnect();
    await proxy.stop();
  });

  it('answers from process memory once Redis stops answering on an open connection', async () => {
    const l = new FlexibleRateLimiter(redis, `rl-test-${randomUUID()}`, 100);
    const rule = { points: 3, durationSeconds: 60 };
    const key = randomUUID();
    expect(await l.consume('r', rule, key)).to.include({ allowed: true, remaining: 2 });
    expect(await l.consume('r', rule, key)).to.include({ allowed: true, remaining: 1 });
    proxy.freeze();
    // Memory has not seen this caller yet: the window starts again there.
    expect(await l.consume('r', rule, key)).to.include({ allowed: true, remaining: 2 });
  });

  it('gives up on a command the stalled Redis never answers, instead of holding it in memory', async () => {
    proxy.freeze();
    let failure: unknown;
    await redis.ping().catch((err: unknown) => (failure = err));
    expect(String(failure)).to.match(/Command timed out/);
  });
});
