import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { BadRequestError, ConflictError, HttpError, UnprocessableEntityError } from '@wfm/core/errors';
import type { Clock } from '@wfm/core/clock';
import type { Logger } from '@wfm/core/logger';
import type { HeldTransaction, HeldTransactions } from '@wfm/db/held-transaction';
import type { Reply } from '../api-router.js';
import { toHttpError } from '../error.middleware.js';
import type { IdempotencyRepository, KeyRef, StoredAnswer } from './idempotency.repository.js';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** Stripe's bound; printable ASCII so the key can be logged and compared byte for byte. */
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

/** A retry while the first request with its key is still running (and did not finish within IDEMPOTENCY_WAIT_MS). */
export class IdempotencyKeyInUseError extends ConflictError {
  constructor(private readonly retryAfterSeconds: number) {
    super('A request with this Idempotency-Key is still being processed; retry later', 'IDEMPOTENCY_KEY_IN_USE');
  }

  override headers(): Record<string, string> {
    return { 'Retry-After': String(this.retryAfterSeconds) };
  }
}

/** A retry of a request that was carried out but whose answer was over IDEMPOTENCY_MAX_RESPONSE_BYTES. */
export class IdempotentResponseNotKeptError extends ConflictError {
  constructor(private readonly location: string | undefined) {
    super('This request was carried out, but its response was too large to keep for a retry; read the result instead', 'IDEMPOTENT_RESPONSE_NOT_KEPT');
  }

  override headers(): Record<string, string> {
    return { [REPLAYED_HEADER]: 'true', ...(this.location ? { Location: this.location } : {}) };
  }
}

/** Answers that are about the moment, not the request: a retry must be able to get past them. */
const NOT_KEPT = new Set([429]);

/**
 * Headers a reply carries that describe the moment it was sent rather than its result, so they are
 * not kept: how far an access change had reached the daemons (a replay publishes nothing).
 */
const MOMENT_HEADERS = new Set(['x-access-propagation']);

export interface IdempotencyOptions {
  ttlHours: number;
  waitMs: number;
  maxResponseBytes: number;
}

/** Headers set on the live answer once work queued for after the commit has run (the access feed's propagation). */
export interface AfterCommitHeaders {
  headersAfterCommit(held: HeldTransaction): Record<string, string>;
}

/** Seams for tests only: a crash just before the commit, or between the commit and the answer (what keys are for). */
export interface IdempotencySeams {
  beforeCommit?(held: HeldTransaction, req: Request): Promise<void>;
  afterCommit?(req: Request): Promise<void>;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer | null;
}

/** The bytes the router would send for `reply`, with the content type it would set. */
function answerOf(reply: Reply): Answer {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.headers ?? {})) if (!MOMENT_HEADERS.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
  if (reply.raw) return { status: reply.status, headers: { ...headers, 'content-type': reply.raw.contentType }, body: Buffer.from(reply.raw.data) };
  if (reply.body === undefined) return { status: reply.status, headers, body: null };
  return { status: reply.status, headers: { ...headers, 'content-type': 'application/json; charset=utf-8' }, body: Buffer.from(JSON.stringify(reply.body)) };
}

function answerOfError(err: HttpError): Answer {
  const headers = Object.fromEntries(Object.entries(err.headers()).map(([k, v]) => [k.toLowerCase(), v]));
  return { status: err.status, headers: { ...headers, 'content-type': 'application/json; charset=utf-8' }, body: Buffer.from(JSON.stringify(err.body())) };
}

/** JSON with object keys sorted at every level, so key order does not change a fingerprint. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
  );
}

/** SHA-256 of what makes two requests the same: method, path and query, body, and an uploaded file's bytes. */
function fingerprintOf(req: Request): string {
  const file = (req.file as { sha256?: string } | undefined)?.sha256 ?? null;
  const body: unknown = Buffer.isBuffer(req.body) ? createHash('sha256').update(req.body).digest('hex') : canonical(req.body ?? null);
  return createHash('sha256').update(JSON.stringify([req.method, req.originalUrl, body, file])).digest('hex');
}

/** Whom the key belongs to: the tenant and the credential that called (a user, a developer API key, an OAuth client). */
function ownerOf(req: Request): Omit<KeyRef, 'key'> | null {
  const p = req.ctx.principal;
  if (p?.kind === 'user') return { tenantId: p.tenantId, credential: `user:${p.userId}` };
  if (p?.kind === 'developer') return { tenantId: p.tenantId, credential: `${p.credential}:${p.credentialId}` };
  return null;
}

function replay(stored: StoredAnswer): Reply {
  const headers: Record<string, string> = { ...stored.headers, [REPLAYED_HEADER]: 'true' };
  if (!stored.bodyKept) throw new IdempotentResponseNotKeptError(stored.headers.location);
  if (stored.body === null) return { status: stored.status, headers };
  const { 'content-type': contentType = 'application/octet-stream', ...rest } = headers;
  return { status: stored.status, headers: rest, raw: { contentType, data: stored.body } };
}

/**
 * Idempotency-Key on the API's POSTs (issue 32, after Stripe). The request runs in one held
 * transaction that also claims the key; its answer is written to the key row in that
 * transaction, the transaction commits, and only then is the answer sent. A crash before the
 * commit leaves nothing (the retry runs anew); after it, the retry is answered from the row.
 * A 5xx or an unexpected error rolls everything back, key included.
 */
export class Idempotency {
  /** Requests of this process per key, running or waiting: a key gets one waiter, so retries cannot take every pooled connection. */
  private readonly inFlight = new Map<string, number>();

  constructor(
    private readonly held: HeldTransactions,
    private readonly keys: IdempotencyRepository,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly opts: IdempotencyOptions,
    private readonly afterCommit: AfterCommitHeaders,
    private readonly seams: IdempotencySeams = {},
  ) {}

  /** Runs `execute` once per key: the reply to send, or the error to answer with. */
  async around(req: Request, execute: () => Promise<Reply>): Promise<Reply> {
    const key = req.get(IDEMPOTENCY_KEY_HEADER);
    const owner = ownerOf(req);
    if (key === undefined || !owner) return execute();
    if (!KEY_PATTERN.test(key)) throw new BadRequestError([`${IDEMPOTENCY_KEY_HEADER} header: must be 1 to 255 printable ASCII characters`]);
    const ref = { ...owner, key };
    const slot = JSON.stringify([ref.tenantId, ref.credential, key]);
    const already = this.inFlight.get(slot) ?? 0;
    if (already >= 2) throw new IdempotencyKeyInUseError(this.retryAfterSeconds());
    this.inFlight.set(slot, already + 1);
    try {
      return await this.once(req, ref, execute);
    } finally {
      const left = this.inFlight.get(slot)! - 1;
      if (left === 0) this.inFlight.delete(slot);
      else this.inFlight.set(slot, left);
    }
  }

  private async once(req: Request, ref: KeyRef, execute: () => Promise<Reply>): Promise<Reply> {
    const fingerprint = fingerprintOf(req);
    const now = this.clock.now();
    const held = await this.held.begin();
    try {
      const claim = await this.keys.claim(held, ref, fingerprint, now, new Date(now.getTime() + this.opts.ttlHours * 3_600_000), this.opts.waitMs);
      if (claim !== 'claimed') {
        await held.rollback();
        if (claim === 'busy') throw new IdempotencyKeyInUseError(this.retryAfterSeconds());
        if (claim.fingerprint !== fingerprint) throw new UnprocessableEntityError(`This ${IDEMPOTENCY_KEY_HEADER} was used with a different request`, 'IDEMPOTENCY_KEY_REUSED');
        return replay(claim);
      }
      let reply: Reply;
      try {
        reply = await this.held.run(held, execute);
      } catch (err) {
        const http = toHttpError(err);
        if (!http || http.status >= 500 || NOT_KEPT.has(http.status)) {
          await held.rollback();
          throw err;
        }
        await this.keep(held, req, ref, answerOfError(http));
        throw err;
      }
      if (reply.status >= 500) {
        await held.rollback();
        return reply;
      }
      await this.keep(held, req, ref, answerOf(reply));
      return { ...reply, headers: { ...reply.headers, ...this.afterCommit.headersAfterCommit(held) } };
    } catch (err) {
      if (held.active) await held.rollback();
      throw err;
    } finally {
      await held.release();
    }
  }

  /** Stores the answer, commits, then runs what waited for the commit (before the answer is sent). */
  private async keep(held: HeldTransaction, req: Request, ref: KeyRef, answer: Answer): Promise<void> {
    const bodyKept = answer.body === null || answer.body.length <= this.opts.maxResponseBytes;
    await this.keys.answer(held, ref, { status: answer.status, headers: answer.headers, body: bodyKept ? answer.body : null, bodyKept });
    await this.seams.beforeCommit?.(held, req);
    await held.commit();
    await this.seams.afterCommit?.(req);
    for (const err of await held.runAfterCommit()) this.logger.warn({ err, requestId: req.ctx.requestId }, 'work after an idempotent request commit failed');
  }

  private retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.opts.waitMs / 1000));
  }

  /** The cleanup job's work: deletes keys past their time. */
  async deleteExpired(): Promise<number> {
    return this.keys.deleteExpired(this.clock.now());
  }
}
