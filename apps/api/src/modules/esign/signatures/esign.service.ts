import { readFile, rm } from 'node:fs/promises';
import type { Clock } from '@wfm/core/clock';
import { randomToken, uuid, type SecretHasher } from '@wfm/core/crypto';
import { BadRequestError, ConflictError, NotFoundError, UnprocessableEntityError, UnsupportedMediaTypeError } from '@wfm/core/errors';
import type { Logger } from '@wfm/core/logger';
import type { TransactionRunner, Tx } from '@wfm/db/transaction';
import type { Actor } from '@wfm/core/principal';
import { sniffUpload, type UploadedFile } from '../../../storage/uploaded-file.js';
import { scratchPath, sha256OfFile, type FileStorage } from '../../../storage/file-storage.js';
import type { MailTransport } from '../../notifications/mail/mail.transport.js';
import type { Notifier } from '../../notifications/centre/centre.service.js';
import type { PdfProcessor } from '../../../pdf/pdf-processor.js';
import { unprintableCharacters, type PdfCheck, type SignatureMark } from './esign-pdf.js';
import { signatureMark } from './signature-image.js';
import type { EsignDocument, EsignRepository, EsignRequest, TokenRequest } from './esign.repository.js';
import {
  DEFAULT_EXPIRY_DAYS,
  DOCUMENT_REQUESTS_SHOWN,
  MAX_EXPIRY_DAYS,
  MAX_PAGES,
  type CreateRequestBody,
  type GenerateDocumentBody,
  type ListDocumentsQuery,
  type ListRequestsQuery,
  type PublicSigningDto,
  type SignBody,
  type SignedDto,
} from './esign.schemas.js';

const DAY_MS = 86_400_000;
/** 256 random bits, base64url: the signing token in the link. */
const TOKEN_BYTES = 32;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const LINK_NOT_FOUND = 'Signing link not found or expired';
const ALREADY_SIGNED = 'This document has already been signed';
const UNTIL_FORMAT: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' };
/** One formatter per company timezone: making one costs milliseconds of ICU work on the event loop, tens the first time. */
const untilFormats = new Map<string, Intl.DateTimeFormat>();
function untilFormat(timeZone: string): Intl.DateTimeFormat {
  let f = untilFormats.get(timeZone);
  if (!f) untilFormats.set(timeZone, (f = new Intl.DateTimeFormat('en-GB', { ...UNTIL_FORMAT, timeZone })));
  return f;
}

const REFUSED: Record<Exclude<PdfCheck, { ok: true }>['reason'], [string, string]> = {
  encrypted: ['The PDF is encrypted or password-protected: remove the protection and upload it again', 'PDF_ENCRYPTED'],
  unreadable: ['The file could not be read as a PDF', 'PDF_UNREADABLE'],
  'no-pages': ['The PDF has no pages', 'PDF_UNREADABLE'],
  'too-many-pages': [`The PDF has more than ${MAX_PAGES} pages`, 'PDF_TOO_MANY_PAGES'],
};

export interface EsignDeps {
  repo: EsignRepository;
  transaction: TransactionRunner;
  storage: FileStorage;
  secrets: SecretHasher;
  mailer: MailTransport;
  clock: Clock;
  logger: Logger;
  /** Reads, writes and signs the PDFs, off the event loop. */
  pdf: PdfProcessor;
  /** Public web-app address without a trailing slash: the link is `<appUrl>/esign/<token>`. */
  appUrl: string;
  /** A colleague asked to sign is told in the centre too (their link stays in the mail). */
  notifier: Notifier;
}

/** The HR user asking for a signature. */
export interface EsignActor extends Actor {
  fullName: string;
  /** The tenant's IANA timezone, for the expiry the mail states. */
  timezone: string;
}

/** Where a signature came from, recorded as evidence. */
export interface SigningContext {
  ip: string;
  userAgent: string;
  requestId: string;
}

export interface PdfFile {
  fileName: string;
  data: Buffer;
  /** Of `data`, as recorded when it was stored. */
  sha256: string;
}

/** Letters, digits and a few marks, for file names made from a title. */
function fileNameOf(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9._ -]+/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 100);
  return `${base || 'document'}.pdf`;
}

/** The uploaded name without directories or control characters; never used as a path. */
function cleanFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim().slice(0, 200);
  return base || 'document.pdf';
}

function titleFromFileName(fileName: string): string {
  return fileName.replace(/\.pdf$/i, '').trim().slice(0, 200) || 'Document';
}

/**
 * E-signature links: an HR user uploads or generates a PDF and asks one person at a time to sign
 * it. The signer gets a link with a token (256 bits, only its keyed hash stored, mailed and shown
 * nowhere else); opening it shows the document, signing it once produces the signed copy: the
 * original pages, a signature page and an audit page.
 */
export class EsignService {
  constructor(private readonly d: EsignDeps) {}

  async upload(actor: Actor, file: UploadedFile, title: string | undefined): Promise<EsignDocument> {
    if (sniffUpload(file) !== 'pdf') throw new UnsupportedMediaTypeError('The file must be a PDF (judged by its content, not its name)');
    const check = await this.d.pdf.check(file.path, MAX_PAGES);
    if (!check.ok) throw new UnprocessableEntityError(...REFUSED[check.reason]);
    const fileName = cleanFileName(file.originalName);
    return this.store(actor, { title: title ?? titleFromFileName(fileName), fileName, source: 'UPLOADED', file, pageCount: check.pageCount, sha256: check.sha256 });
  }

  async generate(actor: Actor, body: GenerateDocumentBody): Promise<EsignDocument> {
    const problems: string[] = [];
    for (const field of ['title', 'body'] as const) {
      const bad = await unprintableCharacters(body[field]);
      if (bad.length) problems.push(`${field} has characters the standard PDF fonts cannot show: ${bad.slice(0, 10).map((c) => JSON.stringify(c)).join(', ')}`);
    }
    if (problems.length) throw new BadRequestError(problems);
    const pdf = await this.d.pdf.generate({ title: body.title, body: body.body, at: this.d.clock.now() });
    return this.store(actor, { title: body.title, fileName: fileNameOf(body.title), source: 'GENERATED', data: pdf.data, pageCount: pdf.pageCount, sha256: pdf.sha256 });
  }

  /** `sha256` comes with the file from the PDF threads: hashing 10 MiB here would hold the event loop. An upload's file is moved into storage, not read. */
  private async store(actor: Actor, f: { title: string; fileName: string; source: EsignDocument['source']; pageCount: number; sha256: string } & ({ data: Buffer } | { file: UploadedFile })): Promise<EsignDocument> {
    const id = uuid();
    const doc: EsignDocument = {
      id,
      tenantId: actor.tenantId,
      title: f.title,
      fileName: f.fileName,
      source: f.source,
      storageKey: `${actor.tenantId}/esign/${uuid()}`,
      sha256: f.sha256,
      sizeBytes: 'data' in f ? f.data.length : f.file.size,
      pageCount: f.pageCount,
      createdByUserId: actor.userId,
      createdAt: this.d.clock.now(),
    };
    if ('data' in f) await this.d.storage.put(doc.storageKey, f.data);
    else await this.d.storage.putFile(doc.storageKey, f.file.path);
    try {
      await this.d.repo.insertDocument(doc);
    } catch (err) {
      await this.forget(doc.storageKey);
      throw err;
    }
    return doc;
  }

  listDocuments(tenantId: string, q: ListDocumentsQuery): Promise<EsignDocument[]> {
    return this.d.repo.listDocuments(tenantId, q);
  }

  async getDocument(tenantId: string, id: string): Promise<{ document: EsignDocument; requests: EsignRequest[] }> {
    const document = await this.d.repo.findDocument(tenantId, id);
    if (!document) throw new NotFoundError('Document not found');
    const requests = await this.d.repo.listRequests(tenantId, this.d.clock.now(), { documentId: id, limit: DOCUMENT_REQUESTS_SHOWN, offset: 0 });
    return { document, requests };
  }

  async originalFile(tenantId: string, id: string): Promise<PdfFile> {
    const document = await this.d.repo.findDocument(tenantId, id);
    if (!document) throw new NotFoundError('Document not found');
    return { fileName: document.fileName, data: await this.read(document.storageKey, document.sha256), sha256: document.sha256 };
  }

  async createRequest(actor: EsignActor, documentId: string, body: CreateRequestBody): Promise<EsignRequest> {
    const now = this.d.clock.now();
    const expiresAt = body.expiresAt ? new Date(body.expiresAt) : new Date(now.getTime() + DEFAULT_EXPIRY_DAYS * DAY_MS);
    if (expiresAt.getTime() <= now.getTime()) throw new BadRequestError(['expiresAt must be in the future']);
    if (expiresAt.getTime() - now.getTime() > MAX_EXPIRY_DAYS * DAY_MS) throw new BadRequestError([`expiresAt must be at most ${MAX_EXPIRY_DAYS} days ahead`]);
    const organisation = (await this.d.repo.tenantName(actor.tenantId)) ?? '';
    const token = randomToken(TOKEN_BYTES);
    const id = uuid();
    return this.d.transaction(async (tx) => {
      const document = await this.d.repo.lockDocument(tx, actor.tenantId, documentId);
      if (!document) throw new NotFoundError('Document not found');
      let signer: { userId: string | null; name: string; email: string };
      if (body.userId) {
        const user = await this.d.repo.findSigner(tx, actor.tenantId, body.userId);
        if (!user) throw new NotFoundError('User not found');
        if (!user.email) throw new UnprocessableEntityError('The user has no email address: ask them by name and email instead', 'SIGNER_WITHOUT_EMAIL');
        signer = { userId: user.id, name: user.fullName, email: user.email };
      } else signer = { userId: null, name: body.name!, email: body.email! };
      if (await this.d.repo.hasOpenRequest(tx, actor.tenantId, document.id, signer.email, now)) {
        throw new ConflictError('This person already has an open request to sign this document: revoke it first to send a new link', 'ESIGN_REQUEST_OPEN');
      }
      await this.d.repo.insertRequest(tx, {
        id,
        tenantId: actor.tenantId,
        documentId: document.id,
        signerUserId: signer.userId,
        signerName: signer.name,
        signerEmail: signer.email,
        message: body.message ?? null,
        tokenHash: this.d.secrets.hash(token),
        expiresAt,
        createdByUserId: actor.userId,
        createdAt: now,
      });
      // Inside the transaction: when the mail cannot be handed over, no request exists whose link nobody has.
      const until = untilFormat(actor.timezone).format(expiresAt);
      await this.d.mailer.send({
        tenantId: actor.tenantId,
        to: signer.email,
        template: 'esign_request',
        subject: `Please sign: ${document.title}`,
        text:
          `Hello ${signer.name},\n\n${actor.fullName} of ${organisation} asks you to sign "${document.title}" electronically.\n` +
          (body.message ? `\nTheir message:\n${body.message}\n` : '') +
          `\nOpen this link to read and sign the document before ${until}:\n\n${this.d.appUrl}/esign/${token}\n\n` +
          'The link is yours alone: do not forward it. It signs once; after that it gives you the signed copy until it expires.\n',
      });
      if (signer.userId) {
        await this.d.notifier.notify(tx, { tenantId: actor.tenantId, event: 'document.to_sign', actorUserId: actor.userId, to: [{ userId: signer.userId, params: { documentTitle: document.title } }] });
      }
      return (await this.d.repo.findRequest(tx, actor.tenantId, id, now))!;
    });
  }

  listRequests(tenantId: string, q: ListRequestsQuery): Promise<EsignRequest[]> {
    return this.d.repo.listRequests(tenantId, this.d.clock.now(), q);
  }

  async getRequest(tenantId: string, id: string): Promise<EsignRequest> {
    const request = await this.d.repo.findRequest(null, tenantId, id, this.d.clock.now());
    if (!request) throw new NotFoundError('Signature request not found');
    return request;
  }

  /** Ends an open request (SENT, VIEWED or EXPIRED): its link answers 404 from now on. A signed or revoked one is a 409. */
  async revoke(actor: Actor, id: string): Promise<EsignRequest> {
    const now = this.d.clock.now();
    return this.d.transaction(async (tx) => {
      const request = await this.d.repo.findRequest(tx, actor.tenantId, id, now, { lock: true });
      if (!request) throw new NotFoundError('Signature request not found');
      if (request.status === 'SIGNED') throw new ConflictError('The document has been signed: a signed request cannot be revoked', 'ESIGN_SIGNED');
      if (request.status === 'REVOKED') throw new ConflictError('The request is already revoked', 'ESIGN_REVOKED');
      await this.d.repo.revoke(tx, actor.tenantId, id, actor.userId, now);
      return (await this.d.repo.findRequest(tx, actor.tenantId, id, now))!;
    });
  }

  async signedFile(tenantId: string, id: string): Promise<PdfFile> {
    const request = await this.getRequest(tenantId, id);
    if (!request.signature) throw new ConflictError('The document has not been signed yet', 'ESIGN_NOT_SIGNED');
    const document = await this.d.repo.findDocument(tenantId, request.documentId);
    return { fileName: signedName(document?.fileName ?? 'document.pdf'), data: await this.read(request.signature.storageKey, request.signature.sha256), sha256: request.signature.sha256 };
  }

  /**
   * The request a token names while its link works: not revoked and not expired (a signed one
   * too, for the signed copy). Unknown, malformed, revoked and expired tokens are one 404.
   */
  private async live(token: string, tx: Tx | null = null): Promise<TokenRequest> {
    const now = this.d.clock.now();
    const request = TOKEN_SHAPE.test(token) ? await this.d.repo.findByTokenHash(tx, this.d.secrets.hash(token), now, { lock: tx !== null }) : null;
    if (!request || request.revokedAt || request.expiresAt.getTime() <= now.getTime()) throw new NotFoundError(LINK_NOT_FOUND);
    return request;
  }

  /** Public: what the signer is asked to sign. The first view moves the request to VIEWED. */
  async view(token: string): Promise<PublicSigningDto> {
    const request = await this.live(token);
    const viewedAt = await this.markViewed(request);
    return {
      status: request.signature ? 'SIGNED' : 'VIEWED',
      organisation: request.organisation,
      requestedBy: request.requestedBy,
      message: request.message,
      signer: { name: request.signerName, email: request.signerEmail },
      document: { title: request.document.title, fileName: request.document.fileName, pageCount: request.document.pageCount, sizeBytes: request.document.sizeBytes, sha256: request.document.sha256 },
      expiresAt: request.expiresAt.toISOString(),
      viewedAt: viewedAt.toISOString(),
      signedAt: request.signature?.signedAt.toISOString() ?? null,
      signedSha256: request.signature?.sha256 ?? null,
    };
  }

  /** Public: the document to read before signing, and once signed the signed copy, until the link expires. */
  async download(token: string): Promise<PdfFile> {
    const request = await this.live(token);
    if (request.signature) return { fileName: signedName(request.document.fileName), data: await this.read(request.signature.storageKey, request.signature.sha256), sha256: request.signature.sha256 };
    await this.markViewed(request);
    return { fileName: request.document.fileName, data: await this.read(request.document.storageKey, request.document.sha256), sha256: request.document.sha256 };
  }

  /**
   * Public: signs once. The signed PDF is made before the transaction, which then locks the request
   * row, checks again that it is live and unsigned, and stores the copy: two submissions at once
   * make one signed copy and the other hears 409, as every later one does. Making the PDF can take
   * seconds (and wait for a PDF thread); a transaction held meanwhile would hold a pooled database
   * connection that other requests need.
   */
  async sign(token: string, body: SignBody, ctx: SigningContext): Promise<SignedDto> {
    const mark = body.signatureImage === undefined ? ({ kind: 'TYPED' } as const) : await signatureMark(body.signatureImage, this.d.pdf);
    const request = await this.live(token);
    if (request.signature) throw new ConflictError(ALREADY_SIGNED, 'ALREADY_SIGNED');
    const now = this.d.clock.now();
    const signedPath = await scratchPath('signed');
    try {
      return await this.signAndStore(token, request, body, ctx, mark, now, signedPath);
    } finally {
      await rm(signedPath, { force: true });
    }
  }

  private async signAndStore(token: string, request: TokenRequest, body: SignBody, ctx: SigningContext, mark: SignatureMark, now: Date, signedPath: string): Promise<SignedDto> {
    const { storageKey } = request.document;
    const pdf = await this.d.storage.withFile(storageKey, (originalPath) => this.d.pdf.sign(originalPath, {
      organisation: request.organisation,
      documentId: request.document.id,
      documentTitle: request.document.title,
      requestId: request.id,
      requestedBy: request.requestedBy,
      requestedAt: request.createdAt,
      signerName: request.signerName,
      signerEmail: request.signerEmail,
      viewedAt: request.viewedAt,
      typedName: body.fullName,
      signedAt: now,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      httpRequestId: ctx.requestId,
      original: { sha256: request.document.sha256, sizeBytes: request.document.sizeBytes, pageCount: request.document.pageCount },
      mark,
    }, signedPath));
    if (!pdf) throw new Error(`e-signature file missing from storage: ${storageKey}`);
    if (!pdf.ok) throw new Error(`e-signature file does not match its recorded SHA-256: ${storageKey}`);
    let storedKey: string | null = null;
    try {
      return await this.d.transaction(async (tx) => {
        // Revoked, expired or signed by another submission while the PDF was made: refused as then.
        if ((await this.live(token, tx)).signature) throw new ConflictError(ALREADY_SIGNED, 'ALREADY_SIGNED');
        const key = `${request.tenantId}/esign/${uuid()}`;
        await this.d.storage.putFile(key, signedPath);
        storedKey = key;
        await this.d.repo.markSigned(tx, request.tenantId, request.id, {
          signedAt: now,
          fullName: body.fullName,
          method: mark.kind,
          ip: ctx.ip,
          userAgent: ctx.userAgent,
          requestId: ctx.requestId,
          storageKey: key,
          sha256: pdf.sha256,
          sizeBytes: pdf.sizeBytes,
          pageCount: pdf.pageCount,
          contentSha256: pdf.contentSha256,
          contentBytes: pdf.contentBytes,
        });
        this.d.logger.info({ tenantId: request.tenantId, esignRequestId: request.id, documentId: request.document.id }, 'document signed');
        return { status: 'SIGNED', signedAt: now.toISOString(), originalSha256: request.document.sha256, signedSha256: pdf.sha256, signedSizeBytes: pdf.sizeBytes, signedPageCount: pdf.pageCount };
      });
    } catch (err) {
      if (storedKey) await this.forget(storedKey);
      throw err;
    }
  }

  private async markViewed(request: TokenRequest): Promise<Date> {
    if (request.viewedAt) return request.viewedAt;
    const now = this.d.clock.now();
    if (!request.signature) await this.d.repo.markViewed(request.tenantId, request.id, now);
    return now;
  }

  /**
   * A stored file, refused (500, logged) when missing or when its bytes no longer match the hash
   * recorded with it. Hashed as it is read in chunks, then read whole by libuv's threads: a
   * document of megabytes is never hashed or copied in one piece on the event loop.
   */
  private async read(key: string, sha256: string): Promise<Buffer> {
    const data = await this.d.storage.withFile(key, async (path) => ((await sha256OfFile(path)) === sha256 ? readFile(path) : 'changed' as const));
    if (!data) throw new Error(`e-signature file missing from storage: ${key}`);
    if (data === 'changed') throw new Error(`e-signature file does not match its recorded SHA-256: ${key}`);
    return data;
  }

  private async forget(key: string): Promise<void> {
    await this.d.storage.delete(key).catch((err: unknown) => this.d.logger.warn({ err, key }, 'could not remove an unreferenced e-signature file'));
  }
}

function signedName(fileName: string): string {
  return `${fileName.replace(/\.pdf$/i, '')}-signed.pdf`;
}
