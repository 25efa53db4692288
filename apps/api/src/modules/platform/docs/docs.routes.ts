import { Router } from 'express';
import { NotFoundError } from '@wfm/core/errors';
import { existsSync } from 'node:fs';
import { EncodedBody } from '../../../http/encoded-body.js';
import { COPIED, patched, readFromPackage } from './redoc-bundle.js';
import { INDEX_CSP, REDOC_CSP, indexPage, redocPage, tagDescription } from './docs.pages.js';
import { splitByTag, type OpenApiDoc } from './docs-by-tag.js';
import type { OpenApiDocument } from '../../../http/openapi.js';

/** The bundle as served: the built copy, else (a tree built with `tsc -b` alone) the dev dependency's, compressed here. Null when neither exists. */
export async function loadRedocBundle(): Promise<EncodedBody | null> {
  if (existsSync(COPIED)) return EncodedBody.fromFile(COPIED);
  const bundle = await readFromPackage().catch(() => null);
  return bundle && EncodedBody.of(patched(bundle), COPIED);
}

/**
 * GET /api/v1/docs: an index of the areas (tags) and their operations; /api/v1/docs/<tag>: that
 * tag's operations rendered by Redoc from /api/v1/docs/<tag>/openapi.json; /api/v1/docs/public: the
 * developer API's document. The whole document stays at /api/v1/openapi.json.
 */
export interface TagPage {
  /** The Redoc page, a few hundred bytes. */
  html: string;
  /** The tag's own OpenAPI document. */
  document: EncodedBody;
}

interface Built {
  source: object;
  index: EncodedBody;
  tags: ReadonlyMap<string, TagPage>;
}

/**
 * The docs' index and a page per tag, cut from the OpenAPI document once per process (on the first
 * docs request, when every route is declared) and compressed like the document itself.
 */
export class DocsCatalog {
  private built: Built | null = null;

  constructor(
    private readonly openapi: OpenApiDocument,
    private readonly baseUrl: string,
  ) {}

  index(): EncodedBody {
    return this.current().index;
  }

  /** The page of the tag whose path segment is `slug`, if there is one. */
  tag(slug: string): TagPage | undefined {
    return this.current().tags.get(slug);
  }

  private current(): Built {
    const source = this.openapi.document(this.baseUrl);
    if (this.built?.source === source) return this.built;
    const doc = source as OpenApiDoc;
    const split = splitByTag(doc, tagDescription);
    const tags = new Map(
      split.map((t) => [
        t.slug,
        {
          html: redocPage(`${doc.info.title}: ${t.tag}`, `${t.slug}/openapi.json`, 'redoc.standalone.js'),
          document: EncodedBody.of(Buffer.from(JSON.stringify(t.document)), 'openapi.json'),
        },
      ]),
    );
    this.built = { source, index: EncodedBody.of(Buffer.from(indexPage(doc.info.title, split)), 'index.html'), tags };
    return this.built;
  }
}

export function docsRoutes(catalog: DocsCatalog): Router {
  const r = Router();
  let bundle: Promise<EncodedBody | null> | undefined;
  const notFound = (url: string) => new NotFoundError(`Cannot GET ${url}`);
  // Under a trailing slash (Express routes it here too) the pages' relative links would resolve a folder too deep.
  r.get(/^\/docs(?:\/[^/]+)?\/$/, (req, res) => res.redirect(301, `../${req.path.split('/').at(-2)}`));
  r.get('/docs', async (req, res) => {
    // Revalidated, like the document it lists: a deploy changes it.
    res.setHeader('Content-Security-Policy', INDEX_CSP).setHeader('Cache-Control', 'no-cache').type('html');
    await catalog.index().send(req, res);
  });
  r.get('/docs/public', (_req, res) => {
    res.setHeader('Content-Security-Policy', REDOC_CSP).type('html').send(redocPage('Workforce Platform developer API', '../public/openapi.json', 'redoc.standalone.js'));
  });
  r.get('/docs/redoc.standalone.js', async (req, res, next) => {
    bundle ??= loadRedocBundle();
    const body = await bundle;
    if (!body) return next(notFound(req.originalUrl));
    res.setHeader('Cache-Control', 'public, max-age=86400').type('application/javascript');
    await body.send(req, res);
  });
  r.get('/docs/:tag', (req, res, next) => {
    const page = catalog.tag(req.params.tag);
    if (!page) return next(notFound(req.originalUrl));
    res.setHeader('Content-Security-Policy', REDOC_CSP).type('html').send(page.html);
  });
  r.get('/docs/:tag/openapi.json', async (req, res, next) => {
    const page = catalog.tag(req.params.tag);
    if (!page) return next(notFound(req.originalUrl));
    res.setHeader('Cache-Control', 'no-cache').type('application/json; charset=utf-8');
    await page.document.send(req, res);
  });
  return r;
}
