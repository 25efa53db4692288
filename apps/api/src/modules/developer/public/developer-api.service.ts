import { envelope } from '@wfm/core/pagination';
import type { DeveloperApiRepository } from './developer-api.repository.js';
import type { PublicEmployeeDto, PublicEmployeesQuery, PublicOutletDto, PublicOutletsQuery } from './developer-api.schemas.js';

/** The tenant directory as integrations see it: outlets and employees, in the /public list envelope. */
export class DeveloperApiService {
  constructor(private readonly repo: DeveloperApiRepository) {}

  async outlets(tenantId: string, query: PublicOutletsQuery) {
    const rows = await this.repo.outlets(tenantId, query);
    return envelope<PublicOutletDto>(
      rows.map((o) => ({ id: o.id, name: o.name, code: o.code, city: o.city, status: o.status, createdAt: o.createdAt.toISOString() })),
      query,
    );
  }

  async employees(tenantId: string, query: PublicEmployeesQuery) {
    const rows = await this.repo.employees(tenantId, query, query.order === 'newest');
    return envelope<PublicEmployeeDto>(
      rows.map((u) => ({ id: u.id, fullName: u.fullName, email: u.email, status: u.status })),
      query,
    );
  }
}
