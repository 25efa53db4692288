import { readFile } from 'node:fs/promises';
import type { Request, Response } from 'express';
import Negotiator from 'negotiator';
import { sha256Hex } from '../storage/file-storage.js';
import { etagOf, ifNoneMatchHits } from './caching.js';
import { CODINGS, compress, SUFFIX, worthCompressing, type Coding } from '@wfm/core/codings';

type Encoding = Coding | 'identity';

/** Ours when the client likes two codings as much: brotli's output is the smaller. */
const PREFERENCE: readonly Encoding[] = ['br', 'gzip', 'identity'];

interface Variant {
  data: Buffer;
  etag: string;
}

const variant = (data: Buffer): Variant => ({ data, etag: etagOf(sha256Hex(data)) });

/** @types/negotiator predates the `preferred` option of negotiator 1.x. */
type EncodingNegotiator = { encodings(available: readonly string[], options: { preferred: readonly string[] }): string[] };

/** The codings the request accepts, best first: its q-values, then PREFERENCE; `q=0` refuses. */
function acceptable(req: Request): Encoding[] {
  return (new Negotiator(req) as unknown as EncodingNegotiator).encodings(PREFERENCE, { preferred: PREFERENCE }) as Encoding[];
}

/**
 * A body that never changes while the process runs (a built asset, an OpenAPI document), kept in
 * memory in each content coding and answered by Accept-Encoding, with a strong ETag per coding
 * (RFC 9110 §8.8.3: each coding is its own representation), `Vary: Accept-Encoding` and a 304 on
 * a matching If-None-Match.
 *
 * Codings not read from disk are compressed on the first request, not at start-up (a process that
 * is never asked pays nothing). Until brotli's slow best quality is done, a request takes whichever
 * accepted coding is ready first (gzip, in milliseconds), so a cold request is not held for seconds.
 */
export class EncodedBody {
  private readonly settled = new Map<Encoding, Variant | null>();
  private readonly compressing = new Map<Coding, Promise<void>>();

  private constructor(
    identity: Buffer,
    private readonly sources: ReadonlyMap<Coding, () => Promise<Buffer | null>>,
  ) {
    this.settled.set('identity', variant(identity));
  }

  /** Bytes held in memory: compressed here when worth it. */
  static of(data: Buffer, name: string): EncodedBody {
    const sources = new Map<Coding, () => Promise<Buffer>>();
    if (worthCompressing(name, data.length)) for (const coding of CODINGS) sources.set(coding, () => compress(data, coding));
    return new EncodedBody(data, sources);
  }

  /** A file, with the codings a build step wrote next to it (SUFFIX); those it did not write are compressed here. */
  static async fromFile(path: string): Promise<EncodedBody> {
    const data = await readFile(path);
    const sources = new Map<Coding, () => Promise<Buffer | null>>();
    for (const coding of CODINGS) {
      const sibling = await readFile(path + SUFFIX[coding]).catch(() => null);
      if (sibling) sources.set(coding, () => Promise.resolve(sibling));
      else if (worthCompressing(path, data.length)) sources.set(coding, () => compress(data, coding));
    }
    return new EncodedBody(data, sources);
  }

  /** Answers 200 (or 304) with the best coding the request accepts; the caller has set Content-Type and Cache-Control. */
  async send(req: Request, res: Response): Promise<void> {
    const order = acceptable(req);
    const codings = order.filter((e): e is Coding => e !== 'identity' && this.sources.has(e));
    const pending = this.start();
    if (codings.length > 0 && !codings.some((c) => this.settled.has(c))) await Promise.race(codings.map((c) => pending.get(c)!));
    // A request refusing every coding, identity included, still gets the identity (RFC 9110 §12.5.3 lets the server choose).
    const chosen = order.find((e) => this.settled.get(e)) ?? 'identity';
    const { data, etag } = this.settled.get(chosen)!;
    res.vary('Accept-Encoding');
    res.setHeader('ETag', etag);
    if (ifNoneMatchHits(req.get('if-none-match'), etag)) {
      res.status(304).end();
      return;
    }
    if (chosen !== 'identity') res.setHeader('Content-Encoding', chosen);
    res.setHeader('Content-Length', data.length);
    res.status(200).end(req.method === 'HEAD' ? undefined : data);
  }

  /** Starts each coding once; a coding that fails or does not shrink the body is not offered. */
  private start(): ReadonlyMap<Coding, Promise<void>> {
    const identity = this.settled.get('identity')!.data.length;
    for (const [coding, source] of this.sources) {
      if (this.compressing.has(coding)) continue;
      const done = source()
        .catch(() => null)
        .then((data) => void this.settled.set(coding, data && data.length < identity ? variant(data) : null));
      this.compressing.set(coding, done);
    }
    return this.compressing;
  }
}
