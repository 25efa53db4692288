import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn, Unique } from 'typeorm';
import { TenantEntity } from './tenant.entity.js';
import { UserEntity } from './user.entity.js';

@Unique('esign_documents_storage_key_key', ['storageKey'])
@Check('esign_documents_page_count_check', '(page_count > 0)')
@Check('esign_documents_size_bytes_check', '(size_bytes > 0)')
@Check('esign_documents_source_check', "(source = ANY (ARRAY['UPLOADED'::text, 'GENERATED'::text]))")
@Index('esign_documents_tenant_idx', ['tenantId', 'createdAt', 'id'])
@Entity({ name: 'esign_documents' })
export class EsignDocumentEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'esign_documents_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ type: 'text' })
  title!: string;

  @Column({ name: 'file_name', type: 'text' })
  fileName!: string;

  @Column({ type: 'text' })
  source!: string;

  @Column({ name: 'storage_key', type: 'text' })
  storageKey!: string;

  @Column({ type: 'text' })
  sha256!: string;

  @Column({ name: 'size_bytes', type: 'integer' })
  sizeBytes!: number;

  @Column({ name: 'page_count', type: 'integer' })
  pageCount!: number;

  @ForeignKey(() => UserEntity, { name: 'esign_documents_created_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true })
  createdByUserId!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

@Unique('esign_requests_signed_storage_key_key', ['signedStorageKey'])
@Unique('esign_requests_token_hash_key', ['tokenHash'])
@Check('esign_requests_check', '((revoked_at IS NULL) OR (signed_at IS NULL))')
@Check('esign_requests_check1', '(((signed_at IS NULL) = (signed_storage_key IS NULL)) AND ((signed_at IS NULL) = (signed_sha256 IS NULL)) AND ((signed_at IS NULL) = (signed_full_name IS NULL)))')
@Check('esign_requests_signature_method_check', "(signature_method = ANY (ARRAY['IMAGE'::text, 'TYPED'::text]))")
@Index('esign_requests_document_idx', ['tenantId', 'documentId', 'createdAt'])
@Index('esign_requests_tenant_idx', ['tenantId', 'createdAt', 'id'])
@Entity({ name: 'esign_requests' })
export class EsignRequestEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'esign_requests_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => EsignDocumentEntity, { name: 'esign_requests_document_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'document_id', type: 'uuid' })
  documentId!: string;

  @ForeignKey(() => UserEntity, { name: 'esign_requests_signer_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'signer_user_id', type: 'uuid', nullable: true })
  signerUserId!: string | null;

  @Column({ name: 'signer_name', type: 'text' })
  signerName!: string;

  @Column({ name: 'signer_email', type: 'text' })
  signerEmail!: string;

  @Column({ type: 'text', nullable: true })
  message!: string | null;

  @Column({ name: 'token_hash', type: 'text' })
  tokenHash!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @ForeignKey(() => UserEntity, { name: 'esign_requests_created_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true })
  createdByUserId!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'viewed_at', type: 'timestamptz', nullable: true })
  viewedAt!: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @ForeignKey(() => UserEntity, { name: 'esign_requests_revoked_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'revoked_by_user_id', type: 'uuid', nullable: true })
  revokedByUserId!: string | null;

  @Column({ name: 'signed_at', type: 'timestamptz', nullable: true })
  signedAt!: Date | null;

  @Column({ name: 'signed_full_name', type: 'text', nullable: true })
  signedFullName!: string | null;

  @Column({ name: 'signature_method', type: 'text', nullable: true })
  signatureMethod!: string | null;

  @Column({ name: 'signed_ip', type: 'text', nullable: true })
  signedIp!: string | null;

  @Column({ name: 'signed_user_agent', type: 'text', nullable: true })
  signedUserAgent!: string | null;

  @Column({ name: 'signed_request_id', type: 'text', nullable: true })
  signedRequestId!: string | null;

  @Column({ name: 'signed_storage_key', type: 'text', nullable: true })
  signedStorageKey!: string | null;

  @Column({ name: 'signed_sha256', type: 'text', nullable: true })
  signedSha256!: string | null;

  @Column({ name: 'signed_size_bytes', type: 'integer', nullable: true })
  signedSizeBytes!: number | null;

  @Column({ name: 'signed_page_count', type: 'integer', nullable: true })
  signedPageCount!: number | null;

  @Column({ name: 'content_sha256', type: 'text', nullable: true })
  contentSha256!: string | null;

  @Column({ name: 'content_bytes', type: 'integer', nullable: true })
  contentBytes!: number | null;
}
