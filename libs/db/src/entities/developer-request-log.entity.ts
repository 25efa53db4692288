import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { TenantEntity } from './tenant.entity.js';

export type RequestLogCredentialKind = 'API_KEY' | 'OAUTH_CLIENT';

/**
 * One request made with a developer credential, as its request log shows it. `credential_id` is the
 * api_keys or oauth_clients row, told apart by `credential_kind`; credentials are revoked, never
 * deleted, so it needs no foreign key (and a row written late is never refused for one).
 */
@Check('developer_request_logs_credential_kind_check', "(credential_kind = ANY (ARRAY['API_KEY'::text, 'OAUTH_CLIENT'::text]))")
@Index('developer_request_logs_credential_idx', ['credentialId', 'occurredAt', 'id'])
@Index('developer_request_logs_occurred_idx', ['occurredAt'])
@Entity({ name: 'developer_request_logs' })
export class DeveloperRequestLogEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'developer_request_logs_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ name: 'credential_kind', type: 'text' })
  credentialKind!: RequestLogCredentialKind;

  @Column({ name: 'credential_id', type: 'uuid' })
  credentialId!: string;

  @Column({ type: 'text' })
  method!: string;

  /** The path as sent, secret segments redacted, without the query string. */
  @Column({ type: 'text' })
  path!: string;

  /** The declared route template (`/public/shifts/:id`); null when no route matched. */
  @Column({ type: 'text', nullable: true })
  route!: string | null;

  /** 499: the client went away before the answer was sent. */
  @Column({ type: 'integer' })
  status!: number;

  @Column({ name: 'duration_ms', type: 'integer' })
  durationMs!: number;

  /** The X-Request-Id of the answer, as the server's log lines carry it. */
  @Column({ name: 'request_id', type: 'text' })
  requestId!: string;

  /** The `error` of an error answer (`Not Found`, `ModuleNotEntitled`); null otherwise. */
  @Column({ name: 'error_code', type: 'text', nullable: true })
  errorCode!: string | null;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;
}
