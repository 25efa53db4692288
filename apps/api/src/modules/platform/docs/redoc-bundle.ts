import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { precompress } from '../../../build/precompress.js';

/** Where `npm run build` leaves Redoc's standalone bundle, patched and precompressed, for the image (redoc is a dev dependency). */
export const COPIED = fileURLToPath(new URL('./redoc.standalone.js', import.meta.url));

/**
 * Redoc's sidebar footer loads Redocly's logo from its CDN, and no option turns it off: the page's
 * CSP refuses it (the docs reach nothing but this origin) and the browser reports a violation on
 * every visit. An empty SVG from a data: URL takes its place: the link to Redocly stays.
 */
const CDN_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const EMPTY_SVG = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E";

export const readFromPackage = () => readFile(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'));
export const patched = (bundle: Buffer) => Buffer.from(bundle.toString('utf8').replaceAll(CDN_LOGO, EMPTY_SVG));

/** `npm run build`: copies the patched bundle next to this module and precompresses it. */
export async function copyRedocBundle(): Promise<void> {
  await writeFile(COPIED, patched(await readFromPackage()));
  await precompress(COPIED);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await copyRedocBundle();
