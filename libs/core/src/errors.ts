/**
 * One error hierarchy for every app. Each class knows its status and the exact body
 * spec 01's Errors table prescribes, so the error middleware never has to branch on type.
 */
export type ErrorBody = Record<string, unknown>;

export abstract class HttpError extends Error {
  abstract readonly status: number;
  /** Extra response headers (e.g. Retry-After). */
  headers(): Record<string, string> {
    return {};
  }
  abstract body(): ErrorBody;
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** `{message, error, statusCode}`: the shape of every error that is not 401, 429 or 500. */
abstract class StandardHttpError extends HttpError {
  /** Machine-readable value for `error`; defaults to the status's reason phrase. */
  protected readonly code?: string;
  constructor(message: string, code?: string) {
    super(message);
    this.code = code;
  }
  body(): ErrorBody {
    return { message: this.message, error: this.code ?? REASONS[this.status], statusCode: this.status };
  }
}

export class BadRequestError extends HttpError {
  readonly status = 400;
  constructor(readonly messages: string[]) {
    super(messages.join('; '));
  }
  body(): ErrorBody {
    return { message: this.messages, error: 'Bad Request', statusCode: 400 };
  }
}

export class UnauthorizedError extends HttpError {
  readonly status = 401;
  constructor() {
    super('Unauthorized');
  }
  body(): ErrorBody {
    return { message: 'Unauthorized', statusCode: 401 };
  }
}

/**
 * A webhook portal token that opens nothing (issue 32): unknown, expired or revoked, told apart by
 * `error` so the portal page can tell its holder to ask for a new link.
 */
export class PortalLinkError extends HttpError {
  readonly status = 401;
  constructor(readonly code: 'PortalLinkInvalid' | 'PortalLinkExpired' | 'PortalLinkRevoked') {
    super(code);
  }
  body(): ErrorBody {
    const message = { PortalLinkInvalid: 'This portal link is not valid', PortalLinkExpired: 'This portal link has expired', PortalLinkRevoked: 'This portal link was revoked' }[this.code];
    return { message, error: this.code, statusCode: 401 };
  }
}

/** OAuth token endpoint failure (RFC 6749 5.2 shape), identical for every cause. */
export class InvalidClientError extends HttpError {
  readonly status = 401;
  constructor() {
    super('invalid_client');
  }
  body(): ErrorBody {
    return { error: 'invalid_client', error_description: 'Client authentication failed' };
  }
}

export class PaymentRequiredError extends StandardHttpError {
  readonly status = 402;
}

export class ForbiddenError extends StandardHttpError {
  readonly status = 403;
  constructor(message = 'Forbidden resource', code?: string) {
    super(message, code);
  }
}

/**
 * A clock-in refused until the worker acknowledges the listed policies (spec 01 names the `code`).
 * Still a 403 with the standard body, so clients that branch on status alone see a refusal.
 */
export class PolicyAcknowledgementRequiredError extends ForbiddenError {
  constructor(readonly policyIds: string[]) {
    super('Acknowledge the required policies before clocking in');
  }
  override body(): ErrorBody {
    return { ...super.body(), code: 'POLICY_ACK_REQUIRED', policyIds: this.policyIds };
  }
}

export class NotFoundError extends StandardHttpError {
  readonly status = 404;
  constructor(message = 'Not Found', code?: string) {
    super(message, code);
  }
}

/** The request (its body) did not arrive within the server's bound. */
export class RequestTimeoutError extends StandardHttpError {
  readonly status = 408;
  constructor() {
    super('Request body not received in time');
  }
}

export class ConflictError extends StandardHttpError {
  readonly status = 409;
}

export class PayloadTooLargeError extends StandardHttpError {
  readonly status = 413;
  constructor() {
    super('Request body is too large');
  }
}

export class UnsupportedMediaTypeError extends StandardHttpError {
  readonly status = 415;
}

export class UnprocessableEntityError extends StandardHttpError {
  readonly status = 422;
}

/** An upstream service the request depends on (e.g. an access-control provider) failed or refused. */
export class BadGatewayError extends StandardHttpError {
  readonly status = 502;
}

export class ServiceUnavailableError extends StandardHttpError {
  readonly status = 503;
}

export class TooManyRequestsError extends HttpError {
  readonly status = 429;
  constructor(readonly retryAfterSeconds: number) {
    super('ThrottlerException: Too Many Requests');
  }
  override headers(): Record<string, string> {
    return { 'Retry-After': String(this.retryAfterSeconds) };
  }
  body(): ErrorBody {
    return { statusCode: 429, message: 'ThrottlerException: Too Many Requests' };
  }
}

export class InternalServerError extends HttpError {
  readonly status = 500;
  constructor() {
    super('Internal server error');
  }
  body(): ErrorBody {
    return { statusCode: 500, message: 'Internal server error' };
  }
}
