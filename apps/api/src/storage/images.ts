import sharp from 'sharp';
import { UnprocessableEntityError, UnsupportedMediaTypeError } from '@wfm/core/errors';
import { sniffFile } from './uploaded-file.js';
import { sanitizeSvg } from './svg-sanitizer.js';
import { sha256Hex } from './file-storage.js';

/** Uploaded images (logos, profile photos) may be at most this large. */
export const IMAGE_MAX_BYTES = 1024 * 1024;

/** A bitmap with more pixels than this is refused before it is decoded (a small file can unpack to gigabytes). */
const MAX_INPUT_PIXELS = 40_000_000;

export type ImageKind = 'png' | 'jpeg' | 'svg';

const NAMES: Record<ImageKind, string> = { png: 'PNG', jpeg: 'JPEG', svg: 'SVG' };
const MEDIA_TYPES = { png: 'image/png', jpeg: 'image/jpeg', svg: 'image/svg+xml' } as const satisfies Record<ImageKind, string>;
export type ImageMediaType = (typeof MEDIA_TYPES)[ImageKind];

export interface PreparedImage<K extends ImageKind> {
  data: Buffer;
  mediaType: (typeof MEDIA_TYPES)[K];
  sha256: string;
}

function list(kinds: readonly ImageKind[]): string {
  const names = kinds.map((k) => NAMES[k]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0]!;
}

/**
 * What is stored and served for an uploaded image. Its kind is decided by its bytes; a bitmap is
 * decoded and written again — turned upright by its EXIF orientation, fitted within `maxSide`
 * pixels, with no metadata (a phone photo's EXIF carries where it was taken), and a file that only
 * starts like an image is refused; an SVG is sanitized (sanitizeSvg).
 */
export async function prepareImage<K extends ImageKind>(upload: Buffer, opts: { accept: readonly K[]; maxSide: number; what: string }): Promise<PreparedImage<K>> {
  const sniffed = sniffFile(upload);
  const kind = opts.accept.find((k) => k === sniffed);
  if (!kind) throw new UnsupportedMediaTypeError(`${opts.what} must be a ${list(opts.accept)} image (judged by its content)`);
  const as: ImageKind = kind;
  const data = as === 'svg' ? await svg(upload, opts.what) : await bitmap(upload, as, opts.maxSide, opts.what);
  return { data, mediaType: MEDIA_TYPES[kind], sha256: sha256Hex(data) };
}

async function svg(upload: Buffer, what: string): Promise<Buffer> {
  const clean = await sanitizeSvg(upload);
  if (!clean) throw new UnprocessableEntityError(`${what} could not be read as an SVG drawing`);
  return clean;
}

async function bitmap(upload: Buffer, kind: 'png' | 'jpeg', maxSide: number, what: string): Promise<Buffer> {
  const unreadable = () => new UnprocessableEntityError(`${what} could not be read as a ${NAMES[kind]} image`);
  let pixels: number;
  try {
    const meta = await sharp(upload).metadata();
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch {
    throw unreadable();
  }
  if (pixels === 0) throw unreadable();
  if (pixels > MAX_INPUT_PIXELS) throw new UnprocessableEntityError(`${what} has more than ${MAX_INPUT_PIXELS / 1_000_000} million pixels`);
  try {
    const image = sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
    return await (kind === 'png' ? image.png({ compressionLevel: 9 }) : image.jpeg({ quality: 88, mozjpeg: true })).toBuffer();
  } catch {
    throw unreadable();
  }
}
