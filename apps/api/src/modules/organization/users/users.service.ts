import type { Clock } from '@wfm/core/clock';
import { uuid, type PasswordHasher } from '@wfm/core/crypto';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '@wfm/core/errors';
import type { Logger } from '@wfm/core/logger';
import { assertMayActOn, assertMayAssign } from '@wfm/core/people-policy';
import { roleAllowed, type Role } from '@wfm/core/tenancy';
import { recordEvent } from '@wfm/db/domain-events.repository';
import type { TransactionRunner, Tx } from '@wfm/db/transaction';
import type { Actor } from '@wfm/core/principal';
import { MANAGERS } from '@wfm/core/role-sets';
import type { UserInviter } from '../../identity/auth/invite.port.js';
import type { SessionRevoker } from '../../identity/auth/session-revoker.port.js';
import type { OutletScopeService } from '../user-outlets/outlet-scope.service.js';
import type { UserRemovalListener } from './user-removal.port.js';
import type { Propagated, Propagation } from '../../access/feed/propagation.js';
import { EMAIL_TAKEN, MOBILE_TAKEN, type NewUser, type User, type UserChanges, type UsersRepository } from './users.repository.js';
import type { CreateUserBody, ImportResultDto, ImportUserRow, ListUsersQuery, UpdateUserBody, UserDto } from './users.schemas.js';
import type { ImportContract } from '../../people/contracts/contracts.schemas.js';

export function toUserDto(u: User): UserDto {
  return {
    id: u.id,
    tenantId: u.tenantId,
    fullName: u.fullName,
    email: u.email,
    mobile: u.mobile,
    role: u.role,
    status: u.status,
    employeeCode: u.employeeCode,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
  };
}

export interface NewHire {
  fullName: string;
  email: string;
  mobile: string | null;
  role: Role;
  employeeCode: string | null;
}

/** Where the bulk import's contracts go (the contracts module), created ACTIVE and silently. */
export interface ContractImporter {
  importActive(tx: Tx, tenantId: string, byUserId: string, rows: Array<{ userId: string; contract: ImportContract }>, at: Date): Promise<void>;
}

/**
 * People of a tenant, under the people policy (libs/core/people-policy): a caller assigns only
 * roles at or below their own and manages only users strictly below their own. An OUTLET_MANAGER
 * reads only themselves and the people of their outlets.
 */
export class UsersService {
  constructor(
    private readonly repo: UsersRepository,
    private readonly transaction: TransactionRunner,
    private readonly passwords: PasswordHasher,
    private readonly inviter: UserInviter,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly removal: UserRemovalListener,
    private readonly sessions: SessionRevoker,
    private readonly scopes: OutletScopeService,
    private readonly contracts: ContractImporter,
  ) {}

  async list(actor: Actor, page: ListUsersQuery): Promise<UserDto[]> {
    return this.repo.listDtos(actor.tenantId, page.limit, page.offset, { scope: await this.scopes.of(actor), alsoUserId: actor.userId }, page.search);
  }

  async get(actor: Actor, id: string): Promise<UserDto> {
    if (id !== actor.userId) {
      // Checked before the lookup, so a caller without the read role learns nothing about other ids.
      if (!roleAllowed(actor.role, MANAGERS)) throw new ForbiddenError();
      // Someone outside an OUTLET_MANAGER's outlets is answered like an unknown id.
      if (!(await this.scopes.coversUser(actor.tenantId, await this.scopes.of(actor), id))) throw notFound();
    }
    const user = await this.repo.findLive(actor.tenantId, id);
    if (!user) throw notFound();
    return toUserDto(user);
  }

  async create(actor: Actor, input: CreateUserBody): Promise<UserDto> {
    assertMayAssign(actor, input.role);
    const now = this.clock.now();
    const row: NewUser = {
      id: uuid(),
      tenantId: actor.tenantId,
      fullName: input.fullName,
      email: input.email ?? null,
      mobile: input.mobile ?? null,
      role: input.role,
      status: 'ACTIVE',
      employeeCode: input.employeeCode ?? null,
      passwordHash: input.password === undefined ? null : await this.passwords.hash(input.password),
      createdAt: now,
      updatedAt: now,
    };
    await this.transaction(async (tx) => {
      await this.repo.insert(tx, [row]);
      // The catalog types email as a string; a mobile-only user has none, so it is sent empty.
      await recordEvent(tx, row.tenantId, 'user.created', { tenantId: row.tenantId, userId: row.id, email: row.email ?? '', fullName: row.fullName }, now);
    });
    await this.invite(row);
    return toUserDto(row);
  }

  /**
   * A hired candidate becomes a user (careers), inside the caller's transaction: the rules of POST
   * /users (a role the caller may assign, unique email and mobile), but spec 03 lists the conversion
   * among what does not fire user.created. `afterCommit` sends the invite to set a password.
   */
  async createHire(tx: Tx, actor: Actor, input: NewHire): Promise<{ user: UserDto; afterCommit: () => Promise<void> }> {
    assertMayAssign(actor, input.role);
    const now = this.clock.now();
    const row: NewUser = {
      id: uuid(),
      tenantId: actor.tenantId,
      fullName: input.fullName,
      email: input.email,
      mobile: input.mobile,
      role: input.role,
      status: 'ACTIVE',
      employeeCode: input.employeeCode,
      passwordHash: null,
      createdAt: now,
      updatedAt: now,
    };
    const holders = await this.repo.findHolders(tx, actor.tenantId, [row.email!], row.mobile ? [row.mobile] : []);
    if (holders.some((h) => h.email === row.email)) throw new ConflictError(EMAIL_TAKEN);
    if (holders.some((h) => row.mobile !== null && h.mobile === row.mobile)) throw new ConflictError(MOBILE_TAKEN);
    await this.repo.insert(tx, [row]);
    return { user: toUserDto(row), afterCommit: () => this.invite(row) };
  }

  async update(actor: Actor, id: string, changes: UpdateUserBody): Promise<UserDto> {
    if (changes.role !== undefined) assertMayAssign(actor, changes.role);
    return this.transaction(async (tx) => {
      const user = await this.manageable(tx, actor, id);
      if (id === actor.userId && changes.role !== undefined && changes.role !== user.role) throw new ForbiddenError('You cannot change your own role');
      const email = changes.email === undefined ? user.email : changes.email;
      const mobile = changes.mobile === undefined ? user.mobile : changes.mobile;
      if (!email && !mobile) throw new BadRequestError(['email or mobile is required']);
      return toUserDto(await this.repo.update(tx, actor.tenantId, id, definedOnly(changes), this.clock.now()));
    });
  }

  /** Deactivation fires no event (spec 03); it ends the user's sessions so their tokens stop working now. */
  async setStatus(actor: Actor, id: string, status: 'ACTIVE' | 'INACTIVE'): Promise<Propagated<UserDto>> {
    if (id === actor.userId && status === 'INACTIVE') throw new ForbiddenError('You cannot deactivate your own account');
    const { user, afterCommit } = await this.transaction(async (tx) => {
      await this.manageable(tx, actor, id);
      const now = this.clock.now();
      const updated = await this.repo.update(tx, actor.tenantId, id, { status }, now);
      if (status === 'INACTIVE') await this.sessions.revokeAllForUser(tx, actor.tenantId, id, now, 'user_deactivated');
      return { user: updated, afterCommit: await this.removal.userStatusChanged(tx, { tenantId: actor.tenantId, userId: id }) };
    });
    return { value: toUserDto(user), propagation: await afterCommit() };
  }

  /**
   * Offboarding's deactivation, inside its transaction: what PATCH /users/:id/status does (sessions
   * ended, door access withdrawn after commit), and like it, no event.
   */
  async deactivateWithin(tx: Tx, tenantId: string, userId: string, at: Date): Promise<() => Promise<Propagation>> {
    await this.repo.update(tx, tenantId, userId, { status: 'INACTIVE' }, at);
    await this.sessions.revokeAllForUser(tx, tenantId, userId, at, 'user_deactivated');
    return this.removal.userStatusChanged(tx, { tenantId, userId });
  }

  /** The one place a user is removed; everything that must end with them ends in this transaction. */
  async remove(actor: Actor, id: string): Promise<Propagated<{ deleted: true; id: string }>> {
    if (id === actor.userId) throw new ForbiddenError('You cannot delete your own account');
    const afterCommit = await this.transaction(async (tx) => {
      await this.manageable(tx, actor, id);
      const now = this.clock.now();
      await this.repo.softDelete(tx, actor.tenantId, id, now);
      await this.sessions.revokeAllForUser(tx, actor.tenantId, id, now, 'user_deleted');
      await recordEvent(tx, actor.tenantId, 'user.terminated', { tenantId: actor.tenantId, userId: id }, now);
      return this.removal.userRemoved(tx, { tenantId: actor.tenantId, userId: id, removedBy: actor.userId, at: now });
    });
    return { value: { deleted: true, id }, propagation: await afterCommit() };
  }

  /**
   * All rows or none. Conflicts name the row by its index in `rows`, as validation messages do.
   * Spec 03: a bulk import fires no user.created.
   */
  async bulkImport(actor: Actor, rows: ImportUserRow[]): Promise<ImportResultDto> {
    rows.forEach((row, i) => assertMayAssign(actor, row.role, `rows.${i}.role`));
    assertNoDuplicatesWithin(rows);
    const now = this.clock.now();
    const records: NewUser[] = rows.map((row) => ({
      id: uuid(),
      tenantId: actor.tenantId,
      fullName: row.fullName,
      email: row.email ?? null,
      mobile: row.mobile ?? null,
      role: row.role,
      status: 'ACTIVE',
      employeeCode: row.employeeCode ?? null,
      passwordHash: null,
      createdAt: now,
      updatedAt: now,
    }));
    await this.transaction(async (tx) => {
      const holders = await this.repo.findHolders(
        tx,
        actor.tenantId,
        records.flatMap((r) => (r.email ? [r.email] : [])),
        records.flatMap((r) => (r.mobile ? [r.mobile] : [])),
      );
      assertNoneHeld(records, holders);
      await this.repo.insert(tx, records);
      const withContracts = rows.flatMap((row, i) => (row.contract ? [{ userId: records[i]!.id, contract: row.contract }] : []));
      await this.contracts.importActive(tx, actor.tenantId, actor.userId, withContracts, now);
    });
    for (const record of records) await this.invite(record);
    return { created: records.length, ids: records.map((r) => r.id) };
  }

  private async manageable(tx: Tx, actor: Actor, id: string): Promise<User> {
    const user = await this.repo.lockLive(tx, actor.tenantId, id);
    if (!user) throw notFound();
    assertMayActOn(actor, user, 'account');
    return user;
  }

  /**
   * Only people without a password yet are invited: by mail, or by text message when they have only a mobile number. The user is
   * committed by now, so a failed invite must not turn the answer into an error that invites a
   * retry (which would then conflict); it is logged for the operator instead.
   */
  private async invite(user: NewUser): Promise<void> {
    if (user.passwordHash !== null) return;
    try {
      await this.inviter.issueInvite({ id: user.id, tenantId: user.tenantId, email: user.email, mobile: user.mobile, fullName: user.fullName });
    } catch (err) {
      this.logger.error({ err, tenantId: user.tenantId, userId: user.id }, 'invite could not be issued');
    }
  }
}

function notFound(): NotFoundError {
  return new NotFoundError('User not found');
}

function definedOnly(changes: UpdateUserBody): UserChanges {
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as UserChanges;
}

function assertNoDuplicatesWithin(rows: ImportUserRow[]): void {
  const firstSeen = new Map<string, number>();
  rows.forEach((row, i) => {
    for (const field of ['email', 'mobile'] as const) {
      const value = row[field];
      if (!value) continue;
      const key = `${field}:${value}`;
      const first = firstSeen.get(key);
      if (first !== undefined) throw new ConflictError(`rows.${i}.${field}: duplicates rows.${first}.${field}`);
      firstSeen.set(key, i);
    }
  });
}

function assertNoneHeld(records: NewUser[], holders: Array<{ email: string | null; mobile: string | null }>): void {
  const emails = new Set(holders.map((h) => h.email));
  const mobiles = new Set(holders.map((h) => h.mobile));
  records.forEach((r, i) => {
    if (r.email && emails.has(r.email)) throw new ConflictError(`rows.${i}.email: ${EMAIL_TAKEN}`);
    if (r.mobile && mobiles.has(r.mobile)) throw new ConflictError(`rows.${i}.mobile: ${MOBILE_TAKEN}`);
  });
}
