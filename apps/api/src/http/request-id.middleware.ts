import type { RequestHandler } from 'express';
import { acceptRequestId } from '@wfm/core/request-id';

export function requestId(): RequestHandler {
  return (req, res, next) => {
    const id = acceptRequestId(req.get('x-request-id'));
    req.ctx = { requestId: id };
    res.setHeader('X-Request-Id', id);
    next();
  };
}
