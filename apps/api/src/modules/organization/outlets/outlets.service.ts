import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { ConflictError, NotFoundError } from '@wfm/core/errors';
import type { TransactionRunner } from '@wfm/db/transaction';
import { CODE_TAKEN, type Outlet, type OutletChanges, type OutletsRepository } from './outlets.repository.js';
import type { CreateOutletBody, ImportResultDto, ListOutletsQuery, OutletDto, UpdateOutletBody } from './outlets.schemas.js';

export function toOutletDto(o: Outlet): OutletDto {
  return {
    id: o.id,
    tenantId: o.tenantId,
    name: o.name,
    code: o.code,
    city: o.city,
    address: o.address,
    timezone: o.timezone,
    status: o.status,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

/** A tenant's sites. Codes are unique per tenant ignoring case and are stored as the client typed them. */
export class OutletsService {
  constructor(
    private readonly repo: OutletsRepository,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
  ) {}

  async list(tenantId: string, filter: ListOutletsQuery): Promise<OutletDto[]> {
    return (await this.repo.list(tenantId, filter.status)).map(toOutletDto);
  }

  async create(tenantId: string, input: CreateOutletBody): Promise<OutletDto> {
    const row = this.newOutlet(tenantId, input, this.clock.now());
    await this.transaction((tx) => this.repo.insert(tx, [row]));
    return toOutletDto(row);
  }

  update(tenantId: string, id: string, changes: UpdateOutletBody): Promise<OutletDto> {
    return this.transaction(async (tx) => {
      if (!(await this.repo.lock(tx, tenantId, id))) throw new NotFoundError('Outlet not found');
      const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as OutletChanges;
      return toOutletDto(await this.repo.update(tx, tenantId, id, defined, this.clock.now()));
    });
  }

  /** All rows or none. Conflicts name the row by its index in `rows`, as validation messages do. */
  async bulkImport(tenantId: string, rows: CreateOutletBody[]): Promise<ImportResultDto> {
    const firstSeen = new Map<string, number>();
    rows.forEach((row, i) => {
      const first = firstSeen.get(row.code.toLowerCase());
      if (first !== undefined) throw new ConflictError(`rows.${i}.code: duplicates rows.${first}.code`);
      firstSeen.set(row.code.toLowerCase(), i);
    });
    const now = this.clock.now();
    const records = rows.map((row) => this.newOutlet(tenantId, row, now));
    await this.transaction(async (tx) => {
      const taken = await this.repo.takenCodes(tx, tenantId, [...firstSeen.keys()]);
      const clash = records.findIndex((r) => taken.has(r.code.toLowerCase()));
      if (clash >= 0) throw new ConflictError(`rows.${clash}.code: ${CODE_TAKEN}`);
      await this.repo.insert(tx, records);
    });
    return { created: records.length, ids: records.map((r) => r.id) };
  }

  private newOutlet(tenantId: string, input: CreateOutletBody, now: Date): Outlet {
    return {
      id: uuid(),
      tenantId,
      name: input.name,
      code: input.code,
      city: input.city,
      address: input.address ?? null,
      timezone: input.timezone ?? null,
      status: input.status,
      createdAt: now,
      updatedAt: now,
    };
  }
}
