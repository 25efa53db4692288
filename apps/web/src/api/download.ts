import { ApiError, type ErrorBody } from './errors';
import { API_BASE } from './client';
import { session } from './session';

/**
 * Saves a file the API answers (a PDF, a CSV) under `filename`. A download cannot go through the
 * typed client's JSON handling, and a link cannot carry the Bearer token, so the bytes are fetched
 * with it and handed to the browser as an object URL.
 */
export async function downloadFile(path: string, filename: string, method: 'GET' | 'POST' = 'GET'): Promise<void> {
  const send = (token: string | undefined) => fetch(`${API_BASE}${path}`, { method, headers: token ? { authorization: `Bearer ${token}` } : {} });
  let res = await send(session.current?.accessToken);
  if (res.status === 401 && session.current) {
    const pair = await session.refresh(API_BASE);
    if (pair) res = await send(pair.accessToken);
  }
  if (!res.ok) throw new ApiError(res.status, (await res.json().catch(() => undefined)) as ErrorBody | undefined);
  const url = URL.createObjectURL(await res.blob());
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = filename;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
