import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Piscina } from 'piscina';
import { ServiceUnavailableError } from '@wfm/core/errors';
import type { PdfCheck, SignedPdfFile, SigningRecord } from '../modules/esign/signatures/esign-pdf.js';
import type { PayslipInput } from '../modules/payroll/runs/payslip-pdf.js';
import type { ReportPdfInput } from '../modules/reports/shared/report-pdf.js';
import { PdfBusyError, PdfTooComplexError, type PdfProcessor } from './pdf-processor.js';
import type { PdfAnswers, PdfTask, PdfTaskStarted } from './pdf.worker.js';

/** One core is left to the event loop (and the door path that shares it). */
export function defaultPdfThreads(): number {
  return Math.max(1, availableParallelism() - 1);
}

export interface PdfPoolOptions {
  /** Threads, each running one task at a time. */
  threads: number;
  /** Tasks that may wait for a thread; one more is refused with PdfBusyError. */
  maxQueue: number;
  /** The time budget of one task from when a thread starts it; past it the thread is ended and the task fails with PdfTooComplexError. */
  taskTimeoutMs: number;
}

interface Job {
  task: PdfTask;
  resolve(answer: unknown): void;
  reject(err: Error): void;
}

/** Threads left idle this long end; the next task starts one again (pdf-lib and pdfkit load in about 0.2 s). */
const IDLE_MS = 60_000;
/**
 * Linux nice value added to the threads: on a host with few cores the scheduler gives the event
 * loop (door taps, sign-ins) and the database the CPU before a PDF.
 */
const NICE = 10;

const stopped = () => new ServiceUnavailableError('PDF processing has stopped');
const bytes = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength);

/**
 * PDF work on worker threads (piscina), bounded three ways: `threads` tasks run at once, `maxQueue`
 * wait (the queue is kept here, so a task's budget starts when a thread takes it, never while it
 * waits), and a task that runs past `taskTimeoutMs` is aborted, which ends its thread (piscina
 * starts another for the next task). Threads start on first use and do not keep the process alive
 * while idle; `close` ends them (the app's stop path).
 */
export class PdfWorkerPool implements PdfProcessor {
  private readonly pool: Piscina<{ id: number; task: PdfTask }, unknown>;
  private readonly waiting: Job[] = [];
  /** Tasks handed to piscina, by id: what to do when the thread reports the task begun (start its budget). */
  private readonly handed = new Map<number, () => void>();
  private readonly begun = new Set<number>();
  private seq = 0;
  private closed = false;
  /** Moving average of one task in ms, for Retry-After. */
  private averageMs = 0;

  constructor(private readonly opts: PdfPoolOptions) {
    if (!Number.isInteger(opts.threads) || opts.threads < 1) throw new Error('A PDF pool needs at least one thread');
    if (!Number.isInteger(opts.maxQueue) || opts.maxQueue < 0) throw new Error('A PDF pool queue limit must be 0 or more');
    this.pool = new Piscina({
      filename: new URL('./pdf.worker.js', import.meta.url).href,
      minThreads: 0,
      maxThreads: opts.threads,
      idleTimeout: IDLE_MS,
      niceIncrement: NICE,
    });
    this.pool.on('message', (m: PdfTaskStarted) => this.handed.get(m.pdfTaskStarted)?.());
  }

  /** Tasks a thread is working on now (begun, not finished). */
  get inProgress(): number {
    return this.begun.size;
  }

  async check(path: string, maxPages: number): Promise<PdfCheck> {
    return this.submit<'check'>({ kind: 'check', path, maxPages });
  }

  async generate(input: { title: string; body: string; at: Date }): Promise<{ data: Buffer; pageCount: number; sha256: string }> {
    const answer = await this.submit<'generate'>({ kind: 'generate', input });
    return { ...answer, data: bytes(answer.data) };
  }

  async sign(originalPath: string, record: SigningRecord, outPath: string): Promise<SignedPdfFile> {
    return this.submit<'sign'>({ kind: 'sign', originalPath, record, outPath });
  }

  async checkPng(png: Buffer): Promise<boolean> {
    return this.submit<'png'>({ kind: 'png', png });
  }

  async payslip(input: PayslipInput): Promise<Buffer> {
    return bytes((await this.submit<'payslip'>({ kind: 'payslip', input })).data);
  }

  async report(input: ReportPdfInput): Promise<Buffer> {
    return bytes((await this.submit<'report'>({ kind: 'report', input })).data);
  }

  /** Refuses new work, fails queued and running tasks with 503, and ends every thread. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) job.reject(stopped());
    await this.pool.destroy();
  }

  private submit<K extends PdfTask['kind']>(task: Extract<PdfTask, { kind: K }>): Promise<PdfAnswers[K]> {
    return new Promise((resolve, reject) => {
      const job: Job = { task, resolve: resolve as (answer: unknown) => void, reject };
      if (this.closed) reject(stopped());
      else if (this.handed.size < this.opts.threads) this.hand(job);
      else if (this.waiting.length < this.opts.maxQueue) this.waiting.push(job);
      else reject(new PdfBusyError(this.retryAfterSeconds()));
    });
  }

  private hand(job: Job): void {
    const id = ++this.seq;
    const budget = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let startedAt = 0;
    this.handed.set(id, () => {
      startedAt = performance.now();
      this.begun.add(id);
      timer = setTimeout(() => budget.abort(), this.opts.taskTimeoutMs);
    });
    this.pool.run({ id, task: job.task }, { signal: budget.signal }).then(
      (answer) => {
        // The result and the start notice come through different ports: a quick task's result can arrive first.
        if (startedAt > 0) {
          const ms = performance.now() - startedAt;
          this.averageMs = this.averageMs === 0 ? ms : 0.8 * this.averageMs + 0.2 * ms;
        }
        job.resolve(answer);
      },
      (err: Error) => job.reject(this.closed ? stopped() : budget.signal.aborted ? new PdfTooComplexError() : err),
    ).finally(() => {
      clearTimeout(timer);
      this.handed.delete(id);
      this.begun.delete(id);
      const next = this.closed ? undefined : this.waiting.shift();
      if (next) this.hand(next);
    });
  }

  /** Time for the work ahead to drain at the observed pace, at least 1 s. */
  private retryAfterSeconds(): number {
    const ahead = this.waiting.length + this.opts.threads;
    return Math.max(1, Math.ceil((this.averageMs * ahead) / this.opts.threads / 1000));
  }
}
