import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { Plan } from '@wfm/core/tenancy';

/** The tenants table's own id is the tenant id every other table carries. */
@Entity({ name: 'tenants' })
export class TenantEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  slug!: string;

  @Column({ type: 'text' })
  plan!: Plan;

  @Column({ type: 'text' })
  timezone!: string;

  @Column({ name: 'public_api_enabled', type: 'boolean', default: false })
  publicApiEnabled!: boolean;

  @Column({ name: 'sso_enabled', type: 'boolean', default: false })
  ssoEnabled!: boolean;

  /** Published rosters are drafts (PROPOSED) until an approver (AREA_MANAGER and above) decides. */
  @Column({ name: 'roster_approval_required', type: 'boolean', default: false })
  rosterApprovalRequired!: boolean;

  /** Payroll runs are approved by someone other than the person who computed them. */
  @Column({ name: 'payroll_four_eyes', type: 'boolean', default: false })
  payrollFourEyes!: boolean;

  /** How long an access daemon cut off from the platform keeps deciding taps from what it knew. */
  @Column({ name: 'access_offline_window_minutes', type: 'integer', default: 4320 })
  accessOfflineWindowMinutes!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
