import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { checkPdf, checkPng, generatePdf, signedPdf, type PdfCheck, type SignedPdfFile, type SigningRecord } from '../modules/esign/signatures/esign-pdf.js';
import { sha256Hex, writeDurably } from '../storage/file-storage.js';
import { payslipPdf, type PayslipInput } from '../modules/payroll/runs/payslip-pdf.js';
import { reportPdf, type ReportPdfInput } from '../modules/reports/shared/report-pdf.js';

/** One PDF task, as posted to a thread of the PDF pool (`PdfWorkerPool`). */
export type PdfTask =
  | { kind: 'check'; path: string; maxPages: number }
  | { kind: 'generate'; input: { title: string; body: string; at: Date } }
  | { kind: 'sign'; originalPath: string; record: SigningRecord; outPath: string }
  | { kind: 'png'; png: Uint8Array }
  | { kind: 'payslip'; input: PayslipInput }
  | { kind: 'report'; input: ReportPdfInput };

/** What each kind of task answers; bytes arrive as a Uint8Array. */
export interface PdfAnswers {
  check: PdfCheck;
  generate: { data: Uint8Array; pageCount: number; sha256: string };
  sign: SignedPdfFile;
  png: boolean;
  payslip: { data: Uint8Array };
  report: { data: Uint8Array };
}

/** Posted on the thread's parent port when a task begins, so the pool starts its time budget then, not while the task waits for a thread. */
export interface PdfTaskStarted {
  pdfTaskStarted: number;
}

/**
 * Files of megabytes are read and written here by path, never posted between threads: copying
 * them to or from the event loop's thread held its other requests for tens of milliseconds.
 * Bytes posted to a thread arrive as a Uint8Array; the PDF functions take Buffers (a view, not a copy).
 */
const buffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * The answer with its bytes handed over rather than copied (a signed copy is as large as its
 * original). Only bytes that own their memory: a small Buffer is a view into a shared slab.
 */
function handOver<T extends { data: Uint8Array }>(answer: T): T {
  const { buffer: memory, byteOffset, byteLength } = answer.data;
  if (byteOffset !== 0 || byteLength !== memory.byteLength) return answer;
  return move({ [transferableSymbol]: memory, [valueSymbol]: answer }) as unknown as T;
}

/** The signed copy written to `outPath`, from an original whose bytes still match the hash recorded with it. */
async function signToFile(task: Extract<PdfTask, { kind: 'sign' }>): Promise<SignedPdfFile> {
  const original = await readFile(task.originalPath);
  if (sha256Hex(original) !== task.record.original.sha256) return { ok: false, reason: 'original-changed' };
  const { record } = task;
  const { data, ...signed } = await signedPdf(original, { ...record, mark: record.mark.kind === 'IMAGE' ? { ...record.mark, png: buffer(record.mark.png) } : record.mark });
  await writeDurably(task.outPath, [data]);
  return { ok: true, ...signed, sizeBytes: data.length };
}

async function perform(task: PdfTask): Promise<PdfAnswers[PdfTask['kind']]> {
  switch (task.kind) {
    case 'check':
      return checkPdf(await readFile(task.path), task.maxPages);
    case 'generate':
      return handOver(await generatePdf(task.input));
    case 'sign':
      return signToFile(task);
    case 'png':
      return checkPng(buffer(task.png));
    case 'payslip':
      return handOver({ data: await payslipPdf(task.input) });
    case 'report':
      return handOver({ data: await reportPdf(task.input) });
  }
}

export default function run({ id, task }: { id: number; task: PdfTask }): Promise<PdfAnswers[PdfTask['kind']]> {
  const started: PdfTaskStarted = { pdfTaskStarted: id };
  parentPort?.postMessage(started);
  return perform(task);
}
