export interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface HttpResponse {
  status: number;
  headers: { get(name: string): string | null };
  body: string;
}

/** Why a request got no HTTP answer at all. */
export class HttpTransportError extends Error {
  constructor(readonly kind: 'timeout' | 'network' | 'too-large') {
    super(`HTTP transport failure: ${kind}`);
  }
}

/**
 * The adapters' only way out to a provider, so tests can point them at a local fake server and
 * drive timeouts. `send` resolves for every HTTP status (3xx included) and rejects only with
 * HttpTransportError.
 */
export interface HttpClient {
  readonly timeoutSeconds: number;
  send(req: HttpRequest): Promise<HttpResponse>;
}

/** A door list of thousands of entries is well under this; anything bigger is not a provider answering. */
const MAX_RESPONSE_BYTES = 5 * 1024 * 1024;

/**
 * fetch with a hard deadline covering headers and body, a size cap, and no redirects: a provider
 * address is chosen by a tenant admin, and following a redirect would let it send our credentials
 * (and requests) somewhere the configured URL does not name.
 */
export class FetchHttpClient implements HttpClient {
  constructor(readonly timeoutSeconds = 10) {}

  async send(req: HttpRequest): Promise<HttpResponse> {
    const signal = AbortSignal.timeout(this.timeoutSeconds * 1000);
    try {
      const res = await fetch(req.url, {
        method: req.method,
        headers: req.headers,
        ...(req.body !== undefined ? { body: req.body } : {}),
        redirect: 'manual',
        signal,
      });
      return { status: res.status, headers: res.headers, body: await readCapped(res) };
    } catch (err) {
      if (err instanceof HttpTransportError) throw err;
      throw new HttpTransportError(signal.aborted ? 'timeout' : 'network');
    }
  }
}

async function readCapped(res: Response): Promise<string> {
  if (Number(res.headers.get('content-length') ?? 0) > MAX_RESPONSE_BYTES) {
    await res.body?.cancel();
    throw new HttpTransportError('too-large');
  }
  if (!res.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_RESPONSE_BYTES) throw new HttpTransportError('too-large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
