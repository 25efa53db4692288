import { crc32, inflateSync } from 'node:zlib';
import { ParseSpeeds, PDFDocument, StandardFonts, rgb, type PDFFont, type PDFImage, type PDFObject, type PDFPage } from 'pdf-lib';
import { sha256Hex } from '../../../storage/file-storage.js';

/*
 * PDFs of the e-signature area, with pdf-lib: it loads and modifies an existing PDF (pdfkit, used
 * for payslips, only writes new ones). Text is set in the standard 14 fonts, so nothing is shipped
 * or embedded; they cover the Windows-1252 (WinAnsi) characters only.
 */

/**
 * These functions run on the PDF pool's threads (apps/api/src/pdf), never on the event loop, so
 * pdf-lib's habit of yielding to the event loop every 50–100 objects only adds timer waits: the
 * outside probe's file (issue 26) took 8.5 s to load and save with it and 1.4 s without.
 */
const LOAD = { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest } as const;
const SAVE = { useObjectStreams: false, objectsPerTick: Infinity } as const;

/** A4, in points. */
const PAGE: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const GREY = rgb(0.35, 0.35, 0.35);
const PRODUCER = 'Workforce Platform e-signature';

export type PdfCheck = { ok: true; pageCount: number; sha256: string } | { ok: false; reason: 'encrypted' | 'unreadable' | 'no-pages' | 'too-many-pages' };

/**
 * Whether a file is a PDF this area can sign: pdf-lib reads it, it is not encrypted (a protected
 * file could not carry the signature page without its password), it has pages, and it saves again
 * (signing does exactly that, so a file accepted here can always be signed later). An accepted
 * file comes with its SHA-256, which the area records.
 */
export async function checkPdf(data: Buffer, maxPages: number): Promise<PdfCheck> {
  try {
    // Loaded with ignoreEncryption and asked, rather than caught: pdf-lib's EncryptedPDFError fails instanceof.
    const doc = await PDFDocument.load(data, { ...LOAD, ignoreEncryption: true });
    if (doc.isEncrypted) return { ok: false, reason: 'encrypted' };
    const pageCount = doc.getPageCount();
    if (pageCount === 0) return { ok: false, reason: 'no-pages' };
    if (pageCount > maxPages) return { ok: false, reason: 'too-many-pages' };
    await doc.save({ ...SAVE, addDefaultPage: false, updateFieldAppearances: false });
    return { ok: true, pageCount, sha256: sha256Hex(data) };
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}

let charset: Promise<ReadonlySet<number>> | null = null;

/** The code points the standard fonts can show (WinAnsi), read once from pdf-lib's Helvetica. */
function standardCharset(): Promise<ReadonlySet<number>> {
  charset ??= PDFDocument.create()
    .then((doc) => doc.embedFont(StandardFonts.Helvetica))
    .then((font) => new Set(font.getCharacterSet()));
  return charset;
}

/** Characters of `text` the standard fonts cannot show (line breaks and tabs aside), each once, in order. */
export async function unprintableCharacters(text: string): Promise<string[]> {
  const set = await standardCharset();
  const bad = new Set<string>();
  for (const ch of text) if (ch !== '\n' && ch !== '\r' && ch !== '\t' && !set.has(ch.codePointAt(0)!)) bad.add(ch);
  return [...bad];
}

/** Letters with no decomposition into a base letter and a mark, as they are usually written without it. */
const FOLD: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŀ: 'L', ŀ: 'l', Ŧ: 'T', ŧ: 't' };

/**
 * `text` as the standard fonts can show it: a character they lack loses its accents (Ş → S) or is
 * folded (Ł → L), and becomes `?` otherwise. Only for text that is also kept exactly elsewhere
 * (names and titles, stored and shown by the API); a generated document's own text is refused instead.
 */
function printable(text: string, set: ReadonlySet<number>): string {
  let out = '';
  for (const ch of text.replace(/\t/g, '    ').replace(/[\r\n]+/g, ' ')) {
    if (set.has(ch.codePointAt(0)!)) out += ch;
    else {
      const bare = FOLD[ch] ?? ch.normalize('NFKD').replace(/\p{M}/gu, '');
      out += bare && [...bare].every((c) => set.has(c.codePointAt(0)!)) ? bare : '?';
    }
  }
  return out;
}

/** Splits `text` into lines no wider than `width`: at spaces, and inside a word only when it alone is too wide. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  const lines: string[] = [];
  for (const paragraph of text.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n')) {
    let line = '';
    for (let word of paragraph.split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      if (fits(word)) {
        line = word;
        continue;
      }
      let used = 0;
      for (const ch of word) {
        const w = font.widthOfTextAtSize(ch, size);
        if (line && used + w > width) {
          lines.push(line);
          line = '';
          used = 0;
        }
        line += ch;
        used += w;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** Writes lines top-down, starting new pages as needed; `y` is the baseline of the next line. */
class Flow {
  page: PDFPage;
  y: number;
  constructor(
    private readonly doc: PDFDocument,
    readonly bottom = MARGIN + 24,
  ) {
    this.page = doc.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
  }

  line(text: string, font: PDFFont, size: number, leading = size * 1.4, x = MARGIN, color = rgb(0, 0, 0)): void {
    if (this.y - size < this.bottom) {
      this.page = this.doc.addPage(PAGE);
      this.y = PAGE[1] - MARGIN;
    }
    this.y -= size;
    if (text) this.page.drawText(text, { x, y: this.y, size, font, color });
    this.y -= leading - size;
  }

  paragraph(text: string, font: PDFFont, size: number, width = PAGE[0] - 2 * MARGIN, x = MARGIN, color?: ReturnType<typeof rgb>): void {
    for (const l of wrapText(text, font, size, width)) this.line(l, font, size, size * 1.4, x, color);
  }

  /** Starts a new page unless `height` points still fit above the bottom margin. */
  ensure(height: number): void {
    if (this.y - height >= this.bottom) return;
    this.page = this.doc.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
  }

  gap(points: number): void {
    this.y -= points;
  }
}

function footers(doc: PDFDocument, font: PDFFont): void {
  const pages = doc.getPages();
  pages.forEach((page, i) => {
    const text = `Page ${i + 1} of ${pages.length}`;
    page.drawText(text, { x: PAGE[0] - MARGIN - font.widthOfTextAtSize(text, 9), y: MARGIN - 20, size: 9, font, color: GREY });
  });
}

function describeDocument(doc: PDFDocument, title: string, at: Date, set: ReadonlySet<number>): void {
  doc.setTitle(printable(title, set));
  doc.setProducer(PRODUCER);
  doc.setCreator(PRODUCER);
  doc.setCreationDate(at);
  doc.setModificationDate(at);
}

/**
 * A document written from a title and plain text: A4, Helvetica, the text wrapped to the margins
 * with its line breaks kept, new pages as it runs on, and page numbers. The text must be printable
 * (`unprintableCharacters` is empty): nothing of a document someone signs is changed silently.
 */
export async function generatePdf(input: { title: string; body: string; at: Date }): Promise<{ data: Buffer; pageCount: number; sha256: string }> {
  const set = await standardCharset();
  const doc = await PDFDocument.create({ updateMetadata: false });
  describeDocument(doc, input.title, input.at, set);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const flow = new Flow(doc);
  flow.paragraph(input.title, bold, 18);
  flow.gap(14);
  flow.paragraph(input.body, regular, 11);
  footers(doc, regular);
  const data = Buffer.from(await doc.save(SAVE));
  return { data, pageCount: doc.getPageCount(), sha256: sha256Hex(data) };
}

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

/**
 * Whether pdf-lib can embed this PNG: it is whole, then pdf-lib decodes it. Both inflate the
 * pixels, so call only after checking the size its header declares.
 */
export async function checkPng(png: Buffer): Promise<boolean> {
  if (!wholePng(png)) return false;
  try {
    await (await PDFDocument.create()).embedPng(png);
    return true;
  } catch {
    return false;
  }
}

export type SignatureMark = { kind: 'IMAGE'; png: Buffer; sha256: string } | { kind: 'TYPED' };

/** What the signature page and the audit page state. */
export interface SigningRecord {
  organisation: string;
  documentId: string;
  documentTitle: string;
  requestId: string;
  requestedBy: string | null;
  requestedAt: Date;
  signerName: string;
  signerEmail: string;
  viewedAt: Date | null;
  typedName: string;
  signedAt: Date;
  ip: string;
  userAgent: string;
  httpRequestId: string;
  original: { sha256: string; sizeBytes: number; pageCount: number };
  mark: SignatureMark;
}

export interface SignedPdf {
  data: Buffer;
  /** Of the whole file, which the request keeps. */
  sha256: string;
  pageCount: number;
  /** The original pages and the signature page: the first `contentBytes` bytes of `data`, whose SHA-256 the audit page prints. */
  contentBytes: number;
  contentSha256: string;
}

/** A signed copy written to a file (the PDF threads' `sign`), or why none was: the stored original no longer matches its recorded hash. */
export type SignedPdfFile = ({ ok: true; sizeBytes: number } & Omit<SignedPdf, 'data'>) | { ok: false; reason: 'original-changed' };

/**
 * The signed document: the original pages unchanged, a signature page, and an audit page.
 *
 * A file cannot print its own hash, so this is built in two steps. First the original and the
 * signature page are saved as one file; then the audit page is appended to it as an incremental
 * update (new objects, a new cross-reference section pointing back with /Prev), which leaves those
 * bytes as they were. The audit page prints their SHA-256 and length, so anyone can check it
 * (`head -c <bytes> signed.pdf | sha256sum`); the hash of the whole file is kept with the request.
 */
export async function signedPdf(original: Buffer, r: SigningRecord): Promise<SignedPdf> {
  const set = await standardCharset();
  const doc = await PDFDocument.load(original, LOAD);
  await drawSignaturePage(doc, r, set);
  const content = await doc.save({ ...SAVE, addDefaultPage: false, updateFieldAppearances: false });
  const contentSha256 = sha256Hex(Buffer.from(content));
  const { data, pageCount } = await appendIncrementally(content, (d) => drawAuditPage(d, r, { bytes: content.length, sha256: contentSha256 }, set));
  return { data, sha256: sha256Hex(data), pageCount, contentBytes: content.length, contentSha256 };
}

const BOX = { width: 260, height: 96 };

async function drawSignaturePage(doc: PDFDocument, r: SigningRecord, set: ReadonlySet<number>): Promise<void> {
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const mono = await doc.embedFont(StandardFonts.Courier);
  const image = r.mark.kind === 'IMAGE' ? await doc.embedPng(r.mark.png) : null;
  const script = r.mark.kind === 'TYPED' ? await doc.embedFont(StandardFonts.TimesRomanBoldItalic) : null;
  const name = printable(r.typedName, set);
  const signedAt = r.signedAt.toISOString();

  const flow = new Flow(doc);
  flow.line('Electronic signature', bold, 18, 30);
  flow.paragraph(`Document: ${printable(r.documentTitle, set)}`, regular, 11);
  flow.paragraph(`Issued by: ${printable(r.organisation, set)}`, regular, 11);
  flow.line(`Document ID: ${r.documentId}`, regular, 11);
  flow.line('SHA-256 of the original document:', regular, 11);
  flow.line(r.original.sha256, mono, 9, 20);
  flow.paragraph(
    `${name} (${printable(r.signerEmail, set)}) agreed to sign this document electronically and signed it on ${signedAt} (UTC). The ${r.original.pageCount} page${r.original.pageCount === 1 ? '' : 's'} before this one are the original document, unchanged.`,
    regular,
    11,
  );
  flow.gap(24);

  const page = flow.page;
  const top = flow.y;
  const boxY = top - BOX.height;
  page.drawRectangle({ x: MARGIN, y: boxY, width: BOX.width, height: BOX.height, borderColor: GREY, borderWidth: 0.75 });
  if (image) drawFitted(page, image, { x: MARGIN + 8, y: boxY + 8, width: BOX.width - 16, height: BOX.height - 16 });
  else if (script) {
    const size = Math.min(30, (30 * (BOX.width - 24)) / Math.max(1, script.widthOfTextAtSize(name, 30)));
    page.drawText(name, { x: MARGIN + 12, y: boxY + (BOX.height - size) / 2 + size * 0.2, size, font: script });
  }
  flow.y = boxY - 8;
  flow.line(name, bold, 11);
  flow.line(printable(r.signerEmail, set), regular, 10);
  flow.line(`Signed ${signedAt} (UTC) · ${r.mark.kind === 'IMAGE' ? 'drawn signature' : 'typed name'}`, regular, 10, 24);
  flow.paragraph(`Signature request ${r.requestId}. The audit trail follows on the next page.`, regular, 9, undefined, undefined, GREY);
}

function drawFitted(page: PDFPage, image: PDFImage, box: { x: number; y: number; width: number; height: number }): void {
  const scale = Math.min(box.width / image.width, box.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  page.drawImage(image, { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height });
}

async function drawAuditPage(doc: PDFDocument, r: SigningRecord, content: { bytes: number; sha256: string }, set: ReadonlySet<number>): Promise<void> {
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const mono = await doc.embedFont(StandardFonts.Courier);
  const labelWidth = 140;
  const valueX = MARGIN + labelWidth;
  const valueWidth = PAGE[0] - MARGIN - valueX;
  const flow = new Flow(doc);
  flow.line('Audit trail', bold, 18, 30);
  const row = (label: string, value: string, font = regular, size = 10) => {
    const lines = wrapText(font === mono ? value : printable(value, set), font, size, valueWidth);
    flow.ensure(lines.length * 14);
    if (label) flow.page.drawText(label, { x: MARGIN, y: flow.y - 10, size: 10, font: bold });
    for (const l of lines) flow.line(l, font, size, 14, valueX);
    flow.gap(4);
  };
  row('Document', r.documentTitle);
  row('Document ID', r.documentId);
  row('Issued by', r.organisation);
  row('Signature request', r.requestId);
  row('Requested', `${r.requestedAt.toISOString()}${r.requestedBy ? ` by ${r.requestedBy}` : ''}`);
  row('Sent to', `${r.signerName} <${r.signerEmail}>`);
  row('First viewed', r.viewedAt ? r.viewedAt.toISOString() : 'not before signing');
  row('Signed by (as typed)', r.typedName);
  row('Signed at (UTC)', r.signedAt.toISOString());
  row('IP address', r.ip);
  row('User agent', r.userAgent || 'none sent');
  row('Request ID', r.httpRequestId);
  row('Signature', r.mark.kind === 'IMAGE' ? 'Drawn image (PNG), SHA-256:' : 'Typed name, set in a standard italic font');
  if (r.mark.kind === 'IMAGE') row('', r.mark.sha256, mono, 8.5);
  row('Original document', `${r.original.pageCount} page${r.original.pageCount === 1 ? '' : 's'}, ${r.original.sizeBytes} bytes, SHA-256:`);
  row('', r.original.sha256, mono, 8.5);
  row('Signed document', `The original pages and the signature page: the first ${content.bytes} bytes of this file, SHA-256:`);
  row('', content.sha256, mono, 8.5);
  flow.gap(10);
  flow.paragraph(
    'This page was appended to the signed document as an incremental update, which leaves the bytes above unchanged: the SHA-256 of the first bytes of this file, as many as stated, must equal the value printed. A file cannot contain its own hash, so the SHA-256 of this whole file is kept by the issuer with the signature request.',
    regular,
    9,
    undefined,
    undefined,
    GREY,
  );
}

function serialized(obj: PDFObject): Buffer {
  const out = new Uint8Array(obj.sizeInBytes());
  obj.copyBytesInto(out, 0);
  return Buffer.from(out);
}

/**
 * `base` (a file pdf-lib wrote with a classic cross-reference table) with what `change` adds as an
 * incremental update (ISO 32000-1, 7.5.6): the objects it adds or alters, a cross-reference section
 * for them, and a trailer whose /Prev points at the previous section. `base` stays a byte prefix.
 */
async function appendIncrementally(base: Uint8Array, change: (doc: PDFDocument) => Promise<void>): Promise<{ data: Buffer; pageCount: number }> {
  const doc = await PDFDocument.load(base, LOAD);
  const before = new Map(doc.context.enumerateIndirectObjects().map(([ref, obj]) => [ref.tag, serialized(obj)]));
  await change(doc);
  await doc.flush();
  const prev = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(Buffer.from(base.subarray(Math.max(0, base.length - 64))).toString('latin1'));
  if (!prev) throw new Error('The base PDF has no startxref');

  const parts: Buffer[] = [Buffer.from(base), Buffer.from('\n', 'latin1')];
  let offset = base.length + 1;
  const entries: Array<{ number: number; generation: number; offset: number }> = [];
  for (const [ref, obj] of doc.context.enumerateIndirectObjects()) {
    const bytes = serialized(obj);
    const old = before.get(ref.tag);
    if (old && old.equals(bytes)) continue;
    const chunk = Buffer.concat([Buffer.from(`${ref.objectNumber} ${ref.generationNumber} obj\n`, 'latin1'), bytes, Buffer.from('\nendobj\n', 'latin1')]);
    entries.push({ number: ref.objectNumber, generation: ref.generationNumber, offset });
    parts.push(chunk);
    offset += chunk.length;
  }
  entries.sort((a, b) => a.number - b.number);
  let xref = 'xref\n';
  for (let i = 0; i < entries.length; ) {
    let j = i;
    while (j + 1 < entries.length && entries[j + 1]!.number === entries[j]!.number + 1) j++;
    xref += `${entries[i]!.number} ${j - i + 1}\n`;
    for (const e of entries.slice(i, j + 1)) xref += `${String(e.offset).padStart(10, '0')} ${String(e.generation).padStart(5, '0')} n\r\n`;
    i = j + 1;
  }
  const t = doc.context.trailerInfo;
  const trailer = [`/Size ${doc.context.largestObjectNumber + 1}`, `/Root ${String(t.Root)}`, t.Info ? `/Info ${String(t.Info)}` : '', t.ID ? `/ID ${String(t.ID)}` : '', `/Prev ${prev[1]}`].filter(Boolean).join('\n');
  parts.push(Buffer.from(`${xref}trailer\n<<\n${trailer}\n>>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'));
  return { data: Buffer.concat(parts), pageCount: doc.getPageCount() };
}
