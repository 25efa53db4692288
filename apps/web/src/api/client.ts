import { createApiClient, type ApiClient } from '@wfm/api-client/client';
import { session } from './session';

/** The API is served by the same origin as this app. */
export const API_BASE = `${window.location.origin}/api/v1`;

/**
 * fetch with the session's access token; a 401 on a signed-in request refreshes the pair once and
 * sends the request again, and a session that cannot be refreshed is signed out.
 */
async function sessionFetch(info: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const input = new Request(info, init);
  const retry = input.clone();
  const token = session.current?.accessToken;
  if (token && !input.headers.has('authorization')) input.headers.set('authorization', `Bearer ${token}`);
  const res = await fetch(input);
  if (res.status !== 401 || !token || retry.headers.has('authorization')) return res;
  const pair = await session.refresh(API_BASE);
  if (!pair) return res;
  retry.headers.set('authorization', `Bearer ${pair.accessToken}`);
  return fetch(retry);
}

export const api: ApiClient = createApiClient({ baseUrl: API_BASE, fetch: sessionFetch });
