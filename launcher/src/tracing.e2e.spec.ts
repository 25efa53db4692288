import { expect } from 'chai';
import { tracedSuite } from '@wfm/testing/tracing';
import { eventDelivery } from './test-support/event-delivery.js';

/** Issue 32: one trace from a developer's API request to the webhook worker's attempt at the receiver. */
describe('a trace from an API request to the webhook delivery it causes', () => {
  const exporter = tracedSuite();
  const d = eventDelivery({ sendTraceparent: true });

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

    const spans = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
    const named = (name: string) => spans.filter((s) => s.name === name);
    const [server] = named('POST /api/v1/users');
    expect(server, spans.map((s) => s.name).join(', ')).to.not.equal(undefined);
    expect(server!.parentSpanContext?.spanId).to.equal(callerSpan);
    expect(server!.attributes).to.include({ 'http.route': '/api/v1/users', 'http.response.status_code': 201, 'wfm.request_id': 'trace-e2e-1' });
    const writing = named('db.transaction').filter((s) => s.parentSpanContext?.spanId === server!.spanContext().spanId);
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
});
