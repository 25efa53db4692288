import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { BadRequestError, NotFoundError } from '@wfm/core/errors';
import type { Actor } from '@wfm/core/principal';
import type { TransactionRunner } from '@wfm/db/transaction';
import type { IssuesService } from '../issues/issues.service.js';
import type { MaintenanceService } from '../maintenance/maintenance.service.js';
import type { ServiceLog, ServiceLogsRepository } from './service-logs.repository.js';
import type { CreateServiceLogBody, ListServiceLogsQuery } from './service-logs.schemas.js';

/**
 * The service history of an asset. A log against a maintenance schedule moves the asset's next due
 * on and resolves the maintenance issue raised for it; a log naming an issue resolves that one.
 * Both resolutions are side effects of a logged asset service: no issue.resolved (spec 03).
 */
export class ServiceLogsService {
  constructor(
    private readonly repo: ServiceLogsRepository,
    private readonly maintenance: MaintenanceService,
    private readonly issues: IssuesService,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
  ) {}

  async create(actor: Actor, assetId: string, body: CreateServiceLogBody): Promise<ServiceLog> {
    const asset = await this.maintenance.assetFor(actor, assetId, 'manage');
    const now = this.clock.now();
    if (body.performedOn > (await this.maintenance.todayAt(actor.tenantId, asset.outletId))) throw new BadRequestError(['performedOn must not be after today']);
    await this.maintenance.assertVendor(actor.tenantId, body.vendorId);
    if (body.performedByUserId && !(await this.repo.userExists(actor.tenantId, body.performedByUserId))) throw new NotFoundError('User not found');
    if (body.issueId && !(await this.repo.issueAt(actor.tenantId, body.issueId, asset.outletId))) throw new NotFoundError("Issue not found at the asset's outlet");
    const log = {
      id: uuid(),
      assetId: asset.id,
      performedOn: body.performedOn,
      vendorId: body.vendorId ?? null,
      performedByUserId: body.performedByUserId ?? null,
      description: body.description,
      costMinor: body.costMinor ?? null,
      currency: body.currency ?? null,
      scheduleId: body.scheduleId ?? null,
      issueId: body.issueId ?? null,
      recordedByUserId: actor.userId,
      createdAt: now,
    };
    return this.transaction(async (tx) => {
      const resolve = new Set<string>(log.issueId ? [log.issueId] : []);
      if (log.scheduleId) {
        const raised = await this.maintenance.recordService(tx, asset, log.scheduleId, log.performedOn);
        if (raised) resolve.add(raised);
      }
      await this.repo.insert(tx, actor.tenantId, log);
      for (const issueId of resolve) await this.issues.resolveSilently(tx, actor.tenantId, issueId, { userId: actor.userId, note: `Service logged: ${log.description}`.slice(0, 2000) });
      return (await this.repo.find(actor.tenantId, log.id, tx))!;
    });
  }

  async list(actor: Actor, assetId: string, query: ListServiceLogsQuery): Promise<ServiceLog[]> {
    const asset = await this.maintenance.assetFor(actor, assetId, 'workplace');
    return this.repo.list(actor.tenantId, asset.id, query.limit, query.offset);
  }
}
