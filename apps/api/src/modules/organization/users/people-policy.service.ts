import { ForbiddenError } from '@wfm/core/errors';
import { personRefusal, type Acting, type PersonAct } from '@wfm/core/people-policy';
import type { Tx } from '@wfm/db/transaction';
import type { UsersRepository } from './users.repository.js';

/**
 * The one place that answers "may this actor do this to these people" (libs/core/people-policy):
 * every path that changes a person asks it — the user routes, SCIM, HR records, offboarding,
 * scheduling, time, door grants — whatever credential it came in with. Ids that name nobody are
 * left to the caller, which answers its own 404.
 */
export class PeoplePolicy {
  constructor(private readonly users: UsersRepository) {}

  /** Each named person the actor may not act on, with the reason. */
  async refusals(tx: Tx | null, actor: Acting, userIds: string | readonly string[], act: PersonAct): Promise<Map<string, string>> {
    const ids = typeof userIds === 'string' ? [userIds] : [...new Set(userIds)];
    const refused = new Map<string, string>();
    if (!ids.length) return refused;
    for (const target of await this.users.roles(tx, actor.tenantId, ids)) {
      const reason = personRefusal(actor, target, act);
      if (reason) refused.set(target.id, reason);
    }
    return refused;
  }

  async assert(tx: Tx | null, actor: Acting, userIds: string | readonly string[], act: PersonAct): Promise<void> {
    const [first] = (await this.refusals(tx, actor, userIds, act)).values();
    if (first) throw new ForbiddenError(first);
  }
}
