import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { ConflictError, ForbiddenError, NotFoundError } from '@wfm/core/errors';
import { roleAllowed } from '@wfm/core/tenancy';
import { recordEvent } from '@wfm/db/domain-events.repository';
import type { TransactionRunner, Tx } from '@wfm/db/transaction';
import type { Actor } from '@wfm/core/principal';
import { PEOPLE_ADMINS } from '@wfm/core/role-sets';
import { wallTimeToInstant } from '../../time/leave/leave-period.js';
import { buildJournal, computePayslip, localDate, type DeductionRule, type LeaveSpan, type WorkedInterval } from './payroll-engine.js';
import type { PaySettingRow, Payslip, PayrollRepository, Run, RunStatus } from './payroll.repository.js';
import type { CreateDeductionRuleBody, ListRunsQuery, PutPayBody } from './payroll.schemas.js';
import type { PeoplePolicy } from '../../organization/users/people-policy.service.js';
import type { PremiumsService } from '../premiums/premiums.service.js';

function runNotFound(): NotFoundError {
  return new NotFoundError('Payroll run not found');
}

/** The first day of the month after `ym` (YYYY-MM). */
function nextMonth(ym: string): string {
  const [y, m] = ym.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

function groupBy<T extends { userId: string }>(rows: T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) out.set(r.userId, [...(out.get(r.userId) ?? []), r]);
  return out;
}

/** The money of a run as spec 03's payroll events carry it. */
function totals(run: Run) {
  return {
    tenantId: run.tenantId,
    payrollRunId: run.id,
    periodYearMonth: run.periodYearMonth,
    currency: run.currency,
    totalGrossMinor: run.totalGrossMinor,
    totalNetMinor: run.totalNetMinor,
    totalDeductionsMinor: run.totalDeductionsMinor,
  };
}

/**
 * Payroll, run by HR roles each month: pay settings per person, the tenant's deduction lines, a
 * run computed from approved attendance and leave (recomputable while DRAFT), approved — which
 * finalizes it (spec 03: payroll.approved and payroll.finalized together) — and marked paid
 * (payroll.paid). With four-eyes on, the approver is not the person who last computed the run.
 * A person whose working-time rules pay premiums (issue 31) gets premium lines on their payslip.
 */
export class PayrollService {
  constructor(
    private readonly repo: PayrollRepository,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
    private readonly people: PeoplePolicy,
    private readonly premiums: PremiumsService,
  ) {}

  putPay(actor: Actor, userId: string, body: PutPayBody): Promise<PaySettingRow> {
    return this.transaction(async (tx) => {
      if (!(await this.repo.liveUser(tx, actor.tenantId, userId))) throw new NotFoundError('User not found');
      await this.people.assert(tx, actor, userId, 'record');
      return this.repo.upsertPay(tx, {
        tenantId: actor.tenantId,
        userId,
        type: body.type,
        rateMinor: body.rateMinor,
        currency: body.currency,
        overtimeDailyMinutes: body.overtimeDailyMinutes ?? 480,
        overtimeMultiplierPct: body.overtimeMultiplierPct ?? 150,
        by: actor.userId,
        at: this.clock.now(),
      });
    });
  }

  /** HR roles read anyone's pay, anyone else their own. */
  async getPay(actor: Actor, userId: string): Promise<PaySettingRow> {
    const pay = roleAllowed(actor.role, PEOPLE_ADMINS) || userId === actor.userId ? await this.repo.findPay(actor.tenantId, userId) : null;
    if (!pay) throw new NotFoundError('No pay settings for this user');
    return pay;
  }

  rules(actor: Actor): Promise<DeductionRule[]> {
    return this.repo.rules(null, actor.tenantId);
  }

  addRule(actor: Actor, body: CreateDeductionRuleBody): Promise<DeductionRule[]> {
    return this.transaction(async (tx) => {
      await this.repo.insertRule(tx, {
        id: uuid(),
        tenantId: actor.tenantId,
        name: body.name,
        kind: body.kind,
        basisPoints: body.basisPoints ?? null,
        amountMinor: body.amountMinor ?? null,
        accountCode: body.accountCode,
        at: this.clock.now(),
      });
      return this.repo.rules(tx, actor.tenantId);
    });
  }

  async removeRule(actor: Actor, id: string): Promise<void> {
    if ((await this.repo.deleteRule(actor.tenantId, id)) === 0) throw new NotFoundError('Deduction rule not found');
  }

  create(actor: Actor, timezone: string, periodYearMonth: string): Promise<Run> {
    if (periodYearMonth > localDate(this.clock.now(), timezone).slice(0, 7)) throw new ConflictError('The month has not started yet', 'FUTURE_PERIOD');
    return this.transaction(async (tx) => {
      await this.repo.lockTenant(tx, actor.tenantId);
      const existing = await this.repo.findRunOfMonth(tx, actor.tenantId, periodYearMonth);
      if (existing) throw runExists(periodYearMonth, existing.status);
      const run = await this.compute(tx, actor, timezone, { id: uuid(), periodYearMonth, createdAt: this.clock.now() });
      await this.repo.insertRun(tx, run.run);
      await this.repo.replacePayslips(tx, actor.tenantId, run.run.id, run.slips);
      return run.run;
    });
  }

  /** A draft computed again from the data as it is now (late approvals, corrected pay). */
  recompute(actor: Actor, timezone: string, id: string): Promise<Run> {
    return this.transaction(async (tx) => {
      await this.repo.lockTenant(tx, actor.tenantId);
      const current = await this.repo.lockRun(tx, actor.tenantId, id);
      if (!current) throw runNotFound();
      if (current.status !== 'DRAFT') throw new ConflictError(`A run that is ${current.status} cannot be recomputed`);
      const { run, slips } = await this.compute(tx, actor, timezone, current);
      await this.repo.replaceTotals(tx, run);
      await this.repo.replacePayslips(tx, actor.tenantId, id, slips);
      return (await this.repo.findRun(tx, actor.tenantId, id))!;
    });
  }

  /** DRAFT → FINALIZED, once; fires payroll.approved and payroll.finalized with the same payload. */
  approve(actor: Actor, id: string): Promise<Run> {
    return this.transaction(async (tx) => {
      const { fourEyes } = await this.repo.lockTenant(tx, actor.tenantId);
      const run = await this.repo.lockRun(tx, actor.tenantId, id);
      if (!run) throw runNotFound();
      if (run.status !== 'DRAFT') throw new ConflictError(`A run that is ${run.status} cannot be approved`);
      if (fourEyes && run.preparedByUserId === actor.userId) throw new ForbiddenError('Four-eyes: the run is approved by someone other than the person who computed it', 'FOUR_EYES');
      const now = this.clock.now();
      const approved = await this.repo.approve(tx, actor.tenantId, id, actor.userId, now);
      const payload = { ...totals(approved), payslipCount: approved.payslipCount, approverUserId: actor.userId };
      await recordEvent(tx, actor.tenantId, 'payroll.approved', payload, now);
      await recordEvent(tx, actor.tenantId, 'payroll.finalized', payload, now);
      return approved;
    });
  }

  /** FINALIZED → PAID, once; fires payroll.paid. */
  markPaid(actor: Actor, id: string): Promise<Run> {
    return this.transaction(async (tx) => {
      const run = await this.repo.lockRun(tx, actor.tenantId, id);
      if (!run) throw runNotFound();
      if (run.status !== 'FINALIZED') throw new ConflictError(`A run that is ${run.status} cannot be marked paid`);
      const now = this.clock.now();
      const paid = await this.repo.markPaid(tx, actor.tenantId, id, actor.userId, now);
      await recordEvent(tx, actor.tenantId, 'payroll.paid', { ...totals(paid), paidAt: now.toISOString(), paidByUserId: actor.userId }, now);
      return paid;
    });
  }

  async get(actor: Actor, id: string): Promise<Run> {
    const run = await this.repo.findRun(null, actor.tenantId, id);
    if (!run) throw runNotFound();
    return run;
  }

  list(actor: Actor, query: ListRunsQuery): Promise<Run[]> {
    return this.repo.listRuns(actor.tenantId, query.limit, query.offset);
  }

  /** The journal of a finalized (or paid) run: exportable from finalization on. */
  async journal(actor: Actor, id: string): Promise<Run> {
    const run = await this.get(actor, id);
    if (run.status === 'DRAFT') throw new ConflictError('The journal of a run is exportable once the run is approved', 'NOT_FINALIZED');
    return run;
  }

  /** Records where the journal went (the provider's id of the posted journal). */
  markExported(actor: Actor, id: string, reference: string): Promise<Run> {
    return this.repo.markExported(actor.tenantId, id, reference, this.clock.now());
  }

  async payslips(actor: Actor, id: string): Promise<{ run: Run; slips: Payslip[] }> {
    const run = await this.get(actor, id);
    return { run, slips: await this.repo.payslips(actor.tenantId, id) };
  }

  /** HR roles read any payslip; anyone else their own, once the run is approved. */
  async payslip(actor: Actor, runId: string, userId: string): Promise<{ run: Run; slip: Payslip; employeeName: string }> {
    const hr = roleAllowed(actor.role, PEOPLE_ADMINS);
    const run = await this.repo.findRun(null, actor.tenantId, runId);
    const slip = run && (hr || (userId === actor.userId && run.status !== 'DRAFT')) ? await this.repo.payslip(actor.tenantId, runId, userId) : null;
    if (!run || !slip) throw new NotFoundError('Payslip not found');
    return { run, slip, employeeName: (await this.repo.fullName(actor.tenantId, userId)) ?? '' };
  }

  mine(actor: Actor) {
    return this.repo.payslipsOf(actor.tenantId, actor.userId);
  }

  private async compute(tx: Tx, actor: Actor, timezone: string, base: { id: string; periodYearMonth: string; createdAt: Date }): Promise<{ run: Run; slips: Payslip[] }> {
    const ym = base.periodYearMonth;
    const from = wallTimeToInstant(`${ym}-01`, 0, timezone);
    const to = wallTimeToInstant(nextMonth(ym), 0, timezone);
    const payable = await this.repo.payable(tx, actor.tenantId, from, to);
    if (payable.length === 0) throw new ConflictError('Nobody has pay settings: set them with PUT /users/:id/pay', 'NOTHING_TO_PAY');
    const currencies = [...new Set(payable.map((p) => p.currency))];
    if (currencies.length > 1) throw new ConflictError(`Pay settings use several currencies (${currencies.join(', ')}): one run pays in one`, 'MIXED_CURRENCIES');
    const worked = groupBy<WorkedInterval & { userId: string }>(await this.repo.worked(tx, actor.tenantId, from, to));
    const leave = groupBy<LeaveSpan & { userId: string }>(await this.repo.leave(tx, actor.tenantId, from, to));
    const rules = await this.repo.rules(tx, actor.tenantId);
    const leftOut = await this.repo.leftOut(tx, actor.tenantId, from, to);
    const premiums = await this.premiums.forRun(tx, actor.tenantId, timezone, ym, payable);
    const slips: Payslip[] = payable.map((p) => ({
      id: uuid(),
      runId: base.id,
      userId: p.userId,
      currency: p.currency,
      ...computePayslip({ setting: p, yearMonth: ym, timeZone: timezone, worked: worked.get(p.userId) ?? [], leave: leave.get(p.userId) ?? [], rules, premiums: premiums.get(p.userId) }),
    }));
    const gross = slips.reduce((s, x) => s + x.grossMinor, 0);
    const deductions = slips.reduce((s, x) => s + x.deductionsMinor, 0);
    const now = this.clock.now();
    return {
      slips,
      run: {
        id: base.id,
        tenantId: actor.tenantId,
        periodYearMonth: ym,
        status: 'DRAFT',
        currency: currencies[0]!,
        totalGrossMinor: gross,
        totalDeductionsMinor: deductions,
        totalNetMinor: gross - deductions,
        payslipCount: slips.length,
        journal: buildJournal(ym, currencies[0]!, slips),
        leftOut,
        preparedByUserId: actor.userId,
        approvedByUserId: null,
        approvedAt: null,
        paidByUserId: null,
        paidAt: null,
        exportedAt: null,
        exportReference: null,
        computedAt: now,
        createdAt: base.createdAt,
      },
    };
  }
}

/** A month has one run: a draft is recomputed, a finalized or paid month is not run again. */
function runExists(periodYearMonth: string, status: RunStatus): ConflictError {
  if (status === 'DRAFT') return new ConflictError(`The run for ${periodYearMonth} is a draft: recompute it instead`, 'RUN_EXISTS');
  return new ConflictError(`The run for ${periodYearMonth} is ${status === 'PAID' ? 'paid' : 'finalized'}: a month is paid once`, 'RUN_EXISTS');
}
