import PDFDocument from 'pdfkit';
import type { Payslip } from './payroll.repository.js';

/** Minor units as a decimal amount with its currency code, e.g. `GBP 1,234.50`; two decimals, as the currencies paid here use. */
export function money(minor: number, currency: string): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${currency} ${Math.floor(abs / 100).toLocaleString('en-GB')}.${String(abs % 100).padStart(2, '0')}`;
}

export interface PayslipInput {
  slip: Payslip;
  employeeName: string;
  companyName: string;
  periodYearMonth: string;
  status: string;
}

/** A payslip as a one-page PDF (pdfkit's built-in Helvetica: no font files to ship). */
export function payslipPdf(p: PayslipInput): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Payslip ${p.periodYearMonth}`, Author: p.companyName } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.fontSize(18).text(p.companyName).moveDown(0.3);
  doc.fontSize(12).text(`Payslip for ${p.employeeName}`).text(`Period ${p.periodYearMonth}${p.status === 'PAID' ? ' · paid' : ''}`).moveDown();
  doc.fontSize(10);
  for (const line of p.slip.lines) {
    const y = doc.y;
    doc.text(line.description, 50, y, { width: 300 });
    doc.text(money(line.amountMinor, p.slip.currency), 350, y, { width: 195, align: 'right' });
    // A premium says why it is owed: the rule's trace, then the arithmetic of its amount.
    if (line.premium) doc.fontSize(8).fillColor('#555555').text(`${line.premium.explanation}. ${line.premium.arithmetic}`, 62, doc.y, { width: 288 }).fontSize(10).fillColor('black');
  }
  doc.moveDown();
  for (const [label, value] of [
    ['Gross', p.slip.grossMinor],
    ['Deductions', -p.slip.deductionsMinor],
    ['Net pay', p.slip.netMinor],
  ] as const) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(label, 50, y, { width: 300 });
    doc.text(money(value, p.slip.currency), 350, y, { width: 195, align: 'right' });
  }
  doc.end();
  return done;
}
