import { Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { TenantEntity } from './tenant.entity.js';

/** A POST's Idempotency-Key with the answer it got (issue 32), kept until `expiresAt`. */
@Index('idempotency_keys_expires_idx', ['expiresAt'])
@Entity({ name: 'idempotency_keys' })
export class IdempotencyKeyEntity {
  @ForeignKey(() => TenantEntity, { name: 'idempotency_keys_tenant_id_fkey', onDelete: 'CASCADE' })
  @PrimaryColumn({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  /** The calling credential: `user:<id>`, `api_key:<id>` or `oauth_token:<client id>`. */
  @PrimaryColumn({ type: 'text' })
  credential!: string;

  @PrimaryColumn({ type: 'text' })
  key!: string;

  /** SHA-256 of the method, the URL and the canonical body: a reuse with another request is refused. */
  @Column({ type: 'text' })
  fingerprint!: string;

  @Column({ type: 'integer' })
  status!: number;

  @Column({ type: 'jsonb' })
  headers!: Record<string, string>;

  /** The bytes answered; null when they were over the kept size. */
  @Column({ type: 'bytea', nullable: true })
  body!: Buffer | null;

  @Column({ name: 'body_kept', type: 'boolean', default: true })
  bodyKept!: boolean;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;
}
