import { Router } from 'express';
import { NotFoundError } from '@wfm/core/errors';
import { existsSync } from 'node:fs';
import { EncodedBody } from '../../../http/encoded-body.js';
import { COPIED, patched, readFromPackage } from './redoc-bundle.js';

/**
 * The page allows what Redoc needs and nothing from elsewhere: its own script, the inline styles it
 * generates, and a worker it starts from a blob for search.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self' blob:",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const page = (specUrl: string, scriptUrl: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Workforce Platform API</title>
</head>
<body>
<redoc spec-url="${specUrl}"></redoc>
<script src="${scriptUrl}"></script>
</body>
</html>
`;

/** GET /api/v1/docs: the OpenAPI document rendered by Redoc; the developer API's at /api/v1/docs/public. */
/** The bundle as served: the built copy, else (a tree built with `tsc -b` alone) the dev dependency's, compressed here. Null when neither exists. */
export async function loadRedocBundle(): Promise<EncodedBody | null> {
  if (existsSync(COPIED)) return EncodedBody.fromFile(COPIED);
  const bundle = await readFromPackage().catch(() => null);
  return bundle && EncodedBody.of(patched(bundle), COPIED);
}

export function docsRoutes(): Router {
  const r = Router();
  let bundle: Promise<EncodedBody | null> | undefined;
  r.get('/docs', (_req, res) => {
    res.setHeader('Content-Security-Policy', CSP).type('html').send(page('openapi.json', 'docs/redoc.standalone.js'));
  });
  r.get('/docs/public', (_req, res) => {
    res.setHeader('Content-Security-Policy', CSP).type('html').send(page('../public/openapi.json', 'redoc.standalone.js'));
  });
  r.get('/docs/redoc.standalone.js', async (req, res, next) => {
    bundle ??= loadRedocBundle();
    const body = await bundle;
    if (!body) return next(new NotFoundError(`Cannot GET ${req.originalUrl}`));
    res.setHeader('Cache-Control', 'public, max-age=86400').type('application/javascript');
    await body.send(req, res);
  });
  return r;
}
