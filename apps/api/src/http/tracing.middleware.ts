import type { RequestHandler } from 'express';
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, contextFromCarrier, startSpan, tracingOn, withContext } from '@wfm/core/tracing';

/**
 * A server span per request, continuing a caller's W3C `traceparent`. It is named by the route
 * template once routing has matched one (`POST /api/v1/webhooks/:id/test`), never by the path
 * sent, and ends when the answer has gone or the client has left. Everything the request does
 * (its transactions, the events it writes) runs inside it.
 */
export function traceRequests(): RequestHandler {
  return (req, res, next) => {
    if (!tracingOn) return next();
    const parent = contextFromCarrier({ traceparent: req.get('traceparent'), tracestate: req.get('tracestate') }, ROOT_CONTEXT);
    const { span, context } = startSpan(req.method, { 'http.request.method': req.method, 'url.scheme': req.protocol }, { kind: SpanKind.SERVER, parent });
    res.once('close', () => {
      const template = (req as { route?: { path?: unknown } }).route?.path;
      if (typeof template === 'string') {
        const route = `${req.baseUrl}${template}`;
        span.updateName(`${req.method} ${route}`);
        span.setAttribute('http.route', route);
      }
      span.setAttribute('http.response.status_code', res.statusCode);
      if (req.ctx?.requestId) span.setAttribute('wfm.request_id', req.ctx.requestId);
      if (!res.writableFinished) span.setAttribute('error.type', 'client_closed');
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    withContext(context, next);
  };
}
