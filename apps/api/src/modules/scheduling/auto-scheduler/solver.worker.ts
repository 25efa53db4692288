import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { solve, type PlannedShift, type SolveInput } from './solver.js';

/** The thread SolverThread runs: a solve takes up to seconds of CPU, which must not hold up the API's event loop. */
export interface SolveRequest {
  id: number;
  input: SolveInput;
  budgetMs: number;
}

export type SolveReply = { id: number; ok: true; shifts: PlannedShift[] } | { id: number; ok: false; message: string };

const port = parentPort;
if (!port) throw new Error('solver.worker.js runs only as a worker thread');

port.on('message', (m: SolveRequest) => {
  let reply: SolveReply;
  try {
    reply = { id: m.id, ok: true, shifts: solve(m.input, { budgetMs: m.budgetMs, now: () => performance.now() }) };
  } catch (err) {
    reply = { id: m.id, ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(reply);
});
