import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { createLogger } from '@wfm/core/logger';
import { ApiHarness } from '@wfm/api/test-support/harness';
import { createTenant, createUser } from '@wfm/testing/factories';
import { startTestReceiver, type ReceivedRequest, type TestReceiver } from '@wfm/testing/https-receiver';
import type { WebhookSettings } from '@wfm/webhooks/settings';
import { testSettings } from '@wfm/webhooks/test-support/fixtures';
import { startWebhookWorker, type WebhookWorker } from '@wfm/webhook-worker/worker';

export interface Delivered {
  event: string;
  tenantId: string;
  occurredAt: string;
  payload: Record<string, unknown>;
}

export interface HookedTenant {
  tenantId: string;
  /** The receiver path its subscription delivers to. */
  path: string;
  ownerId: string;
  /** The owner's access token; renew it after moving the clock past its lifetime. */
  ownerToken: string;
}

export interface EventDelivery {
  readonly h: ApiHarness;
  /** A GROWTH tenant subscribed (through POST /webhooks) to `events` at a path of its own. */
  hookedTenant(events: string[]): Promise<HookedTenant>;
  delivered(t: HookedTenant): Delivered[];
  /** The requests themselves, headers and all. */
  received(t: HookedTenant): ReceivedRequest[];
  /** Resolves with everything delivered to the tenant once at least `n` have arrived. */
  arrived(t: HookedTenant, n: number): Promise<Delivered[]>;
  /** Resolves when every event of the tenant has been turned into deliveries. */
  dispatched(t: HookedTenant): Promise<void>;
  /**
   * Runs `action`, then `sentinel` (which must record exactly one event the tenant subscribes to);
   * when the sentinel has arrived and all is dispatched, nothing but it may have been recorded or
   * delivered since `action` began. Returns the sentinel's delivery.
   */
  firesNothing(t: HookedTenant, action: () => Promise<void>, sentinel: () => Promise<void>): Promise<Delivered>;
}

/**
 * Registers, in the calling `describe`, the API on a database clone, a webhook worker on the same
 * database and a real HTTPS receiver both trust (the API for redeliveries): spec 03's events end to
 * end, as an integrator gets them. `sendTraceparent` switches WEBHOOK_SEND_TRACEPARENT on for both.
 */
export function eventDelivery(opts: Pick<Partial<WebhookSettings>, 'sendTraceparent'> = {}): EventDelivery {
  let receiver: TestReceiver;
  let worker: WebhookWorker;
  let caDir: string;
  const d = { h: undefined as unknown as ApiHarness } as EventDelivery & { h: ApiHarness };
  before(async () => {
    receiver = await startTestReceiver();
    caDir = mkdtempSync(join(tmpdir(), 'wfm-receiver-ca-'));
    const caFile = join(caDir, 'ca.pem');
    writeFileSync(caFile, receiver.ca);
    d.h = await ApiHarness.start(
      { WEBHOOK_ALLOWED_TARGETS: '127.0.0.1', WEBHOOK_CA_FILE: caFile, WEBHOOK_SEND_TRACEPARENT: String(opts.sendTraceparent ?? false) },
      { freshDatabase: true },
    );
    worker = await startWebhookWorker({
      dataSource: d.h.ds,
      databaseUrl: d.h.db.url,
      settings: testSettings({ extraCa: receiver.ca, sendTraceparent: opts.sendTraceparent ?? false }),
      dataEncryptionKey: d.h.config.dataEncryptionKey,
      logger: createLogger('test', 'silent'),
    });
  });
  after(async () => {
    await worker.stop();
    await d.h.stop();
    await receiver.close();
    rmSync(caDir, { recursive: true, force: true });
  });

  const countEvents = async (t: HookedTenant): Promise<number> => {
    const [{ n }] = await d.h.ds.query(`SELECT count(*)::int AS n FROM domain_events WHERE tenant_id = $1`, [t.tenantId]);
    return n;
  };
  d.hookedTenant = async (events) => {
    const t = await createTenant(d.h.ds, { plan: 'GROWTH' });
    const owner = await createUser(d.h.ds, t.id, { role: 'TENANT_OWNER' });
    const ownerToken = await d.h.tokenFor(owner);
    const path = `/hooks/${t.id}`;
    const sub = await d.h.request('POST', '/webhooks', { token: ownerToken, body: { name: 'Integration', url: receiver.url(path), events } });
    expect(sub.status, JSON.stringify(sub.body)).to.equal(201);
    return { tenantId: t.id, path, ownerId: owner.id, ownerToken };
  };
  d.received = (t) => receiver.requests.filter((r) => r.path === t.path);
  d.delivered = (t) => d.received(t).map((r) => JSON.parse(r.body) as Delivered);
  d.arrived = async (t, n) => {
    await receiver.waitFor((rs) => rs.filter((r) => r.path === t.path).length >= n);
    return d.delivered(t);
  };
  d.dispatched = async (t) => {
    for (;;) {
      await worker.idle();
      const [{ n }] = await d.h.ds.query(`SELECT count(*)::int AS n FROM domain_events WHERE tenant_id = $1 AND dispatched_at IS NULL`, [t.tenantId]);
      if (n === 0) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  d.firesNothing = async (t, action, sentinel) => {
    await d.dispatched(t);
    const before = d.delivered(t).length;
    const eventsBefore = await countEvents(t);
    await action();
    d.h.clock.advance(1000);
    await sentinel();
    const all = await d.arrived(t, before + 1);
    await d.dispatched(t);
    expect((await countEvents(t)) - eventsBefore, 'events recorded by the action and the sentinel').to.equal(1);
    expect(all.length - before, 'deliveries since the action').to.equal(1);
    return all[before]!;
  };
  return d;
}
