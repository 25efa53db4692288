import type { DataSource } from '@wfm/db/data-source';
import { OutletEntity } from '@wfm/db/entities/outlet.entity';
import { UserEntity } from '@wfm/db/entities/user.entity';
import type { PageRequest } from '../../../http/public-list.js';

export type PublicOutlet = Pick<OutletEntity, 'id' | 'name' | 'code' | 'city' | 'status' | 'createdAt'>;
export type PublicEmployee = Pick<UserEntity, 'id' | 'fullName' | 'email' | 'status'>;

/** Reads behind /public outlets and employees. Orders end in `id`, so offset pages never repeat or skip rows. */
export class DeveloperApiRepository {
  constructor(private readonly ds: DataSource) {}

  outlets(tenantId: string, page: PageRequest): Promise<PublicOutlet[]> {
    return this.ds.getRepository(OutletEntity).find({
      select: { id: true, name: true, code: true, city: true, status: true, createdAt: true },
      where: { tenantId },
      order: { name: 'ASC', id: 'ASC' },
      skip: page.offset,
      take: page.limit,
    });
  }

  /** Live (not removed) users; soft-deleted rows are left out by TypeORM's delete-date column. */
  employees(tenantId: string, page: PageRequest, newestFirst: boolean): Promise<PublicEmployee[]> {
    const direction = newestFirst ? 'DESC' : 'ASC';
    return this.ds.getRepository(UserEntity).find({
      select: { id: true, fullName: true, email: true, status: true },
      where: { tenantId },
      order: { createdAt: direction, id: direction },
      skip: page.offset,
      take: page.limit,
    });
  }
}
