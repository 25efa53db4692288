import { crc32, inflateSync } from 'node:zlib';
import { BadRequestError } from '@wfm/core/errors';
import { sniffFile } from '../../../http/upload.js';
import { sha256Hex } from '../../../storage/file-storage.js';
import { checkPng, type SignatureMark } from './esign-pdf.js';
import { MAX_SIGNATURE_IMAGE_BYTES, MAX_SIGNATURE_IMAGE_SIDE } from './esign.schemas.js';

const NOT_BASE64 = 'signatureImage must be a PNG image as a data URL (data:image/png;base64,…) or base64';
const UNREADABLE = 'signatureImage is not a readable PNG image';

/** Channels per pixel by PNG colour type (gray, RGB, palette, gray + alpha, RGBA). */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Adam7 passes: first column, first row, column step, row step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/**
 * Whether a PNG is whole: chunks with valid CRCs from IHDR to IEND, and image data that inflates
 * (zlib, bounded) to exactly the size its header implies. pdf-lib's decoder loops forever on
 * some broken data, so it only ever sees files that pass this.
 */
function wholePng(png: Buffer): boolean {
  let at = 8;
  let header: { width: number; height: number; bitDepth: number; colourType: number; interlace: number } | null = null;
  const data: Buffer[] = [];
  for (;;) {
    if (at + 12 > png.length) return false;
    const length = png.readUInt32BE(at);
    if (at + 12 + length > png.length) return false;
    const type = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (crc32(png.subarray(at + 4, at + 8 + length)) !== png.readUInt32BE(at + 8 + length)) return false;
    at += 12 + length;
    if (!header) {
      if (type !== 'IHDR' || length !== 13) return false;
      header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), bitDepth: body[8]!, colourType: body[9]!, interlace: body[12]! };
    } else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
  }
  const channels = CHANNELS[header.colourType];
  if (!channels || ![1, 2, 4, 8, 16].includes(header.bitDepth) || header.interlace > 1 || data.length === 0) return false;
  const bits = channels * header.bitDepth;
  const scanlines = (w: number, h: number) => (w > 0 && h > 0 ? h * (1 + Math.ceil((w * bits) / 8)) : 0);
  const span = (size: number, first: number, step: number) => (size > first ? Math.ceil((size - first) / step) : 0);
  const expected =
    header.interlace === 0
      ? scanlines(header.width, header.height)
      : ADAM7.reduce((sum, [x, y, dx, dy]) => sum + scanlines(span(header.width, x, dx), span(header.height, y, dy)), 0);
  try {
    return inflateSync(Buffer.concat(data), { maxOutputLength: expected + 1 }).length === expected;
  } catch {
    return false;
  }
}

/** The drawn signature: a PNG by its content, in a data URL or bare base64, within the size limits. */
export async function signatureMark(input: string): Promise<SignatureMark> {
  const m = /^data:image\/png;base64,/i.exec(input);
  const b64 = (m ? input.slice(m[0].length) : input).replace(/\s+/g, '');
  if (!b64 || b64.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) throw new BadRequestError([NOT_BASE64]);
  const png = Buffer.from(b64, 'base64');
  if (png.length > MAX_SIGNATURE_IMAGE_BYTES) throw new BadRequestError([`signatureImage must be at most ${MAX_SIGNATURE_IMAGE_BYTES / 1024} KiB`]);
  if (sniffFile(png) !== 'png') throw new BadRequestError(['signatureImage must be a PNG image (judged by its content)']);
  // Read from the header before anything inflates the pixels: a small file can declare a huge image.
  const declared = png.length >= 24 && png.toString('latin1', 12, 16) === 'IHDR' ? [png.readUInt32BE(16), png.readUInt32BE(20)] : [0, 0];
  if (declared.some((side) => side > MAX_SIGNATURE_IMAGE_SIDE)) throw new BadRequestError([`signatureImage must be at most ${MAX_SIGNATURE_IMAGE_SIDE} pixels a side`]);
  if (declared.some((side) => side === 0) || !wholePng(png) || !(await checkPng(png))) throw new BadRequestError([UNREADABLE]);
  return { kind: 'IMAGE', png, sha256: sha256Hex(png) };
}
