import { scryptSync } from 'node:crypto';
import { parentPort } from 'node:worker_threads';

/**
 * One thread of the password-hashing pool (scrypt-pool.ts). scrypt runs synchronously here, so it
 * occupies this thread only: never the API's event loop, never libuv's shared thread pool.
 */
export interface ScryptRequest {
  password: string;
  salt: Uint8Array;
  N: number;
  r: number;
  p: number;
  keyLen: number;
  maxmem: number;
}

export type ScryptReply = { ok: true; key: Uint8Array } | { ok: false; message: string };

const port = parentPort;
if (!port) throw new Error('scrypt-worker.js runs only as a worker thread');

port.on('message', (m: ScryptRequest) => {
  let reply: ScryptReply;
  try {
    reply = { ok: true, key: scryptSync(m.password, m.salt, m.keyLen, { N: m.N, r: m.r, p: m.p, maxmem: m.maxmem }) };
  } catch (err) {
    reply = { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(reply);
});
