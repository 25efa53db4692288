import { z } from 'zod';
import { normalizeEmail } from '@wfm/core/identity';
import { singleLine } from '@wfm/core/validation';
import { clampedInt, isoInstant } from '../../../http/validation.js';

/** Largest PDF accepted for upload: contracts and handbooks with scanned pages fit; pdf-lib holds the whole file in memory. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Most pages a document may have; each signing loads and rewrites the whole file. */
export const MAX_PAGES = 500;
/** Longest text of a generated document (about 40 pages of A4). */
export const MAX_GENERATED_CHARS = 100_000;
/** Largest signature image, decoded: a drawn signature is a few kilobytes. */
export const MAX_SIGNATURE_IMAGE_BYTES = 256 * 1024;
/** Largest signature image in pixels per side, checked before pdf-lib decodes it. */
export const MAX_SIGNATURE_IMAGE_SIDE = 4000;
export const DEFAULT_EXPIRY_DAYS = 14;
/** How many of a document's requests its detail shows. */
export const DOCUMENT_REQUESTS_SHOWN = 200;
export const MAX_EXPIRY_DAYS = 90;

export const REQUEST_STATUSES = ['SENT', 'VIEWED', 'SIGNED', 'REVOKED', 'EXPIRED'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

const Timestamp = z.iso.datetime();
const Sha256 = z.string().regex(/^[0-9a-f]{64}$/).meta({ description: 'SHA-256, lowercase hex', example: 'b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9' });
const Title = singleLine(200).trim().min(1);

export const UploadDocumentForm = z.strictObject({
  file: z.string().optional().meta({ format: 'binary', description: `Required: the PDF (by its content; at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MiB and ${MAX_PAGES} pages, not encrypted)` }),
  title: Title.optional().meta({ description: 'Shown to the signer; the file name without .pdf when absent' }),
});
export type UploadDocumentForm = z.infer<typeof UploadDocumentForm>;

export const GenerateDocumentBody = z.strictObject({
  title: Title,
  body: z
    .string()
    .max(MAX_GENERATED_CHARS)
    .refine((v) => v.trim().length > 0, 'must not be empty')
    .meta({ description: 'Plain text; line breaks are kept, long lines wrap, pages break as needed. Only characters the standard PDF fonts have (Windows-1252)' }),
});
export type GenerateDocumentBody = z.infer<typeof GenerateDocumentBody>;

export const DocumentIdParams = z.object({ id: z.uuid() });
export const RequestIdParams = z.object({ id: z.uuid() });

export const ListDocumentsQuery = z.object({
  limit: clampedInt(50, 1, 200),
  offset: clampedInt(0, 0, Number.MAX_SAFE_INTEGER),
});
export type ListDocumentsQuery = z.infer<typeof ListDocumentsQuery>;

export const ListRequestsQuery = z.object({
  documentId: z.uuid().optional(),
  status: z.enum(REQUEST_STATUSES).optional(),
  limit: clampedInt(50, 1, 200),
  offset: clampedInt(0, 0, Number.MAX_SAFE_INTEGER),
});
export type ListRequestsQuery = z.infer<typeof ListRequestsQuery>;

export const CreateRequestBody = z
  .strictObject({
    userId: z.uuid().optional().meta({ description: 'A user of the tenant: the request goes to their email address' }),
    name: singleLine(120).trim().min(1).optional().meta({ description: 'Someone outside the tenant: with email, instead of userId' }),
    email: z.email().max(254).transform(normalizeEmail).optional(),
    expiresAt: isoInstant().optional().meta({ description: `When the link stops working; ${DEFAULT_EXPIRY_DAYS} days from now when absent, at most ${MAX_EXPIRY_DAYS} days ahead` }),
    message: z.string().trim().min(1).max(1000).optional().meta({ description: 'A note to the signer, included in the mail' }),
  })
  .superRefine((b, ctx) => {
    if (b.userId !== undefined && (b.name !== undefined || b.email !== undefined)) ctx.addIssue({ code: 'custom', message: 'must not be given with name or email', path: ['userId'] });
    else if (b.userId === undefined && (b.name === undefined || b.email === undefined)) ctx.addIssue({ code: 'custom', message: 'is required unless name and email are given', path: ['userId'] });
  });
export type CreateRequestBody = z.infer<typeof CreateRequestBody>;

export const DocumentDto = z.object({
  id: z.uuid(),
  title: z.string(),
  fileName: z.string(),
  source: z.enum(['UPLOADED', 'GENERATED']),
  sha256: Sha256,
  sizeBytes: z.number().int(),
  pageCount: z.number().int(),
  createdByUserId: z.uuid().nullable(),
  createdAt: Timestamp,
});
export type DocumentDto = z.infer<typeof DocumentDto>;

export const SignatureDto = z.object({
  fullName: z.string().meta({ description: 'The name the signer typed' }),
  method: z.enum(['IMAGE', 'TYPED']).meta({ description: 'A drawn signature image, or the typed name set in an italic font' }),
  ip: z.string(),
  userAgent: z.string(),
  requestId: z.string().meta({ description: 'The X-Request-Id of the signing request' }),
  originalSha256: Sha256,
  signedSha256: Sha256.meta({ description: 'SHA-256 of the whole signed PDF, as downloaded; a file cannot print its own hash, so this is its record' }),
  signedSizeBytes: z.number().int(),
  signedPageCount: z.number().int(),
  contentSha256: Sha256.meta({ description: 'SHA-256 of the first contentBytes bytes of the signed PDF (the original pages and the signature page), as its audit page prints' }),
  contentBytes: z.number().int(),
});

export const RequestDto = z.object({
  id: z.uuid(),
  documentId: z.uuid(),
  documentTitle: z.string(),
  signerUserId: z.uuid().nullable().meta({ description: 'The user asked to sign; null for someone outside the tenant' }),
  signerName: z.string(),
  signerEmail: z.string(),
  message: z.string().nullable(),
  status: z.enum(REQUEST_STATUSES),
  expiresAt: Timestamp,
  createdByUserId: z.uuid().nullable(),
  createdAt: Timestamp,
  viewedAt: Timestamp.nullable().meta({ description: 'When the signer first opened the link' }),
  signedAt: Timestamp.nullable(),
  revokedAt: Timestamp.nullable(),
  revokedByUserId: z.uuid().nullable(),
  signature: SignatureDto.nullable(),
});
export type RequestDto = z.infer<typeof RequestDto>;

export const DocumentDetailDto = DocumentDto.extend({ requests: z.array(RequestDto).meta({ description: `Its signature requests, newest first: the latest ${DOCUMENT_REQUESTS_SHOWN}; GET /esign/requests?documentId= pages through all` }) });
export type DocumentDetailDto = z.infer<typeof DocumentDetailDto>;

export const SigningTokenParams = z.object({
  token: z.string().meta({ description: 'The signing token from the link mailed to the signer' }),
});

export const SignBody = z.strictObject({
  fullName: singleLine(120)
    .trim()
    .min(2)
    .refine((v) => /\p{L}/u.test(v), 'must contain a letter')
    .meta({ description: 'The signer’s name as they type it' }),
  agree: z.literal(true).meta({ description: 'Must be true: the signer agrees to sign electronically' }),
  signatureImage: z
    .string()
    // Room for base64 wrapped in lines; the decoded size is what is limited.
    .max(MAX_SIGNATURE_IMAGE_BYTES * 2)
    .optional()
    .meta({ description: `A drawn signature: a PNG (by its content) as a data URL (data:image/png;base64,…) or bare base64; at most ${MAX_SIGNATURE_IMAGE_BYTES / 1024} KiB and ${MAX_SIGNATURE_IMAGE_SIDE} pixels a side. Without it the typed name is set in an italic font` }),
});
export type SignBody = z.infer<typeof SignBody>;

export const PublicSigningDto = z.object({
  status: z.enum(['VIEWED', 'SIGNED']),
  organisation: z.string().meta({ description: 'The tenant that sent the document' }),
  requestedBy: z.string().nullable(),
  message: z.string().nullable(),
  signer: z.object({ name: z.string(), email: z.string() }),
  document: z.object({ title: z.string(), fileName: z.string(), pageCount: z.number().int(), sizeBytes: z.number().int(), sha256: Sha256 }),
  expiresAt: Timestamp.meta({ description: 'Until then the link opens the document, and after signing the signed copy' }),
  viewedAt: Timestamp,
  signedAt: Timestamp.nullable(),
  signedSha256: Sha256.nullable(),
});
export type PublicSigningDto = z.infer<typeof PublicSigningDto>;

export const SignedDto = z.object({
  status: z.literal('SIGNED'),
  signedAt: Timestamp,
  originalSha256: Sha256,
  signedSha256: Sha256,
  signedSizeBytes: z.number().int(),
  signedPageCount: z.number().int(),
});
export type SignedDto = z.infer<typeof SignedDto>;
