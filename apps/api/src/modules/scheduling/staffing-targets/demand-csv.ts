import { MAX_DEMAND_CSV_ROWS } from './staffing-targets.schemas.js';

const COLUMNS = ['outlet', 'date', 'hour', 'sales'] as const;
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

export interface DemandRow {
  line: number;
  outlet: string;
  weekday: number;
  hour: number;
  sales: number;
}

export interface ParsedDemand {
  rows: DemandRow[];
  /** Data rows read. */
  count: number;
  errors: Array<{ line: number; errors: string[] }>;
}

/** One CSV line into fields: commas separate, double quotes enclose, "" is a quote. */
function fields(line: string): string[] {
  if (!line.includes('"')) return line.split(',').map((f) => f.trim());
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out.map((f) => f.trim());
}

/** Rows parsed between two yields to the event loop: a few milliseconds of work. */
const ROWS_PER_TURN = 2000;

/**
 * Reads a demand CSV row by row: a row that fails is listed with its line and reasons and the others
 * still count. The header names the columns; a missing one fails the file (every row would fail).
 * A file of MAX_DEMAND_CSV_ROWS takes tens of milliseconds, so it yields to the event loop every
 * ROWS_PER_TURN rows rather than hold up other requests for all of it.
 */
export async function parseDemandCsv(csv: string): Promise<ParsedDemand | { header: string }> {
  const lines = csv.split(/\r?\n/);
  while (lines.length && lines[lines.length - 1]!.trim() === '') lines.pop();
  const header = fields(lines[0] ?? '').map((h) => h.toLowerCase());
  const missing = COLUMNS.filter((c) => !header.includes(c));
  if (missing.length) return { header: `the header must name the columns ${COLUMNS.join(', ')}; missing: ${missing.join(', ')}` };
  if (lines.length - 1 > MAX_DEMAND_CSV_ROWS) return { header: `at most ${MAX_DEMAND_CSV_ROWS} rows; split the file` };
  const at = Object.fromEntries(COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<(typeof COLUMNS)[number], number>;
  const parsed: ParsedDemand = { rows: [], count: 0, errors: [] };
  for (let i = 1; i < lines.length; i++) {
    if (i % ROWS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    const raw = lines[i]!;
    if (raw.trim() === '') continue;
    parsed.count++;
    const f = fields(raw);
    const errors: string[] = [];
    const outlet = f[at.outlet] ?? '';
    if (!outlet) errors.push('outlet is required');
    const weekday = weekdayOf(f[at.date] ?? '');
    if (weekday === null) errors.push('date must be a date (YYYY-MM-DD) or a weekday (Mon…Sun)');
    const hourText = f[at.hour] ?? '';
    const hour = /^\d{1,2}$/.test(hourText) ? Number(hourText) : NaN;
    if (!(hour >= 0 && hour <= 23)) errors.push('hour must be a whole number from 0 to 23');
    const salesText = f[at.sales] ?? '';
    const sales = /^\d+(\.\d+)?$/.test(salesText) ? Number(salesText) : NaN;
    if (!Number.isFinite(sales)) errors.push('sales must be a number of at least 0');
    if (errors.length) parsed.errors.push({ line: i + 1, errors });
    else parsed.rows.push({ line: i + 1, outlet, weekday: weekday!, hour, sales });
  }
  return parsed;
}

function weekdayOf(text: string): number | null {
  const name = WEEKDAYS.indexOf(text.slice(0, 3).toLowerCase());
  if (name >= 0 && /^[a-z]+$/i.test(text)) return name + 1;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const d = new Date(`${text}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== text) return null;
  return ((d.getUTCDay() + 6) % 7) + 1;
}

/** Heads per outlet, weekday and hour: the average of the rows' sales over the productivity ratio, rounded up. */
export function requiredHeads(rows: readonly DemandRow[], salesPerStaffHour: number): Array<{ outlet: string; weekday: number; hour: number; required: number }> {
  const sums = new Map<string, { outlet: string; weekday: number; hour: number; total: number; n: number }>();
  for (const r of rows) {
    const key = `${r.outlet}|${r.weekday}|${r.hour}`;
    const s = sums.get(key) ?? { outlet: r.outlet, weekday: r.weekday, hour: r.hour, total: 0, n: 0 };
    s.total += r.sales;
    s.n++;
    sums.set(key, s);
  }
  return [...sums.values()].map((s) => ({ outlet: s.outlet, weekday: s.weekday, hour: s.hour, required: Math.min(500, Math.ceil(s.total / s.n / salesPerStaffHour - 1e-9)) }));
}
