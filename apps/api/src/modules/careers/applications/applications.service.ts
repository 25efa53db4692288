import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { ConflictError, NotFoundError } from '@wfm/core/errors';
import type { Logger } from '@wfm/core/logger';
import type { TransactionRunner, Tx } from '@wfm/db/transaction';
import type { Actor } from '@wfm/core/principal';
import type { FileStorage } from '../../../storage/file-storage.js';
import type { NewHire } from '../../organization/users/users.service.js';
import type { UserDto } from '../../organization/users/users.schemas.js';
import { stageChangeAllowed, type ApplicationStage } from './application-stages.js';
import type { Application, ApplicationsRepository } from './applications.repository.js';
import type { ConvertBody, ListApplicationsQuery } from './applications.schemas.js';

/** The users module's side of a conversion: the user, then their outlet, both in the conversion's transaction. */
export interface HireProvisioner {
  createHire(tx: Tx, actor: Actor, input: NewHire): Promise<{ user: UserDto; afterCommit: () => Promise<void> }>;
}
export interface OutletPlacement {
  placeWithin(tx: Tx, tenantId: string, userId: string, outletIds: string[]): Promise<void>;
}

/** How many decided applications one transaction of the retention job removes. */
const PURGE_BATCH = 200;

const applicationNotFound = () => new NotFoundError('Application not found');

/**
 * Applications as the tenant's HR roles work them: a stage machine (application-stages.ts), the
 * résumé, erasure, and the conversion of a hire into a user. Applicant data is personal data: an
 * admin may erase an application (and its file) at any time, and the retention job erases every
 * decided one `retentionDays` after the decision.
 */
export class ApplicationsService {
  constructor(
    private readonly repo: ApplicationsRepository,
    private readonly transaction: TransactionRunner,
    private readonly files: FileStorage,
    private readonly hires: HireProvisioner,
    private readonly outlets: OutletPlacement,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly retentionDays: number,
  ) {}

  list(actor: Actor, query: ListApplicationsQuery): Promise<Application[]> {
    return this.repo.list(actor.tenantId, { jobId: query.jobId, stage: query.stage }, query.limit, query.offset);
  }

  async get(actor: Actor, id: string): Promise<Application> {
    const application = await this.repo.find(null, actor.tenantId, id);
    if (!application) throw applicationNotFound();
    return application;
  }

  changeStage(actor: Actor, id: string, to: ApplicationStage): Promise<Application> {
    return this.transaction(async (tx) => {
      const application = await this.repo.lock(tx, actor.tenantId, id);
      if (!application) throw applicationNotFound();
      if (!stageChangeAllowed(application.stage, to, application.convertedUserId !== null)) {
        const why = application.convertedUserId ? ': the hire is already a user' : '';
        throw new ConflictError(`An application cannot move from ${application.stage} to ${to}${why}`, 'INVALID_STAGE_TRANSITION');
      }
      await this.repo.changeStage(tx, actor.tenantId, id, { from: application.stage, to, byUserId: actor.userId, changeId: uuid(), at: this.clock.now() });
      return (await this.repo.find(tx, actor.tenantId, id))!;
    });
  }

  async resume(actor: Actor, id: string): Promise<{ data: Buffer; mediaType: string; extension: string }> {
    const { resume } = await this.get(actor, id);
    if (!resume) throw new NotFoundError('This application has no résumé');
    const data = await this.files.get(resume.key);
    if (!data) {
      this.logger.error({ tenantId: actor.tenantId, applicationId: id, key: resume.key }, 'résumé file missing from storage');
      throw new NotFoundError('This application has no résumé');
    }
    return { data, mediaType: resume.mediaType, extension: resume.mediaType === 'application/pdf' ? 'pdf' : 'docx' };
  }

  /** Erasure on request (or at the recruiter's discretion): the row, its history, then the file. */
  async remove(actor: Actor, id: string): Promise<{ deleted: true; id: string }> {
    const key = await this.transaction(async (tx) => {
      const application = await this.repo.lock(tx, actor.tenantId, id);
      if (!application) throw applicationNotFound();
      await this.repo.delete(tx, actor.tenantId, id);
      return application.resumeKey;
    });
    if (key) await this.discard(actor.tenantId, key);
    return { deleted: true, id };
  }

  /**
   * A HIRED application becomes a user of the tenant, once: the candidate's name, email and phone
   * (or the mobile given), the role and outlet the admin chose, an invite to set a password. Spec
   * 03: no user.created.
   */
  async convert(actor: Actor, id: string, body: ConvertBody): Promise<{ user: UserDto; application: Application }> {
    const { user, afterCommit } = await this.transaction(async (tx) => {
      const application = await this.repo.lock(tx, actor.tenantId, id);
      if (!application) throw applicationNotFound();
      if (application.convertedUserId) throw new ConflictError('This candidate is already a user', 'ALREADY_CONVERTED');
      if (application.stage !== 'HIRED') throw new ConflictError(`Only a HIRED application becomes a user; this one is ${application.stage}`, 'NOT_HIRED');
      const created = await this.hires.createHire(tx, actor, {
        fullName: application.fullName,
        email: application.email,
        mobile: body.mobile === undefined ? application.phone : body.mobile,
        role: body.role,
        employeeCode: body.employeeCode ?? null,
      });
      if (body.outletId) await this.outlets.placeWithin(tx, actor.tenantId, created.user.id, [body.outletId]);
      await this.repo.setConverted(tx, actor.tenantId, id, created.user.id, this.clock.now());
      return created;
    });
    await afterCommit();
    return { user, application: await this.get(actor, id) };
  }

  /** The retention job: decided applications older than the period, every tenant, in batches. */
  async purgeDecided(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - this.retentionDays * 86_400_000);
    let purged = 0;
    for (;;) {
      const removed = await this.transaction((tx) => this.repo.deleteDecidedBefore(tx, cutoff, PURGE_BATCH));
      for (const r of removed) if (r.resumeKey) await this.discard(r.tenantId, r.resumeKey);
      purged += removed.length;
      if (removed.length < PURGE_BATCH) return purged;
    }
  }

  private async discard(tenantId: string, key: string): Promise<void> {
    await this.files.delete(key).catch((err: unknown) => this.logger.error({ err, tenantId, key }, 'résumé file could not be deleted'));
  }
}
