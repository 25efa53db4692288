import type { ErrorRequestHandler, RequestHandler } from 'express';
import { BadRequestError, HttpError, InternalServerError, NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError } from '@wfm/core/errors';
import type { Logger } from '@wfm/core/logger';
import { redactUrl } from './request-log.js';

interface BodyParserError {
  type?: string;
  status?: number;
  expose?: boolean;
  errno?: number;
}

/** body-parser signals its failures with a `type`; map them onto the platform's errors. */
function fromBodyParser(err: BodyParserError): HttpError | null {
  // A body that fails to inflate (Content-Encoding gzip, deflate or br over bytes that are not) is
  // the zlib error itself, marked 400 by body-parser but given no type.
  if (err.type === undefined && err.status === 400 && err.expose === true && typeof err.errno === 'number') {
    return new BadRequestError(['Request body could not be decompressed']);
  }
  switch (err.type) {
    case 'entity.parse.failed':
      return new BadRequestError(['Malformed JSON in request body']);
    case 'entity.too.large':
    case 'parameters.too.many':
      return new PayloadTooLargeError();
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new UnsupportedMediaTypeError('Unsupported request encoding');
    case 'request.aborted':
      return new BadRequestError(['Request aborted']);
    default:
      return null;
  }
}

export function notFound(): RequestHandler {
  return (req, _res, next) => next(new NotFoundError(`Cannot ${req.method} ${req.originalUrl.split('?')[0]}`));
}

/**
 * The one error middleware: every failure becomes exactly the body spec 01 prescribes. Anything
 * unexpected is logged with its request id and answered as a bare 500: no stack, no SQL.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    let httpErr = err instanceof HttpError ? err : fromBodyParser(err as BodyParserError);
    if (!httpErr) {
      logger.error({ err, requestId: req.ctx?.requestId, method: req.method, url: redactUrl(req.originalUrl) }, 'unhandled error');
      httpErr = new InternalServerError();
    }
    if (res.headersSent) return res.end();
    if (httpErr.status === 429) {
      // Spec 01: a throttled response carries Retry-After and none of the X-RateLimit headers.
      res.removeHeader('X-RateLimit-Limit');
      res.removeHeader('X-RateLimit-Remaining');
      res.removeHeader('X-RateLimit-Reset');
    }
    for (const [k, v] of Object.entries(httpErr.headers())) res.setHeader(k, v);
    res.status(httpErr.status).json(httpErr.body());
  };
}
