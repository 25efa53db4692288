import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import PDFKit from 'pdfkit';

/** Files for the e-signature specs: PDFs (plain, encrypted) and PNG signatures (good and bad). */

/** A PDF with one page per entry, each saying its text. */
export async function pdfWithPages(texts: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of texts) doc.addPage([595.28, 841.89]).drawText(text, { x: 72, y: 700, size: 14, font });
  return Buffer.from(await doc.save());
}

/** A PDF only its password opens (pdfkit can encrypt; pdf-lib cannot). */
export function encryptedPdf(): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFKit({ userPassword: 'secret', ownerPassword: 'owner', pdfVersion: '1.7' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.text('Confidential');
    doc.end();
  });
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * An RGBA PNG of `width` × `height` with a stroke across it. `noise` fills it with random pixels
 * (a file that does not compress); `corrupt` keeps a valid header over pixel data that is not zlib;
 * `declared` writes other dimensions into the header than the pixels have.
 */
export function png(width: number, height: number, opts: { noise?: boolean; corrupt?: boolean; declared?: [number, number] } = {}): Buffer {
  const row = width * 4 + 1;
  const raw = opts.noise ? randomBytes(row * height) : Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    raw[y * row] = 0;
    if (opts.noise) continue;
    const o = y * row + 1 + Math.floor((y * width) / height) * 4;
    raw[o + 2] = 128;
    raw[o + 3] = 255;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(opts.declared?.[0] ?? width, 0);
  header.writeUInt32BE(opts.declared?.[1] ?? height, 4);
  header[8] = 8;
  header[9] = 6;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', opts.corrupt ? Buffer.from('not zlib data at all') : deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * A valid one-page PDF followed by `objects` small indirect objects (square annotations that no page
 * shows), written as bytes rather than through pdf-lib: making it takes milliseconds while pdf-lib
 * reads every object, which takes it seconds. The shape of the outside probe's file (issue 26):
 * 130,000 objects make 9 MiB.
 */
export function manyObjectsPdf(objects: number): Buffer {
  const parts: string[] = ['%PDF-1.7\n'];
  const offsets: number[] = [];
  let at = parts[0]!.length;
  const add = (body: string) => {
    const text = `${offsets.length + 1} 0 obj\n${body}\nendobj\n`;
    offsets.push(at);
    parts.push(text);
    at += text.length;
  };
  add('<</Type/Catalog/Pages 2 0 R>>');
  add('<</Type/Pages/Kids[3 0 R]/Count 1>>');
  add('<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>');
  for (let i = 0; i < objects; i++) {
    const x = i % 500;
    const y = Math.floor(i / 500) % 800;
    add(`<</Subtype/Square/Rect[${x} ${y} 1 1]>>`);
  }
  const xref = `xref\n0 ${offsets.length + 1}\n0000000000 65535 f\r\n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n\r\n`).join('')}`;
  return Buffer.from(`${parts.join('')}${xref}trailer\n<</Size ${offsets.length + 1}/Root 1 0 R>>\nstartxref\n${at}\n%%EOF\n`, 'latin1');
}

/**
 * Like `manyObjectsPdf`, but the objects are packed in one compressed object stream (with a
 * cross-reference stream, PDF 1.5), so a file of a few hundred KiB carries more objects than the
 * upload cap allows written out: work no size cap bounds, only the time budget.
 */
export function packedObjectsPdf(objects: number): Buffer {
  const first = 5;
  const bodies: string[] = [];
  const index: string[] = [];
  let offset = 0;
  for (let i = 0; i < objects; i++) {
    const body = `<</Subtype/Square/Rect[${i % 500} ${Math.floor(i / 500) % 800} 1 1]>>\n`;
    index.push(`${first + i} ${offset}`);
    bodies.push(body);
    offset += body.length;
  }
  const head = `${index.join(' ')}\n`;
  const packed = deflateSync(Buffer.from(head + bodies.join(''), 'latin1'));
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n', 'latin1')];
  const offsets: number[] = [];
  let at = chunks[0]!.length;
  const add = (dictionary: string, stream?: Buffer) => {
    const bytes = Buffer.concat([Buffer.from(`${offsets.length + 1} 0 obj\n${dictionary}`, 'latin1'), ...(stream ? [Buffer.from('\nstream\n', 'latin1'), stream, Buffer.from('\nendstream', 'latin1')] : []), Buffer.from('\nendobj\n', 'latin1')]);
    offsets.push(at);
    chunks.push(bytes);
    at += bytes.length;
  };
  add('<</Type/Catalog/Pages 2 0 R>>');
  add('<</Type/Pages/Kids[3 0 R]/Count 1>>');
  add('<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>');
  add(`<</Type/ObjStm/N ${objects}/First ${head.length}/Filter/FlateDecode/Length ${packed.length}>>`, packed);
  // Entries of 1 + 4 + 3 bytes: type, then an offset (type 1) or the object stream's number (type 2), then the generation or the index in the stream.
  const size = first + objects + 1;
  const xref = Buffer.alloc(size * 8);
  const entry = (n: number, type: number, a: number, b: number) => {
    xref[n * 8] = type;
    xref.writeUInt32BE(a, n * 8 + 1);
    xref.writeUIntBE(b, n * 8 + 5, 3);
  };
  entry(0, 0, 0, 0xffff);
  offsets.forEach((o, i) => entry(i + 1, 1, o, 0));
  for (let i = 0; i < objects; i++) entry(first + i, 2, 4, i);
  entry(size - 1, 1, at, 0);
  const xrefStream = deflateSync(xref);
  add(`<</Type/XRef/Size ${size}/W[1 4 3]/Root 1 0 R/Filter/FlateDecode/Length ${xrefStream.length}>>`, xrefStream);
  return Buffer.concat([...chunks, Buffer.from(`startxref\n${offsets.at(-1)}\n%%EOF\n`, 'latin1')]);
}
