import { extname } from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** The content codings the platform serves, and how a body is compressed into them once. */
export type Coding = 'br' | 'gzip';

export const CODINGS: readonly Coding[] = ['br', 'gzip'];
/** The file a coding's bytes are kept in, next to the file they encode (what nginx's gzip_static and brotli_static read too). */
export const SUFFIX: Readonly<Record<Coding, string>> = { br: '.br', gzip: '.gz' };

const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg', '.txt', '.map', '.xml', '.webmanifest']);
/** Below about a packet, a coding saves nothing a client would notice. */
const MIN_BYTES = 1024;

/** Text worth compressing; fonts and images come compressed already. */
export const worthCompressing = (name: string, size: number) => size >= MIN_BYTES && TEXT.has(extname(name).toLowerCase());

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The strongest settings: each body is compressed once (at build time, or once per process) and
 * sent many times. zlib's async calls run on libuv's thread pool, not on the event loop.
 */
export function compress(data: Buffer, coding: Coding): Promise<Buffer> {
  if (coding === 'gzip') return gzip(data, { level: 9 });
  return brotli(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}
