import type { PageRequest } from '@wfm/core/pagination';
import type { DataSource } from '@wfm/db/data-source';
import type { OutletEntity } from '@wfm/db/entities/outlet.entity';
import type { UserEntity } from '@wfm/db/entities/user.entity';
import { live, many } from '@wfm/db/sql';

export type PublicOutlet = Pick<OutletEntity, 'id' | 'name' | 'code' | 'city' | 'status' | 'createdAt'>;
export type PublicEmployee = Pick<UserEntity, 'id' | 'fullName' | 'email' | 'status'>;

/** Reads behind /public outlets and employees. Orders end in `id`, so offset pages never repeat or skip rows. */
export class DeveloperApiRepository {
  constructor(private readonly ds: DataSource) {}

  outlets(tenantId: string, page: PageRequest): Promise<PublicOutlet[]> {
    return many(
      this.ds,
      `SELECT id, name, code, city, status, created_at AS "createdAt" FROM outlets WHERE tenant_id = $1 ORDER BY name, id LIMIT $2 OFFSET $3`,
      [tenantId, page.limit, page.offset],
    );
  }

  /** Live (not removed) users. */
  employees(tenantId: string, page: PageRequest, newestFirst: boolean): Promise<PublicEmployee[]> {
    const direction = newestFirst ? 'DESC' : 'ASC';
    return many(
      this.ds,
      `SELECT u.id, u.full_name AS "fullName", u.email, u.status FROM users u
        WHERE u.tenant_id = $1 AND ${live('u')}
        ORDER BY u.created_at ${direction}, u.id ${direction}
        LIMIT $2 OFFSET $3`,
      [tenantId, page.limit, page.offset],
    );
  }
}
