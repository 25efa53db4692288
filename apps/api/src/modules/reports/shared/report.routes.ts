import { z } from 'zod';
import { toCsv, type CsvCell } from '@wfm/core/csv';
import type { Feature, Role } from '@wfm/core/tenancy';
import { ok, type ApiRouter, type Reply } from '../../../http/api-router.js';
import { currentDeveloper, currentUser } from '../../../http/auth.guard.js';
import { PDF_RESPONSES, type PdfProcessor } from '../../../pdf/pdf-processor.js';
import { MAX_REPORT_ROWS } from './report-limits.js';
import type { ReportCaller, ReportFilters } from './report-scope.js';
import { reportEnvelope, ReportQuery } from './report.schemas.js';

export interface ReportResult<R> {
  from: string;
  to: string;
  timezone: string;
  rows: R[];
}

export interface ReportColumn<R> {
  /** The CSV header and the PDF column title. */
  header: string;
  value: (row: R) => CsvCell;
  /** False for ids: a file for machines needs them, a printed page has no room for a UUID. */
  printed?: false;
}

/** One report: its rows' schema and columns, who may read it, and how its rows are made. */
export interface ReportDefinition<R> {
  /** `/reports/<path>` for signed-in users, `/public/reports/<path>` for integrations. */
  path: string;
  title: string;
  summary: string;
  row: z.ZodType<R>;
  columns: readonly ReportColumn<R>[];
  roles: readonly Role[];
  plan?: Feature;
  run(caller: ReportCaller, filters: ReportFilters): Promise<ReportResult<R>>;
}

export interface ReportOutputs {
  pdf: PdfProcessor;
  companyName(tenantId: string): Promise<string>;
}

const TAGS = ['reports'];

/**
 * Declares a report twice, for the console's users (roles, outlet scope) and for integrations
 * (the `reports:read` scope, tenant-wide), with one answer in three formats.
 */
export function reportRoutes<R>(r: ApiRouter, def: ReportDefinition<R>, out: ReportOutputs): void {
  const responses = {
    200: {
      description: `The report; CSV (formula-safe) and PDF with format=csv or format=pdf. At most ${MAX_REPORT_ROWS} rows`,
      schema: reportEnvelope(def.row),
      alternatives: { 'text/csv': z.string(), 'application/pdf': z.string().meta({ format: 'binary' }) },
    },
    400: { description: 'Validation failure, to before from, or more than 92 days' },
    404: { description: 'No outlet or person with the filtered id in the tenant' },
    422: { description: `REPORT_TOO_LARGE: more than ${MAX_REPORT_ROWS} rows (narrow the period or filter); PDF_TOO_COMPLEX` },
    503: PDF_RESPONSES[503],
  };
  const answer = async (tenantId: string, query: ReportQuery, caller: ReportCaller): Promise<Reply> => {
    const { format, ...filters } = query;
    const result = await def.run(caller, filters);
    if (format === 'json') return ok(result);
    const name = `${def.path}-${result.from}-to-${result.to}`;
    if (format === 'csv') {
      const csv = toCsv(
        def.columns.map((c) => c.header),
        result.rows.map((row) => def.columns.map((c) => c.value(row))),
      );
      return { status: 200, raw: { contentType: 'text/csv; charset=utf-8', data: csv }, headers: { 'Content-Disposition': `attachment; filename="${name}.csv"` } };
    }
    const printed = def.columns.filter((c) => c.printed !== false);
    const file = await out.pdf.report({
      title: def.title,
      subtitle: `${result.from} to ${result.to} · local days of each outlet (${result.timezone} where an outlet has no zone of its own)${filters.outletId ? ' · one outlet' : ''}${filters.userId ? ' · one person' : ''}`,
      companyName: await out.companyName(tenantId),
      columns: printed.map((c) => c.header),
      rows: result.rows.map((row) => printed.map((c) => String(c.value(row) ?? ''))),
    });
    return { status: 200, raw: { contentType: 'application/pdf', data: file }, headers: { 'Content-Disposition': `attachment; filename="${name}.pdf"` } };
  };

  r.get(
    `/reports/${def.path}`,
    { summary: `${def.summary}; an OUTLET_MANAGER sees their outlets only`, tags: TAGS, auth: { kind: 'user', roles: def.roles }, ...(def.plan ? { plan: def.plan } : {}), query: ReportQuery, responses: { ...responses, 403: { description: 'Role not allowed, or an outlet or person outside an OUTLET_MANAGER’s outlets' } } },
    async ({ req, query }) => {
      const user = currentUser(req);
      return answer(user.tenantId, query, { kind: 'user', actor: user });
    },
  );

  r.get(
    `/public/reports/${def.path}`,
    { summary: `${def.summary}; the whole tenant`, tags: TAGS, auth: { kind: 'developer', scope: 'reports:read' }, ...(def.plan ? { plan: def.plan } : {}), query: ReportQuery, responses },
    async ({ req, query }) => {
      const { tenantId } = currentDeveloper(req);
      return answer(tenantId, query, { kind: 'developer', tenantId });
    },
  );
}
