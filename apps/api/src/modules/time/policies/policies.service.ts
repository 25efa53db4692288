import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { ConflictError, NotFoundError } from '@wfm/core/errors';
import { roleAllowed } from '@wfm/core/tenancy';
import type { TransactionRunner } from '@wfm/db/transaction';
import type { Actor } from '@wfm/core/principal';
import { PEOPLE_ADMINS } from '@wfm/core/role-sets';
import type { PoliciesRepository, Policy, PolicyChanges } from './policies.repository.js';
import type { CreatePolicyBody, PolicyDto, UpdatePolicyBody } from './policies.schemas.js';

function toPolicyDto(p: Policy, acknowledged: boolean): PolicyDto {
  return {
    id: p.id,
    title: p.title,
    body: p.body,
    requiresAcknowledgement: p.requiresAcknowledgement,
    version: p.version,
    active: p.active,
    acknowledged,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/**
 * Workplace policies and who has acknowledged which version. An acknowledgement counts only for the
 * version it was given for; a change of the text raises the version, so it must be given again.
 */
export class PoliciesService {
  constructor(
    private readonly repo: PoliciesRepository,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
  ) {}

  async create(actor: Actor, input: CreatePolicyBody): Promise<PolicyDto> {
    const now = this.clock.now();
    const row: Policy = {
      id: uuid(),
      tenantId: actor.tenantId,
      title: input.title,
      body: input.body,
      requiresAcknowledgement: input.requiresAcknowledgement,
      version: 1,
      active: true,
      createdAt: now,
      updatedAt: now,
    };
    await this.transaction((tx) => this.repo.insert(tx, row));
    return toPolicyDto(row, false);
  }

  /** Policy writers also see inactive policies, so they can switch them back on. */
  async list(actor: Actor): Promise<PolicyDto[]> {
    const rows = await this.repo.list(actor.tenantId, !roleAllowed(actor.role, PEOPLE_ADMINS));
    const acknowledged = await this.repo.acknowledgedCurrent(
      actor.tenantId,
      actor.userId,
      rows.map((p) => p.id),
    );
    return rows.map((p) => toPolicyDto(p, acknowledged.has(p.id)));
  }

  async update(actor: Actor, id: string, changes: UpdatePolicyBody): Promise<PolicyDto> {
    const updated = await this.transaction(async (tx) => {
      const policy = await this.repo.lock(tx, actor.tenantId, id);
      if (!policy) throw policyNotFound();
      const next = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as PolicyChanges;
      if (changes.body !== undefined && changes.body !== policy.body) next.version = policy.version + 1;
      return this.repo.update(tx, actor.tenantId, id, next, this.clock.now());
    });
    const acknowledged = await this.repo.acknowledgedCurrent(actor.tenantId, actor.userId, [id]);
    return toPolicyDto(updated, acknowledged.has(id));
  }

  /** Records the caller's acknowledgement of the current version; repeating it changes nothing. */
  async acknowledge(actor: Actor, id: string): Promise<PolicyDto> {
    const policy = await this.repo.find(actor.tenantId, id);
    if (!policy) throw policyNotFound();
    if (!policy.active) throw new ConflictError('This policy is not active');
    await this.repo.acknowledge(actor.tenantId, id, actor.userId, policy.version, this.clock.now());
    return toPolicyDto(policy, true);
  }

  /** Ids of the policies that block the user from clocking in until acknowledged, oldest first. */
  unacknowledgedRequired(tenantId: string, userId: string): Promise<string[]> {
    return this.repo.unacknowledgedRequired(tenantId, userId);
  }
}

function policyNotFound(): NotFoundError {
  return new NotFoundError('Policy not found');
}
