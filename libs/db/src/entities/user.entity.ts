import { Check, Column, CreateDateColumn, DeleteDateColumn, Entity, ForeignKey, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { TenantEntity } from './tenant.entity.js';
import type { Role } from '@wfm/core/tenancy';

export type UserStatus = 'ACTIVE' | 'INACTIVE';

@Check('users_check', '((email IS NOT NULL) OR (mobile IS NOT NULL))')
@Check('users_status_check', "(status = ANY (ARRAY['ACTIVE'::text, 'INACTIVE'::text]))")
@Index('users_email_idx', ['email'], { where: '(deleted_at IS NULL)' })
@Index('users_mobile_idx', ['mobile'], { where: '(deleted_at IS NULL)' })
@Index('users_tenant_created_idx', ['tenantId', 'createdAt', 'id'])
@Index('users_tenant_email_key', ['tenantId', 'email'], { unique: true, where: '((deleted_at IS NULL) AND (email IS NOT NULL))' })
@Index('users_tenant_mobile_key', ['tenantId', 'mobile'], { unique: true, where: '((deleted_at IS NULL) AND (mobile IS NOT NULL))' })
@Index('users_tenant_scim_external_id_key', ['tenantId', 'scimExternalId'], { unique: true, where: '((deleted_at IS NULL) AND (scim_external_id IS NOT NULL))' })
@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'users_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ name: 'full_name', type: 'text' })
  fullName!: string;

  /** Stored lower-cased so uniqueness and sign-in are case-insensitive. */
  @Column({ type: 'text', nullable: true })
  email!: string | null;

  /** Stored normalised (digits with a leading +) so formatting differences cannot duplicate. */
  @Column({ type: 'text', nullable: true })
  mobile!: string | null;

  @Column({ type: 'text' })
  role!: Role;

  @Column({ type: 'text', default: 'ACTIVE' })
  status!: UserStatus;

  @Column({ name: 'employee_code', type: 'text', nullable: true })
  employeeCode!: string | null;

  /** Null until the user sets a password through an invite. */
  @Column({ name: 'password_hash', type: 'text', nullable: true, select: false })
  passwordHash!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @DeleteDateColumn({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;

  /**
   * Null only for a self-service signup's owner until they open the mailed link; such an account
   * can never be signed into. Other paths vouch for the account when they create it, so they leave
   * it out (optional here for that reason) and get the column default, now().
   */
  @Column({ name: 'verified_at', type: 'timestamptz', nullable: true, default: () => 'now()' })
  verifiedAt?: Date | null;

  /** The identity provider's id for a user it provisioned over SCIM; other paths leave it out (null). */
  @Column({ name: 'scim_external_id', type: 'text', nullable: true })
  scimExternalId?: string | null;

  /** The language the console speaks to this person; null (and left out by paths that create people) is the tenant's. */
  @Column({ type: 'text', nullable: true })
  language?: string | null;
}
