import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { BadRequestError, ConflictError, NotFoundError } from '@wfm/core/errors';
import type { Logger } from '@wfm/core/logger';
import type { Actor } from '@wfm/core/principal';
import { MANAGERS, PEOPLE_ADMINS } from '@wfm/core/role-sets';
import { roleAllowed } from '@wfm/core/tenancy';
import type { LedgerKind } from '@wfm/db/entities/leave-accrual.entity';
import type { TransactionRunner, Tx } from '@wfm/db/transaction';
import type { OutletScopeService } from '../../organization/user-outlets/outlet-scope.service.js';
import type { PeoplePolicy } from '../../organization/users/people-policy.service.js';
import { wallTimeToInstant } from '../leave/leave-period.js';
import {
  addMonths,
  capped,
  carryOver,
  daysCovered,
  daysInMonth,
  divRound,
  expiring,
  fmt,
  hoursWorkedAccrual,
  lastDayOf,
  leaveYearOf,
  monthOfLeaveYear,
  monthlyAccrual,
  requestAmount,
  units,
} from './accrual.js';
import type { AccrualPolicy, ActivePolicy, LeaveAccrualRepository, LedgerLine } from './leave-accrual.repository.js';
import type {
  AccrualPolicyDto,
  AdjustmentBody,
  BalanceSummaryDto,
  LeaveBalanceDto,
  LedgerLineDto,
  ListBalancesQuery,
  PutAccrualPolicyBody,
} from './leave-accrual.schemas.js';

/** What leave approval and submission ask of the balance (LeaveService). */
export interface LeaveBalanceGate {
  /**
   * Null when the request fits the available balance or draws on none (not ANNUAL, no policy);
   * otherwise the warning of a WARN policy. A REFUSE policy throws 409 LEAVE_BALANCE_EXCEEDED.
   */
  check(tx: Tx, tenantId: string, userId: string, request: { id: string | null; leaveType: string; daysDecimal: number }): Promise<string | null>;
  /** Posts the TAKEN line of approved annual leave, once per request. */
  take(tx: Tx, request: { id: string; tenantId: string; userId: string; leaveType: string; startDate: Date; endDate: Date; daysDecimal: number }, by: string, at: Date): Promise<void>;
}

/** What the offboarding settlement asks of the ledger. */
export interface SettlementLedger {
  /** The balance in days at the last working day, or null when the person has no policy in force. */
  balanceDays(tx: Tx, tenantId: string, userId: string, lastWorkingDay: string): Promise<number | null>;
}

const E404_CONTRACT = () => new NotFoundError('Contract not found');
const E404_POLICY = () => new NotFoundError('This contract has no leave accrual policy');
const E404_USER = () => new NotFoundError('User not found');

/** The local calendar date (YYYY-MM-DD) of an instant. */
function localDate(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

function unitWord(unit: string): string {
  return unit === 'DAYS' ? 'days' : 'h';
}

function toPolicyDto(p: AccrualPolicy): AccrualPolicyDto {
  const u = (v: number | null) => (v === null ? null : units(v));
  return {
    contractId: p.contractId,
    userId: p.userId,
    method: p.method,
    unit: p.unit,
    amountPerMonth: u(p.amountPerMonth),
    rateBasisPoints: p.rateBasisPoints,
    hoursPerDay: u(p.hoursPerDay),
    startsOn: p.startsOn,
    leaveYearStartMonth: p.leaveYearStartMonth,
    carryOverMax: u(p.carryOverMax),
    carryOverExpiryMonths: p.carryOverExpiryMonths,
    balanceCap: u(p.balanceCap),
    onExceed: p.onExceed,
    createdByUserId: p.createdByUserId,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

function toLineDto(l: LedgerLine): LedgerLineDto {
  return {
    id: l.id,
    kind: l.kind,
    unit: l.unit,
    amount: units(l.amount),
    effectiveOn: l.effectiveOn,
    period: l.period,
    leaveRequestId: l.leaveRequestId,
    note: l.note,
    createdByUserId: l.createdByUserId,
    createdAt: l.createdAt.toISOString(),
  };
}

/**
 * Leave accrual: a policy per HR contract, and a ledger per person that every balance is summed
 * from. The job posts, for each person whose ACTIVE contract has a policy, each calendar month that
 * has ended in the tenant's timezone: its accrual, then at a leave year's end the carry-over, and at
 * the end of a carry-over window the expiry. Each of those lines is unique per person and period,
 * and a person's months are posted under a lock on their policy, so a rerun or a run after a crash
 * posts what is missing and nothing twice. Approved annual leave is a TAKEN line; HR corrects with
 * an ADJUSTMENT and a reason. Nothing here fires an event (spec 03 has none for balances).
 */
export class LeaveAccrualService implements LeaveBalanceGate, SettlementLedger {
  constructor(
    private readonly repo: LeaveAccrualRepository,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
    private readonly scopes: OutletScopeService,
    private readonly people: PeoplePolicy,
    private readonly logger: Logger,
  ) {}

  /** HR roles read every contract's policy; anyone else only their own, as GET /contracts/:id. */
  async policy(actor: Actor, contractId: string): Promise<AccrualPolicyDto> {
    const contract = await this.repo.contract(null, actor.tenantId, contractId);
    if (!contract || (!roleAllowed(actor.role, PEOPLE_ADMINS) && contract.userId !== actor.userId)) throw E404_CONTRACT();
    const policy = await this.repo.policyOf(actor.tenantId, contractId);
    if (!policy) throw E404_POLICY();
    return toPolicyDto(policy);
  }

  /** Sets or replaces the policy of a DRAFT or ACTIVE contract; the ledger already posted stays. */
  setPolicy(actor: Actor, contractId: string, body: PutAccrualPolicyBody): Promise<AccrualPolicyDto> {
    return this.transaction(async (tx) => {
      const contract = await this.repo.contract(tx, actor.tenantId, contractId);
      if (!contract) throw E404_CONTRACT();
      await this.people.assert(tx, actor, contract.userId, 'record');
      if (contract.status !== 'DRAFT' && contract.status !== 'ACTIVE') throw new ConflictError(`A contract that is ${contract.status} cannot take an accrual policy`);
      const startsOn = body.startsOn ?? contract.startDate;
      if (startsOn < contract.startDate) throw new BadRequestError([`startsOn must not be before the contract's start date (${contract.startDate})`]);
      const existing = await this.repo.policyOf(actor.tenantId, contractId);
      const now = this.clock.now();
      const h = (v: number | null | undefined) => (v === null || v === undefined ? null : Math.round(v * 100));
      const policy: AccrualPolicy = {
        contractId,
        tenantId: actor.tenantId,
        userId: contract.userId,
        method: body.method,
        unit: body.unit,
        amountPerMonth: h(body.amountPerMonth),
        rateBasisPoints: body.rateBasisPoints ?? null,
        hoursPerDay: h(body.hoursPerDay),
        startsOn,
        leaveYearStartMonth: body.leaveYearStartMonth,
        carryOverMax: h(body.carryOverMax),
        carryOverExpiryMonths: body.carryOverExpiryMonths,
        balanceCap: h(body.balanceCap),
        onExceed: body.onExceed,
        createdByUserId: existing?.createdByUserId ?? actor.userId,
        createdAt: existing?.createdAt ?? now,
        updatedAt: now,
      };
      await this.repo.upsert(tx, policy);
      return toPolicyDto(policy);
    });
  }

  removePolicy(actor: Actor, contractId: string): Promise<void> {
    return this.transaction(async (tx) => {
      const contract = await this.repo.contract(tx, actor.tenantId, contractId);
      if (!contract) throw E404_CONTRACT();
      await this.people.assert(tx, actor, contract.userId, 'record');
      if (!(await this.repo.remove(tx, actor.tenantId, contractId))) throw E404_POLICY();
    });
  }

  /** STAFF see their own balance; managers the people in their scope (an OUTLET_MANAGER: their outlets' and their own). */
  async list(actor: Actor, query: ListBalancesQuery): Promise<BalanceSummaryDto[]> {
    const manager = roleAllowed(actor.role, MANAGERS);
    const scope = manager ? await this.scopes.of(actor) : undefined;
    const rows = await this.repo.balances(actor.tenantId, {
      onlyUserId: manager ? undefined : actor.userId,
      visible: scope?.kind === 'outlets' ? { outletIds: scope.outletIds, userId: actor.userId } : undefined,
      limit: query.limit,
      offset: query.offset,
    });
    return rows.map((r) => ({ ...r, balance: units(r.balance) }));
  }

  /** A person outside the caller's reach is 404, as if they did not exist. */
  async balance(actor: Actor, userId: string): Promise<LeaveBalanceDto> {
    if (!(await this.repo.liveUserExists(actor.tenantId, userId)) || !(await this.canSee(actor, userId))) throw E404_USER();
    return this.transaction((tx) => this.balanceWithin(tx, actor.tenantId, userId));
  }

  /** HR's correction, with its reason, in the unit of the person's policy; never on one's own balance (the rank rule's `record`). */
  adjust(actor: Actor, userId: string, body: AdjustmentBody): Promise<LeaveBalanceDto> {
    return this.transaction(async (tx) => {
      if (!(await this.repo.liveUserExists(actor.tenantId, userId))) throw E404_USER();
      await this.people.assert(tx, actor, userId, 'record');
      const policy = await this.repo.activePolicyOf(tx, actor.tenantId, userId, true);
      if (!policy) throw new ConflictError('The person has no leave accrual policy in force: set one on their active contract first', 'NO_ACCRUAL_POLICY');
      const now = this.clock.now();
      await this.repo.insert(tx, {
        id: uuid(),
        tenantId: actor.tenantId,
        userId,
        kind: 'ADJUSTMENT',
        unit: policy.unit,
        amount: Math.round(body.amount * 100),
        effectiveOn: body.effectiveOn ?? localDate(now, policy.timezone),
        period: null,
        leaveRequestId: null,
        note: body.reason,
        createdByUserId: actor.userId,
        createdAt: now,
      });
      return this.balanceWithin(tx, actor.tenantId, userId);
    });
  }

  /** The job: every policy in force, each person in a transaction of their own so one failure holds up no other. */
  async runAccrual(): Promise<number> {
    const now = this.clock.now();
    let posted = 0;
    for (const { tenantId, contractId } of await this.repo.allActive()) {
      try {
        posted += await this.transaction((tx) => this.accrueOne(tx, tenantId, contractId, now));
      } catch (err) {
        this.logger.error({ err, tenantId, contractId }, 'leave not accrued; the next run tries again');
      }
    }
    return posted;
  }

  async check(tx: Tx, tenantId: string, userId: string, request: { id: string | null; leaveType: string; daysDecimal: number }): Promise<string | null> {
    if (request.leaveType !== 'ANNUAL') return null;
    // Locked, so two requests of one person are weighed against the balance one after the other.
    const policy = await this.repo.activePolicyOf(tx, tenantId, userId, true);
    if (!policy) return null;
    const amount = requestAmount(request.daysDecimal, policy.unit, policy.hoursPerDay === null ? null : units(policy.hoursPerDay));
    const available = await this.available(tx, policy, request.id);
    if (amount <= available) return null;
    const message = `The request takes ${fmt(amount)} ${unitWord(policy.unit)} of annual leave; the available balance is ${fmt(available)} ${unitWord(policy.unit)}`;
    if (policy.onExceed === 'REFUSE') throw new ConflictError(message, 'LEAVE_BALANCE_EXCEEDED');
    return message;
  }

  async take(tx: Tx, request: { id: string; tenantId: string; userId: string; leaveType: string; startDate: Date; endDate: Date; daysDecimal: number }, by: string, at: Date): Promise<void> {
    if (request.leaveType !== 'ANNUAL') return;
    const policy = await this.repo.activePolicyOf(tx, request.tenantId, request.userId, true);
    if (!policy) return;
    const amount = requestAmount(request.daysDecimal, policy.unit, policy.hoursPerDay === null ? null : units(policy.hoursPerDay));
    const first = localDate(request.startDate, policy.timezone);
    const last = localDate(request.endDate, policy.timezone);
    const perDay = policy.unit === 'HOURS' ? ` × ${fmt(policy.hoursPerDay!)} h a day` : '';
    await this.repo.insert(tx, {
      id: uuid(),
      tenantId: request.tenantId,
      userId: request.userId,
      kind: 'TAKEN',
      unit: policy.unit,
      amount: -amount,
      effectiveOn: first,
      period: null,
      leaveRequestId: request.id,
      note: `Annual leave ${first === last ? first : `${first} to ${last}`}: ${request.daysDecimal} day(s)${perDay}`,
      createdByUserId: by,
      createdAt: at,
    });
  }

  /**
   * The ledger's balance with what it would accrue up to the last working day but has not posted
   * yet (the final month pro rata, hours worked so far), in days: an HOURS balance divided by the
   * policy's hours per day, to the hundredth.
   */
  async balanceDays(tx: Tx, tenantId: string, userId: string, lastWorkingDay: string): Promise<number | null> {
    const policy = await this.repo.activePolicyOf(tx, tenantId, userId, false);
    if (!policy) return null;
    const posted = new Set((await this.repo.lines(tx, tenantId, userId)).filter((l) => l.kind === 'ACCRUAL').map((l) => l.period));
    const from = this.firstDay(policy);
    const end = policy.contractEndDate !== null && policy.contractEndDate < lastWorkingDay ? policy.contractEndDate : lastWorkingDay;
    let balance = await this.repo.balance(tx, tenantId, userId, policy.unit);
    for (let m = from.slice(0, 7); m <= end.slice(0, 7); m = addMonths(m, 1)) {
      if (posted.has(m)) continue;
      balance += capped((await this.accrualOf(tx, policy, m, from, end)).amount, balance, policy.balanceCap);
    }
    return policy.unit === 'DAYS' ? units(balance) : units(divRound(balance * 100, policy.hoursPerDay!));
  }

  private firstDay(p: ActivePolicy): string {
    return p.startsOn > p.contractStartDate ? p.startsOn : p.contractStartDate;
  }

  private async accrueOne(tx: Tx, tenantId: string, contractId: string, now: Date): Promise<number> {
    const p = await this.repo.lockActive(tx, tenantId, contractId);
    if (!p) return 0;
    const from = this.firstDay(p);
    const lastMonth = addMonths(localDate(now, p.timezone).slice(0, 7), -1);
    const done = new Set((await this.repo.lines(tx, tenantId, p.userId)).filter((l) => l.period !== null).map((l) => `${l.kind} ${l.period}`));
    let posted = 0;
    const post = async (kind: LedgerKind, period: string, effectiveOn: string, amount: number, note: string) => {
      const line = { id: uuid(), tenantId, userId: p.userId, kind, unit: p.unit, amount, effectiveOn, period, leaveRequestId: null, note, createdByUserId: null, createdAt: now };
      if (await this.repo.insert(tx, line)) posted++;
    };
    for (let m = from.slice(0, 7); m <= lastMonth; m = addMonths(m, 1)) {
      const end = lastDayOf(m);
      if (!done.has(`ACCRUAL ${m}`)) {
        const { amount, note } = await this.accrualOf(tx, p, m, from, p.contractEndDate);
        const before = await this.repo.balance(tx, tenantId, p.userId, p.unit, end);
        const granted = capped(amount, before, p.balanceCap);
        await post('ACCRUAL', m, end, granted, granted === amount ? note : `${note}; ${fmt(granted)} within the cap of ${fmt(p.balanceCap!)} (balance ${fmt(before)})`);
      }
      const year = leaveYearOf(m, p.leaveYearStartMonth);
      if (monthOfLeaveYear(m, p.leaveYearStartMonth) === 12 && !done.has(`CARRY_OVER ${year}`)) {
        const balance = await this.repo.balance(tx, tenantId, p.userId, p.unit, end);
        const { carried, forfeited } = carryOver(balance, p.carryOverMax);
        const limit = p.carryOverMax === null ? '' : ` (at most ${fmt(p.carryOverMax)})`;
        await post('CARRY_OVER', year, end, -forfeited, `Leave year from ${year}: ${fmt(balance)} at its end, ${fmt(carried)} carried${limit}, ${fmt(forfeited)} forfeited`);
      }
      if (p.carryOverExpiryMonths !== null && monthOfLeaveYear(m, p.leaveYearStartMonth) === p.carryOverExpiryMonths && !done.has(`EXPIRY ${year}`)) {
        if (await this.repo.line(tx, tenantId, p.userId, 'CARRY_OVER', addMonths(year, -12))) {
          const carried = await this.repo.balance(tx, tenantId, p.userId, p.unit, lastDayOf(addMonths(year, -1)));
          const taken = await this.repo.takenBetween(tx, tenantId, p.userId, p.unit, `${year}-01`, end);
          const balance = await this.repo.balance(tx, tenantId, p.userId, p.unit, end);
          const expired = expiring(carried, taken, balance);
          await post('EXPIRY', year, end, -expired, `Carried leave expires after ${p.carryOverExpiryMonths} month(s): ${fmt(carried)} carried, ${fmt(taken)} taken since ${year}-01, ${fmt(expired)} expired`);
        }
      }
    }
    return posted;
  }

  /** A month's accrual before the cap, with how it was reached; the policy covers [from, to] (to null: open). */
  private async accrualOf(tx: Tx, p: ActivePolicy, month: string, from: string, to: string | null): Promise<{ amount: number; note: string }> {
    const covered = daysCovered(month, from, to);
    const days = daysInMonth(month);
    const part = covered < days ? ` × ${covered}/${days} days` : '';
    if (p.method === 'MONTHLY') {
      const amount = monthlyAccrual({ amountPerMonth: p.amountPerMonth, yearly: p.annualLeave }, monthOfLeaveYear(month, p.leaveYearStartMonth), covered, days);
      const basis = p.amountPerMonth === null ? `${fmt(p.annualLeave)} days a year / 12` : `${fmt(p.amountPerMonth)} ${unitWord(p.unit)} a month`;
      return { amount, note: `${month}: ${basis}${part} = ${fmt(amount)}` };
    }
    if (covered === 0) return { amount: 0, note: `${month}: not covered` };
    const first = from > `${month}-01` ? from : `${month}-01`;
    const last = to !== null && to < lastDayOf(month) ? to : lastDayOf(month);
    const minutes = await this.repo.minutesWorked(tx, p.tenantId, p.userId, wallTimeToInstant(first, 0, p.timezone), wallTimeToInstant(nextDay(last), 0, p.timezone));
    const amount = hoursWorkedAccrual(minutes, p.rateBasisPoints!);
    return { amount, note: `${month}: ${fmt(p.rateBasisPoints!)} % of ${fmt(divRound(minutes * 100, 60))} h worked = ${fmt(amount)}` };
  }

  private async available(tx: Tx, p: ActivePolicy, exceptRequestId: string | null): Promise<number> {
    const balance = await this.repo.balance(tx, p.tenantId, p.userId, p.unit);
    const pending = await this.repo.pendingAnnualDays(tx, p.tenantId, p.userId, exceptRequestId);
    return balance - requestAmount(pending, p.unit, p.hoursPerDay === null ? null : units(p.hoursPerDay));
  }

  private async balanceWithin(tx: Tx, tenantId: string, userId: string): Promise<LeaveBalanceDto> {
    const policy = await this.repo.activePolicyOf(tx, tenantId, userId, false);
    const lines = await this.repo.lines(tx, tenantId, userId);
    const unit = policy?.unit ?? lines.at(-1)?.unit ?? null;
    const balance = lines.filter((l) => l.unit === unit).reduce((sum, l) => sum + l.amount, 0);
    const pending = policy ? balance - (await this.available(tx, policy, null)) : 0;
    return {
      userId,
      policy: policy ? toPolicyDto(policy) : null,
      unit,
      balance: units(balance),
      pending: units(pending),
      available: units(balance - pending),
      lines: lines.map(toLineDto),
    };
  }

  private async canSee(actor: Actor, userId: string): Promise<boolean> {
    if (userId === actor.userId) return true;
    if (!roleAllowed(actor.role, MANAGERS)) return false;
    return this.scopes.coversUser(actor.tenantId, await this.scopes.of(actor), userId);
  }
}
