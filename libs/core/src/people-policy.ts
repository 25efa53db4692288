import { ForbiddenError } from './errors.js';
import { roleRank, type Role } from './tenancy.js';

/**
 * Who acts on a person: a signed-in user, or a developer credential acting with the rank of the
 * person who made it. `userId` is null for a credential, so a key never gets the allowances a
 * person has over themselves (a leaked key must not change its maker's email); `role` is null for
 * a credential whose maker is gone, which then acts on nobody.
 */
export interface Acting {
  tenantId: string;
  userId: string | null;
  role: Role | null;
}

/**
 * What an operation does to its target, from the strictest to the least:
 * - `account`: who they are and whether they may sign in — profile, email and mobile, role,
 *   status, removal, outlets, kiosk PIN, offboarding. Only people strictly below the actor; a
 *   person passes on themselves (the service refuses what nobody does to themselves).
 * - `record`: their HR record — pay, deductions, contracts, disciplinary actions. Only people
 *   strictly below the actor and never oneself (nobody sets their own pay), except that the
 *   tenant's owners keep the records of anyone, their own included: nobody above them could.
 * - `work`: directing their work — shifts, attendance corrections, leave decisions, door grants,
 *   courses, documents to sign. People at or below the actor's rank: peers roster each other,
 *   nobody directs someone above them.
 */
export type PersonAct = 'account' | 'record' | 'work';

export interface Target {
  id: string;
  role: Role;
}

const TOP_OF_TENANT: readonly Role[] = ['TENANT_GROUP_OWNER', 'TENANT_OWNER'];

export const CREATOR_GONE = 'This credential acts for the person who made it, who is no longer active: make a new one';

/** Why the actor may not do `act` to the target, or null when they may. */
export function personRefusal(actor: Acting, target: Target, act: PersonAct): string | null {
  if (actor.role === null) return CREATOR_GONE;
  const self = actor.userId !== null && actor.userId === target.id;
  const above = roleRank(target.role) < roleRank(actor.role);
  const peer = roleRank(target.role) === roleRank(actor.role);
  switch (act) {
    case 'account':
      return self || !(above || peer) ? null : 'You can manage only users whose role is below your own';
    case 'record':
      if (TOP_OF_TENANT.includes(actor.role)) return null;
      if (self) return 'You cannot change your own HR record';
      return above || peer ? 'You can keep the HR records only of people whose role is below your own' : null;
    case 'work':
      return above ? 'You cannot direct the work of someone whose role is above your own' : null;
  }
}

export function assertMayActOn(actor: Acting, target: Target, act: PersonAct): void {
  const refusal = personRefusal(actor, target, act);
  if (refusal) throw new ForbiddenError(refusal);
}

/** Nobody hands out authority they do not hold; TENANT_GROUP_OWNER spans tenants and is provisioned outside them. */
export function assertMayAssign(actor: Acting, role: Role, field?: string): void {
  const where = field ? `${field}: ` : '';
  if (actor.role === null) throw new ForbiddenError(CREATOR_GONE);
  if (role === 'TENANT_GROUP_OWNER') throw new ForbiddenError(`${where}TENANT_GROUP_OWNER cannot be assigned`);
  if (roleRank(role) < roleRank(actor.role)) throw new ForbiddenError(`${where}You cannot assign a role above your own`);
}
