import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { ConflictError, ForbiddenError, NotFoundError } from '@wfm/core/errors';
import { roleAllowed } from '@wfm/core/tenancy';
import { recordEvent } from '@wfm/db/domain-events.repository';
import type { TransactionRunner, Tx } from '@wfm/db/transaction';
import type { Actor } from '@wfm/core/principal';
import { MANAGERS } from '@wfm/core/role-sets';
import { coversOutlet, type OutletScopeService } from '../../organization/user-outlets/outlet-scope.service.js';
import type { PeoplePolicy } from '../../organization/users/people-policy.service.js';
import type { ShiftsService } from '../../scheduling/shifts/shifts.service.js';
import type { Issue, IssuePriority, IssueSource, IssueStatus, IssuesRepository } from './issues.repository.js';
import type { ListIssuesQuery, RaiseIssueBody, UpdateIssueBody } from './issues.schemas.js';

/** The workflow; moving to the status it already has is always accepted and changes nothing (spec 03: fires nothing). */
const TRANSITIONS: Record<IssueStatus, readonly IssueStatus[]> = {
  OPEN: ['IN_PROGRESS', 'RESOLVED', 'CLOSED', 'CANCELLED'],
  IN_PROGRESS: ['OPEN', 'RESOLVED', 'CLOSED', 'CANCELLED'],
  RESOLVED: ['VERIFIED', 'OPEN', 'CLOSED'],
  CLOSED: ['OPEN'],
  VERIFIED: [],
  CANCELLED: [],
};
/** Spec 03: reaching one of these fires issue.resolved; VERIFIED does not. */
const RESOLVING: readonly IssueStatus[] = ['RESOLVED', 'CLOSED', 'CANCELLED'];

/** What the platform raises on its own behalf; spec 03 fires no issue.created for any of these. */
export interface SilentIssue {
  tenantId: string;
  outletId: string;
  assetId?: string | null;
  title: string;
  description?: string | null;
  priority: IssuePriority;
  source: Exclude<IssueSource, 'WEB' | 'MOBILE'>;
  /** The person whose action raised it (the staff who failed a task); null for a job or an automation. */
  reporterUserId: string | null;
}

function issueNotFound(): NotFoundError {
  return new NotFoundError('Issue not found');
}

/**
 * Issues at outlets: raised by anyone who works there (tenant-wide roles anywhere), from the web
 * or the mobile app, and handled by OUTLET_MANAGER and above within their outlets. Spec 03:
 * issue.created for a raise through either route, issue.resolved on reaching RESOLVED, CLOSED or
 * CANCELLED from another status; VERIFIED and re-submitting the current status fire nothing.
 */
export class IssuesService {
  constructor(
    private readonly repo: IssuesRepository,
    private readonly shifts: ShiftsService,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
    private readonly scopes: OutletScopeService,
    private readonly people: PeoplePolicy,
  ) {}

  async raise(actor: Actor, body: RaiseIssueBody, source: 'WEB' | 'MOBILE'): Promise<Issue> {
    // Tenant-wide managers raise anywhere; an OUTLET_MANAGER and staff where they work.
    const tenantWide = actor.role !== 'OUTLET_MANAGER' && roleAllowed(actor.role, MANAGERS);
    if (!tenantWide && !(await this.repo.worksAt(actor.tenantId, actor.userId, body.outletId))) {
      throw new ForbiddenError('You can raise issues only at your outlets');
    }
    const issue = this.opened({ ...body, tenantId: actor.tenantId, source, reporterUserId: actor.userId });
    return this.transaction(async (tx) => {
      await this.shifts.assertActiveOutlet(tx, actor.tenantId, body.outletId);
      if (body.assetId && !(await this.repo.assetAt(actor.tenantId, body.assetId, body.outletId))) throw new NotFoundError('Asset not found at this outlet');
      await this.repo.insert(tx, issue);
      await recordEvent(
        tx,
        actor.tenantId,
        'issue.created',
        { tenantId: actor.tenantId, issueId: issue.id, outletId: issue.outletId, priority: issue.priority, title: issue.title, reporterUserId: actor.userId },
        issue.createdAt,
      );
      return issue;
    });
  }

  /**
   * An issue raised as a side effect, inside the caller's transaction (a checklist's completion, the
   * maintenance job, a quick-issue, an automation, a guide): OPEN, and no issue.created (spec 03).
   */
  async raiseSilently(tx: Tx, raised: SilentIssue): Promise<Issue> {
    const issue = this.opened(raised);
    await this.repo.insert(tx, issue);
    return issue;
  }

  /** A new OPEN issue, whichever path raises it. */
  private opened(f: Omit<SilentIssue, 'source'> & { source: IssueSource }): Issue {
    const now = this.clock.now();
    return {
      id: uuid(),
      tenantId: f.tenantId,
      outletId: f.outletId,
      assetId: f.assetId ?? null,
      title: f.title,
      description: f.description ?? null,
      priority: f.priority,
      status: 'OPEN',
      source: f.source,
      reporterUserId: f.reporterUserId,
      assigneeUserId: null,
      resolutionNote: null,
      resolvedByUserId: null,
      resolvedAt: null,
      createdAt: now,
      updatedAt: now,
      workOrderIds: [],
    };
  }

  /**
   * Resolution as a side effect (a verified work order, a logged asset service): an OPEN or
   * IN_PROGRESS issue becomes RESOLVED with no issue.resolved (spec 03); an issue already past them
   * is left as it is. Null when the tenant has no such issue.
   */
  async resolveSilently(tx: Tx, tenantId: string, id: string, by: { userId: string | null; note: string }): Promise<Issue | null> {
    const issue = await this.repo.lock(tx, tenantId, id);
    if (!issue || (issue.status !== 'OPEN' && issue.status !== 'IN_PROGRESS')) return issue;
    const now = this.clock.now();
    return this.repo.update(tx, tenantId, id, { status: 'RESOLVED', resolutionNote: by.note, resolvedByUserId: by.userId, resolvedAt: now }, now);
  }

  async update(actor: Actor, id: string, body: UpdateIssueBody): Promise<Issue> {
    const scope = await this.scopes.of(actor);
    return this.transaction(async (tx) => {
      const issue = await this.repo.lock(tx, actor.tenantId, id);
      if (!issue || !coversOutlet(scope, issue.outletId)) throw issueNotFound();
      const now = this.clock.now();
      if (body.status === issue.status) {
        return body.resolutionNote === undefined ? issue : this.repo.update(tx, actor.tenantId, id, { resolutionNote: body.resolutionNote }, now);
      }
      if (!TRANSITIONS[issue.status].includes(body.status)) throw new ConflictError(`An issue that is ${issue.status} cannot be set to ${body.status}`);
      const resolving = RESOLVING.includes(body.status);
      const updated = await this.repo.update(
        tx,
        actor.tenantId,
        id,
        {
          status: body.status,
          ...(body.resolutionNote !== undefined ? { resolutionNote: body.resolutionNote } : {}),
          ...(resolving ? { resolvedByUserId: actor.userId, resolvedAt: now } : {}),
          ...(body.status === 'OPEN' || body.status === 'IN_PROGRESS' ? { resolvedByUserId: null, resolvedAt: null } : {}),
        },
        now,
      );
      if (resolving) {
        await recordEvent(
          tx,
          actor.tenantId,
          'issue.resolved',
          { tenantId: actor.tenantId, issueId: id, status: body.status as 'RESOLVED' | 'CLOSED' | 'CANCELLED', resolutionNote: updated.resolutionNote ?? '', resolvedByUserId: actor.userId },
          now,
        );
      }
      return updated;
    });
  }

  /** A manager gives an issue of their scope to someone who works at its outlet (null takes it back). */
  async assign(actor: Actor, id: string, assigneeUserId: string | null): Promise<Issue> {
    const scope = await this.scopes.of(actor);
    return this.transaction(async (tx) => {
      const issue = await this.repo.lock(tx, actor.tenantId, id);
      if (!issue || !coversOutlet(scope, issue.outletId)) throw issueNotFound();
      if (assigneeUserId && !(await this.canHandle(actor.tenantId, assigneeUserId, issue.outletId))) throw new NotFoundError('No active person with this id works at the outlet of the issue');
      // Giving someone an issue to handle is giving them work: the rank rule's `work` (at or below the giver).
      if (assigneeUserId) await this.people.assert(tx, actor, assigneeUserId, 'work');
      return this.repo.update(tx, actor.tenantId, id, { assigneeUserId }, this.clock.now());
    });
  }

  /**
   * An assignment made by the platform (an automation's ASSIGN action) inside the caller's
   * transaction: false, and nothing changed, when the person cannot handle the issue (left, or
   * no longer at its outlet).
   */
  async assignSilently(tx: Tx, tenantId: string, id: string, assigneeUserId: string): Promise<boolean> {
    const issue = await this.repo.lock(tx, tenantId, id);
    if (!issue || !(await this.canHandle(tenantId, assigneeUserId, issue.outletId))) return false;
    await this.repo.update(tx, tenantId, id, { assigneeUserId }, this.clock.now());
    return true;
  }

  /** Whether the person is active and works where the issue is, by the one workplace policy. */
  private async canHandle(tenantId: string, userId: string, outletId: string): Promise<boolean> {
    const person = await this.repo.activeRole(tenantId, userId);
    return person !== null && coversOutlet(await this.scopes.workplaceOf({ tenantId, userId, role: person }), outletId);
  }

  /** Managers see the issues of their scope; everyone else those they raised or were given. */
  async list(actor: Actor, query: ListIssuesQuery): Promise<Issue[]> {
    const { limit, offset, ...filter } = query;
    if (!roleAllowed(actor.role, MANAGERS)) return this.repo.list(actor.tenantId, { ...filter, mineUserId: actor.userId }, limit, offset);
    const scope = await this.scopes.of(actor);
    return this.repo.list(actor.tenantId, { ...filter, ...(scope.kind === 'outlets' ? { outletIds: scope.outletIds } : {}) }, limit, offset);
  }

  async get(actor: Actor, id: string): Promise<Issue> {
    const issue = await this.repo.find(actor.tenantId, id);
    if (!issue) throw issueNotFound();
    if (issue.reporterUserId === actor.userId || issue.assigneeUserId === actor.userId) return issue;
    if (!roleAllowed(actor.role, MANAGERS) || !coversOutlet(await this.scopes.of(actor), issue.outletId)) throw issueNotFound();
    return issue;
  }
}
