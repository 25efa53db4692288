import { expect } from 'chai';
import { tracedSuite } from '@wfm/testing/tracing';
import { eventDelivery } from './test-support/event-delivery.js';

/** Issue 32: one trace from a developer's API request to the webhook worker's attempt at the receiver. */
describe('a trace from an API request to the webhook delivery it causes', () => {
  const exporter = tracedSuite();
  const d = eventDelivery({ sendTraceparent: true });
  /** A server span ends when its response has gone, which the client may see a moment before: wait for it. */
  async function ended(name: string) {
    for (;;) {
      const span = exporter.getFinishedSpans().find((s) => s.name === name);
      if (span) return span;
      await new Promise((r) => setImmediate(r));
    }
  }

  it('the request, its transaction, the outbox event and the worker\'s attempt share one trace, which the receiver is told of', async () => {
    const t = await d.hookedTenant(['user.created']);
    exporter.reset();
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpan = '00f067aa0ba902b7';
    const created = await d.h.request('POST', '/users', {
      token: t.ownerToken,
      headers: { traceparent: `00-${traceId}-${callerSpan}-01`, 'x-request-id': 'trace-e2e-1' },
      body: { fullName: 'Nia New', email: 'nia@example.test', role: 'STAFF' },
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const [delivered] = await d.arrived(t, 1);
    expect(delivered!.payload).to.include({ userId: created.body.id });
    await d.dispatched(t);

    const server = await ended('POST /api/v1/users');
    const spans = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
    const named = (name: string) => spans.filter((s) => s.name === name);
    expect(server.parentSpanContext?.spanId).to.equal(callerSpan);
    expect(server.attributes).to.include({ 'http.route': '/api/v1/users', 'http.response.status_code': 201, 'wfm.request_id': 'trace-e2e-1' });
    const writing = named('db.transaction').filter((s) => s.parentSpanContext?.spanId === server.spanContext().spanId);
    expect(writing).to.not.have.length(0);

    const [event] = await d.h.ds.query(`SELECT id, traceparent FROM domain_events WHERE tenant_id = $1 AND type = 'user.created'`, [t.tenantId]);
    const eventParent = (event.traceparent as string).split('-')[2];
    expect(writing.map((s) => s.spanContext().spanId)).to.include(eventParent);

    const [attempt, ...more] = named('webhook.attempt');
    expect(more).to.have.length(0);
    expect(attempt!.parentSpanContext?.spanId).to.equal(eventParent);
    expect(attempt!.attributes).to.include({ 'webhook.event.id': event.id, 'webhook.event.type': 'user.created', 'webhook.attempt': 1, 'webhook.outcome': 'success' });
    expect(d.received(t)[0]!.headers.traceparent).to.equal(`00-${traceId}-${attempt!.spanContext().spanId}-01`);
  });

  it('a redelivery is an attempt of the request that asked for it, linked to the trace that wrote the event', async () => {
    const t = await d.hookedTenant(['user.created']);
    const created = await d.h.request('POST', '/users', {
      token: t.ownerToken,
      headers: { traceparent: '00-11111111111111111111111111111111-2222222222222222-01' },
      body: { fullName: 'Ola Other', email: 'ola@example.test', role: 'STAFF' },
    });
    expect(created.status).to.equal(201);
    await d.arrived(t, 1);
    await d.dispatched(t);
    const [delivery] = await d.h.ds.query(`SELECT id, traceparent FROM webhook_deliveries WHERE tenant_id = $1`, [t.tenantId]);
    exporter.reset();

    const again = await d.h.request('POST', `/webhooks/deliveries/${delivery.id}/redeliver`, {
      token: t.ownerToken,
      headers: { traceparent: '00-33333333333333333333333333333333-4444444444444444-01' },
    });
    expect(again.status, JSON.stringify(again.body)).to.equal(201);
    await d.arrived(t, 2);

    const server = await ended('POST /api/v1/webhooks/deliveries/:deliveryId/redeliver');
    const [attempt] = exporter.getFinishedSpans().filter((s) => s.name === 'webhook.attempt');
    expect(server.spanContext().traceId).to.equal('33333333333333333333333333333333');
    expect(attempt!.spanContext().traceId).to.equal('33333333333333333333333333333333');
    expect(attempt!.parentSpanContext?.spanId).to.equal(server.spanContext().spanId);
    expect(attempt!.links.map((l) => `00-${l.context.traceId}-${l.context.spanId}-01`)).to.deep.equal([delivery.traceparent]);
    expect(attempt!.attributes).to.include({ 'webhook.delivery.id': delivery.id, 'webhook.attempt': 2, 'webhook.outcome': 'success' });
    expect(d.received(t)[1]!.headers.traceparent).to.equal(`00-33333333333333333333333333333333-${attempt!.spanContext().spanId}-01`);
  });
});
