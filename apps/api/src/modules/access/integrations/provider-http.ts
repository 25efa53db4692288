import { Agent, request } from 'node:https';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { checkEgress, EgressRefusedError, pinnedLookup, type EgressOptions } from '@wfm/webhooks/egress';
import { secureContextTrusting } from '@wfm/webhooks/sender';

export interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  /** Text is sent as UTF-8; a Buffer as it is (an encrypted push message). */
  body?: string | Buffer;
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
 * drive timeouts. `send` resolves for every HTTP status (3xx included); it rejects with
 * EgressRefusedError when the URL fails the egress check (nothing was sent) and with
 * HttpTransportError when no answer came.
 */
export interface HttpClient {
  readonly timeoutSeconds: number;
  send(req: HttpRequest): Promise<HttpResponse>;
}

/** A door list of thousands of entries is well under this; anything bigger is not a provider answering. */
const MAX_RESPONSE_BYTES = 5 * 1024 * 1024;

export interface EgressHttpClientOptions {
  /** The webhook egress settings: the same allow-list (WEBHOOK_ALLOWED_TARGETS) and resolver. */
  egress: EgressOptions;
  /** CA certificates trusted besides the system roots (WEBHOOK_CA_FILE; tests). */
  ca?: string;
  timeoutSeconds?: number;
}

/**
 * HTTPS to a provider address a tenant admin chose, under the webhook egress rules (spec 03,
 * rule 5): every request is checked right before it is sent (https only; every address the name
 * resolves to must be public or allowed), and connects to exactly the address that passed, so a
 * rebinding DNS answer cannot redirect it. Redirects are never followed: the 3xx is returned, and
 * following it would send our credentials somewhere the checked URL does not name. One deadline
 * covers DNS, connect, TLS, headers and body; the body is capped.
 */
export class EgressHttpClient implements HttpClient {
  readonly timeoutSeconds: number;
  // No keep-alive: a pooled socket would go to whatever address an earlier request's check passed.
  private readonly agent: Agent;

  constructor(private readonly opts: EgressHttpClientOptions) {
    this.timeoutSeconds = opts.timeoutSeconds ?? 10;
    this.agent = new Agent({ keepAlive: false, secureContext: secureContextTrusting(opts.ca) });
  }

  async send(req: HttpRequest): Promise<HttpResponse> {
    const deadline = AbortSignal.timeout(this.timeoutSeconds * 1000);
    const egress = await checkEgress(req.url, { ...this.opts.egress, resolveTimeoutMs: Math.min(this.opts.egress.resolveTimeoutMs ?? 5000, this.timeoutSeconds * 1000) });
    if (!egress.ok) throw new EgressRefusedError(egress.reason);
    if (deadline.aborted) throw new HttpTransportError('timeout');
    return this.exchange(req, egress, deadline);
  }

  private exchange(req: HttpRequest, pinned: { address: string; family: 4 | 6 }, deadline: AbortSignal): Promise<HttpResponse> {
    const url = new URL(req.url);
    const body = req.body === undefined ? undefined : Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body, 'utf8');
    return new Promise((resolve, reject) => {
      let settled = false;
      const fail = (kind: HttpTransportError['kind']) => {
        if (settled) return;
        settled = true;
        r.destroy();
        reject(new HttpTransportError(kind));
      };
      const r = request(
        {
          method: req.method,
          protocol: 'https:',
          hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
          port: url.port || 443,
          path: `${url.pathname}${url.search}`,
          headers: { ...req.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
          agent: this.agent,
          lookup: pinnedLookup(pinned),
          signal: deadline,
        },
        (res: IncomingMessage) => {
          if (Number(res.headers['content-length'] ?? 0) > MAX_RESPONSE_BYTES) return fail('too-large');
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_RESPONSE_BYTES) return fail('too-large');
            chunks.push(chunk);
          });
          res.on('end', () => {
            if (settled) return;
            settled = true;
            resolve({ status: res.statusCode ?? 0, headers: headerReader(res.headers), body: Buffer.concat(chunks).toString('utf8') });
          });
          res.on('error', () => fail(deadline.aborted ? 'timeout' : 'network'));
          res.on('close', () => {
            if (!res.complete) fail(deadline.aborted ? 'timeout' : 'network');
          });
        },
      );
      r.on('error', () => fail(deadline.aborted ? 'timeout' : 'network'));
      r.end(body);
    });
  }
}

function headerReader(headers: IncomingHttpHeaders): HttpResponse['headers'] {
  return {
    get(name: string): string | null {
      const value = headers[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(', ') : value;
    },
  };
}
