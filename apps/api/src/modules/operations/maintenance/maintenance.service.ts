import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { BadRequestError, ConflictError, NotFoundError } from '@wfm/core/errors';
import type { Logger } from '@wfm/core/logger';
import type { Actor } from '@wfm/core/principal';
import type { TransactionRunner, Tx } from '@wfm/db/transaction';
import { coversOutlet, type OutletScope, type OutletScopeService } from '../../organization/user-outlets/outlet-scope.service.js';
import type { IssuesService } from '../issues/issues.service.js';
import { addInterval, daysBetween, todayIn, writable, type CalendarUnit } from './due-dates.js';
import type { AssetRef, DueTarget, MaintenanceRepository, MeterReading, NewSchedule, Schedule, ScheduleChanges } from './maintenance.repository.js';
import { MAX_DUE_WINDOW_DAYS, type CreateScheduleBody, type DueDto, type DueQuery, type ListMeterReadingsQuery, type ListSchedulesQuery, type MeterReadingBody, type UpdateScheduleBody } from './maintenance.schemas.js';

/** At most the length of each unit, so a count of steps estimated from days never overshoots. */
const DAYS_PER: Record<CalendarUnit, number> = { DAYS: 1, WEEKS: 7, MONTHS: 31 };

function assetNotFound(): NotFoundError {
  return new NotFoundError('Asset not found');
}

function scheduleNotFound(): NotFoundError {
  return new NotFoundError('Maintenance schedule not found');
}

/** Which of the two outlet scopes a caller acts in: management (`of`) or the floor (`workplaceOf`). */
export type Reach = 'manage' | 'workplace';

/** An issue title is at most 200 characters; the asset's name is cut, never the schedule's. */
function dueTitle(title: string, assetName: string): string {
  return `Due: ${title} — ${assetName}`.slice(0, 200);
}

/**
 * Maintenance schedules, the due state of each (schedule, asset) pair, and the meters usage
 * schedules count. A pair falls due on its next due date (or reading); the daily job raises one
 * MAINTENANCE issue for it, silently (spec 03), and none again while that issue is open. Only a
 * service logged against the schedule moves the pair's next due on.
 */
export class MaintenanceService {
  constructor(
    private readonly repo: MaintenanceRepository,
    private readonly issues: IssuesService,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
    private readonly scopes: OutletScopeService,
    private readonly logger: Logger,
  ) {}

  /** The live asset if the caller reaches its outlet; 404 otherwise, as for another tenant's. */
  async assetFor(actor: Actor, assetId: string, reach: Reach): Promise<AssetRef> {
    const asset = await this.repo.findAsset(actor.tenantId, assetId);
    const scope = reach === 'manage' ? await this.scopes.of(actor) : await this.scopes.workplaceOf(actor);
    if (!asset || !coversOutlet(scope, asset.outletId)) throw assetNotFound();
    return asset;
  }

  async assertVendor(tenantId: string, vendorId: string | null | undefined, tx?: Tx): Promise<void> {
    if (vendorId && !(await this.vendorLive(tenantId, vendorId, tx))) throw new NotFoundError('Vendor not found');
  }

  /** Whether the tenant has this vendor, not deleted. */
  vendorLive(tenantId: string, vendorId: string, tx?: Tx): Promise<boolean> {
    return this.repo.vendorExists(tenantId, vendorId, tx);
  }

  /** Today at the outlet, in its time zone. */
  async todayAt(tenantId: string, outletId: string): Promise<string> {
    return todayIn((await this.repo.outletZone(tenantId, outletId))!, this.clock.now());
  }

  async createForAsset(actor: Actor, assetId: string, body: CreateScheduleBody): Promise<Schedule> {
    const asset = await this.assetFor(actor, assetId, 'manage');
    return this.insert(actor, await this.todayAt(actor.tenantId, asset.outletId), { assetId, categoryId: null }, body);
  }

  /** A category's assets may stand in several zones: its default start is today in the company's. */
  async createForCategory(actor: Actor, companyZone: string, categoryId: string, body: CreateScheduleBody): Promise<Schedule> {
    if (!(await this.repo.categoryExists(actor.tenantId, categoryId))) throw new NotFoundError('Asset category not found');
    return this.insert(actor, todayIn(companyZone, this.clock.now()), { assetId: null, categoryId }, body);
  }

  private async insert(actor: Actor, today: string, target: { assetId: string | null; categoryId: string | null }, body: CreateScheduleBody): Promise<Schedule> {
    await this.assertVendor(actor.tenantId, body.vendorId);
    const now = this.clock.now();
    const schedule: NewSchedule = {
      id: uuid(),
      tenantId: actor.tenantId,
      ...target,
      title: body.title,
      instructions: body.instructions ?? null,
      priority: body.priority,
      intervalUnit: body.intervalUnit,
      intervalValue: body.intervalValue,
      meter: body.meter ?? null,
      startsOn: body.startsOn ?? today,
      vendorId: body.vendorId ?? null,
      active: body.active ?? true,
      createdAt: now,
      updatedAt: now,
    };
    return this.transaction(async (tx) => {
      await this.repo.insertSchedule(tx, schedule);
      return (await this.repo.findSchedule(actor.tenantId, schedule.id, tx))!;
    });
  }

  /** An OUTLET_MANAGER sees the schedules covering an asset at their outlets, category-wide ones included. */
  async list(actor: Actor, query: ListSchedulesQuery): Promise<Schedule[]> {
    const scope = await this.scopes.of(actor);
    const { limit, offset, ...filter } = query;
    return this.repo.listSchedules(actor.tenantId, { ...filter, ...(scope.kind === 'outlets' ? { outletIds: scope.outletIds } : {}) }, limit, offset);
  }

  async get(actor: Actor, id: string): Promise<Schedule> {
    const scope = await this.scopes.of(actor);
    const [schedule] = await this.repo.listSchedules(actor.tenantId, { id, ...(scope.kind === 'outlets' ? { outletIds: scope.outletIds } : {}) }, 1, 0);
    if (!schedule) throw scheduleNotFound();
    return schedule;
  }

  async update(actor: Actor, id: string, body: UpdateScheduleBody): Promise<Schedule> {
    const scope = await this.scopes.of(actor);
    return this.transaction(async (tx) => {
      const current = await this.manageable(tx, actor, scope, id);
      const unit = body.intervalUnit ?? current.intervalUnit;
      const meter = body.meter === undefined ? current.meter : body.meter;
      if (unit === 'USAGE' && !meter) throw new BadRequestError(['meter is required when intervalUnit is USAGE']);
      if (unit !== 'USAGE' && meter) throw new BadRequestError(['meter is only for intervalUnit USAGE']);
      await this.assertVendor(actor.tenantId, body.vendorId, tx);
      const changes: ScheduleChanges = { ...body, meter: unit === 'USAGE' ? meter : null };
      return this.repo.updateSchedule(tx, actor.tenantId, id, changes, this.clock.now());
    });
  }

  async remove(actor: Actor, id: string): Promise<void> {
    const scope = await this.scopes.of(actor);
    await this.transaction(async (tx) => {
      await this.manageable(tx, actor, scope, id);
      const now = this.clock.now();
      await this.repo.updateSchedule(tx, actor.tenantId, id, { deletedAt: now }, now);
    });
  }

  /** A category-wide schedule is tenant-wide: outside an OUTLET_MANAGER's reach like another outlet's asset. */
  private async manageable(tx: Tx, actor: Actor, scope: OutletScope, id: string): Promise<Schedule> {
    const schedule = await this.repo.findSchedule(actor.tenantId, id, tx);
    if (!schedule) throw scheduleNotFound();
    if (scope.kind === 'outlets') {
      const asset = schedule.assetId ? await this.repo.findAsset(actor.tenantId, schedule.assetId, tx) : null;
      if (!asset || !coversOutlet(scope, asset.outletId)) throw scheduleNotFound();
    }
    return schedule;
  }

  /**
   * What falls due in [from, to]: each pair's next due and its later recurrences in the window
   * (projected as if each were done on its date). While the window reaches today, pairs overdue
   * from before it are listed too, on their own dates. A USAGE pair has no date: it is listed on
   * today, when its meter has reached its due reading. Today is the asset's outlet's.
   */
  async due(actor: Actor, query: DueQuery): Promise<DueDto[]> {
    if (query.to < query.from) throw new BadRequestError(['to must not be before from']);
    if (daysBetween(query.from, query.to) > MAX_DUE_WINDOW_DAYS) throw new BadRequestError([`to must be at most ${MAX_DUE_WINDOW_DAYS} days after from`]);
    const scope = await this.scopes.of(actor);
    const targets = await this.repo.targets(this.clock.now(), {
      tenantId: actor.tenantId,
      ...(scope.kind === 'outlets' ? { outletIds: scope.outletIds } : {}),
      ...(query.outletId ? { outletId: query.outletId } : {}),
      ...(query.assetId ? { assetId: query.assetId } : {}),
    });
    const out: DueDto[] = [];
    for (const t of targets) {
      // Today at the asset's outlet: assets of one schedule may stand in different zones.
      const today = t.today;
      const windowHasToday = query.from <= today && today <= query.to;
      const entry = (dueOn: string, projected: boolean): DueDto => ({
        scheduleId: t.scheduleId,
        assetId: t.assetId,
        assetName: t.assetName,
        outletId: t.outletId,
        title: t.title,
        priority: t.priority,
        intervalUnit: t.intervalUnit,
        dueOn,
        overdue: !projected && dueOn < today,
        projected,
        meter: t.meter,
        nextDueReading: t.nextDueReading,
        currentReading: t.currentReading,
        openIssueId: t.openIssueId,
      });
      if (t.intervalUnit === 'USAGE') {
        if (windowHasToday && t.nextDueReading !== null && t.currentReading !== null && t.currentReading >= t.nextDueReading) out.push(entry(today, false));
        continue;
      }
      const next = t.nextDueOn!;
      const overdue = next < today;
      if (next <= query.to && (next >= query.from || (overdue && windowHasToday))) out.push(entry(next, false));
      // Recurrences count from the next due, or from today for one already overdue (done today at the earliest).
      const base = overdue ? today : next;
      const step = (k: number) => addInterval(base, t.intervalUnit as CalendarUnit, k * t.intervalValue);
      let k = Math.max(1, Math.floor(daysBetween(base, query.from) / (t.intervalValue * DAYS_PER[t.intervalUnit as CalendarUnit])) - 1);
      while (writable(step(k)) && step(k) < query.from) k += 1;
      for (let on = step(k); writable(on) && on <= query.to; k += 1, on = step(k)) out.push(entry(on, true));
    }
    return out.sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.assetName.localeCompare(b.assetName) || a.title.localeCompare(b.title));
  }

  /**
   * The daily job: one MAINTENANCE issue, raised silently (spec 03), for each pair due today or
   * earlier in its tenant's time zone (or whose meter has reached its due reading) with no
   * maintenance issue open. Running it again raises nothing new. Returns how many it raised.
   */
  async raiseDue(batch = 1000): Promise<number> {
    const now = this.clock.now();
    const due = await this.repo.dueNow(now, batch);
    const byTenant = new Map<string, DueTarget[]>();
    for (const t of due) byTenant.set(t.tenantId, [...(byTenant.get(t.tenantId) ?? []), t]);
    let raised = 0;
    for (const [tenantId, targets] of byTenant) {
      try {
        raised += await this.transaction(async (tx) => {
          let count = 0;
          for (const { scheduleId, assetId } of targets) {
            const t = await this.repo.lockDue(tx, now, tenantId, scheduleId, assetId);
            if (!t) continue;
            const issue = await this.issues.raiseSilently(tx, {
              tenantId,
              outletId: t.outletId,
              assetId: t.assetId,
              title: dueTitle(t.title, t.assetName),
              description: t.instructions,
              priority: t.priority,
              source: 'MAINTENANCE',
              reporterUserId: null,
            });
            await this.repo.setDueIssue(tx, scheduleId, assetId, issue.id, now);
            count += 1;
          }
          return count;
        });
      } catch (err) {
        this.logger.error({ err, tenantId }, 'maintenance issues not raised; the next run tries again');
      }
    }
    return raised;
  }

  /**
   * A service of the asset against the schedule, inside the service log's transaction: the pair's
   * next due moves on from `performedOn` (calendar) or from the meter's latest reading (usage).
   * Returns the maintenance issue raised for the pair, for the caller to resolve.
   */
  async recordService(tx: Tx, asset: AssetRef, scheduleId: string, performedOn: string): Promise<string | null> {
    const schedule = await this.repo.findSchedule(asset.tenantId, scheduleId, tx);
    if (!schedule || (schedule.assetId !== asset.id && schedule.categoryId !== asset.categoryId)) throw new NotFoundError('Maintenance schedule not found for this asset');
    const next =
      schedule.intervalUnit === 'USAGE'
        ? { on: null, reading: ((await this.repo.latestReading(tx, asset.id, schedule.meter!)) ?? 0) + schedule.intervalValue }
        : { on: addInterval(performedOn, schedule.intervalUnit, schedule.intervalValue), reading: null };
    return this.repo.serviced(tx, asset.tenantId, scheduleId, asset.id, performedOn, next, this.clock.now());
  }

  /** Readings only go up: a meter is a counter (hours run, cycles), and a lower value is a typo. */
  async addReading(actor: Actor, assetId: string, body: MeterReadingBody): Promise<MeterReading> {
    const asset = await this.assetFor(actor, assetId, 'workplace');
    return this.transaction(async (tx) => {
      await this.repo.lockAsset(tx, actor.tenantId, asset.id);
      const latest = await this.repo.latestReading(tx, asset.id, body.meter);
      if (latest !== null && body.value < latest) throw new ConflictError(`The ${body.meter} meter already reads ${latest}; readings only go up`);
      const reading: MeterReading = { id: uuid(), assetId: asset.id, meter: body.meter, value: body.value, recordedByUserId: actor.userId, recordedAt: this.clock.now() };
      await this.repo.insertReading(tx, actor.tenantId, reading);
      return reading;
    });
  }

  async readings(actor: Actor, assetId: string, query: ListMeterReadingsQuery): Promise<MeterReading[]> {
    const asset = await this.assetFor(actor, assetId, 'workplace');
    return this.repo.listReadings(actor.tenantId, asset.id, query.meter, query.limit, query.offset);
  }
}
