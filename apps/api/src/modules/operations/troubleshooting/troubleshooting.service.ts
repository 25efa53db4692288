import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { ConflictError, ForbiddenError, NotFoundError } from '@wfm/core/errors';
import type { Actor } from '@wfm/core/principal';
import { OPERATIONS_MANAGERS } from '@wfm/core/role-sets';
import { roleAllowed } from '@wfm/core/tenancy';
import type { TransactionRunner, Tx } from '@wfm/db/transaction';
import { coversOutlet, type OutletScopeService } from '../../organization/user-outlets/outlet-scope.service.js';
import type { IssuesService } from '../issues/issues.service.js';
import type { Answer, AssetRef, CatalogAsset, Guide, GuideView, GuideWithStats, Session, Step, TroubleshootingRepository } from './troubleshooting.repository.js';
import type { CreateGuideBody, ListGuidesQuery, StartSessionBody, StepInput, UpdateGuideBody } from './troubleshooting.schemas.js';

/** The issue's title limit (POST /issues). */
const MAX_ISSUE_TITLE = 200;

const guideNotFound = () => new NotFoundError('Guide not found');
const assetNotFound = () => new NotFoundError('Asset not found');
const sessionNotFound = () => new NotFoundError('Session not found');

function toSteps(input: StepInput[]): Step[] {
  return input.map((s) => ({ id: uuid(), instruction: s.instruction, caution: s.caution ?? null }));
}

/** The first step not yet answered while the session runs; null once it has ended. */
export function currentStepId(s: Pick<Session, 'status' | 'steps' | 'answers'>): string | null {
  if (s.status !== 'RUNNING') return null;
  const answered = new Set(s.answers.map((a) => a.stepId));
  return s.steps.find((step) => !answered.has(step.id))?.id ?? null;
}

/** "Fridge not cooling — Walk-in fridge (troubleshooting did not fix it)", the asset's name shortened if the whole would not fit. */
export function unresolvedTitle(symptom: string, assetName: string): string {
  const [head, tail] = [`${symptom} — `, ' (troubleshooting did not fix it)'];
  const room = MAX_ISSUE_TITLE - head.length - tail.length;
  // Cut between UTF-16 units, never inside a surrogate pair.
  const shown = assetName.length > room ? `${assetName.slice(0, room - 1).replace(/[\uD800-\uDBFF]$/, '')}…` : assetName;
  return `${head}${shown}${tail}`;
}

/** What the person tried, so whoever picks the issue up does not start again from step 1. */
export function unresolvedDescription(s: Pick<Session, 'title' | 'steps' | 'answers'>, gaveUp: boolean): string {
  const answered = new Set(s.answers.map((a) => a.stepId));
  const numbered = s.steps.map((step, i) => ({ line: `${i + 1}. ${step.instruction}`, tried: answered.has(step.id) }));
  const tried = numbered.filter((n) => n.tried).map((n) => n.line);
  const untried = numbered.filter((n) => !n.tried).map((n) => n.line);
  return [
    `Troubleshooting guide "${s.title}" did not fix it${gaveUp ? ' (stopped before the last step)' : ''}.`,
    ...(tried.length > 0 ? ['Steps tried, each still broken after:', ...tried] : ['No step was tried.']),
    ...(untried.length > 0 ? ['Not tried:', ...untried] : []),
  ].join('\n');
}

/**
 * Troubleshooting guides and the sessions run with them (issue 30). Guides for a whole category are
 * tenant-wide, written by tenant-wide roles; a guide for one asset is also its outlet manager's. Anyone
 * reads the guides of where they work and runs one for an asset there. A session answers "did this
 * fix it?" step by step: yes ends it RESOLVED; no on the last step, or giving up, ends it UNRESOLVED
 * and raises an issue about the asset silently (spec 03: no issue.created), once.
 */
export class TroubleshootingService {
  constructor(
    private readonly repo: TroubleshootingRepository,
    private readonly issues: IssuesService,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
    private readonly scopes: OutletScopeService,
  ) {}

  async createGuide(actor: Actor, body: CreateGuideBody): Promise<GuideWithStats> {
    const scope = await this.scopes.of(actor);
    if (body.categoryId) {
      if (scope.kind !== 'tenant') throw new ForbiddenError('Only tenant-wide roles write guides for a whole category');
      if (!(await this.repo.categoryExists(actor.tenantId, body.categoryId))) throw new NotFoundError('Asset category not found');
    } else {
      const asset = await this.repo.asset(null, actor.tenantId, body.assetId!);
      if (!asset) throw assetNotFound();
      if (!coversOutlet(scope, asset.outletId)) throw new ForbiddenError('You can write guides only for assets at your outlets');
    }
    const now = this.clock.now();
    const guide: Guide = {
      id: uuid(),
      tenantId: actor.tenantId,
      categoryId: body.categoryId ?? null,
      assetId: body.assetId ?? null,
      title: body.title,
      symptom: body.symptom,
      priority: body.priority,
      active: body.active,
      steps: toSteps(body.steps),
      createdAt: now,
      updatedAt: now,
    };
    return this.transaction(async (tx) => {
      await this.repo.insertGuide(tx, guide);
      return this.withStats((await this.repo.findGuide(tx, actor.tenantId, guide.id))!);
    });
  }

  /** Steps given replace the list, each with a new id: sessions already running keep the steps they copied. */
  async updateGuide(actor: Actor, id: string, body: UpdateGuideBody): Promise<GuideWithStats> {
    return this.withStats(
      await this.transaction(async (tx) => {
        await this.writable(tx, actor, id);
        const { steps, ...rest } = body;
        await this.repo.updateGuide(tx, actor.tenantId, id, { ...rest, ...(steps ? { steps: toSteps(steps) } : {}) }, this.clock.now());
        return (await this.repo.findGuide(tx, actor.tenantId, id))!;
      }),
    );
  }

  /** Soft delete: sessions already running with it still end, and raise their issue when unresolved. */
  async deleteGuide(actor: Actor, id: string): Promise<void> {
    await this.transaction(async (tx) => {
      await this.writable(tx, actor, id);
      await this.repo.softDeleteGuide(tx, actor.tenantId, id, this.clock.now());
    });
  }

  async getGuide(actor: Actor, id: string): Promise<GuideWithStats> {
    const guide = await this.repo.findGuide(null, actor.tenantId, id);
    if (!guide || !(await this.readable(actor, guide))) throw guideNotFound();
    return this.withStats(guide);
  }

  async listGuides(actor: Actor, query: ListGuidesQuery): Promise<GuideWithStats[]> {
    const scope = await this.scopes.workplaceOf(actor);
    let asset: AssetRef | null = null;
    if (query.assetId) {
      asset = await this.repo.asset(null, actor.tenantId, query.assetId);
      if (!asset || !coversOutlet(scope, asset.outletId)) throw assetNotFound();
    }
    // Inactive guides are drafts, seen only by those who write guides.
    const active = roleAllowed(actor.role, OPERATIONS_MANAGERS) ? query.active : true;
    const guides = await this.repo.listGuides(actor.tenantId, {
      ...(asset ? { asset } : {}),
      ...(query.categoryId ? { categoryId: query.categoryId } : {}),
      ...(active !== undefined ? { active } : {}),
      ...(scope.kind === 'outlets' ? { outletIds: scope.outletIds } : {}),
    });
    const stats = await this.repo.stats(guides.map((g) => g.id));
    return guides.map((g) => ({ ...g, stats: stats.get(g.id) ?? { resolved: 0, unresolved: 0, running: 0 } }));
  }

  /** What a guide can be written for and run on: the pickers of the guides pages (the asset register manages them). */
  async catalog(actor: Actor): Promise<{ categories: Array<{ id: string; name: string }>; assets: CatalogAsset[] }> {
    const scope = await this.scopes.workplaceOf(actor);
    const [categories, assets] = await Promise.all([this.repo.categories(actor.tenantId), this.repo.assets(actor.tenantId, scope.kind === 'outlets' ? scope.outletIds : null)]);
    return { categories, assets };
  }

  async startSession(actor: Actor, body: StartSessionBody): Promise<Session> {
    const scope = await this.scopes.workplaceOf(actor);
    return this.transaction(async (tx) => {
      const asset = await this.repo.asset(tx, actor.tenantId, body.assetId);
      if (!asset || !coversOutlet(scope, asset.outletId)) throw assetNotFound();
      const guide = await this.repo.findGuide(tx, actor.tenantId, body.guideId);
      if (!guide || !(await this.readable(actor, guide))) throw guideNotFound();
      if (guide.assetId !== asset.id && guide.categoryId !== asset.categoryId) throw new ConflictError('This guide is not for this asset');
      if (!guide.active) throw new ConflictError('This guide is not active');
      const now = this.clock.now();
      const session: Session = {
        id: uuid(),
        tenantId: actor.tenantId,
        guideId: guide.id,
        assetId: asset.id,
        outletId: asset.outletId,
        userId: actor.userId,
        title: guide.title,
        symptom: guide.symptom,
        priority: guide.priority,
        steps: guide.steps,
        answers: [],
        status: 'RUNNING',
        issueId: null,
        startedAt: now,
        endedAt: null,
        updatedAt: now,
      };
      await this.repo.insertSession(tx, session);
      return session;
    });
  }

  /** A session is its runner's: anyone else, whatever their role, is told it does not exist. */
  async getSession(actor: Actor, id: string): Promise<Session> {
    const session = await this.repo.findSession(actor.tenantId, id);
    if (!session || session.userId !== actor.userId) throw sessionNotFound();
    return session;
  }

  /**
   * Idempotent for a phone that resends: the same answer to a step already answered returns the
   * session as it is; a different one is a conflict, as is answering a step out of turn.
   */
  async answer(actor: Actor, id: string, stepId: string, fixed: boolean): Promise<Session> {
    return this.transaction(async (tx) => {
      const session = await this.ownSession(tx, actor, id);
      if (!session.steps.some((s) => s.id === stepId)) throw new NotFoundError('Step not found');
      const previous = session.answers.find((a) => a.stepId === stepId);
      if (previous) {
        if (previous.fixed === fixed) return session;
        throw new ConflictError('This step was already answered otherwise');
      }
      if (session.status !== 'RUNNING') throw new ConflictError('This session has ended');
      if (currentStepId(session) !== stepId) throw new ConflictError('Answer the steps in order: this is not the current step');
      const now = this.clock.now();
      const answers: Answer[] = [...session.answers, { stepId, fixed, answeredAt: now.toISOString() }];
      if (fixed) return this.repo.updateSession(tx, actor.tenantId, id, { answers, status: 'RESOLVED', endedAt: now }, now);
      if (answers.length < session.steps.length) return this.repo.updateSession(tx, actor.tenantId, id, { answers }, now);
      return this.endUnresolved(tx, { ...session, answers }, false);
    });
  }

  /** Stops before the last step; the issue is raised as if the last step had failed. Repeating it changes nothing. */
  async giveUp(actor: Actor, id: string): Promise<Session> {
    return this.transaction(async (tx) => {
      const session = await this.ownSession(tx, actor, id);
      if (session.status === 'UNRESOLVED') return session;
      if (session.status === 'RESOLVED') throw new ConflictError('This session has ended');
      return this.endUnresolved(tx, session, true);
    });
  }

  private async endUnresolved(tx: Tx, session: Session, gaveUp: boolean): Promise<Session> {
    const now = this.clock.now();
    const assetName = await this.repo.assetName(tx, session.tenantId, session.assetId);
    const issue = await this.issues.raiseSilently(tx, {
      tenantId: session.tenantId,
      outletId: session.outletId,
      assetId: session.assetId,
      title: unresolvedTitle(session.symptom, assetName),
      description: unresolvedDescription(session, gaveUp),
      priority: session.priority,
      source: 'TROUBLESHOOTING',
      reporterUserId: session.userId,
    });
    return this.repo.updateSession(tx, session.tenantId, session.id, { answers: session.answers, status: 'UNRESOLVED', issueId: issue.id, endedAt: now }, now);
  }

  private async ownSession(tx: Tx, actor: Actor, id: string): Promise<Session> {
    const session = await this.repo.lockSession(tx, actor.tenantId, id);
    if (!session || session.userId !== actor.userId) throw sessionNotFound();
    return session;
  }

  /** Category guides are read by everyone in the tenant; an asset's guide where the asset stands. */
  private async readable(actor: Actor, guide: GuideView): Promise<boolean> {
    if (!guide.assetId) return true;
    const asset = await this.repo.asset(null, actor.tenantId, guide.assetId);
    return asset !== null && coversOutlet(await this.scopes.workplaceOf(actor), asset.outletId);
  }

  /**
   * An asset's guide outside the caller's outlets is 404; a category guide, which an outlet manager
   * reads but may not change, is 403.
   */
  private async writable(tx: Tx, actor: Actor, id: string): Promise<GuideView> {
    const guide = await this.repo.lockGuide(tx, actor.tenantId, id);
    if (!guide) throw guideNotFound();
    const scope = await this.scopes.of(actor);
    if (!guide.assetId) {
      if (scope.kind !== 'tenant') throw new ForbiddenError('Only tenant-wide roles write guides for a whole category');
      return guide;
    }
    const asset = await this.repo.asset(tx, actor.tenantId, guide.assetId);
    if (!asset || !coversOutlet(scope, asset.outletId)) throw guideNotFound();
    return guide;
  }

  private async withStats(guide: GuideView): Promise<GuideWithStats> {
    return { ...guide, stats: (await this.repo.stats([guide.id])).get(guide.id) ?? { resolved: 0, unresolved: 0, running: 0 } };
  }
}
