/**
 * RFC 4180 CSV: fields separated by commas, records by CRLF or LF; a quoted field may hold commas,
 * line breaks and doubled quotes. A leading byte-order mark is dropped; blank records are skipped.
 */
export function parseCsv(text: string): string[][] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      record.push(field);
      if (record.some((f) => f.trim() !== '')) records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  record.push(field);
  if (record.some((f) => f.trim() !== '')) records.push(record);
  return records;
}

/** Which column of the header row holds each field (-1: none), given the header names each field may have. */
export function mapHeader<C extends string>(header: string[], columns: Record<C, readonly string[]>): Record<C, number> {
  const norm = header.map((h) => h.trim().toLowerCase());
  return Object.fromEntries(Object.entries<readonly string[]>(columns).map(([col, names]) => [col, norm.findIndex((h) => names.includes(h))])) as Record<C, number>;
}
