import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { ConflictError, NotFoundError } from '@wfm/core/errors';
import type { TransactionRunner } from '@wfm/db/transaction';
import { differences, isInvalid, repeatedKeys, rowCreated, rowFailed, withTotals, type ImportResultsDto, type InvalidRow, type RowResult } from '../bulk-import.js';
import type { AssetCategoriesRepository, AssetCategory, AssetCategoryView } from './asset-categories.repository.js';
import type { AssetCategoryDto, CreateAssetCategoryBody, UpdateAssetCategoryBody } from './asset-categories.schemas.js';

function toDto(c: AssetCategoryView): AssetCategoryDto {
  return { id: c.id, name: c.name, description: c.description, assetCount: c.assetCount, createdAt: c.createdAt.toISOString(), updatedAt: c.updatedAt.toISOString() };
}

const notFound = () => new NotFoundError('Asset category not found');

/** The tenant's kinds of asset (refrigeration, cooking…): one catalogue for every outlet, names unique ignoring case. */
export class AssetCategoriesService {
  constructor(
    private readonly repo: AssetCategoriesRepository,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
  ) {}

  async list(tenantId: string): Promise<AssetCategoryDto[]> {
    return (await this.repo.list(tenantId)).map(toDto);
  }

  async get(tenantId: string, id: string): Promise<AssetCategoryDto> {
    const c = await this.repo.find(tenantId, id);
    if (!c) throw notFound();
    return toDto(c);
  }

  async create(tenantId: string, body: CreateAssetCategoryBody): Promise<AssetCategoryDto> {
    const now = this.clock.now();
    const row: AssetCategory = { id: uuid(), tenantId, name: body.name, description: body.description ?? null, createdAt: now, updatedAt: now };
    await this.transaction((tx) => this.repo.insert(tx, row));
    return toDto({ ...row, assetCount: 0 });
  }

  update(tenantId: string, id: string, body: UpdateAssetCategoryBody): Promise<AssetCategoryDto> {
    return this.transaction(async (tx) => {
      const current = await this.repo.lock(tx, tenantId, id);
      if (!current) throw notFound();
      const now = this.clock.now();
      await this.repo.update(tx, tenantId, id, body, now);
      return toDto({ ...current, ...differences(current, body), updatedAt: now });
    });
  }

  /** Soft delete; a category that live assets still use is kept (409), so no asset is left without one. */
  remove(tenantId: string, id: string): Promise<void> {
    return this.transaction(async (tx) => {
      const current = await this.repo.lock(tx, tenantId, id);
      if (!current) throw notFound();
      if (current.assetCount > 0) throw new ConflictError(`The category "${current.name}" still has ${current.assetCount} asset(s); move or delete them first`);
      await this.repo.softDelete(tx, tenantId, id, this.clock.now());
    });
  }

  /**
   * Idempotent on the name (ignoring case): a new name is CREATED; a known one is UPDATED when the
   * row gives a different description, else UNCHANGED. A row that breaks the schema or repeats an
   * earlier row's name FAILS alone.
   */
  bulkImport(tenantId: string, rows: Array<CreateAssetCategoryBody | InvalidRow>): Promise<ImportResultsDto> {
    const repeats = repeatedKeys(rows, (r: CreateAssetCategoryBody) => r.name, 'name');
    return this.transaction(async (tx) => {
      const now = this.clock.now();
      const valid = rows.filter((r): r is CreateAssetCategoryBody => !isInvalid(r));
      const existing = new Map((await this.repo.lockByNames(tx, tenantId, valid.map((r) => r.name.toLowerCase()))).map((c) => [c.name.toLowerCase(), c]));
      const results: RowResult[] = [];
      for (const [i, row] of rows.entries()) {
        if (isInvalid(row)) results.push(rowFailed(i, row.invalid));
        else if (repeats.has(i)) results.push(rowFailed(i, [repeats.get(i)!]));
        else {
          const current = existing.get(row.name.toLowerCase());
          if (!current) {
            const made: AssetCategory = { id: uuid(), tenantId, name: row.name, description: row.description ?? null, createdAt: now, updatedAt: now };
            await this.repo.insert(tx, made);
            results.push(rowCreated(i, made.id));
            continue;
          }
          const changes = differences(current, { description: row.description });
          if (Object.keys(changes).length > 0) await this.repo.update(tx, tenantId, current.id, changes, now);
          results.push({ row: i, status: Object.keys(changes).length > 0 ? 'UPDATED' : 'UNCHANGED', id: current.id, errors: [] });
        }
      }
      return withTotals(results);
    });
  }
}
