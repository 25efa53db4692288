import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { BadRequestError, NotFoundError } from '@wfm/core/errors';
import { looksLikeEmail, normalizeEmail, normalizeMobile } from '@wfm/core/identity';
import { assertMayActOn, assertMayAssign, type Acting } from '@wfm/core/people-policy';
import { ROLES, type Role } from '@wfm/core/tenancy';
import { recordEvent } from '@wfm/db/domain-events.repository';
import type { TransactionRunner, Tx } from '@wfm/db/transaction';
import type { Propagation } from '../../access/feed/propagation.js';
import type { UserRemovalListener } from '../../organization/users/user-removal.port.js';
import type { SessionRevoker } from '../auth/session-revoker.port.js';
import { parseFilter } from './scim.filter.js';
import { applyPatch, type PatchOperation, type ScimPerson } from './scim.patch.js';
import type { ScimRepository, ScimUserRow } from './scim.repository.js';

/** Roles a provisioning integration may give: everything but the owners, who are made by people. */
const PROVISIONABLE: readonly Role[] = ROLES.filter((r) => r !== 'TENANT_OWNER' && r !== 'TENANT_GROUP_OWNER');

function userNotFound(): NotFoundError {
  return new NotFoundError('Resource not found');
}

/**
 * The person as SCIM sees a stored user: the full name split at its first space. `formatted` stays
 * null, since given + family names give the full name back exactly; a patch of either name then
 * renames the person, and one of `name.formatted` sets the full name as sent.
 */
export function personOf(row: ScimUserRow): ScimPerson {
  const space = row.fullName.indexOf(' ');
  return {
    userName: row.email ?? row.mobile ?? row.id,
    givenName: space < 0 ? row.fullName : row.fullName.slice(0, space),
    familyName: space < 0 ? null : row.fullName.slice(space + 1),
    formatted: null,
    email: row.email,
    mobile: row.mobile,
    active: row.status === 'ACTIVE',
    externalId: row.externalId,
    employeeNumber: row.employeeCode,
  };
}

/**
 * A person's stored form. The product signs people in by email (or mobile), so `userName` must be
 * an email address and is the email; `emails` may only repeat it (a differing work email is
 * refused, not silently dropped). The name is `name.formatted`, else given and family names.
 */
function storedOf(p: ScimPerson): { fullName: string; email: string; mobile: string | null } {
  if (!looksLikeEmail(p.userName)) throw new BadRequestError(['userName must be an email address']);
  const email = normalizeEmail(p.userName);
  if (p.email && normalizeEmail(p.email) !== email) throw new BadRequestError(['emails[type eq "work"].value must equal userName']);
  const mobile = p.mobile ? normalizeMobile(p.mobile) : null;
  if (p.mobile && !mobile) throw new BadRequestError(['phoneNumbers value must be a mobile number']);
  const fullName = (p.formatted ?? [p.givenName, p.familyName].filter(Boolean).join(' ')).trim() || email;
  return { fullName: fullName.slice(0, 200), email, mobile };
}

/**
 * SCIM 2.0 provisioning of the tenant's people (RFC 7643/7644). Spec 03: creating fires
 * user.created; deleting (a soft delete) fires user.terminated; `active: false` deactivates the
 * person — sessions ended, door access withdrawn at once — and fires nothing.
 */
export class ScimService {
  constructor(
    private readonly repo: ScimRepository,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
    private readonly sessions: SessionRevoker,
    private readonly removal: UserRemovalListener,
  ) {}

  list(tenantId: string, q: { filter?: string; startIndex: number; count: number }) {
    return this.repo.list(tenantId, q.filter ? parseFilter(q.filter) : null, q.startIndex, q.count);
  }

  async get(tenantId: string, id: string): Promise<ScimUserRow> {
    const row = await this.repo.find(null, tenantId, id);
    if (!row) throw userNotFound();
    return row;
  }

  async create(actor: Acting, person: ScimPerson, role: Role | undefined): Promise<ScimUserRow> {
    const { tenantId } = actor;
    const granted = this.role(role);
    assertMayAssign(actor, granted);
    const stored = storedOf(person);
    const now = this.clock.now();
    const row: ScimUserRow = {
      id: uuid(),
      tenantId,
      ...stored,
      role: granted,
      status: person.active ? 'ACTIVE' : 'INACTIVE',
      employeeCode: person.employeeNumber,
      externalId: person.externalId,
      createdAt: now,
      updatedAt: now,
    };
    await this.transaction(async (tx) => {
      await this.repo.insert(tx, row);
      await recordEvent(tx, tenantId, 'user.created', { tenantId, userId: row.id, email: row.email ?? '', fullName: row.fullName }, now);
    });
    return row;
  }

  replace(actor: Acting, id: string, person: ScimPerson): Promise<{ row: ScimUserRow; propagation: Propagation | null }> {
    return this.save(actor, id, () => person);
  }

  patch(actor: Acting, id: string, operations: PatchOperation[]): Promise<{ row: ScimUserRow; propagation: Propagation | null }> {
    return this.save(actor, id, (current) => applyPatch(current, operations));
  }

  /** The soft delete of spec 03: user.terminated, sessions ended, door grants revoked. */
  async remove(actor: Acting, id: string): Promise<Propagation> {
    const { tenantId } = actor;
    const afterCommit = await this.transaction(async (tx) => {
      await this.manageable(tx, actor, id);
      const now = this.clock.now();
      await this.repo.softDelete(tx, tenantId, id, now);
      await this.sessions.revokeAllForUser(tx, tenantId, id, now, 'user_deleted');
      await recordEvent(tx, tenantId, 'user.terminated', { tenantId, userId: id }, now);
      return this.removal.userRemoved(tx, { tenantId, userId: id, removedBy: null, at: now });
    });
    return afterCommit();
  }

  private async save(actor: Acting, id: string, change: (current: ScimPerson) => ScimPerson): Promise<{ row: ScimUserRow; propagation: Propagation | null }> {
    const { tenantId } = actor;
    const { row, afterCommit } = await this.transaction(async (tx) => {
      const current = await this.manageable(tx, actor, id);
      const next = change(personOf(current));
      const stored = storedOf(next);
      const now = this.clock.now();
      const status = next.active ? 'ACTIVE' : 'INACTIVE';
      const row = await this.repo.update(tx, { ...current, ...stored, status, employeeCode: next.employeeNumber, externalId: next.externalId }, now);
      if (status === current.status) return { row, afterCommit: null };
      // Spec 03: activation and deactivation fire nothing; a deactivated person's sessions and door access end now.
      if (status === 'INACTIVE') await this.sessions.revokeAllForUser(tx, tenantId, id, now, 'user_deactivated');
      return { row, afterCommit: await this.removal.userStatusChanged(tx, { tenantId, userId: id }) };
    });
    return { row, propagation: afterCommit ? await afterCommit() : null };
  }

  /** A key acts with its maker's rank: an owner is never changed through a key made below them. */
  private async manageable(tx: Tx, actor: Acting, id: string): Promise<ScimUserRow> {
    const current = await this.repo.lock(tx, actor.tenantId, id);
    if (!current) throw userNotFound();
    assertMayActOn(actor, current, 'account');
    return current;
  }

  private role(role: Role | undefined): Role {
    if (role === undefined) return 'STAFF';
    if (!PROVISIONABLE.includes(role)) throw new BadRequestError([`roles value must be one of: ${PROVISIONABLE.join(', ')}`]);
    return role;
  }
}
