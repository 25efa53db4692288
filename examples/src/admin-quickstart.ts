import { pathToFileURL } from 'node:url';
import { createApiClient } from '@wfm/api-client/client';
import { baseUrl, required, runExample } from './env.js';

/**
 * An admin signs in, opens an outlet and lists the tenant's users: the first minutes of the web
 * console, through the typed client.
 */
export async function adminQuickstart(url: string, identifier: string, password: string, outlet: { name: string; code: string; city: string }) {
  const anonymous = createApiClient({ baseUrl: url });
  const login = await anonymous.POST('/auth/login', { body: { identifier, password } });
  if (!login.data) throw new Error(`sign-in refused: ${login.response.status}`);
  const api = createApiClient({ baseUrl: url, token: login.data.accessToken });
  const created = await api.POST('/outlets', { body: outlet });
  if (!created.data) throw new Error(`outlet not created: ${created.response.status} ${JSON.stringify(created.error)}`);
  const users = await api.GET('/users', { params: { query: { limit: 50 } } });
  if (!users.data) throw new Error(`users not listed: ${users.response.status}`);
  return { outlet: created.data, users: users.data };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runExample(async () => {
    const { outlet, users } = await adminQuickstart(
      baseUrl(),
      process.env.WFM_IDENTIFIER ?? 'tenant-owner@demo.test',
      required('WFM_PASSWORD'),
      { name: process.argv[2] ?? 'Example outlet', code: process.argv[3] ?? `EX-${Date.now() % 100_000}`, city: process.argv[4] ?? 'London' },
    );
    console.log(`outlet ${outlet.id} "${outlet.name}" created; the first page lists ${users.length} users`);
  });
}
