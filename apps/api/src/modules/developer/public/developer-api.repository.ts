import type { PageRequest } from '@wfm/core/pagination';
import type { DataSource } from '@wfm/db/data-source';
import type { OutletEntity } from '@wfm/db/entities/outlet.entity';
import type { UserEntity } from '@wfm/db/entities/user.entity';
import { keysetPage, live, many, type Keyed, type KeysetPosition } from '@wfm/db/sql';

export type PublicOutlet = Pick<OutletEntity, 'id' | 'name' | 'code' | 'city' | 'status' | 'createdAt'>;
export type PublicEmployee = Pick<UserEntity, 'id' | 'fullName' | 'email' | 'status'>;

const OUTLET_COLUMNS = `id, name, code, city, status, created_at AS "createdAt"`;
const EMPLOYEE_COLUMNS = `u.id, u.full_name AS "fullName", u.email, u.status`;

/** Reads behind /public outlets and employees. Orders end in `id`, so offset pages never repeat or skip rows. */
export class DeveloperApiRepository {
  constructor(private readonly ds: DataSource) {}

  outlets(tenantId: string, page: PageRequest): Promise<PublicOutlet[]> {
    return many(this.ds, `SELECT ${OUTLET_COLUMNS} FROM outlets WHERE tenant_id = $1 ORDER BY name, id LIMIT $2 OFFSET $3`, [tenantId, page.limit, page.offset]);
  }

  /** A cursor walk goes by creation: a name can change mid-walk, a creation time cannot. */
  outletsAfter(tenantId: string, after: KeysetPosition | null, limit: number): Promise<Keyed<PublicOutlet>[]> {
    const params: unknown[] = [tenantId];
    const k = keysetPage({ key: 'created_at', id: 'id' }, after, limit, params);
    return many(this.ds, `SELECT ${OUTLET_COLUMNS}, ${k.select} FROM outlets WHERE ${['tenant_id = $1', ...k.where].join(' AND ')} ${k.tail}`, params);
  }

  /** Live (not removed) users. */
  employees(tenantId: string, page: PageRequest, newestFirst: boolean): Promise<PublicEmployee[]> {
    const direction = newestFirst ? 'DESC' : 'ASC';
    return many(
      this.ds,
      `SELECT ${EMPLOYEE_COLUMNS} FROM users u
        WHERE u.tenant_id = $1 AND ${live('u')}
        ORDER BY u.created_at ${direction}, u.id ${direction}
        LIMIT $2 OFFSET $3`,
      [tenantId, page.limit, page.offset],
    );
  }

  employeesAfter(tenantId: string, after: KeysetPosition | null, limit: number, newestFirst: boolean): Promise<Keyed<PublicEmployee>[]> {
    const params: unknown[] = [tenantId];
    const k = keysetPage({ key: 'u.created_at', id: 'u.id', descending: newestFirst }, after, limit, params);
    return many(this.ds, `SELECT ${EMPLOYEE_COLUMNS}, ${k.select} FROM users u WHERE ${['u.tenant_id = $1', live('u'), ...k.where].join(' AND ')} ${k.tail}`, params);
  }
}
