import type { RequestHandler } from 'express';
import { uuid } from '@wfm/core/crypto';

const MAX_LEN = 80;
// Printable ASCII only: the value is echoed into a header and written to logs.
const SAFE = /^[\x21-\x7e]+$/;

export function requestId(): RequestHandler {
  return (req, res, next) => {
    const sent = req.get('x-request-id');
    const id = sent && sent.length <= MAX_LEN && SAFE.test(sent) ? sent : uuid();
    req.ctx = { requestId: id };
    res.setHeader('X-Request-Id', id);
    next();
  };
}
