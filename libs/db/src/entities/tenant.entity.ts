import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { Plan } from '@wfm/core/tenancy';
import type { AvailabilityConflictMode } from './availability.entity.js';

/** The tenants table's own id is the tenant id every other table carries. */
@Check('tenants_access_offline_window_minutes_check', '((access_offline_window_minutes >= 5) AND (access_offline_window_minutes <= 43200))')
@Check('tenants_availability_conflict_mode_check', "(availability_conflict_mode = ANY (ARRAY['OFF'::text, 'WARN'::text, 'BLOCK'::text]))")
@Check('tenants_plan_check', "(plan = ANY (ARRAY['FREE'::text, 'BASIC'::text, 'GROWTH'::text, 'ENTERPRISE'::text]))")
@Index('tenants_slug_key', ['slug'], { unique: true })
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

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  /** Published rosters are drafts (PROPOSED) until an approver (AREA_MANAGER and above) decides. */
  @Column({ name: 'roster_approval_required', type: 'boolean', default: false })
  rosterApprovalRequired!: boolean;

  /** Payroll runs are approved by someone other than the person who computed them. */
  @Column({ name: 'payroll_four_eyes', type: 'boolean', default: false })
  payrollFourEyes!: boolean;

  /** How long an access daemon cut off from the platform keeps deciding taps from what it knew. */
  @Column({ name: 'access_offline_window_minutes', type: 'integer', default: 4320 })
  accessOfflineWindowMinutes!: number;

  /** What assigning a shift does when it hits the person's unavailability: nothing, a warning, or a refusal. */
  @Column({ name: 'availability_conflict_mode', type: 'text', default: 'WARN' })
  availabilityConflictMode!: AvailabilityConflictMode;

  /** How dates, numbers and amounts are written (a BCP 47 tag); null follows the time zone. */
  @Column({ type: 'text', nullable: true })
  locale!: string | null;

  /** The language of people who have not chosen their own. */
  @Column({ type: 'text', default: 'en' })
  language!: string;
}
