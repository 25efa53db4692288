import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type RequestHandler, type Router } from 'express';
import helmet from 'helmet';
import { API_PREFIX } from './api-prefix.js';
import { staticAssets } from './static-assets.js';

export interface WebAppOptions {
  /** Origins a webhook portal link may be framed by (issue 32); [] for a link that does not work. */
  portalFrameOrigins(linkId: string): Promise<string[]>;
  /** The page looks its link up in the database for anyone who asks: counted per address like every unauthenticated route. */
  portalRateLimit: RequestHandler | null;
}

function directives(frameAncestors: string[]) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The webhook portal page (issue 32): the app's page, framable by exactly the origins its link
 * was made with and by nobody otherwise; every other page keeps frame-ancestors 'none'. The link
 * id in the path is not a secret (the token rides in the fragment), so the lookup reveals
 * nothing, and an unknown id gets the same page, unframeable, which then says the link is invalid.
 * X-Frame-Options (set by helmet for the whole app) knows no allow-list, so it is dropped here:
 * frame-ancestors governs framing wherever it is understood.
 */
function portalPage(index: string, frameOrigins: WebAppOptions['portalFrameOrigins']): RequestHandler {
  return (req, res, next) => {
    const linkId = req.params.linkId as string;
    const lookup = UUID.test(linkId) ? frameOrigins(linkId) : Promise.resolve([]);
    lookup.then((origins) => {
      res.removeHeader('x-frame-options');
      helmet.contentSecurityPolicy({ useDefaults: false, directives: directives(origins.length ? origins : ["'none'"]) })(req, res, () => {
        res.setHeader('cache-control', 'no-store');
        res.setHeader('referrer-policy', 'no-referrer');
        res.sendFile(index);
      });
    }, next);
  };
}

/**
 * The web console (apps/web), served at / by the API process: its hashed assets cached for a year
 * and sent in the coding the browser accepts (static-assets.ts), every other GET of a page path
 * answered with index.html (the app routes in the browser), under a CSP that lets the page reach
 * nothing but this origin. Mantine writes its theme into a <style> element, hence inline styles;
 * scripts stay 'self' only, which is what guards the session tokens the app keeps in localStorage. Null when the app has not been built (an API-only image).
 */
export function webAppRouter(dir: string, opts: WebAppOptions): Router | null {
  const index = join(dir, 'index.html');
  if (!existsSync(index)) return null;
  const router = express.Router();
  router.get('/portal/:linkId', ...(opts.portalRateLimit ? [opts.portalRateLimit] : []), portalPage(index, opts.portalFrameOrigins));
  router.use(helmet.contentSecurityPolicy({ useDefaults: false, directives: directives(["'none'"]) }));
  router.use('/assets', staticAssets(join(dir, 'assets')));
  router.use(express.static(dir, { index: false, redirect: false, setHeaders: (res) => res.setHeader('cache-control', 'no-cache') }));
  router.use(appShell(index));
  return router;
}

/**
 * Paths that machines probe (monitoring, discovery): they keep their 404 rather than answer with
 * the app's page, so a scraper or a health check pointed at the public port learns nothing is there.
 */
const MACHINE_PATHS = /^\/(metrics|health|status|\.well-known)(\/|$)/;

/** index.html for a page path: GET or HEAD, outside the API, not a file name (a missing asset stays 404). */
function appShell(index: string): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.startsWith(`${API_PREFIX}/`) || req.path === API_PREFIX || /\.[a-z0-9]+$/i.test(req.path) || MACHINE_PATHS.test(req.path)) return next();
    res.setHeader('cache-control', 'no-cache');
    res.sendFile(index);
  };
}
