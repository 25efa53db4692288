import { Check, Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { TenantEntity } from './tenant.entity.js';

export type OutletStatus = 'ACTIVE' | 'INACTIVE';

@Check('outlets_status_check', "(status = ANY (ARRAY['ACTIVE'::text, 'INACTIVE'::text]))")
// Its key is an expression, lower(code), which @Index cannot state: the drift test checks its definition.
@Index('outlets_tenant_code_key', { synchronize: false })
@Index('outlets_tenant_created_idx', ['tenantId', 'createdAt', 'id'])
@Entity({ name: 'outlets' })
export class OutletEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @ForeignKey(() => TenantEntity, { name: 'outlets_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  code!: string;

  @Column({ type: 'text' })
  city!: string;

  @Column({ type: 'text', nullable: true })
  address!: string | null;

  /** An IANA zone when the outlet is not in the company's (null: the tenant's `timezone`). */
  @Column({ type: 'text', nullable: true })
  timezone!: string | null;

  @Column({ type: 'text', default: 'ACTIVE' })
  status!: OutletStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
