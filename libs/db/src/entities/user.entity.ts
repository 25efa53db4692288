import { Column, CreateDateColumn, DeleteDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { Role } from '@wfm/core/tenancy';

export type UserStatus = 'ACTIVE' | 'INACTIVE';

@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

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

  /**
   * Null only for a self-service signup's owner until they open the mailed link; such an account
   * can never be signed into. Other paths vouch for the account when they create it, so they leave
   * it out (optional here for that reason) and get the column default, now().
   */
  @Column({ name: 'verified_at', type: 'timestamptz', nullable: true, default: () => 'now()' })
  verifiedAt?: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @DeleteDateColumn({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;
}
