import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { TenantEntity } from './tenant.entity.js';
import { UserEntity } from './user.entity.js';

/** A workplace policy; `version` rises whenever its text changes, so earlier acknowledgements lapse. */
@Check('policies_version_check', '(version >= 1)')
@Index('policies_tenant_created_idx', ['tenantId', 'createdAt', 'id'])
@Entity({ name: 'policies' })
export class PolicyEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'policies_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'text' })
  body!: string;

  @Column({ name: 'requires_acknowledgement', type: 'boolean', default: false })
  requiresAcknowledgement!: boolean;

  @Column({ type: 'integer', default: 1 })
  version!: number;

  @Column({ type: 'boolean', default: true })
  active!: boolean;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}

/** A person's acknowledgement of one version of a policy. */
@Index('policy_acknowledgements_user_idx', ['tenantId', 'userId'])
@Entity({ name: 'policy_acknowledgements' })
export class PolicyAcknowledgementEntity {
  @ForeignKey(() => TenantEntity, { name: 'policy_acknowledgements_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => PolicyEntity, { name: 'policy_acknowledgements_policy_id_fkey', onDelete: 'CASCADE' })
  @PrimaryColumn({ name: 'policy_id', type: 'uuid' })
  policyId!: string;

  @ForeignKey(() => UserEntity, { name: 'policy_acknowledgements_user_id_fkey', onDelete: 'CASCADE' })
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @PrimaryColumn({ type: 'integer' })
  version!: number;

  @Column({ name: 'acknowledged_at', type: 'timestamptz' })
  acknowledgedAt!: Date;
}
