import { HttpError, InvalidClientError, type ErrorBody } from '@wfm/core/errors';

/** RFC 6749 5.2 errors answered with 400: the OAuth body shape, not the platform's validation shape. */
export class OAuthRequestError extends HttpError {
  readonly status = 400;
  constructor(
    readonly code: 'invalid_request' | 'unsupported_grant_type',
    readonly description: string,
  ) {
    super(description);
  }
  body(): ErrorBody {
    return { error: this.code, error_description: this.description };
  }
}

/** RFC 6749 5.2: a client that tried HTTP Basic is told which scheme to use; the body stays identical. */
export class BasicInvalidClientError extends InvalidClientError {
  override headers(): Record<string, string> {
    return { 'WWW-Authenticate': 'Basic realm="oauth"' };
  }
}
