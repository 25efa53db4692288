import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A workplace policy; `version` rises whenever its text changes, so earlier acknowledgements lapse. */
@Entity({ name: 'policies' })
export class PolicyEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

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

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** A person's acknowledgement of one version of a policy. */
@Entity({ name: 'policy_acknowledgements' })
export class PolicyAcknowledgementEntity {
  @PrimaryColumn({ name: 'policy_id', type: 'uuid' })
  policyId!: string;

  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @PrimaryColumn({ type: 'integer' })
  version!: number;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ name: 'acknowledged_at', type: 'timestamptz' })
  acknowledgedAt!: Date;
}
