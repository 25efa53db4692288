import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import PDFKit from 'pdfkit';
import { encryptedPdf, pdfWithPages, png } from '../../../test-support/esign-fixtures.js';
import { pdfPageTexts } from '../../../test-support/pdf-text.js';
import { checkPdf, signedPdf, unprintableCharacters, wrapText, type SigningRecord } from './esign-pdf.js';

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

function pdfkitDocument(pages: string[]): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFKit({ autoFirstPage: false, info: { Title: 'Handbook', Author: 'HR' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    for (const text of pages) doc.addPage({ size: 'LETTER' }).text(text);
    doc.end();
  });
}

const record = (over: Partial<SigningRecord> = {}): SigningRecord => ({
  organisation: 'Demo Bakery Ltd',
  documentId: '00000000-0000-4000-8000-000000000001',
  documentTitle: 'Handbook',
  requestId: '00000000-0000-4000-8000-000000000002',
  requestedBy: 'Hanna Reed',
  requestedAt: new Date('2026-03-01T09:00:00Z'),
  signerName: 'Olive Outsider',
  signerEmail: 'olive@outside.test',
  viewedAt: null,
  typedName: 'Olive Outsider',
  signedAt: new Date('2026-03-02T10:30:00Z'),
  ip: '198.51.100.7',
  userAgent: `Mozilla/5.0 ${'(a very long user agent) '.repeat(12)}`,
  httpRequestId: 'req-1',
  original: { sha256: 'a'.repeat(64), sizeBytes: 1000, pageCount: 1 },
  mark: { kind: 'TYPED' },
  ...over,
});

describe('e-signature PDFs (pdf-lib)', () => {
  it('wraps at spaces, keeps line breaks, and splits only a word too wide alone', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const width = 100;
    const lines = wrapText(`one two three four five six seven eight nine ten\n\n${'w'.repeat(60)} end`, font, 10, width);
    expect(lines.every((l) => font.widthOfTextAtSize(l, 10) <= width)).to.equal(true);
    expect(lines.join('').replace(/\s+/g, '')).to.equal(`onetwothreefourfivesixseveneightnineten${'w'.repeat(60)}end`);
    expect(lines).to.include('');
    expect(lines.filter((l) => /^w+$/.test(l)).length).to.be.greaterThan(1);
    expect(lines.at(-1)).to.match(/ end$/);
  });

  it('names the characters the standard fonts lack, once each', async () => {
    expect(await unprintableCharacters('Crème brûlée, 10 € — “quoted”\n\ttabbed')).to.deep.equal([]);
    expect(await unprintableCharacters('Łódź Ł 🙂')).to.deep.equal(['Ł', 'ź', '🙂']);
  });

  it('checks an upload: readable, not encrypted, within the page limit', async () => {
    const two = await pdfWithPages(['a', 'b']);
    expect(await checkPdf(two, 500)).to.deep.equal({ ok: true, pageCount: 2, sha256: sha256(two) });
    expect(await checkPdf(await pdfWithPages(['a', 'b']), 1)).to.deep.equal({ ok: false, reason: 'too-many-pages' });
    expect(await checkPdf(await encryptedPdf(), 500)).to.deep.equal({ ok: false, reason: 'encrypted' });
    expect(await checkPdf(Buffer.from('%PDF-1.4\n%%EOF\n'), 500)).to.deep.equal({ ok: false, reason: 'unreadable' });
    const empty = await PDFDocument.create();
    expect(await checkPdf(Buffer.from(await empty.save({ addDefaultPage: false })), 500)).to.deep.equal({ ok: false, reason: 'no-pages' });
  });

  for (const [source, make] of [
    ['pdfkit (another writer, with an Info dictionary)', () => pdfkitDocument(['First page of the handbook', 'Second page'])],
    ['pdf-lib with object streams and a cross-reference stream', async () => {
      const doc = await PDFDocument.create();
      const font = await doc.embedFont(StandardFonts.TimesRoman);
      for (const text of ['First page of the handbook', 'Second page']) doc.addPage().drawText(text, { x: 50, y: 700, font, size: 12 });
      return Buffer.from(await doc.save({ useObjectStreams: true }));
    }],
  ] as const) {
    it(`signs a PDF from ${source}: the audit page is an update appended after the bytes it hashes`, async () => {
      const original = await make();
      const signed = await signedPdf(original, record({ original: { sha256: sha256(original), sizeBytes: original.length, pageCount: 2 }, mark: { kind: 'IMAGE', png: png(200, 80), sha256: 'b'.repeat(64) } }));
      expect(signed.pageCount).to.equal(4);
      const prefix = signed.data.subarray(0, signed.contentBytes);
      expect(sha256(prefix)).to.equal(signed.contentSha256);
      expect(sha256(signed.data)).to.equal(signed.sha256);
      // The prefix is a complete PDF of its own: the original pages and the signature page.
      expect((await PDFDocument.load(prefix)).getPageCount()).to.equal(3);
      // The update after it: one cross-reference section that points back to the prefix's.
      const update = signed.data.subarray(signed.contentBytes).toString('latin1');
      const previous = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(prefix.toString('latin1'))![1];
      expect(update).to.match(new RegExp(`trailer\\n<<[\\s\\S]*/Prev ${previous}\\n>>\\nstartxref\\n\\d+\\n%%EOF\\n$`));
      const xrefAt = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(update)![1]);
      expect(signed.data.subarray(xrefAt, xrefAt + 5).toString('latin1')).to.equal('xref\n');
      const offsets = [...update.matchAll(/^(\d{10}) 00000 n\r$/gm)].map((m) => Number(m[1]));
      expect(offsets.length).to.be.greaterThan(3);
      for (const offset of offsets) expect(signed.data.subarray(offset, offset + 20).toString('latin1')).to.match(/^\d+ 0 obj\n/);

      const texts = await pdfPageTexts(signed.data);
      expect(texts).to.have.length(4);
      expect(texts.slice(0, 2)).to.deep.equal(await pdfPageTexts(original));
      expect(texts[3]!.replace(/\s+/g, ' ')).to.include(`the first ${signed.contentBytes} bytes of this file`);
      expect(texts[3]).to.include(signed.contentSha256);
      expect(texts[3]).to.include('b'.repeat(64));
      expect((await PDFDocument.load(signed.data)).getPageCount()).to.equal(4);
    });
  }

  it('keeps the original’s document information and page size; its own pages are A4, as many as the audit trail needs', async () => {
    const original = await pdfkitDocument(['Only page']);
    const signed = await signedPdf(original, record({ documentTitle: 'T '.repeat(100), userAgent: 'x'.repeat(512), organisation: 'O '.repeat(100), requestedBy: 'R '.repeat(60) }));
    const doc = await PDFDocument.load(signed.data);
    expect(doc.getPageCount()).to.equal(signed.pageCount);
    expect(doc.getTitle()).to.equal('Handbook');
    expect(doc.getAuthor()).to.equal('HR');
    expect(doc.getPage(0).getSize()).to.deep.equal({ width: 612, height: 792 });
    expect(doc.getPage(doc.getPageCount() - 1).getSize()).to.deep.equal({ width: 595.28, height: 841.89 });
  });
});
