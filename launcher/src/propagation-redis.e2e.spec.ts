import { expect } from 'chai';
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { loadApiConfig } from '@wfm/api/config';
import { describeWithRedis } from '@wfm/testing/redis';
import { building, call, caughtUp, readYourWrites, redisStack, setUp, tap, type Stack } from './test-support/propagation.js';

/** Read-your-writes (issue 10) with two daemons and the API each on its own Redis connections. */
describeWithRedis('read-your-writes for access changes: two daemons over Redis', (url) => {
  describe('every change kind', function () {
    this.timeout(120_000);
    readYourWrites(() => redisStack(url));
  });

  describe('a daemon that stops answering (SIGSTOP)', function () {
    this.timeout(60_000);
    let stack: Stack;
    let child: ChildProcess;

    before(async () => {
      const namespace = `test-${randomUUID()}`;
      stack = await redisStack(url, namespace, loadApiConfig({}).accessPropagationTimeoutMs);
      const require = createRequire(import.meta.url);
      child = fork(require.resolve('@wfm/access-daemon/test-support/daemon-child'), [], {
        env: { ...process.env, DATABASE_URL: stack.db.url, REDIS_URL: url, TEST_REGISTRY_NAMESPACE: namespace },
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      });
      const started = await new Promise<{ id: string }>((resolve, reject) => {
        child.once('message', (m) => resolve(m as { id: string }));
        child.once('exit', (code) => reject(new Error(`the daemon child exited (${code})`)));
      });
      await stack.apiBus.daemons.watch();
      for (let i = 0; i < 200 && !stack.apiBus.daemons.live().includes(started.id); i++) await new Promise((r) => setTimeout(r, 10));
      expect(stack.apiBus.daemons.live()).to.include(started.id);
    });
    after(async () => {
      child.kill('SIGCONT');
      child.kill('SIGKILL');
      await stack.close();
    });

    it('the change answers 2xx with X-Access-Propagation: partial, and the API goes on serving', async () => {
      const b = await building(stack, setUp);
      const staff = await b.staff('Paula Partial');
      const zone = await setUp(stack.api, 'POST', '/access/zones', b.adminToken, { name: 'Partial', readerIds: ['pp-1', 'pp-2'] });
      const grant = await setUp(stack.api, 'POST', '/access/grants', b.adminToken, { userId: staff.id, zoneId: zone.id });
      // The set-up answers may have been partial on a loaded machine: start from daemons that hold it all.
      await caughtUp(stack, b.tenantId);
      child.kill('SIGSTOP');
      const revoked = await call(stack.api, 'POST', `/access/grants/${grant.id}/revoke`, b.adminToken, {});
      expect(revoked.status).to.equal(200);
      expect(revoked.propagation).to.equal('partial');
      // The daemons still answering have the change (at once as a rule; the wait only absorbs a loaded machine).
      await caughtUp(stack, b.tenantId);
      for (const d of stack.daemons) expect(await tap(d, b.readerKey, staff.credentials[0]!, 'pp-2')).to.equal('DENY: No access to this zone');
      const again = await call(stack.api, 'POST', '/access/grants', b.adminToken, { userId: staff.id, zoneId: zone.id });
      expect(again.status).to.equal(201);
      expect(again.propagation).to.equal('partial');
      expect((await call(stack.api, 'GET', '/access/zones', b.adminToken)).status).to.equal(200);
    });
  });
});
