import { Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { OutletEntity } from './outlet.entity.js';
import { TenantEntity } from './tenant.entity.js';
import { UserEntity } from './user.entity.js';

/** An outlet a user looks after (an OUTLET_MANAGER's reach in access control). */
@Index('user_outlets_outlet_idx', ['outletId'])
@Entity({ name: 'user_outlets' })
export class UserOutletEntity {
  @ForeignKey(() => TenantEntity, { name: 'user_outlets_tenant_id_fkey', onDelete: 'CASCADE' })
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @ForeignKey(() => UserEntity, { name: 'user_outlets_user_id_fkey', onDelete: 'CASCADE' })
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ForeignKey(() => OutletEntity, { name: 'user_outlets_outlet_id_fkey', onDelete: 'CASCADE' })
  @PrimaryColumn({ name: 'outlet_id', type: 'uuid' })
  outletId!: string;
}
