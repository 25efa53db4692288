import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { BadRequestError, ForbiddenError, NotFoundError } from '@wfm/core/errors';
import type { Actor } from '@wfm/core/principal';
import type { TransactionRunner } from '@wfm/db/transaction';
import { coversOutlet, type OutletScopeService } from '../../organization/user-outlets/outlet-scope.service.js';
import { normalizeRole } from '../auto-scheduler/scheduler-input.js';
import { parseDemandCsv, requiredHeads } from './demand-csv.js';
import type { StaffingTarget, StaffingTargetsRepository, TargetSlot } from './staffing-targets.repository.js';
import { MAX_LISTED_ERRORS, type ImportDemandBody, type ListStaffingTargetsQuery, type PutStaffingTargetsBody } from './staffing-targets.schemas.js';

const notYours = () => new ForbiddenError('You can set staffing targets only at your outlets');
const targetNotFound = () => new NotFoundError('Staffing target not found');

export interface DemandImportResult {
  rows: number;
  valid: number;
  failed: number;
  targets: StaffingTarget[];
  errors: Array<{ line: number; errors: string[] }>;
}

/**
 * Staffing targets: heads per outlet, role and local hour of the week, entered as a week grid or
 * derived from a demand CSV. The managers of an outlet set them (an OUTLET_MANAGER only at theirs;
 * another outlet's target is 404 to them), owners and admins anywhere.
 */
export class StaffingTargetsService {
  constructor(
    private readonly repo: StaffingTargetsRepository,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
    private readonly scopes: OutletScopeService,
  ) {}

  async list(actor: Actor, query: ListStaffingTargetsQuery): Promise<StaffingTarget[]> {
    await this.assertOutlet(actor, query.outletId);
    return this.repo.list(actor.tenantId, query.outletId, query.role === undefined ? undefined : normalizeRole(query.role));
  }

  /** Replaces the week of one outlet and role: listed hours are written, the others removed. */
  async put(actor: Actor, body: PutStaffingTargetsBody): Promise<StaffingTarget[]> {
    await this.assertOutlet(actor, body.outletId);
    const role = normalizeRole(body.role);
    const slots: TargetSlot[] = body.targets.map((t) => ({ id: uuid(), outletId: body.outletId, role, ...t }));
    const now = this.clock.now();
    await this.transaction(async (tx) => {
      await this.repo.removeOthers(tx, actor.tenantId, body.outletId, role, slots.map((s) => `${s.weekday}-${s.hour}`));
      await this.repo.upsert(tx, actor.tenantId, slots, 'ENTERED', now);
    });
    return this.repo.list(actor.tenantId, body.outletId, role);
  }

  async update(actor: Actor, id: string, required: number): Promise<StaffingTarget> {
    await this.visible(actor, id);
    const updated = await this.repo.update(actor.tenantId, id, required, this.clock.now());
    if (!updated) throw targetNotFound();
    return updated;
  }

  async remove(actor: Actor, id: string): Promise<void> {
    await this.visible(actor, id);
    await this.repo.remove(actor.tenantId, id);
  }

  /**
   * Derives targets from a demand CSV. Each row stands alone: a malformed row, or one naming an
   * outlet that does not exist or is not the actor's, fails and is listed; the rest are written.
   */
  async importDemand(actor: Actor, body: ImportDemandBody): Promise<DemandImportResult> {
    const parsed = await parseDemandCsv(body.csv);
    if ('header' in parsed) throw new BadRequestError([`csv: ${parsed.header}`]);
    const scope = await this.scopes.of(actor);
    const outlets = await this.repo.outlets(actor.tenantId);
    const byKey = new Map<string, string>();
    for (const o of outlets) {
      byKey.set(o.id, o.id);
      if (o.code) byKey.set(o.code, o.id);
    }
    const errors = [...parsed.errors];
    const rows = parsed.rows.flatMap((r) => {
      const outletId = byKey.get(r.outlet.toLowerCase());
      if (!outletId) errors.push({ line: r.line, errors: [`outlet ${r.outlet} does not exist`] });
      else if (!coversOutlet(scope, outletId)) errors.push({ line: r.line, errors: [`outlet ${r.outlet} is not one of yours`] });
      else return [{ ...r, outlet: outletId }];
      return [];
    });
    const role = normalizeRole(body.role);
    const slots: TargetSlot[] = requiredHeads(rows, body.salesPerStaffHour).map((h) => ({ id: uuid(), outletId: h.outlet, role, weekday: h.weekday, hour: h.hour, required: h.required }));
    const targets = await this.transaction((tx) => this.repo.upsert(tx, actor.tenantId, slots, 'DEMAND_CSV', this.clock.now()));
    errors.sort((a, b) => a.line - b.line);
    return {
      rows: parsed.count,
      valid: rows.length,
      failed: errors.length,
      targets: targets.sort((a, b) => a.outletId.localeCompare(b.outletId) || a.weekday - b.weekday || a.hour - b.hour),
      errors: errors.slice(0, MAX_LISTED_ERRORS),
    };
  }

  private async assertOutlet(actor: Actor, outletId: string): Promise<void> {
    if (!(await this.repo.outletExists(actor.tenantId, outletId))) throw new NotFoundError('Outlet not found');
    if (!coversOutlet(await this.scopes.of(actor), outletId)) throw notYours();
  }

  private async visible(actor: Actor, id: string): Promise<StaffingTarget> {
    const target = await this.repo.find(actor.tenantId, id);
    if (!target || !coversOutlet(await this.scopes.of(actor), target.outletId)) throw targetNotFound();
    return target;
  }
}
