import type { Principal } from '@wfm/core/principal';

export interface RequestContext {
  requestId: string;
  /** Subject of a signature-valid access JWT, for rate-limit keying only (not authorisation). */
  jwtSubject?: string;
  principal?: Principal;
}

declare module 'express-serve-static-core' {
  interface Request {
    ctx: RequestContext;
  }
  interface Locals {
    /** Set by the error handler: the `code` or `error` of the error answer it wrote. */
    errorCode?: string | null;
  }
}
