import { rawRequest } from './raw';

/**
 * Saves a file the API answers (a PDF, a CSV) under `filename`. A download cannot go through the
 * typed client's JSON handling, and a link cannot carry the Bearer token, so the bytes are fetched
 * with it and handed to the browser as an object URL.
 */
export async function downloadFile(path: string, filename: string, method: 'GET' | 'POST' = 'GET'): Promise<void> {
  const res = await rawRequest(method, path);
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
