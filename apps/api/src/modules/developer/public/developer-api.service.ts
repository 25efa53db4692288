import { keysetSource, type PublicLists } from '../../../lists/public-lists.js';
import type { DeveloperApiRepository, PublicEmployee, PublicOutlet } from './developer-api.repository.js';
import type { PublicEmployeeDto, PublicEmployeesQuery, PublicOutletDto, PublicOutletsQuery } from './developer-api.schemas.js';

/** The tenant directory as integrations see it: outlets and employees, in the /public list envelope. */
export class DeveloperApiService {
  constructor(
    private readonly repo: DeveloperApiRepository,
    private readonly lists: PublicLists,
  ) {}

  outlets(tenantId: string, query: PublicOutletsQuery) {
    return this.lists.page(
      'outlets',
      tenantId,
      query,
      keysetSource(
        (page) => this.repo.outlets(tenantId, page),
        (after, limit) => this.repo.outletsAfter(tenantId, after, limit),
      ),
      (o: PublicOutlet): PublicOutletDto => ({ id: o.id, name: o.name, code: o.code, city: o.city, status: o.status, createdAt: o.createdAt.toISOString() }),
    );
  }

  employees(tenantId: string, query: PublicEmployeesQuery) {
    const newest = query.order === 'newest';
    return this.lists.page(
      'employees',
      tenantId,
      query,
      keysetSource(
        (page) => this.repo.employees(tenantId, page, newest),
        (after, limit) => this.repo.employeesAfter(tenantId, after, limit, newest),
      ),
      (u: PublicEmployee): PublicEmployeeDto => ({ id: u.id, fullName: u.fullName, email: u.email, status: u.status }),
    );
  }
}
