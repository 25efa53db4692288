import { Worker } from 'node:worker_threads';
import { ServiceUnavailableError } from '@wfm/core/errors';
import type { SigningReply, SigningRequest, SigningWorkerData } from './pass-signing.worker.js';
import type { PassContent, PassModel, PassSigning } from './wallet-pass.generator.js';

/** Builds the signed .pkpass of a pass's content. */
export interface PassBuilder {
  build(content: PassContent): Promise<Buffer>;
  close(): Promise<void>;
}

/** 503 with Retry-After: more passes wait for signing than the thread should queue. */
export class PassSigningBusyError extends ServiceUnavailableError {
  constructor() {
    super('Too many passes are being signed; retry shortly');
  }
  override headers(): Record<string, string> {
    return { 'Retry-After': '1' };
  }
}

interface Pending {
  resolve(pkpass: Buffer): void;
  reject(err: Error): void;
}

/**
 * Pass signing on one worker thread of its own (a pass takes tens of milliseconds of CPU). At most
 * `maxPending` passes wait; one more is refused with 503 at once. The thread starts on first use,
 * does not keep the process alive while idle, and is started afresh after a crash.
 */
export class PassSigningThread implements PassBuilder {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private seq = 0;
  private closed = false;

  constructor(
    private readonly init: { signing: PassSigning; model: PassModel },
    private readonly maxPending = 32,
  ) {}

  build(content: PassContent): Promise<Buffer> {
    return new Promise<Buffer>((resolve, reject) => {
      if (this.closed) return reject(new ServiceUnavailableError('Pass signing has stopped'));
      if (this.pending.size >= this.maxPending) return reject(new PassSigningBusyError());
      const worker = this.worker ?? this.spawn();
      const id = ++this.seq;
      this.pending.set(id, { resolve, reject });
      if (this.pending.size === 1) worker.ref();
      const request: SigningRequest = { id, content };
      worker.postMessage(request);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.worker?.terminate();
  }

  private spawn(): Worker {
    const data: SigningWorkerData = { signing: this.init.signing, model: this.init.model };
    const worker = new Worker(new URL('./pass-signing.worker.js', import.meta.url), { workerData: data });
    let crash: Error | null = null;
    worker.on('message', (reply: SigningReply) => {
      const job = this.pending.get(reply.id);
      if (!job) return;
      this.pending.delete(reply.id);
      if (reply.ok) job.resolve(Buffer.from(reply.pkpass.buffer, reply.pkpass.byteOffset, reply.pkpass.byteLength));
      else job.reject(new Error(`Pass signing failed: ${reply.message}`));
      if (this.pending.size === 0) worker.unref();
    });
    worker.on('error', (err) => (crash = err));
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = null;
      const failure = this.closed ? new ServiceUnavailableError('Pass signing has stopped') : new Error(`Pass signing thread stopped: ${crash?.message ?? 'exited'}`);
      for (const job of this.pending.values()) job.reject(failure);
      this.pending.clear();
    });
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
