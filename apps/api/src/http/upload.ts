import type { Request, RequestHandler } from 'express';
import multer from 'multer';
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from '@wfm/core/errors';

export interface UploadedFile {
  buffer: Buffer;
  /** The name the client gave; only ever shown back, never used as a path. */
  originalName: string;
  size: number;
}

/**
 * One file in a multipart/form-data body, held in memory up to `maxBytes` (413 beyond), for a
 * route's `guards`. The other form fields land in `req.body` for the route's schema to validate.
 * What the file is gets decided from its bytes (sniffFile), never from its name or declared type.
 */
export function fileUpload(opts: { field: string; maxBytes: number }): RequestHandler {
  const parse = multer({ storage: multer.memoryStorage(), limits: { fileSize: opts.maxBytes, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 21 } }).single(opts.field);
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) return next(new UnsupportedMediaTypeError(`Send the file as multipart/form-data in the field ${opts.field}`));
    parse(req, res, (err: unknown) => {
      if (err instanceof multer.MulterError) return next(err.code === 'LIMIT_FILE_SIZE' ? new PayloadTooLargeError() : new BadRequestError([`${err.field ?? opts.field}: ${err.message}`]));
      if (err) return next(new BadRequestError(['The multipart body could not be read']));
      if (!req.file || req.file.size === 0) return next(new BadRequestError([`${opts.field} is required: a file in multipart/form-data`]));
      next();
    });
  };
}

/** The file `fileUpload` read; only call from a handler behind it. */
export function uploadedFile(req: Request): UploadedFile {
  const f = req.file;
  if (!f) throw new BadRequestError(['A file is required']);
  return { buffer: f.buffer, originalName: f.originalname.slice(0, 255), size: f.size };
}

export type SniffedType = 'pdf' | 'docx' | 'png' | 'jpeg' | 'svg';

const MEDIA_TYPES: Record<SniffedType, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  png: 'image/png',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
};

export const mediaTypeOf = (type: SniffedType) => MEDIA_TYPES[type];

/**
 * What a file is, by its content: PDF by its header, DOCX as a ZIP holding the WordprocessingML
 * parts, PNG and JPEG by their signatures, SVG as text whose root element is <svg>. Null for
 * anything else — a renamed executable stays unknown whatever its extension.
 */
export function sniffFile(data: Buffer): SniffedType | null {
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) {
    const names = data.toString('latin1');
    return names.includes('[Content_Types].xml') && names.includes('word/document.xml') ? 'docx' : null;
  }
  const head = data.subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) return 'svg';
  return null;
}
