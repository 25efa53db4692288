import PDFDocument from 'pdfkit';

export interface ReportPdfInput {
  title: string;
  /** The period, the filters and the zone the days are in, one line. */
  subtitle: string;
  companyName: string;
  columns: readonly string[];
  rows: readonly (readonly string[])[];
}

const MARGIN = 36;
const ROW_HEIGHT = 14;

/**
 * A report as a landscape A4 table (pdfkit's built-in Helvetica: no font files to ship). Columns
 * share the width equally and a cell too long for its column is cut to one line; the header is
 * repeated on every page.
 */
export function reportPdf(p: ReportPdfInput): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: MARGIN, info: { Title: p.title, Author: p.companyName } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const width = doc.page.width - 2 * MARGIN;
  const columnWidth = width / Math.max(1, p.columns.length);
  const line = (cells: readonly string[], bold: boolean) => {
    if (doc.y + ROW_HEIGHT > doc.page.height - MARGIN) {
      doc.addPage();
      if (!bold) line(p.columns, true);
    }
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    cells.forEach((cell, i) => doc.text(cell, MARGIN + i * columnWidth, y, { width: columnWidth - 4, height: ROW_HEIGHT, lineBreak: false, ellipsis: true }));
    doc.x = MARGIN;
    doc.y = y + ROW_HEIGHT;
  };
  doc.fontSize(16).text(p.companyName).moveDown(0.2);
  doc.fontSize(12).text(p.title).fontSize(9).text(p.subtitle).moveDown();
  doc.fontSize(8);
  line(p.columns, true);
  for (const row of p.rows) line(row, false);
  if (p.rows.length === 0) doc.text('No rows for these filters.', MARGIN, doc.y);
  doc.end();
  return done;
}
