import { Worker } from 'node:worker_threads';
import type { PlannedShift, SolveInput } from './solver.js';
import type { SolveReply, SolveRequest } from './solver.worker.js';

export interface Solver {
  solve(input: SolveInput, budgetMs: number): Promise<PlannedShift[]>;
  close(): Promise<void>;
}

interface Pending {
  resolve(shifts: PlannedShift[]): void;
  reject(err: Error): void;
}

/**
 * Solves on one worker thread of its own, one at a time (the thread's queue orders them). The thread
 * starts on first use, does not keep the process alive while idle, and is started afresh after a crash.
 */
export class SolverThread implements Solver {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private seq = 0;
  private closed = false;

  solve(input: SolveInput, budgetMs: number): Promise<PlannedShift[]> {
    return new Promise<PlannedShift[]>((resolve, reject) => {
      if (this.closed) return reject(new Error('The solver has stopped'));
      const worker = this.worker ?? this.spawn();
      const id = ++this.seq;
      this.pending.set(id, { resolve, reject });
      if (this.pending.size === 1) worker.ref();
      const request: SolveRequest = { id, input, budgetMs };
      worker.postMessage(request);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.worker?.terminate();
  }

  private spawn(): Worker {
    const worker = new Worker(new URL('./solver.worker.js', import.meta.url));
    let crash: Error | null = null;
    worker.on('message', (reply: SolveReply) => {
      const job = this.pending.get(reply.id);
      if (!job) return;
      this.pending.delete(reply.id);
      if (reply.ok) job.resolve(reply.shifts);
      else job.reject(new Error(reply.message));
      if (this.pending.size === 0) worker.unref();
    });
    worker.on('error', (err) => (crash = err));
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = null;
      const failure = new Error(this.closed ? 'The solver has stopped' : `The solver thread stopped: ${crash?.message ?? 'exited'}`);
      for (const job of this.pending.values()) job.reject(failure);
      this.pending.clear();
    });
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
