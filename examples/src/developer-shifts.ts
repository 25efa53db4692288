import { pathToFileURL } from 'node:url';
import { createApiClient } from '@wfm/api-client/client';
import { baseUrl, required, runExample } from './env.js';

/** An integration with a developer API key: every shift of the coming week, page by page. */
export async function upcomingShifts(url: string, apiKey: string, from: Date, opts: { days?: number; pageSize?: number } = {}) {
  const api = createApiClient({ baseUrl: url, token: apiKey });
  const to = new Date(from.getTime() + (opts.days ?? 7) * 86_400_000);
  const shifts = [];
  for (let offset = 0; ; ) {
    const page = await api.GET('/public/shifts', { params: { query: { from: from.toISOString(), to: to.toISOString(), limit: opts.pageSize ?? 100, offset } } });
    if (!page.data) throw new Error(`shifts not listed: ${page.response.status} ${JSON.stringify(page.error)}`);
    shifts.push(...page.data.data);
    offset += page.data.pagination.count;
    if (page.data.pagination.count < page.data.pagination.limit) return shifts;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runExample(async () => {
    const shifts = await upcomingShifts(baseUrl(), required('WFM_API_KEY'), new Date());
    for (const s of shifts) console.log(`${s.scheduledStart} → ${s.scheduledEnd}  ${s.status}  ${s.id}`);
    console.log(`${shifts.length} shifts in the next 7 days`);
  });
}
