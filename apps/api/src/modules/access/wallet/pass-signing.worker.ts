import { parentPort, workerData } from 'node:worker_threads';
import { WalletPassGenerator, type PassContent, type PassModel, type PassSigning } from './wallet-pass.generator.js';

/**
 * The thread PassSigningThread runs: it builds and signs passes synchronously here, so the RSA
 * signature computed in JavaScript never holds up the API's event loop (nor, all-in-one, the
 * door daemon's).
 */
export interface SigningWorkerData {
  signing: PassSigning;
  model: Record<string, Uint8Array>;
}

export interface SigningRequest {
  id: number;
  content: PassContent;
}

export type SigningReply = { id: number; ok: true; pkpass: Uint8Array } | { id: number; ok: false; message: string };

const port = parentPort;
if (!port) throw new Error('pass-signing.worker.js runs only as a worker thread');

const data = workerData as SigningWorkerData;
const model: PassModel = Object.fromEntries(Object.entries(data.model).map(([name, bytes]) => [name, Buffer.from(bytes)]));
const generator = new WalletPassGenerator(data.signing, model);

port.on('message', (m: SigningRequest) => {
  let reply: SigningReply;
  try {
    // A copy of its own, so the transfer below cannot take a shared pool slab.
    const pkpass = new Uint8Array(generator.generate(m.content));
    reply = { id: m.id, ok: true, pkpass };
    port.postMessage(reply, [pkpass.buffer]);
  } catch (err) {
    reply = { id: m.id, ok: false, message: err instanceof Error ? err.message : String(err) };
    port.postMessage(reply);
  }
});
