import { BadRequestError } from '@wfm/core/errors';
import { sniffFile } from '../../../storage/uploaded-file.js';
import { sha256Hex } from '../../../storage/file-storage.js';
import type { PdfProcessor } from '../../../pdf/pdf-processor.js';
import type { SignatureMark } from './esign-pdf.js';
import { MAX_SIGNATURE_IMAGE_BYTES, MAX_SIGNATURE_IMAGE_SIDE } from './esign.schemas.js';

const NOT_BASE64 = 'signatureImage must be a PNG image as a data URL (data:image/png;base64,…) or base64';
const UNREADABLE = 'signatureImage is not a readable PNG image';

/**
 * The drawn signature: a PNG by its content, in a data URL or bare base64, within the size limits.
 * Decoding it (up to 4,000 pixels a side) is left to `pdf`, off the event loop.
 */
export async function signatureMark(input: string, pdf: PdfProcessor): Promise<SignatureMark> {
  const m = /^data:image\/png;base64,/i.exec(input);
  const b64 = (m ? input.slice(m[0].length) : input).replace(/\s+/g, '');
  if (!b64 || b64.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) throw new BadRequestError([NOT_BASE64]);
  const png = Buffer.from(b64, 'base64');
  if (png.length > MAX_SIGNATURE_IMAGE_BYTES) throw new BadRequestError([`signatureImage must be at most ${MAX_SIGNATURE_IMAGE_BYTES / 1024} KiB`]);
  if (sniffFile(png) !== 'png') throw new BadRequestError(['signatureImage must be a PNG image (judged by its content)']);
  // Read from the header before anything inflates the pixels: a small file can declare a huge image.
  const declared = png.length >= 24 && png.toString('latin1', 12, 16) === 'IHDR' ? [png.readUInt32BE(16), png.readUInt32BE(20)] : [0, 0];
  if (declared.some((side) => side > MAX_SIGNATURE_IMAGE_SIDE)) throw new BadRequestError([`signatureImage must be at most ${MAX_SIGNATURE_IMAGE_SIDE} pixels a side`]);
  if (declared.some((side) => side === 0) || !(await pdf.checkPng(png))) throw new BadRequestError([UNREADABLE]);
  return { kind: 'IMAGE', png, sha256: sha256Hex(png) };
}
