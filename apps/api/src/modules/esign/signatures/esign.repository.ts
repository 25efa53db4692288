import type { DataSource } from '@wfm/db/data-source';
import type { EsignDocumentEntity, EsignRequestEntity } from '@wfm/db/entities/esign.entity';
import type { TenantEntity } from '@wfm/db/entities/tenant.entity';
import type { UserEntity } from '@wfm/db/entities/user.entity';
import { exec, live, many, one, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';
import type { RequestStatus } from './esign.schemas.js';

export type EsignDocument = Row<EsignDocumentEntity> & { source: 'UPLOADED' | 'GENERATED' };

/** The signed_* columns as REQUEST_COLUMNS builds them into one JSON object, under the names the API shows. */
export interface SigningEvidence {
  signedAt: Date;
  fullName: string;
  method: 'IMAGE' | 'TYPED';
  ip: string;
  userAgent: string;
  requestId: string;
  storageKey: string;
  sha256: string;
  sizeBytes: number;
  pageCount: number;
  contentSha256: string;
  contentBytes: number;
}

/** The status as STATUS computes it at the time asked. */
export type EsignRequest = Row<
  EsignRequestEntity,
  'id' | 'tenantId' | 'documentId' | 'signerUserId' | 'signerName' | 'signerEmail' | 'message' | 'expiresAt' | 'createdByUserId' | 'createdAt' | 'viewedAt' | 'revokedAt' | 'revokedByUserId'
> & {
  documentTitle: EsignDocumentEntity['title'];
  documentSha256: EsignDocumentEntity['sha256'];
  status: RequestStatus;
  signature: SigningEvidence | null;
};

/** A request as its signing token finds it, with what the signer is shown. */
export type TokenRequest = EsignRequest & {
  organisation: TenantEntity['name'];
  requestedBy: UserEntity['fullName'] | null;
  document: EsignDocument;
};

const DOCUMENT_COLUMNS = `d.id, d.tenant_id AS "tenantId", d.title, d.file_name AS "fileName", d.source, d.storage_key AS "storageKey", d.sha256,
  d.size_bytes AS "sizeBytes", d.page_count AS "pageCount", d.created_by_user_id AS "createdByUserId", d.created_at AS "createdAt"`;

/** The status at `$now`: revoked and signed are final; an open request past its expiry is EXPIRED. */
const STATUS = (now: string) => `CASE WHEN r.revoked_at IS NOT NULL THEN 'REVOKED' WHEN r.signed_at IS NOT NULL THEN 'SIGNED'
  WHEN r.expires_at <= ${now} THEN 'EXPIRED' WHEN r.viewed_at IS NOT NULL THEN 'VIEWED' ELSE 'SENT' END`;

const REQUEST_COLUMNS = (now: string) => `r.id, r.tenant_id AS "tenantId", r.document_id AS "documentId", d.title AS "documentTitle", d.sha256 AS "documentSha256",
  r.signer_user_id AS "signerUserId", r.signer_name AS "signerName", r.signer_email AS "signerEmail", r.message, ${STATUS(now)} AS status,
  r.expires_at AS "expiresAt", r.created_by_user_id AS "createdByUserId", r.created_at AS "createdAt", r.viewed_at AS "viewedAt",
  r.revoked_at AS "revokedAt", r.revoked_by_user_id AS "revokedByUserId",
  CASE WHEN r.signed_at IS NULL THEN NULL ELSE json_build_object(
    'signedAt', r.signed_at, 'fullName', r.signed_full_name, 'method', r.signature_method, 'ip', r.signed_ip, 'userAgent', r.signed_user_agent,
    'requestId', r.signed_request_id, 'storageKey', r.signed_storage_key, 'sha256', r.signed_sha256, 'sizeBytes', r.signed_size_bytes,
    'pageCount', r.signed_page_count, 'contentSha256', r.content_sha256, 'contentBytes', r.content_bytes) END AS signature`;

type RequestRow = Omit<EsignRequest, 'signature'> & { signature: (Omit<SigningEvidence, 'signedAt'> & { signedAt: string }) | null };

function request<T extends RequestRow>(row: T): Omit<T, 'signature'> & { signature: SigningEvidence | null } {
  return { ...row, signature: row.signature && { ...row.signature, signedAt: new Date(row.signature.signedAt) } };
}

export class EsignRepository {
  constructor(private readonly ds: DataSource) {}

  async insertDocument(d: EsignDocument): Promise<void> {
    await exec(
      this.ds,
      `INSERT INTO esign_documents (id, tenant_id, title, file_name, source, storage_key, sha256, size_bytes, page_count, created_by_user_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [d.id, d.tenantId, d.title, d.fileName, d.source, d.storageKey, d.sha256, d.sizeBytes, d.pageCount, d.createdByUserId, d.createdAt],
    );
  }

  listDocuments(tenantId: string, page: { limit: number; offset: number }): Promise<EsignDocument[]> {
    return many(this.ds, `SELECT ${DOCUMENT_COLUMNS} FROM esign_documents d WHERE d.tenant_id = $1 ORDER BY d.created_at DESC, d.id LIMIT $2 OFFSET $3`, [tenantId, page.limit, page.offset]);
  }

  findDocument(tenantId: string, id: string): Promise<EsignDocument | null> {
    return one(this.ds, `SELECT ${DOCUMENT_COLUMNS} FROM esign_documents d WHERE d.tenant_id = $1 AND d.id = $2`, [tenantId, id]);
  }

  /** Holds the document while a request for it is checked and written, so two for one signer cannot race. */
  lockDocument(tx: Tx, tenantId: string, id: string): Promise<EsignDocument | null> {
    return one(tx, `SELECT ${DOCUMENT_COLUMNS} FROM esign_documents d WHERE d.tenant_id = $1 AND d.id = $2 FOR UPDATE`, [tenantId, id]);
  }

  /** A live user of the tenant, as a signer. */
  findSigner(tx: Tx, tenantId: string, userId: string): Promise<{ id: string; fullName: string; email: string | null } | null> {
    return one(tx, `SELECT u.id, u.full_name AS "fullName", u.email FROM users u WHERE u.tenant_id = $1 AND u.id = $2 AND ${live('u')}`, [tenantId, userId]);
  }

  tenantName(tenantId: string): Promise<string | null> {
    return one<Row<TenantEntity, 'name'>>(this.ds, `SELECT name FROM tenants WHERE id = $1`, [tenantId]).then((r) => r?.name ?? null);
  }

  /** Whether the document has a request for this address that is neither signed, revoked nor expired. */
  async hasOpenRequest(tx: Tx, tenantId: string, documentId: string, email: string, now: Date): Promise<boolean> {
    const row = await one(
      tx,
      `SELECT 1 FROM esign_requests WHERE tenant_id = $1 AND document_id = $2 AND signer_email = $3 AND revoked_at IS NULL AND signed_at IS NULL AND expires_at > $4`,
      [tenantId, documentId, email, now],
    );
    return row !== null;
  }

  async insertRequest(
    tx: Tx,
    r: { id: string; tenantId: string; documentId: string; signerUserId: string | null; signerName: string; signerEmail: string; message: string | null; tokenHash: string; expiresAt: Date; createdByUserId: string; createdAt: Date },
  ): Promise<void> {
    await exec(
      tx,
      `INSERT INTO esign_requests (id, tenant_id, document_id, signer_user_id, signer_name, signer_email, message, token_hash, expires_at, created_by_user_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [r.id, r.tenantId, r.documentId, r.signerUserId, r.signerName, r.signerEmail, r.message, r.tokenHash, r.expiresAt, r.createdByUserId, r.createdAt],
    );
  }

  async listRequests(tenantId: string, now: Date, filter: { documentId?: string; status?: RequestStatus; limit: number; offset: number }): Promise<EsignRequest[]> {
    const rows = await many<RequestRow>(
      this.ds,
      `SELECT ${REQUEST_COLUMNS('$2')} FROM esign_requests r JOIN esign_documents d ON d.id = r.document_id AND d.tenant_id = r.tenant_id
       WHERE r.tenant_id = $1 AND ($3::uuid IS NULL OR r.document_id = $3) AND ($4::text IS NULL OR ${STATUS('$2')} = $4)
       ORDER BY r.created_at DESC, r.id LIMIT $5 OFFSET $6`,
      [tenantId, now, filter.documentId ?? null, filter.status ?? null, filter.limit, filter.offset],
    );
    return rows.map(request);
  }

  async findRequest(db: Tx | null, tenantId: string, id: string, now: Date, opts: { lock?: boolean } = {}): Promise<EsignRequest | null> {
    const row = await one<RequestRow>(
      db ?? this.ds,
      `SELECT ${REQUEST_COLUMNS('$3')} FROM esign_requests r JOIN esign_documents d ON d.id = r.document_id AND d.tenant_id = r.tenant_id
       WHERE r.tenant_id = $1 AND r.id = $2${opts.lock ? ' FOR UPDATE OF r' : ''}`,
      [tenantId, id, now],
    );
    return row && request(row);
  }

  async revoke(tx: Tx, tenantId: string, id: string, by: string, at: Date): Promise<void> {
    await exec(tx, `UPDATE esign_requests SET revoked_at = $3, revoked_by_user_id = $4 WHERE tenant_id = $1 AND id = $2`, [tenantId, id, at, by]);
  }

  /**
   * The request a signing token names, by the keyed hash of the token (an indexed equality on a
   * value the caller cannot choose: nothing about a stored token leaks through timing). `lock`
   * holds it for the signing transaction.
   */
  async findByTokenHash(db: Tx | null, tokenHash: string, now: Date, opts: { lock?: boolean } = {}): Promise<TokenRequest | null> {
    const row = await one<RequestRow & Pick<TokenRequest, 'organisation' | 'requestedBy'> & { document: Omit<EsignDocument, 'createdAt'> & { createdAt: string } }>(
      db ?? this.ds,
      `SELECT ${REQUEST_COLUMNS('$2')}, t.name AS organisation, creator.full_name AS "requestedBy",
              json_build_object('id', d.id, 'tenantId', d.tenant_id, 'title', d.title, 'fileName', d.file_name, 'source', d.source, 'storageKey', d.storage_key,
                'sha256', d.sha256, 'sizeBytes', d.size_bytes, 'pageCount', d.page_count, 'createdByUserId', d.created_by_user_id, 'createdAt', d.created_at) AS document
       FROM esign_requests r
       JOIN esign_documents d ON d.id = r.document_id AND d.tenant_id = r.tenant_id
       JOIN tenants t ON t.id = r.tenant_id
       LEFT JOIN users creator ON creator.id = r.created_by_user_id AND creator.tenant_id = r.tenant_id
       WHERE r.token_hash = $1${opts.lock ? ' FOR UPDATE OF r' : ''}`,
      [tokenHash, now],
    );
    if (!row) return null;
    const { document, ...rest } = request(row);
    return { ...rest, document: { ...document, createdAt: new Date(document.createdAt) } };
  }

  async markViewed(tenantId: string, id: string, at: Date): Promise<void> {
    await exec(this.ds, `UPDATE esign_requests SET viewed_at = $3 WHERE tenant_id = $1 AND id = $2 AND viewed_at IS NULL`, [tenantId, id, at]);
  }

  async markSigned(tx: Tx, tenantId: string, id: string, e: SigningEvidence): Promise<void> {
    await exec(
      tx,
      `UPDATE esign_requests SET signed_at = $3, signed_full_name = $4, signature_method = $5, signed_ip = $6, signed_user_agent = $7, signed_request_id = $8,
              signed_storage_key = $9, signed_sha256 = $10, signed_size_bytes = $11, signed_page_count = $12, content_sha256 = $13, content_bytes = $14
       WHERE tenant_id = $1 AND id = $2`,
      [tenantId, id, e.signedAt, e.fullName, e.method, e.ip, e.userAgent, e.requestId, e.storageKey, e.sha256, e.sizeBytes, e.pageCount, e.contentSha256, e.contentBytes],
    );
  }
}
