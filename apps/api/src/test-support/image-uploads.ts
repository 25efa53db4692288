import sharp from 'sharp';
import type { ApiHarness, HttpResult } from './harness.js';

export interface FileSend {
  /** The form field of the file; absent: a form without a file. */
  field?: string;
  data?: Buffer;
  filename?: string;
  /** Other (text) fields of the form. */
  fields?: Record<string, string>;
  token?: string;
  headers?: Record<string, string>;
}

/** A multipart/form-data request, as a browser's file input sends it; the JSON answer parsed. */
export async function sendForm(h: ApiHarness, method: string, path: string, send: FileSend): Promise<HttpResult> {
  const form = new FormData();
  for (const [k, v] of Object.entries(send.fields ?? {})) form.append(k, v);
  if (send.field && send.data) form.append(send.field, new Blob([new Uint8Array(send.data)]), send.filename ?? 'upload.bin');
  const headers: Record<string, string> = { ...send.headers };
  if (send.token) headers.authorization = `Bearer ${send.token}`;
  const res = await fetch(`${h.baseUrl}${path}`, { method, headers, body: form });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  return { status: res.status, headers: res.headers, body };
}

/** A plain-coloured bitmap of the given size. */
export function pngImage(width = 64, height = 32, colour = '#1A73E8'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
}

/** A JPEG carrying EXIF: a camera model, a copyright line and an orientation (rotated 90°), as a phone writes. */
export function jpegWithExif(width = 60, height = 40): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'TestPhone', Model: 'Leaky 1', Copyright: 'home-at-51.5074N-0.1278W' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** What the bytes are, decoded: format, size and whether any EXIF survived. */
export async function describeImage(data: Buffer): Promise<{ format: string | undefined; width: number | undefined; height: number | undefined; exif: boolean }> {
  const m = await sharp(data).metadata();
  return { format: m.format, width: m.width, height: m.height, exif: m.exif !== undefined || m.orientation !== undefined };
}
