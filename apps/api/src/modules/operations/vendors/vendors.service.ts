import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { NotFoundError } from '@wfm/core/errors';
import type { TransactionRunner } from '@wfm/db/transaction';
import { differences, isInvalid, repeatedKeys, rowCreated, rowFailed, withTotals, type ImportResultsDto, type InvalidRow, type RowResult } from '../bulk-import.js';
import type { Vendor, VendorsRepository, VendorView } from './vendors.repository.js';
import type { CreateVendorBody, UpdateVendorBody, VendorDto, VendorImportRow } from './vendors.schemas.js';

function toDto(v: VendorView): VendorDto {
  return {
    id: v.id,
    name: v.name,
    kind: v.kind,
    contactName: v.contactName,
    email: v.email,
    phone: v.phone,
    website: v.website,
    notes: v.notes,
    assetCount: v.assetCount,
    createdAt: v.createdAt.toISOString(),
    updatedAt: v.updatedAt.toISOString(),
  };
}

const notFound = () => new NotFoundError('Vendor not found');

function newVendor(tenantId: string, body: VendorImportRow, at: Date): Vendor {
  return {
    id: uuid(),
    tenantId,
    name: body.name,
    kind: body.kind ?? 'MAINTAINER',
    contactName: body.contactName ?? null,
    email: body.email ?? null,
    phone: body.phone ?? null,
    website: body.website ?? null,
    notes: body.notes ?? null,
    createdAt: at,
    updatedAt: at,
  };
}

/** Who supplies and maintains the tenant's assets, with their contacts: one list for every outlet, names unique ignoring case. */
export class VendorsService {
  constructor(
    private readonly repo: VendorsRepository,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
  ) {}

  async list(tenantId: string): Promise<VendorDto[]> {
    return (await this.repo.list(tenantId)).map(toDto);
  }

  async get(tenantId: string, id: string): Promise<VendorDto> {
    const v = await this.repo.find(tenantId, id);
    if (!v) throw notFound();
    return toDto(v);
  }

  async create(tenantId: string, body: CreateVendorBody): Promise<VendorDto> {
    const row = newVendor(tenantId, body, this.clock.now());
    await this.transaction((tx) => this.repo.insert(tx, row));
    return toDto({ ...row, assetCount: 0 });
  }

  update(tenantId: string, id: string, body: UpdateVendorBody): Promise<VendorDto> {
    return this.transaction(async (tx) => {
      const current = await this.repo.lock(tx, tenantId, id);
      if (!current) throw notFound();
      const now = this.clock.now();
      await this.repo.update(tx, tenantId, id, body, now);
      return toDto({ ...current, ...differences(current, body), updatedAt: now });
    });
  }

  /** Soft delete: the vendor's assets stay in the register, without a vendor, rather than blocking the delete. */
  remove(tenantId: string, id: string): Promise<void> {
    return this.transaction(async (tx) => {
      if (!(await this.repo.lock(tx, tenantId, id))) throw notFound();
      await this.repo.softDelete(tx, tenantId, id, this.clock.now());
    });
  }

  /** Idempotent on the name (ignoring case): new names are CREATED, known ones UPDATED in the fields the row gives that differ, else UNCHANGED. */
  bulkImport(tenantId: string, rows: Array<VendorImportRow | InvalidRow>): Promise<ImportResultsDto> {
    const repeats = repeatedKeys(rows, (r: VendorImportRow) => r.name, 'name');
    return this.transaction(async (tx) => {
      const now = this.clock.now();
      const valid = rows.filter((r): r is VendorImportRow => !isInvalid(r));
      const existing = new Map((await this.repo.lockByNames(tx, tenantId, valid.map((r) => r.name.toLowerCase()))).map((v) => [v.name.toLowerCase(), v]));
      const results: RowResult[] = [];
      for (const [i, row] of rows.entries()) {
        if (isInvalid(row)) results.push(rowFailed(i, row.invalid));
        else if (repeats.has(i)) results.push(rowFailed(i, [repeats.get(i)!]));
        else {
          const current = existing.get(row.name.toLowerCase());
          if (!current) {
            const made = newVendor(tenantId, row, now);
            await this.repo.insert(tx, made);
            results.push(rowCreated(i, made.id));
            continue;
          }
          const changes = differences(current, { ...row, name: undefined });
          if (Object.keys(changes).length > 0) await this.repo.update(tx, tenantId, current.id, changes, now);
          results.push({ row: i, status: Object.keys(changes).length > 0 ? 'UPDATED' : 'UNCHANGED', id: current.id, errors: [] });
        }
      }
      return withTotals(results);
    });
  }
}
