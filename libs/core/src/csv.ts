/**
 * CSV as RFC 4180 writes it, safe to open in a spreadsheet: a text cell a spreadsheet would read as a
 * formula (it begins with =, +, -, @, a tab or a carriage return; OWASP's CSV injection list) is
 * prefixed with a single quote, so a person's name or a zone's label typed as `=HYPERLINK(…)` shows
 * as text instead of running. Numbers are written as they are: a negative amount stays a number.
 */
export type CsvCell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header line and one line per row, CRLF-terminated. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
