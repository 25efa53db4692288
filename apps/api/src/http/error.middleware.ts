import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { BadRequestError, HttpError, InternalServerError, NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError } from '@wfm/core/errors';
import type { Logger } from '@wfm/core/logger';
import { redactUrl } from '@wfm/core/redact-url';

interface BodyParserError {
  type?: string;
  status?: number;
  expose?: boolean;
  errno?: number;
}

/** A 400 for a request whose bytes cannot be read at all, before any field is looked at (SCIM's invalidSyntax). */
export class UnreadableRequestError extends BadRequestError {
  constructor(message: string) {
    super([message]);
  }
}

/** body-parser signals its failures with a `type`; map them onto the platform's errors. */
function fromBodyParser(err: BodyParserError): HttpError | null {
  // A body that fails to inflate (Content-Encoding gzip, deflate or br over bytes that are not) is
  // the zlib error itself, marked 400 by body-parser but given no type.
  if (err.type === undefined && err.status === 400 && err.expose === true && typeof err.errno === 'number') {
    return new UnreadableRequestError('Request body could not be decompressed');
  }
  switch (err.type) {
    case 'entity.parse.failed':
      return new UnreadableRequestError('Malformed JSON in request body');
    case 'entity.too.large':
    case 'parameters.too.many':
      return new PayloadTooLargeError();
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new UnsupportedMediaTypeError('Unsupported request encoding');
    case 'request.aborted':
      return new UnreadableRequestError('Request aborted');
    default:
      return null;
  }
}

/**
 * The platform error for anything a request can make Express or its parsers throw, or null for a
 * fault of the server. The router marks a path parameter with a malformed %-escape as a 400 URIError.
 */
export function toHttpError(err: unknown): HttpError | null {
  if (err instanceof HttpError) return err;
  if (err instanceof URIError && (err as BodyParserError).status === 400) return new UnreadableRequestError('Malformed percent-encoding in the URL');
  return err !== null && typeof err === 'object' ? fromBodyParser(err as BodyParserError) : null;
}

/** Deeper than any body the API reads, and shallow enough that the recursive walks after parsing (validation) cannot overflow the stack. */
export const MAX_JSON_DEPTH = 32;

/** True when arrays and objects in `value` nest more than `max` deep; iterative, so any depth is safe to measure. */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

/** Goes after the JSON parser: a parsed body nested past MAX_JSON_DEPTH is a 400, not a stack overflow later. */
export function refuseDeepJson(): RequestHandler {
  return (req, _res, next) => {
    const body: unknown = req.body;
    if (body !== null && typeof body === 'object' && !Buffer.isBuffer(body) && nestedDeeperThan(body, MAX_JSON_DEPTH)) {
      return next(new UnreadableRequestError(`Request body nests more than ${MAX_JSON_DEPTH} levels deep`));
    }
    next();
  };
}

export function notFound(): RequestHandler {
  return (req, _res, next) => next(new NotFoundError(`Cannot ${req.method} ${req.originalUrl.split('?')[0]}`));
}

/** The machine-readable part of an error answer (`code`, else `error`), kept for the developer request log. */
function errorCodeOf(err: HttpError): string | null {
  const body = err.body();
  return typeof body.code === 'string' ? body.code : typeof body.error === 'string' ? body.error : null;
}

/** Writes an error's status and body; headers are already set. */
export type ErrorWriter = (res: Response, err: HttpError) => void;

const platformBody: ErrorWriter = (res, err) => res.status(err.status).json(err.body());

/**
 * The one error middleware: every failure becomes exactly the body spec 01 prescribes (or, for a
 * prefix with a format of its own, what `write` makes of it). Anything unexpected is logged with
 * its request id and answered as a bare 500: no stack, no SQL.
 */
export function errorHandler(logger: Logger, write: ErrorWriter = platformBody): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    let httpErr = toHttpError(err);
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
    res.locals.errorCode = errorCodeOf(httpErr);
    write(res, httpErr);
  };
}
