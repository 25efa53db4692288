import { z } from 'zod';
import { created, ok, type ApiRouter, type Reply } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import { etagOf } from '../../../http/caching.js';
import { fileUpload, uploadedFile } from '../../../http/upload.js';
import { PDF_RESPONSES } from '../../../pdf/pdf-processor.js';
import type { EsignDocument, EsignRequest } from './esign.repository.js';
import type { EsignService, PdfFile } from './esign.service.js';
import {
  CreateRequestBody,
  DocumentDetailDto,
  DocumentDto,
  DocumentIdParams,
  GenerateDocumentBody,
  ListDocumentsQuery,
  ListRequestsQuery,
  MAX_UPLOAD_BYTES,
  PublicSigningDto,
  RequestDto,
  RequestIdParams,
  SignBody,
  SignedDto,
  SigningTokenParams,
  UploadDocumentForm,
} from './esign.schemas.js';
import { ESIGN_ADMINS } from '@wfm/core/role-sets';

const TAGS = ['e-signature'];
const USER = { tags: TAGS, auth: { kind: 'user', roles: ESIGN_ADMINS } } as const;
const PUBLIC = { tags: TAGS, auth: { kind: 'none' } } as const;
const DOCUMENT_404 = { description: 'No document with this id in the tenant' };
const REQUEST_404 = { description: 'No signature request with this id in the tenant' };
const LINK_404 = { description: '`Signing link not found or expired`: an unknown, revoked or expired token alike' };
const PDF = { 'application/pdf': z.string().meta({ format: 'binary' }) };
/** Links and files are the signer's: no shared cache keeps them. */
const NO_STORE = { 'Cache-Control': 'private, no-store' };
/** Longest user agent kept as evidence. */
const USER_AGENT_MAX = 512;

export function toDocumentDto(d: EsignDocument): DocumentDto {
  return {
    id: d.id,
    title: d.title,
    fileName: d.fileName,
    source: d.source,
    sha256: d.sha256,
    sizeBytes: d.sizeBytes,
    pageCount: d.pageCount,
    createdByUserId: d.createdByUserId,
    createdAt: d.createdAt.toISOString(),
  };
}

export function toRequestDto(r: EsignRequest): RequestDto {
  const s = r.signature;
  return {
    id: r.id,
    documentId: r.documentId,
    documentTitle: r.documentTitle,
    signerUserId: r.signerUserId,
    signerName: r.signerName,
    signerEmail: r.signerEmail,
    message: r.message,
    status: r.status,
    expiresAt: r.expiresAt.toISOString(),
    createdByUserId: r.createdByUserId,
    createdAt: r.createdAt.toISOString(),
    viewedAt: r.viewedAt?.toISOString() ?? null,
    signedAt: s?.signedAt.toISOString() ?? null,
    revokedAt: r.revokedAt?.toISOString() ?? null,
    revokedByUserId: r.revokedByUserId,
    signature: s && {
      fullName: s.fullName,
      method: s.method,
      ip: s.ip,
      userAgent: s.userAgent,
      requestId: s.requestId,
      originalSha256: r.documentSha256,
      signedSha256: s.sha256,
      signedSizeBytes: s.sizeBytes,
      signedPageCount: s.pageCount,
      contentSha256: s.contentSha256,
      contentBytes: s.contentBytes,
    },
  };
}

/**
 * An attachment header that survives any name: an ASCII fallback and the exact name (RFC 6266,
 * RFC 8187). The ETag is the recorded SHA-256, so Express does not hash megabytes on the event loop to make one.
 */
function pdfReply(file: PdfFile): Reply {
  const ascii = file.fileName.replace(/[^A-Za-z0-9._ -]/g, '_');
  return {
    status: 200,
    raw: { contentType: 'application/pdf', data: file.data },
    headers: { ...NO_STORE, ETag: etagOf(file.sha256), 'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}` },
  };
}

export function esignRoutes(r: ApiRouter, esign: EsignService): void {
  r.post(
    '/esign/documents',
    {
      summary: `Upload a PDF to have it signed (multipart/form-data: the file in "file", an optional "title"); at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MiB`,
      ...USER,
      body: UploadDocumentForm,
      bodyTypes: ['multipart/form-data'],
      guards: [fileUpload({ field: 'file', maxBytes: MAX_UPLOAD_BYTES })],
      responses: {
        201: { description: 'The document, with the SHA-256 of the file as stored', schema: DocumentDto },
        413: { description: `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MiB` },
        415: { description: 'Not multipart/form-data, or the file is not a PDF by its content' },
        422: { description: 'A PDF that cannot be read (PDF_UNREADABLE), is encrypted (PDF_ENCRYPTED), has too many pages (PDF_TOO_MANY_PAGES) or needs more than the time budget of one PDF task (PDF_TOO_COMPLEX)' },
        503: PDF_RESPONSES[503],
      },
    },
    async ({ req, body }) => created(toDocumentDto(await esign.upload(currentUser(req), uploadedFile(req), body.title))),
  );

  r.post(
    '/esign/documents/generate',
    {
      summary: 'Write a PDF from a title and plain text (A4, wrapped, paged) to have it signed',
      ...USER,
      body: GenerateDocumentBody,
      responses: { 201: { description: 'The generated document', schema: DocumentDto }, ...PDF_RESPONSES },
    },
    async ({ req, body }) => created(toDocumentDto(await esign.generate(currentUser(req), body))),
  );

  r.get(
    '/esign/documents',
    {
      summary: 'Documents for signature, newest first',
      ...USER,
      query: ListDocumentsQuery,
      responses: { 200: { description: 'A bare array', schema: z.array(DocumentDto) } },
    },
    async ({ req, query }) => ok((await esign.listDocuments(currentUser(req).tenantId, query)).map(toDocumentDto)),
  );

  r.get(
    '/esign/documents/:id',
    {
      summary: 'One document with its signature requests',
      ...USER,
      params: DocumentIdParams,
      responses: { 200: { description: 'The document', schema: DocumentDetailDto }, 404: DOCUMENT_404 },
    },
    async ({ req, params }) => {
      const { document, requests } = await esign.getDocument(currentUser(req).tenantId, params.id);
      return ok({ ...toDocumentDto(document), requests: requests.map(toRequestDto) });
    },
  );

  r.get(
    '/esign/documents/:id/download',
    {
      summary: 'The original PDF',
      ...USER,
      params: DocumentIdParams,
      responses: { 200: { description: 'The PDF as uploaded or generated', alternatives: PDF }, 404: DOCUMENT_404 },
    },
    async ({ req, params }) => pdfReply(await esign.originalFile(currentUser(req).tenantId, params.id)),
  );

  r.post(
    '/esign/documents/:id/requests',
    {
      summary: 'Ask someone to sign: a user of the tenant (userId) or anyone by name and email; the link is mailed to them and shown nowhere else',
      ...USER,
      params: DocumentIdParams,
      body: CreateRequestBody,
      responses: {
        201: { description: 'The request, SENT', schema: RequestDto },
        404: { description: 'No document with this id, or no live user with userId, in the tenant' },
        409: { description: 'The same address already has an open request for this document (ESIGN_REQUEST_OPEN)' },
        422: { description: 'The user has no email address (SIGNER_WITHOUT_EMAIL)' },
      },
    },
    async ({ req, params, body }) => {
      const user = currentUser(req);
      return created(toRequestDto(await esign.createRequest({ ...user, timezone: user.tenant.timezone }, params.id, body)));
    },
  );

  r.get(
    '/esign/requests',
    {
      summary: 'Signature requests, newest first, by document and status',
      ...USER,
      query: ListRequestsQuery,
      responses: { 200: { description: 'A bare array', schema: z.array(RequestDto) } },
    },
    async ({ req, query }) => ok((await esign.listRequests(currentUser(req).tenantId, query)).map(toRequestDto)),
  );

  r.get(
    '/esign/requests/:id',
    {
      summary: 'One signature request: its status and, once signed, the evidence and the hashes',
      ...USER,
      params: RequestIdParams,
      responses: { 200: { description: 'The request', schema: RequestDto }, 404: REQUEST_404 },
    },
    async ({ req, params }) => ok(toRequestDto(await esign.getRequest(currentUser(req).tenantId, params.id))),
  );

  r.post(
    '/esign/requests/:id/revoke',
    {
      summary: 'Revoke a request that is not signed: its link answers 404 from now on',
      ...USER,
      params: RequestIdParams,
      responses: {
        200: { description: 'The request, REVOKED', schema: RequestDto },
        404: REQUEST_404,
        409: { description: 'Already signed (ESIGN_SIGNED) or already revoked (ESIGN_REVOKED)' },
      },
    },
    async ({ req, params }) => ok(toRequestDto(await esign.revoke(currentUser(req), params.id))),
  );

  r.get(
    '/esign/requests/:id/download',
    {
      summary: 'The signed PDF: the original pages, the signature page and the audit page',
      ...USER,
      params: RequestIdParams,
      responses: {
        200: { description: 'The signed PDF; its SHA-256 is signature.signedSha256', alternatives: PDF },
        404: REQUEST_404,
        409: { description: 'Not signed (ESIGN_NOT_SIGNED)' },
      },
    },
    async ({ req, params }) => pdfReply(await esign.signedFile(currentUser(req).tenantId, params.id)),
  );

  r.get(
    '/esign/public/:token',
    {
      summary: 'For the signer, by the token of their link: the document and the status; the first call marks the request VIEWED',
      ...PUBLIC,
      params: SigningTokenParams,
      responses: { 200: { description: 'VIEWED, or SIGNED until the link expires', schema: PublicSigningDto }, 404: LINK_404 },
    },
    async ({ params }) => ({ ...ok(await esign.view(params.token)), headers: NO_STORE }),
  );

  r.get(
    '/esign/public/:token/download',
    {
      summary: 'For the signer: the PDF to read before signing, and once signed the signed copy until the link expires',
      ...PUBLIC,
      params: SigningTokenParams,
      responses: { 200: { description: 'The PDF', alternatives: PDF }, 404: LINK_404 },
    },
    async ({ params }) => pdfReply(await esign.download(params.token)),
  );

  r.post(
    '/esign/public/:token/sign',
    {
      summary: 'For the signer: sign, once. Records the name, time, IP address, user agent and request id, and makes the signed PDF',
      ...PUBLIC,
      params: SigningTokenParams,
      body: SignBody,
      responses: {
        200: { description: 'Signed; the signed copy is at GET /esign/public/{token}/download until the link expires', schema: SignedDto },
        404: LINK_404,
        409: { description: 'Already signed (ALREADY_SIGNED): a link signs once' },
        ...PDF_RESPONSES,
      },
    },
    async ({ params, body, req }) =>
      ({
        ...ok(
          await esign.sign(params.token, body, {
            ip: req.ip ?? req.socket.remoteAddress ?? 'unknown',
            userAgent: (req.get('user-agent') ?? '').replace(/[\u0000-\u001f\u007f-\u009f]/g, '').slice(0, USER_AGENT_MAX),
            requestId: req.ctx.requestId,
          }),
        ),
        headers: NO_STORE,
      }),
  );
}
