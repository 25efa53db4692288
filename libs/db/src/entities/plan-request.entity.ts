import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import type { Plan } from '@wfm/core/tenancy';
import { TenantEntity } from './tenant.entity.js';
import { UserEntity } from './user.entity.js';

export type PlanRequestStatus = 'PENDING' | 'DONE';

/** A tenant's request for a higher plan; the operator's plan change closes it (issue 34). */
@Check('plan_requests_check', "(((status = 'PENDING'::text) = (closed_at IS NULL)) AND ((status = 'PENDING'::text) = (granted_plan IS NULL)))")
@Check('plan_requests_current_plan_check', "(current_plan = ANY (ARRAY['FREE'::text, 'BASIC'::text, 'GROWTH'::text, 'ENTERPRISE'::text]))")
@Check('plan_requests_granted_plan_check', "(granted_plan = ANY (ARRAY['FREE'::text, 'BASIC'::text, 'GROWTH'::text, 'ENTERPRISE'::text]))")
@Check('plan_requests_requested_plan_check', "(requested_plan = ANY (ARRAY['FREE'::text, 'BASIC'::text, 'GROWTH'::text, 'ENTERPRISE'::text]))")
@Check('plan_requests_status_check', "(status = ANY (ARRAY['PENDING'::text, 'DONE'::text]))")
@Index('plan_requests_pending_key', ['tenantId'], { unique: true, where: "(status = 'PENDING'::text)" })
@Index('plan_requests_created_idx', ['createdAt', 'id'])
@Entity({ name: 'plan_requests' })
export class PlanRequestEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'plan_requests_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => UserEntity, { name: 'plan_requests_requested_by_user_id_fkey', onDelete: 'SET NULL' })
  @Column({ name: 'requested_by_user_id', type: 'uuid', nullable: true })
  requestedByUserId!: string | null;

  @Column({ name: 'current_plan', type: 'text' })
  currentPlan!: Plan;

  @Column({ name: 'requested_plan', type: 'text' })
  requestedPlan!: Plan;

  @Column({ type: 'text', nullable: true })
  message!: string | null;

  @Column({ type: 'text' })
  status!: PlanRequestStatus;

  @Column({ name: 'granted_plan', type: 'text', nullable: true })
  grantedPlan!: Plan | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'closed_at', type: 'timestamptz', nullable: true })
  closedAt!: Date | null;
}
