import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { ServiceUnavailableError } from './errors.js';
import { SCRYPT_KEY_LEN, scryptMaxmem, type ScryptDerive } from './crypto.js';
import type { ScryptReply, ScryptRequest } from './scrypt-worker.js';

/** 503 with Retry-After: the hashing queue is full, so the request is refused instead of waiting without bound. */
export class PasswordHashingBusyError extends ServiceUnavailableError {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many sign-in requests are being processed; retry shortly');
  }
  override headers(): Record<string, string> {
    return { 'Retry-After': String(this.retryAfterSeconds) };
  }
}

/** One core is left to the event loop (and, all-in-one, the door daemon); more than two buys little for a login form. */
export function defaultHashWorkers(): number {
  return Math.min(2, Math.max(1, availableParallelism() - 1));
}

export interface ScryptPoolOptions {
  /** Worker threads, each running one derivation at a time. */
  workers: number;
  /** Derivations that may wait for a worker; one more is refused with PasswordHashingBusyError. */
  maxQueue: number;
}

interface Job {
  request: ScryptRequest;
  resolve(key: Buffer): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  startedAt: number;
  crash: Error | null;
}

const stopped = () => new ServiceUnavailableError('Password hashing has stopped');

/**
 * Password hashing on threads of its own. scrypt N=2^17 takes about half a second and 128 MB; on
 * libuv's pool (4 threads, shared with async crypto, DNS and fs) a burst of logins queued ahead of
 * the door daemon's signature checks. Here the work is bounded twice: `workers` derivations run at
 * once, `maxQueue` wait, and anything beyond is answered 503 at once.
 *
 * Workers start on first use and are unref'd while idle, so an idle pool never keeps a process
 * alive; `close` ends them (the app's stop path).
 */
export class ScryptWorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private closed = false;
  /** Moving average of one derivation in ms, for Retry-After. */
  private averageMs = 0;

  constructor(private readonly opts: ScryptPoolOptions) {
    if (!Number.isInteger(opts.workers) || opts.workers < 1) throw new Error('A scrypt pool needs at least one worker');
    if (!Number.isInteger(opts.maxQueue) || opts.maxQueue < 0) throw new Error('A scrypt pool queue limit must be 0 or more');
  }

  readonly derive: ScryptDerive = (password, salt, params) =>
    new Promise<Buffer>((resolve, reject) => {
      if (this.closed) return reject(stopped());
      // A copy: a small Buffer is a view into a shared 8 KB slab, which posting would clone whole.
      const request: ScryptRequest = { password, salt: new Uint8Array(salt), ...params, keyLen: SCRYPT_KEY_LEN, maxmem: scryptMaxmem(params) };
      const job: Job = { request, resolve, reject };
      const slot = this.slots.find((s) => s.job === null) ?? (this.slots.length < this.opts.workers ? this.spawn() : null);
      if (slot) this.run(slot, job);
      else if (this.queue.length < this.opts.maxQueue) this.queue.push(job);
      else reject(new PasswordHashingBusyError(this.retryAfterSeconds()));
    });

  /** Refuses new work, fails queued and running derivations with 503, and ends every worker. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(stopped());
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }

  private spawn(): Slot {
    const worker = new Worker(new URL('./scrypt-worker.js', import.meta.url));
    const slot: Slot = { worker, job: null, startedAt: 0, crash: null };
    worker.on('message', (reply: ScryptReply) => this.finish(slot, reply));
    worker.on('error', (err) => (slot.crash = err));
    worker.on('exit', () => this.lost(slot));
    worker.unref();
    this.slots.push(slot);
    return slot;
  }

  private run(slot: Slot, job: Job): void {
    slot.job = job;
    slot.startedAt = performance.now();
    slot.worker.ref();
    slot.worker.postMessage(job.request);
  }

  private finish(slot: Slot, reply: ScryptReply): void {
    const job = slot.job;
    if (!job) return;
    slot.job = null;
    const ms = performance.now() - slot.startedAt;
    this.averageMs = this.averageMs === 0 ? ms : 0.8 * this.averageMs + 0.2 * ms;
    if (reply.ok) job.resolve(Buffer.from(reply.key.buffer, reply.key.byteOffset, reply.key.byteLength));
    else job.reject(new Error(reply.message));
    const next = this.queue.shift();
    if (next) this.run(slot, next);
    else slot.worker.unref();
  }

  /** A worker ended (closed, or crashed): its derivation fails, and queued work gets a new worker. */
  private lost(slot: Slot): void {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    if (slot.job) {
      slot.job.reject(this.closed ? stopped() : new Error(`password hashing worker stopped: ${slot.crash?.message ?? 'exited'}`));
      slot.job = null;
    }
    const next = this.closed ? undefined : this.queue.shift();
    if (next) this.run(this.spawn(), next);
  }

  /** Time for the work ahead to drain at the observed pace, at least 1 s. */
  private retryAfterSeconds(): number {
    const ahead = this.queue.length + this.opts.workers;
    return Math.max(1, Math.ceil((this.averageMs * ahead) / this.opts.workers / 1000));
  }
}
