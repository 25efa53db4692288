import { parentPort } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { checkPdf, checkPng, generatePdf, signedPdf, type PdfCheck, type SigningRecord } from '../modules/esign/signatures/esign-pdf.js';
import { payslipPdf, type PayslipInput } from '../modules/payroll/runs/payslip-pdf.js';

/** One PDF task, as posted to a thread of the PDF pool (`PdfWorkerPool`). */
export type PdfTask =
  | { kind: 'check'; data: Uint8Array; maxPages: number }
  | { kind: 'generate'; input: { title: string; body: string; at: Date } }
  | { kind: 'sign'; original: Uint8Array; record: SigningRecord }
  | { kind: 'png'; png: Uint8Array }
  | { kind: 'payslip'; input: PayslipInput };

/** What each kind of task answers; bytes arrive as a Uint8Array. */
export interface PdfAnswers {
  check: PdfCheck;
  generate: { data: Uint8Array; pageCount: number; sha256: string };
  sign: { data: Uint8Array; sha256: string; pageCount: number; contentBytes: number; contentSha256: string };
  png: boolean;
  payslip: { data: Uint8Array };
}

/** Posted on the thread's parent port when a task begins, so the pool starts its time budget then, not while the task waits for a thread. */
export interface PdfTaskStarted {
  pdfTaskStarted: number;
}

/** Bytes posted to a thread arrive as a Uint8Array; the PDF functions take Buffers (a view, not a copy). */
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

async function perform(task: PdfTask): Promise<PdfAnswers[PdfTask['kind']]> {
  switch (task.kind) {
    case 'check':
      return checkPdf(buffer(task.data), task.maxPages);
    case 'generate':
      return handOver(await generatePdf(task.input));
    case 'sign':
      return handOver(await signedPdf(buffer(task.original), { ...task.record, mark: task.record.mark.kind === 'IMAGE' ? { ...task.record.mark, png: buffer(task.record.mark.png) } : task.record.mark }));
    case 'png':
      return checkPng(buffer(task.png));
    case 'payslip':
      return handOver({ data: await payslipPdf(task.input) });
  }
}

export default function run({ id, task }: { id: number; task: PdfTask }): Promise<PdfAnswers[PdfTask['kind']]> {
  const started: PdfTaskStarted = { pdfTaskStarted: id };
  parentPort?.postMessage(started);
  return perform(task);
}
