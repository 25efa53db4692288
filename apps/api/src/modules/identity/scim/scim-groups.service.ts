import type { Clock } from '@wfm/core/clock';
import { BadRequestError, NotFoundError } from '@wfm/core/errors';
import { isUuid } from '@wfm/core/identity';
import type { Acting } from '@wfm/core/people-policy';
import { parseOrThrow } from '@wfm/core/validation';
import type { TransactionRunner, Tx } from '@wfm/db/transaction';
import type { PeoplePolicy } from '../../organization/users/people-policy.service.js';
import { InvalidFilterError } from './scim.filter.js';
import type { PatchOperation } from './scim.patch.js';
import type { ScimGroupRow, ScimGroupsRepository } from './scim-groups.repository.js';
import { ScimGroupName } from './scim.schemas.js';

function groupNotFound(): NotFoundError {
  return new NotFoundError('Resource not found');
}

/** `displayName eq "x"`, the one filter group push sends. */
export function parseGroupFilter(filter: string): string {
  const m = /^\s*displayName\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i.exec(filter);
  if (!m) throw new InvalidFilterError('Unsupported filter: only displayName eq "<name>" on Groups');
  return m[1]!.replace(/\\(.)/g, '$1');
}

/** A member's id as the database compares it; anything else is refused here, before a uuid[] cast would fail. */
function memberId(id: unknown): string {
  if (!isUuid(id)) throw new BadRequestError(['members value must be a user id']);
  return id.toLowerCase();
}

function memberIds(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.map((m) => memberId(typeof m === 'string' ? m : (m as { value?: unknown })?.value));
}

/** A new displayName, held to the same rule as PUT's. */
function groupName(value: unknown): string {
  return parseOrThrow(ScimGroupName, { displayName: value }).displayName;
}

/**
 * SCIM Groups as the tenant's outlets (decisions.md): identity providers push group membership,
 * which becomes who works where — the outlet scope of managers, the staff who may claim an open
 * shift, raise issues. Outlets themselves (code, city, address) are made in the product, so Groups
 * are found by displayName, renamed and have their members managed, but not created or deleted.
 */
export class ScimGroupsService {
  constructor(
    private readonly repo: ScimGroupsRepository,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
    private readonly policy: PeoplePolicy,
  ) {}

  list(tenantId: string, q: { filter?: string; startIndex: number; count: number }) {
    return this.repo.list(tenantId, q.filter ? parseGroupFilter(q.filter) : null, q.startIndex, q.count);
  }

  async get(tenantId: string, id: string): Promise<ScimGroupRow> {
    const row = await this.repo.find(null, tenantId, id);
    if (!row) throw groupNotFound();
    return row;
  }

  /** PUT: the members become exactly those listed; a displayName renames the outlet. */
  replace(actor: Acting, id: string, body: { displayName?: string; members?: unknown }): Promise<ScimGroupRow> {
    const { tenantId } = actor;
    return this.change(actor, id, async (tx) => {
      if (body.displayName) await this.repo.rename(tx, tenantId, id, body.displayName, this.clock.now());
      const ids = await this.people(tx, tenantId, memberIds(body.members));
      await this.repo.removeMembers(tx, tenantId, id, 'all');
      await this.repo.addMembers(tx, tenantId, id, ids);
    });
  }

  /** PatchOp on members (add, remove by value or by `members[value eq "…"]`, replace) and displayName. */
  patch(actor: Acting, id: string, operations: PatchOperation[]): Promise<ScimGroupRow> {
    const { tenantId } = actor;
    return this.change(actor, id, async (tx) => {
      for (const operation of operations) {
        const op = String(operation.op ?? '').toLowerCase();
        const path = (operation.path ?? '').trim();
        const filtered = /^members\[\s*value\s+eq\s+"([^"]+)"\s*\]$/i.exec(path);
        if (!path && (op === 'add' || op === 'replace') && operation.value && typeof operation.value === 'object') {
          const v = operation.value as { displayName?: unknown; members?: unknown };
          if (v.displayName !== undefined) await this.repo.rename(tx, tenantId, id, groupName(v.displayName), this.clock.now());
          if (v.members !== undefined) {
            if (op === 'replace') await this.repo.removeMembers(tx, tenantId, id, 'all');
            await this.repo.addMembers(tx, tenantId, id, await this.people(tx, tenantId, memberIds(v.members)));
          }
        } else if (/^displayname$/i.test(path) && (op === 'add' || op === 'replace')) {
          await this.repo.rename(tx, tenantId, id, groupName(operation.value), this.clock.now());
        } else if (/^members$/i.test(path) && op === 'add') {
          await this.repo.addMembers(tx, tenantId, id, await this.people(tx, tenantId, memberIds(operation.value)));
        } else if (/^members$/i.test(path) && op === 'replace') {
          await this.repo.removeMembers(tx, tenantId, id, 'all');
          await this.repo.addMembers(tx, tenantId, id, await this.people(tx, tenantId, memberIds(operation.value)));
        } else if (/^members$/i.test(path) && op === 'remove') {
          await this.repo.removeMembers(tx, tenantId, id, operation.value === undefined ? 'all' : memberIds(operation.value));
        } else if (filtered && op === 'remove') {
          await this.repo.removeMembers(tx, tenantId, id, [memberId(filtered[1])]);
        } else {
          throw new BadRequestError([`Unsupported operation ${String(operation.op)} on ${path || 'the group'}`]);
        }
      }
    });
  }

  /**
   * Who works where is part of a person's account (PUT /users/:id/outlets), so everyone joining or
   * leaving the outlet must be someone the key may manage; the check runs on the outcome, so every
   * form of PatchOp is covered.
   */
  private async change(actor: Acting, id: string, work: (tx: Tx) => Promise<void>): Promise<ScimGroupRow> {
    const { tenantId } = actor;
    return this.transaction(async (tx) => {
      if (!(await this.repo.lock(tx, tenantId, id))) throw groupNotFound();
      const before = new Set((await this.repo.find(tx, tenantId, id))!.members.map((m) => m.value));
      await work(tx);
      const after = (await this.repo.find(tx, tenantId, id))!;
      const now = new Set(after.members.map((m) => m.value));
      const moved = [...[...before].filter((m) => !now.has(m)), ...[...now].filter((m) => !before.has(m))];
      await this.policy.assert(tx, actor, moved, 'account');
      return after;
    });
  }

  /** Every member must be a live person of the tenant: an unknown id is refused, not skipped. */
  private async people(tx: Tx, tenantId: string, ids: string[]): Promise<string[]> {
    const known = await this.repo.livePeople(tx, tenantId, ids);
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length) throw new BadRequestError([`members ${unknown.join(', ')} are not users of this tenant`]);
    return [...new Set(ids)];
  }
}
