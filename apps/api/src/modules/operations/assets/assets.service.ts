import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '@wfm/core/errors';
import type { Actor } from '@wfm/core/principal';
import type { TransactionRunner, Tx } from '@wfm/db/transaction';
import { coversOutlet, type OutletScope, type OutletScopeService } from '../../organization/user-outlets/outlet-scope.service.js';
import { differences, isInvalid, repeatedKeys, rowCreated, rowFailed, withTotals, type ImportResultsDto, type InvalidRow, type RowResult } from '../bulk-import.js';
import type { Issue } from '../issues/issues.repository.js';
import type { IssuesService } from '../issues/issues.service.js';
import type { Asset, AssetChanges, AssetsRepository, AssetView, NamedRef, OutletRef } from './assets.repository.js';
import { QUICK_PROBLEMS, type AssetDto, type AssetImportRow, type CreateAssetBody, type ListAssetsQuery, type QuickIssueBody, type UpdateAssetBody } from './assets.schemas.js';

export function toAssetDto(a: AssetView): AssetDto {
  return {
    id: a.id,
    outlet: { id: a.outletId, name: a.outletName, code: a.outletCode },
    category: { id: a.categoryId, name: a.categoryName },
    vendor: a.vendorId && a.vendorName !== null ? { id: a.vendorId, name: a.vendorName } : null,
    name: a.name,
    tag: a.tag,
    serialNumber: a.serialNumber,
    purchaseDate: a.purchaseDate,
    warrantyUntil: a.warrantyUntil,
    status: a.status,
    notes: a.notes,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

const notFound = () => new NotFoundError('Asset not found');
const outletNotFound = () => new NotFoundError('Outlet not found');
const notYourOutlet = () => new ForbiddenError('You can register assets only at your outlets');

function warrantyError(a: { purchaseDate: string | null; warrantyUntil: string | null }): string | null {
  return a.purchaseDate && a.warrantyUntil && a.warrantyUntil < a.purchaseDate ? 'warrantyUntil must not be before purchaseDate' : null;
}

/** What an import row resolved to, or why it cannot be written. */
type Resolved = { ok: true; outlet: OutletRef; category: NamedRef; vendor: NamedRef | null | undefined } | { ok: false; errors: string[] };

/**
 * The register of what stands at each outlet. Written by operations managers (an OUTLET_MANAGER at
 * their outlets: `of`); read, looked up by tag and reported on by everyone who works there
 * (`workplaceOf`). Anything outside the caller's scope is 404, as if absent.
 */
export class AssetsService {
  constructor(
    private readonly repo: AssetsRepository,
    private readonly issues: IssuesService,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
    private readonly scopes: OutletScopeService,
  ) {}

  async list(actor: Actor, query: ListAssetsQuery): Promise<AssetDto[]> {
    const { limit, offset, ...filter } = query;
    const scope = await this.scopes.workplaceOf(actor);
    return (await this.repo.list(actor.tenantId, { ...filter, ...(scope.kind === 'outlets' ? { outletIds: scope.outletIds } : {}) }, limit, offset)).map(toAssetDto);
  }

  async get(actor: Actor, id: string): Promise<AssetDto> {
    return toAssetDto(await this.visible(actor, await this.repo.find(actor.tenantId, id)));
  }

  /** What a scanned or typed tag names (ignoring case). */
  async byTag(actor: Actor, tag: string): Promise<AssetDto> {
    return toAssetDto(await this.visible(actor, await this.repo.findByTag(actor.tenantId, tag)));
  }

  async create(actor: Actor, body: CreateAssetBody): Promise<AssetDto> {
    const scope = await this.scopes.of(actor);
    const outlet = await this.repo.outlet(actor.tenantId, body.outletId);
    if (!outlet) throw outletNotFound();
    if (!coversOutlet(scope, outlet.id)) throw notYourOutlet();
    const now = this.clock.now();
    const row: Asset = {
      id: uuid(),
      tenantId: actor.tenantId,
      outletId: outlet.id,
      categoryId: body.categoryId,
      vendorId: body.vendorId ?? null,
      name: body.name,
      tag: body.tag,
      serialNumber: body.serialNumber ?? null,
      purchaseDate: body.purchaseDate ?? null,
      warrantyUntil: body.warrantyUntil ?? null,
      status: body.status,
      notes: body.notes ?? null,
      createdAt: now,
      updatedAt: now,
    };
    return this.transaction(async (tx) => {
      await this.assertReferences(tx, actor.tenantId, row);
      await this.repo.insert(tx, row);
      return toAssetDto((await this.repo.find(actor.tenantId, row.id, tx))!);
    });
  }

  async update(actor: Actor, id: string, body: UpdateAssetBody): Promise<AssetDto> {
    const scope = await this.scopes.of(actor);
    return this.transaction(async (tx) => {
      const current = await this.repo.lock(tx, actor.tenantId, id);
      if (!current || !coversOutlet(scope, current.outletId)) throw notFound();
      if (body.outletId !== undefined && body.outletId !== current.outletId) {
        if (!(await this.repo.outlet(actor.tenantId, body.outletId))) throw outletNotFound();
        if (!coversOutlet(scope, body.outletId)) throw notYourOutlet();
      }
      const next = { ...current, ...differences(current, body as AssetChanges) };
      const wrong = warrantyError(next);
      if (wrong) throw new BadRequestError([wrong]);
      await this.assertReferences(tx, actor.tenantId, { categoryId: body.categoryId, vendorId: body.vendorId ?? null });
      await this.repo.update(tx, actor.tenantId, id, body as AssetChanges, this.clock.now());
      return toAssetDto((await this.repo.find(actor.tenantId, id, tx))!);
    });
  }

  /** Soft delete: its issues keep their link, so the history stays readable. */
  async remove(actor: Actor, id: string): Promise<void> {
    const scope = await this.scopes.of(actor);
    await this.transaction(async (tx) => {
      const current = await this.repo.lock(tx, actor.tenantId, id);
      if (!current || !coversOutlet(scope, current.outletId)) throw notFound();
      await this.repo.softDelete(tx, actor.tenantId, id, this.clock.now());
    });
  }

  /**
   * Spec 03: an asset's quick-issue raises an issue silently (no issue.created), linked to the
   * asset, reported by the caller, at the asset's outlet. A retired asset takes no reports.
   */
  async quickIssue(actor: Actor, id: string, body: QuickIssueBody): Promise<Issue> {
    const asset = await this.visible(actor, await this.repo.find(actor.tenantId, id));
    if (asset.status === 'RETIRED') throw new ConflictError('This asset is retired');
    const preset = QUICK_PROBLEMS[body.problem];
    const title = `${preset.label}: ${asset.name}`.slice(0, 200);
    return this.transaction((tx) =>
      this.issues.raiseSilently(tx, {
        tenantId: actor.tenantId,
        outletId: asset.outletId,
        assetId: asset.id,
        title,
        description: body.details ?? null,
        priority: body.priority ?? preset.priority,
        source: 'QUICK_ISSUE',
        reporterUserId: actor.userId,
      }),
    );
  }

  /**
   * Idempotent on the tag (ignoring case): a new tag is CREATED, a known one UPDATED in the fields
   * the row gives that differ, else UNCHANGED. A row FAILS alone when it breaks the schema, repeats
   * an earlier row's tag, names an unknown outlet code, category or vendor, or (OUTLET_MANAGER)
   * an outlet outside the caller's, for the row or for the asset the tag already names.
   */
  async bulkImport(actor: Actor, rows: Array<AssetImportRow | InvalidRow>): Promise<ImportResultsDto> {
    const scope = await this.scopes.of(actor);
    const repeats = repeatedKeys(rows, (r: AssetImportRow) => r.tag, 'tag');
    const valid = rows.filter((r): r is AssetImportRow => !isInvalid(r));
    const lower = (values: Array<string | undefined>) => [...new Set(values.filter((v): v is string => v !== undefined).map((v) => v.toLowerCase()))];
    const byLowerName = <T extends { name: string }>(refs: T[]) => new Map(refs.map((r) => [r.name.toLowerCase(), r]));
    return this.transaction(async (tx) => {
      const now = this.clock.now();
      const outlets = new Map((await this.repo.outletsByCode(tx, actor.tenantId, lower(valid.map((r) => r.outletCode)))).map((o) => [o.code.toLowerCase(), o]));
      const categories = byLowerName(await this.repo.categoriesByName(tx, actor.tenantId, lower(valid.map((r) => r.categoryName))));
      const vendors = byLowerName(await this.repo.vendorsByName(tx, actor.tenantId, lower(valid.map((r) => r.vendorName))));
      const existing = new Map((await this.repo.lockByTags(tx, actor.tenantId, lower(valid.map((r) => r.tag)))).map((a) => [a.tag.toLowerCase(), a]));
      const resolve = (row: AssetImportRow): Resolved => {
        const errors: string[] = [];
        const outlet = outlets.get(row.outletCode.toLowerCase());
        const category = categories.get(row.categoryName.toLowerCase());
        const vendor = row.vendorName === undefined ? undefined : (vendors.get(row.vendorName.toLowerCase()) ?? null);
        if (!outlet) errors.push(`outletCode: no outlet has the code "${row.outletCode}"`);
        else if (!coversOutlet(scope, outlet.id)) errors.push(`outletCode: "${row.outletCode}" is not one of your outlets`);
        if (!category) errors.push(`categoryName: no asset category is named "${row.categoryName}"`);
        if (vendor === null) errors.push(`vendorName: no vendor is named "${row.vendorName}"`);
        const current = existing.get(row.tag.toLowerCase());
        if (current && !coversOutlet(scope, current.outletId)) errors.push(`tag: "${row.tag}" is an asset at an outlet that is not yours`);
        return errors.length > 0 || !outlet || !category ? { ok: false, errors } : { ok: true, outlet, category, vendor };
      };
      const results: RowResult[] = [];
      for (const [i, row] of rows.entries()) {
        if (isInvalid(row)) {
          results.push(rowFailed(i, row.invalid));
          continue;
        }
        if (repeats.has(i)) {
          results.push(rowFailed(i, [repeats.get(i)!]));
          continue;
        }
        const refs = resolve(row);
        if (!refs.ok) {
          results.push(rowFailed(i, refs.errors));
          continue;
        }
        results.push(await this.importRow(tx, actor.tenantId, i, row, refs, existing.get(row.tag.toLowerCase()), now));
      }
      return withTotals(results);
    });
  }

  private async importRow(tx: Tx, tenantId: string, i: number, row: AssetImportRow, refs: Extract<Resolved, { ok: true }>, current: Asset | undefined, now: Date): Promise<RowResult> {
    const fields: AssetChanges = {
      outletId: refs.outlet.id,
      categoryId: refs.category.id,
      ...(refs.vendor ? { vendorId: refs.vendor.id } : {}),
      name: row.name,
      serialNumber: row.serialNumber,
      purchaseDate: row.purchaseDate,
      warrantyUntil: row.warrantyUntil,
      status: row.status,
      notes: row.notes,
    };
    if (!current) {
      const made: Asset = {
        id: uuid(),
        tenantId,
        outletId: refs.outlet.id,
        categoryId: refs.category.id,
        vendorId: refs.vendor?.id ?? null,
        name: row.name,
        tag: row.tag,
        serialNumber: row.serialNumber ?? null,
        purchaseDate: row.purchaseDate ?? null,
        warrantyUntil: row.warrantyUntil ?? null,
        status: row.status ?? 'ACTIVE',
        notes: row.notes ?? null,
        createdAt: now,
        updatedAt: now,
      };
      await this.repo.insert(tx, made);
      return rowCreated(i, made.id);
    }
    const changes = differences(current, fields);
    const wrong = warrantyError({ ...current, ...changes });
    if (wrong) return rowFailed(i, [wrong]);
    if (Object.keys(changes).length === 0) return { row: i, status: 'UNCHANGED', id: current.id, errors: [] };
    await this.repo.update(tx, tenantId, current.id, changes, now);
    return { row: i, status: 'UPDATED', id: current.id, errors: [] };
  }

  private async visible(actor: Actor, asset: AssetView | null): Promise<AssetView> {
    const scope: OutletScope = await this.scopes.workplaceOf(actor);
    if (!asset || !coversOutlet(scope, asset.outletId)) throw notFound();
    return asset;
  }

  /** A category or vendor the body names must be a live one of the tenant. */
  private async assertReferences(tx: Tx, tenantId: string, refs: { categoryId?: string; vendorId?: string | null }): Promise<void> {
    if (refs.categoryId !== undefined && !(await this.repo.category(tx, tenantId, refs.categoryId))) throw new NotFoundError('Asset category not found');
    if (refs.vendorId && !(await this.repo.vendor(tx, tenantId, refs.vendorId))) throw new NotFoundError('Vendor not found');
  }
}
