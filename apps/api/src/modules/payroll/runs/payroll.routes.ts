import { z } from 'zod';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import { PDF_RESPONSES, type PdfProcessor } from '../../../pdf/pdf-processor.js';
import { UserIdParams } from '../../organization/users/users.schemas.js';
import { journalCsv } from './payroll-engine.js';
import type { PaySettingRow, Payslip, Run } from './payroll.repository.js';
import type { PayrollService } from './payroll.service.js';
import {
  CreateDeductionRuleBody,
  CreateRunBody,
  DeductionRuleDto,
  JournalDto,
  JournalQuery,
  ListRunsQuery,
  PayDto,
  PayslipDto,
  PayslipParams,
  PutPayBody,
  RunDto,
  RunIdParams,
} from './payroll.schemas.js';
import { EVERY_ROLE, PEOPLE_ADMINS } from '@wfm/core/role-sets';

const TAGS = ['payroll'];
const E404 = { description: 'No payroll run with this id in the tenant' };

export function toRunDto(r: Run): RunDto {
  return {
    id: r.id,
    tenantId: r.tenantId,
    periodYearMonth: r.periodYearMonth,
    status: r.status,
    currency: r.currency,
    totalGrossMinor: r.totalGrossMinor,
    totalDeductionsMinor: r.totalDeductionsMinor,
    totalNetMinor: r.totalNetMinor,
    payslipCount: r.payslipCount,
    leftOut: r.leftOut,
    preparedByUserId: r.preparedByUserId,
    approvedByUserId: r.approvedByUserId,
    approvedAt: r.approvedAt?.toISOString() ?? null,
    paidByUserId: r.paidByUserId,
    paidAt: r.paidAt?.toISOString() ?? null,
    exportedAt: r.exportedAt?.toISOString() ?? null,
    exportReference: r.exportReference,
    computedAt: r.computedAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
  };
}

function toPayDto(p: PaySettingRow): PayDto {
  return {
    userId: p.userId,
    type: p.type,
    rateMinor: p.rateMinor,
    currency: p.currency,
    overtimeDailyMinutes: p.overtimeDailyMinutes,
    overtimeMultiplierPct: p.overtimeMultiplierPct,
    updatedByUserId: p.updatedByUserId,
    updatedAt: p.updatedAt.toISOString(),
  };
}

function toPayslipDto(s: Payslip, run: { periodYearMonth: string; status: Run['status'] }) {
  return {
    id: s.id,
    runId: s.runId,
    userId: s.userId,
    periodYearMonth: run.periodYearMonth,
    runStatus: run.status,
    currency: s.currency,
    grossMinor: s.grossMinor,
    deductionsMinor: s.deductionsMinor,
    netMinor: s.netMinor,
    lines: s.lines.map((l) => ({ code: l.code, description: l.description, quantity: l.quantity, amountMinor: l.amountMinor, ...(l.premium ? { premium: l.premium } : {}) })),
  };
}

export function payrollRoutes(r: ApiRouter, payroll: PayrollService, companyName: (tenantId: string) => Promise<string>, pdf: PdfProcessor): void {
  r.put(
    '/users/:id/pay',
    {
      summary: "Set a person's pay: an hourly or monthly rate in integer minor units, the currency, the overtime rule",
      tags: TAGS,
      auth: { kind: 'user', roles: PEOPLE_ADMINS },
      params: UserIdParams,
      body: PutPayBody,
      responses: { 200: { description: 'The pay settings', schema: PayDto }, 404: { description: 'No live user with this id in the tenant' } },
    },
    async ({ req, params, body }) => ok(toPayDto(await payroll.putPay(currentUser(req), params.id, body))),
  );

  r.get(
    '/users/:id/pay',
    { summary: "A person's pay settings: HR roles anyone's, anyone else their own", tags: TAGS, auth: { kind: 'user', roles: EVERY_ROLE }, params: UserIdParams, responses: { 200: { description: 'The pay settings', schema: PayDto }, 404: { description: 'None, or not visible to the caller' } } },
    async ({ req, params }) => ok(toPayDto(await payroll.getPay(currentUser(req), params.id))),
  );

  r.get('/payroll/deductions', { summary: "The tenant's deduction lines, in the order they apply", tags: TAGS, auth: { kind: 'user', roles: PEOPLE_ADMINS }, responses: { 200: { description: 'A bare array', schema: z.array(DeductionRuleDto) } } }, async ({ req }) =>
    ok(await payroll.rules(currentUser(req))),
  );
  r.post(
    '/payroll/deductions',
    {
      summary: 'Add a deduction line (a percentage of the gross or a fixed amount), applied after the existing ones',
      tags: TAGS,
      auth: { kind: 'user', roles: PEOPLE_ADMINS },
      body: CreateDeductionRuleBody,
      responses: { 201: { description: 'Every deduction line', schema: z.array(DeductionRuleDto) } },
    },
    async ({ req, body }) => created(await payroll.addRule(currentUser(req), body)),
  );
  r.delete(
    '/payroll/deductions/:id',
    { summary: 'Remove a deduction line (runs already computed keep theirs)', tags: TAGS, auth: { kind: 'user', roles: PEOPLE_ADMINS }, params: RunIdParams, responses: { 204: { description: 'Removed' }, 404: { description: 'No such line' } } },
    async ({ req, params }) => {
      await payroll.removeRule(currentUser(req), params.id);
      return { status: 204 };
    },
  );

  r.post(
    '/payroll/runs',
    {
      summary: "Compute a month's payroll (tenant timezone) from approved attendance and leave: one payslip per paid person, a DRAFT",
      tags: TAGS,
      auth: { kind: 'user', roles: PEOPLE_ADMINS },
      body: CreateRunBody,
      responses: {
        201: { description: 'The draft run', schema: RunDto },
        409: { description: 'RUN_EXISTS (recompute it instead), FUTURE_PERIOD, NOTHING_TO_PAY, MIXED_CURRENCIES' },
      },
    },
    async ({ req, body }) => {
      const user = currentUser(req);
      return created(toRunDto(await payroll.create(user, user.tenant.timezone, body.periodYearMonth)));
    },
  );

  r.get('/payroll/runs', { summary: 'Payroll runs, newest month first', tags: TAGS, auth: { kind: 'user', roles: PEOPLE_ADMINS }, query: ListRunsQuery, responses: { 200: { description: 'A bare array', schema: z.array(RunDto) } } }, async ({ req, query }) =>
    ok((await payroll.list(currentUser(req), query)).map(toRunDto)),
  );
  r.get('/payroll/runs/:id', { summary: 'One payroll run', tags: TAGS, auth: { kind: 'user', roles: PEOPLE_ADMINS }, params: RunIdParams, responses: { 200: { description: 'The run', schema: RunDto }, 404: E404 } }, async ({ req, params }) =>
    ok(toRunDto(await payroll.get(currentUser(req), params.id))),
  );

  r.post(
    '/payroll/runs/:id/recompute',
    { summary: 'Compute a DRAFT again from the data as it is now', tags: TAGS, auth: { kind: 'user', roles: PEOPLE_ADMINS }, params: RunIdParams, responses: { 200: { description: 'The run', schema: RunDto }, 404: E404, 409: { description: 'Not a DRAFT; NOTHING_TO_PAY; MIXED_CURRENCIES' } } },
    async ({ req, params }) => {
      const user = currentUser(req);
      return ok(toRunDto(await payroll.recompute(user, user.tenant.timezone, params.id)));
    },
  );

  r.post(
    '/payroll/runs/:id/approve',
    {
      summary: 'Approve a DRAFT, which finalizes it: fires payroll.approved and payroll.finalized; the journal becomes exportable',
      tags: TAGS,
      auth: { kind: 'user', roles: PEOPLE_ADMINS },
      params: RunIdParams,
      responses: { 200: { description: 'The FINALIZED run', schema: RunDto }, 403: { description: 'Role not allowed; FOUR_EYES: the caller computed the run' }, 404: E404, 409: { description: 'Not a DRAFT' } },
    },
    async ({ req, params }) => ok(toRunDto(await payroll.approve(currentUser(req), params.id))),
  );

  r.post(
    '/payroll/runs/:id/mark-paid',
    { summary: 'Mark a FINALIZED run paid; fires payroll.paid', tags: TAGS, auth: { kind: 'user', roles: PEOPLE_ADMINS }, params: RunIdParams, responses: { 200: { description: 'The PAID run', schema: RunDto }, 404: E404, 409: { description: 'Not FINALIZED' } } },
    async ({ req, params }) => ok(toRunDto(await payroll.markPaid(currentUser(req), params.id))),
  );

  r.get(
    '/payroll/runs/:id/journal',
    {
      summary: "A finalized run's double-entry journal (debits = credits), as JSON or CSV",
      tags: TAGS,
      auth: { kind: 'user', roles: PEOPLE_ADMINS },
      params: RunIdParams,
      query: JournalQuery,
      responses: { 200: { description: 'The journal', schema: JournalDto, alternatives: { 'text/csv': z.string() } }, 404: E404, 409: { description: 'NOT_FINALIZED' } },
    },
    async ({ req, params, query }) => {
      const run = await payroll.journal(currentUser(req), params.id);
      if (query.format === 'json') return ok(run.journal);
      return { status: 200, raw: { contentType: 'text/csv; charset=utf-8', data: journalCsv(run.journal) }, headers: { 'Content-Disposition': `attachment; filename="payroll-journal-${run.periodYearMonth}.csv"` } };
    },
  );

  r.get(
    '/payroll/runs/:id/payslips',
    { summary: "A run's payslips", tags: TAGS, auth: { kind: 'user', roles: PEOPLE_ADMINS }, params: RunIdParams, responses: { 200: { description: 'A bare array', schema: z.array(PayslipDto) }, 404: E404 } },
    async ({ req, params }) => {
      const { run, slips } = await payroll.payslips(currentUser(req), params.id);
      return ok(slips.map((s) => toPayslipDto(s, run)));
    },
  );

  r.get(
    '/payroll/runs/:id/payslips/:userId',
    { summary: "One payslip with its lines: HR roles any, anyone else their own once the run is approved", tags: TAGS, auth: { kind: 'user', roles: EVERY_ROLE }, params: PayslipParams, responses: { 200: { description: 'The payslip', schema: PayslipDto }, 404: { description: 'No such payslip the caller may see' } } },
    async ({ req, params }) => {
      const { run, slip } = await payroll.payslip(currentUser(req), params.id, params.userId);
      return ok(toPayslipDto(slip, run));
    },
  );

  r.get(
    '/payroll/runs/:id/payslips/:userId/pdf',
    {
      summary: 'The payslip as a PDF (same visibility as the payslip)',
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      params: PayslipParams,
      responses: { 200: { description: 'A PDF', alternatives: { 'application/pdf': z.string().meta({ format: 'binary' }) } }, 404: { description: 'No such payslip the caller may see' }, ...PDF_RESPONSES },
    },
    async ({ req, params }) => {
      const user = currentUser(req);
      const { run, slip, employeeName } = await payroll.payslip(user, params.id, params.userId);
      const file = await pdf.payslip({ slip, employeeName, companyName: await companyName(user.tenantId), periodYearMonth: run.periodYearMonth, status: run.status });
      return { status: 200, raw: { contentType: 'application/pdf', data: file }, headers: { 'Content-Disposition': `attachment; filename="payslip-${run.periodYearMonth}.pdf"` } };
    },
  );

  r.get('/payroll/payslips', { summary: "The caller's own payslips of approved runs, newest month first", tags: TAGS, auth: { kind: 'user', roles: EVERY_ROLE }, responses: { 200: { description: 'A bare array', schema: z.array(PayslipDto) } } }, async ({ req }) =>
    ok((await payroll.mine(currentUser(req))).map((s) => toPayslipDto(s, { periodYearMonth: s.periodYearMonth, status: s.runStatus }))),
  );
}
