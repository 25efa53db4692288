import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { ForbiddenError, NotFoundError } from '@wfm/core/errors';
import { roleAllowed } from '@wfm/core/tenancy';
import { recordEvent } from '@wfm/db/domain-events.repository';
import type { TransactionRunner } from '@wfm/db/transaction';
import type { Actor } from '@wfm/core/principal';
import { PEOPLE_ADMINS } from '@wfm/core/role-sets';
import type { DisciplinaryAction, DisciplinaryRepository } from './disciplinary.repository.js';
import { DISCIPLINARY_LEVELS, type IssueDisciplinaryBody, type ListDisciplinaryQuery } from './disciplinary.schemas.js';
import type { PeoplePolicy } from '../../organization/users/people-policy.service.js';

/** The escalation rule: the third action (or later) in one category within this window goes up a level. */
export const ESCALATION_WINDOW_MS = 90 * 86_400_000;
export const ESCALATE_AFTER = 2;

/** The level an action is issued at, given how many of its category the person had in the window. */
export function escalatedLevel(requested: DisciplinaryAction['level'], priorInWindow: number): DisciplinaryAction['level'] {
  if (priorInWindow < ESCALATE_AFTER) return requested;
  return DISCIPLINARY_LEVELS[Math.min(DISCIPLINARY_LEVELS.indexOf(requested) + 1, DISCIPLINARY_LEVELS.length - 1)]!;
}

function actionNotFound(): NotFoundError {
  return new NotFoundError('Disciplinary action not found');
}

/**
 * Disciplinary actions, issued by HR roles. Spec 03: each fires disciplinary.issued, without the
 * free-text details, which only HR roles ever read; the person sees their own actions without them.
 */
export class DisciplinaryService {
  constructor(
    private readonly repo: DisciplinaryRepository,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
    private readonly people: PeoplePolicy,
  ) {}

  issue(actor: Actor, body: IssueDisciplinaryBody): Promise<DisciplinaryAction> {
    if (body.userId === actor.userId) throw new ForbiddenError('You cannot issue a disciplinary action to yourself');
    return this.transaction(async (tx) => {
      if (!(await this.repo.lockUser(tx, actor.tenantId, body.userId))) throw new NotFoundError('User not found');
      await this.people.assert(tx, actor, body.userId, 'record');
      const now = this.clock.now();
      const prior = await this.repo.countSince(tx, actor.tenantId, body.userId, body.category, new Date(now.getTime() - ESCALATION_WINDOW_MS));
      const level = escalatedLevel(body.level, prior);
      const action: DisciplinaryAction = {
        id: uuid(),
        tenantId: actor.tenantId,
        userId: body.userId,
        level,
        requestedLevel: body.level,
        category: body.category,
        details: body.details ?? null,
        autoEscalated: level !== body.level,
        issuedByUserId: actor.userId,
        issuedAt: now,
      };
      await this.repo.insert(tx, action);
      await recordEvent(
        tx,
        actor.tenantId,
        'disciplinary.issued',
        { tenantId: actor.tenantId, disciplinaryActionId: action.id, userId: action.userId, level, category: action.category, autoEscalated: action.autoEscalated, issuedByUserId: actor.userId },
        now,
      );
      return action;
    });
  }

  /** HR roles see all; anyone else their own. */
  list(actor: Actor, query: ListDisciplinaryQuery): Promise<DisciplinaryAction[]> {
    const { limit, offset, ...filter } = query;
    if (roleAllowed(actor.role, PEOPLE_ADMINS)) return this.repo.list(actor.tenantId, filter, limit, offset);
    if (filter.userId !== undefined && filter.userId !== actor.userId) throw new ForbiddenError('You can list only your own disciplinary actions');
    return this.repo.list(actor.tenantId, { ...filter, userId: actor.userId }, limit, offset);
  }

  async get(actor: Actor, id: string): Promise<DisciplinaryAction> {
    const action = await this.repo.find(actor.tenantId, id);
    if (!action || (!roleAllowed(actor.role, PEOPLE_ADMINS) && action.userId !== actor.userId)) throw actionNotFound();
    return action;
  }
}
