import { ServiceUnavailableError, UnprocessableEntityError } from '@wfm/core/errors';
import type { PdfCheck, SignedPdfFile, SigningRecord } from '../modules/esign/signatures/esign-pdf.js';
import type { PayslipInput } from '../modules/payroll/runs/payslip-pdf.js';
import type { ReportPdfInput } from '../modules/reports/shared/report-pdf.js';

/**
 * The PDF work of the API (reading, checking, writing and signing PDFs, decoding signature images).
 * Each call is seconds of CPU for a large document, so it never runs on the event loop that answers
 * every other request and, without a gateway, the door routes.
 */
export interface PdfProcessor {
  /** Whether the file at `path` is a PDF the e-signature area can sign, and its SHA-256 (`checkPdf`). */
  check(path: string, maxPages: number): Promise<PdfCheck>;
  /** A document written from a title and printable plain text, with its SHA-256 (`generatePdf`). */
  generate(input: { title: string; body: string; at: Date }): Promise<{ data: Buffer; pageCount: number; sha256: string }>;
  /**
   * Writes the signed copy (`signedPdf`) of the file at `originalPath` to a new file at `outPath`,
   * after checking the original still has the SHA-256 in `record.original`.
   */
  sign(originalPath: string, record: SigningRecord, outPath: string): Promise<SignedPdfFile>;
  /** Whether a signature image decodes (`checkPng`). */
  checkPng(png: Buffer): Promise<boolean>;
  /** A payslip as a one-page PDF (`payslipPdf`). */
  payslip(input: PayslipInput): Promise<Buffer>;
  /** A report's table as a landscape PDF (`reportPdf`). */
  report(input: ReportPdfInput): Promise<Buffer>;
}

/** The OpenAPI entries of the answers every route that processes a PDF may give. */
export const PDF_RESPONSES = {
  422: { description: 'The PDF needs more than the time budget of one PDF task to process (PDF_TOO_COMPLEX)' },
  503: { description: 'Every PDF thread is busy and the queue is full; retry after Retry-After seconds' },
};

/** 422: the document needs more than the time budget of one PDF task (`PDF_TASK_TIMEOUT_MS`). */
export class PdfTooComplexError extends UnprocessableEntityError {
  constructor() {
    super('The PDF is too complex to process', 'PDF_TOO_COMPLEX');
  }
}

/** 503 with Retry-After: every PDF thread is busy and the queue is full, so the request is refused instead of waiting without bound. */
export class PdfBusyError extends ServiceUnavailableError {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many PDFs are being processed; retry shortly');
  }
  override headers(): Record<string, string> {
    return { 'Retry-After': String(this.retryAfterSeconds) };
  }
}
