import { API_BASE } from './client';
import { ApiError, type ErrorBody } from './errors';
import { session } from './session';

/**
 * A request the typed client cannot make (a file to download, a multipart upload), sent with the
 * session's token and, like the client's, once more after a refresh when the token was refused.
 * Anything but a 2xx is an ApiError with the API's error body.
 */
export async function rawRequest(method: 'GET' | 'POST' | 'PUT', path: string, body?: FormData): Promise<Response> {
  const send = (token: string | undefined) => fetch(`${API_BASE}${path}`, { method, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(body ? { body } : {}) });
  let res = await send(session.current?.accessToken);
  if (res.status === 401 && session.current) {
    const pair = await session.refresh(API_BASE);
    if (pair) res = await send(pair.accessToken);
  }
  if (!res.ok) throw new ApiError(res.status, (await res.json().catch(() => undefined)) as ErrorBody | undefined);
  return res;
}

/** A multipart upload of `fields` (strings and files). */
export async function sendForm(method: 'POST' | 'PUT', path: string, fields: Record<string, string | Blob>): Promise<void> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  await rawRequest(method, path, form);
}
