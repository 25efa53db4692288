import type { RequestHandler } from 'express';
import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { redactUrl } from '@wfm/core/redact-url';
import type { RequestLogWriter } from './request-log.writer.js';

/** Longer paths are cut: the log is for finding a call, and a row must stay small. */
const MAX_PATH = 2048;

/**
 * Records each request that a developer credential authenticated, once its answer has ended (or its
 * client has gone: 499, as in the metrics). What is recorded is what the server log shows of it:
 * the redacted path without the query string, never a body or a header.
 */
export function captureDeveloperRequests(writer: RequestLogWriter, clock: Clock): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const at = clock.now();
    res.once('close', () => {
      const p = req.ctx.principal;
      if (p?.kind !== 'developer') return;
      const route = (req as { route?: { path?: unknown } }).route?.path;
      const status = res.writableFinished ? res.statusCode : 499;
      writer.record({
        id: uuid(),
        tenantId: p.tenantId,
        credentialKind: p.credential === 'api_key' ? 'API_KEY' : 'OAUTH_CLIENT',
        credentialId: p.credentialId,
        method: req.method,
        path: redactUrl(req.originalUrl).slice(0, MAX_PATH),
        route: typeof route === 'string' ? route : null,
        status,
        durationMs: Math.round(performance.now() - started),
        requestId: req.ctx.requestId,
        errorCode: status >= 400 ? (res.locals.errorCode ?? null) : null,
        occurredAt: at,
      });
    });
    next();
  };
}
