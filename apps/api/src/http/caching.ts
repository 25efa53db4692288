import type { Request } from 'express';
import { sha256Hex } from '../storage/file-storage.js';
import type { Reply } from './api-router.js';

/**
 * Served images cannot run anything, wherever they are opened: an SVG opened on its own is a
 * document, and this keeps it from loading or running anything even if sanitizing missed a thing.
 * CORP lets the web and careers pages of another origin show the image (helmet's default is
 * same-origin).
 */
export const IMAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

/** A strong validator: the SHA-256 of the exact bytes sent. */
export const etagOf = (sha256: string) => `"${sha256}"`;

/**
 * RFC 9110 §13.1.2: If-None-Match names the current representation when it is `*` or lists its
 * entity tag, compared weakly (a `W/` prefix is ignored). Express's `fresh` is not used: it treats a
 * request's `Cache-Control: no-cache` as unconditional, and fetch() adds that header to every
 * request that carries If-None-Match, so such clients would never get their 304.
 */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/**
 * A response a client or shared cache may keep: with its ETag and Cache-Control, and a bodiless
 * 304 when the request's If-None-Match already names the ETag. JSON bodies are hashed as Express
 * sends them.
 */
export function cacheable(req: Request, reply: Reply, opts: { cacheControl: string; sha256?: string }): Reply {
  const sha = opts.sha256 ?? (reply.raw ? sha256Hex(Buffer.from(reply.raw.data)) : sha256Hex(Buffer.from(JSON.stringify(reply.body))));
  const headers = { ...reply.headers, ETag: etagOf(sha), 'Cache-Control': opts.cacheControl };
  if (ifNoneMatchHits(req.get('if-none-match'), headers.ETag)) return { status: 304, headers };
  return { ...reply, headers };
}
