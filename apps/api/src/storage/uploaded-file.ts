/*
 * A file as it reached the API (spooled to a scratch file by http/upload.ts) and what it is by its
 * bytes. Here, not with the upload middleware, because services and image processing decide what a
 * file is and must not import the HTTP edge to do it.
 */

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
