import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Request, RequestHandler } from 'express';
import multer, { type StorageEngine } from 'multer';
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from '@wfm/core/errors';
import { scratchPath, writeDurably } from '../storage/file-storage.js';

/** Bytes kept from the start of an upload, for sniffFile. */
const HEAD_BYTES = 4096;
/** Bytes kept from the end: a ZIP's central directory, where a Word document's part names are listed. */
const TAIL_BYTES = 64 * 1024;

export interface UploadedFile {
  /** Where the bytes are: a temporary file of this request, removed when the response ends unless moved away (FileStorage.putFile). */
  path: string;
  /** The name the client gave; only ever shown back, never used as a path. */
  originalName: string;
  size: number;
  /** SHA-256 of the bytes, hex, computed as they arrived. */
  sha256: string;
  head: Buffer;
  tail: Buffer;
  /** The whole file in memory, for the small uploads that are processed here (images). */
  read(): Promise<Buffer>;
}

type SpooledFile = Omit<UploadedFile, 'originalName' | 'read'>;

/** The file part written durably to a scratch file as it arrives, hashed on the way, with its first and last bytes kept. */
async function spool(stream: Readable): Promise<SpooledFile> {
  const path = await scratchPath('upload');
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headBytes = 0;
  const tail: Buffer[] = [];
  let tailBytes = 0;
  let size = 0;
  async function* hashed(): AsyncGenerator<Buffer> {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      hash.update(chunk);
      size += chunk.length;
      if (headBytes < HEAD_BYTES) {
        head.push(chunk.subarray(0, HEAD_BYTES - headBytes));
        headBytes += head.at(-1)!.length;
      }
      tail.push(chunk);
      tailBytes += chunk.length;
      while (tailBytes - tail[0]!.length >= TAIL_BYTES) tailBytes -= tail.shift()!.length;
      yield chunk;
    }
  }
  try {
    await writeDurably(path, hashed());
  } catch (err) {
    stream.resume();
    await rm(path, { force: true });
    throw err;
  }
  const last = Buffer.concat(tail);
  return { path, size, sha256: hash.digest('hex'), head: Buffer.concat(head), tail: last.subarray(Math.max(0, last.length - TAIL_BYTES)) };
}

/**
 * Writes the file part to a temporary file as it arrives, hashing it on the way and keeping its
 * first and last bytes. A file of megabytes is never gathered into one buffer on the event loop:
 * allocating and copying 10 MiB there held every other request, door taps included, for 40–90 ms
 * on a 2-core host (issue 26).
 */
const spoolStorage: StorageEngine = {
  _handleFile(_req, file, cb) {
    void spool(file.stream).then((spooled) => cb(null, spooled as unknown as Partial<Express.Multer.File>), cb);
  },
  _removeFile(_req, file, cb) {
    rm((file as unknown as SpooledFile).path, { force: true }).then(() => cb(null), cb);
  },
};

/**
 * One file in a multipart/form-data body, up to `maxBytes` (413 beyond), spooled to a temporary
 * file that is removed when the response ends, for a route's `guards`. The other form fields land
 * in `req.body` for the route's schema to validate. What the file is gets decided from its bytes
 * (sniffFile), never from its name or declared type.
 */
export function fileUpload(opts: { field: string; maxBytes: number }): RequestHandler {
  const parse = multer({ storage: spoolStorage, limits: { fileSize: opts.maxBytes, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 21 } }).single(opts.field);
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) return next(new UnsupportedMediaTypeError(`Send the file as multipart/form-data in the field ${opts.field}`));
    res.once('close', () => {
      const spooled = req.file as unknown as SpooledFile | undefined;
      if (spooled?.path) void rm(spooled.path, { force: true });
    });
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
  const f = req.file as (Express.Multer.File & SpooledFile) | undefined;
  if (!f) throw new BadRequestError(['A file is required']);
  const { path, size, sha256, head, tail } = f;
  return { path, size, sha256, head, tail, originalName: f.originalname.slice(0, 255), read: () => readFile(path) };
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
 * anything else — a renamed executable stays unknown whatever its extension. `tail` is where a
 * ZIP's part names are looked for: its central directory, at its end (the whole file when it is
 * in memory).
 */
export function sniffFile(data: Buffer, tail: Buffer = data): SniffedType | null {
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) {
    const names = tail.toString('latin1');
    return names.includes('[Content_Types].xml') && names.includes('word/document.xml') ? 'docx' : null;
  }
  const head = data.subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) return 'svg';
  return null;
}

/** What an uploaded file is (sniffFile), from the bytes kept of its start and end. */
export const sniffUpload = (file: UploadedFile) => sniffFile(file.head, file.tail);
