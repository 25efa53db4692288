import { existsSync, readdirSync } from 'node:fs';
import { extname, join, sep } from 'node:path';
import type { RequestHandler } from 'express';
import { CODINGS, SUFFIX } from '@wfm/core/codings';
import { EncodedBody } from './encoded-body.js';

/**
 * A build's hashed assets (a file's name changes with its content, so a year's caching is safe),
 * sent in the coding the browser accepts from the .br/.gz files the build wrote next to them
 * (precompress.ts). The file list is read once: a request can name only a file that was there, so
 * no path from a URL ever reaches the file system.
 */
export function staticAssets(dir: string): RequestHandler {
  const compressed = new Set(CODINGS.map((c) => SUFFIX[c]));
  // A page without assets (an index.html alone) serves none.
  const entries = existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }) : [];
  const names = new Set(
    entries
      .filter((entry) => entry.isFile() && !compressed.has(extname(entry.name)))
      .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1).split(sep).join('/')),
  );
  const bodies = new Map<string, Promise<EncodedBody>>();
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = req.path.slice(1);
    if (!names.has(name)) return next();
    let body = bodies.get(name);
    if (!body) bodies.set(name, (body = EncodedBody.fromFile(join(dir, name))));
    res.type(extname(name)).setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    body.then((b) => b.send(req, res)).catch(next);
  };
}
