import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An outlet a user looks after (an OUTLET_MANAGER's reach in access control). */
@Entity({ name: 'user_outlets' })
export class UserOutletEntity {
  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @PrimaryColumn({ name: 'user_id', type: 'uuid' }) userId!: string;
  @PrimaryColumn({ name: 'outlet_id', type: 'uuid' }) outletId!: string;
}
