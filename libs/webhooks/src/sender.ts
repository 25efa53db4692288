import { Agent, request, type RequestOptions } from 'node:https';
import type { IncomingMessage } from 'node:http';
import { createSecureContext, rootCertificates, type SecureContext } from 'node:tls';
import { pinnedLookup } from './egress.js';

export interface SendRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  /** The address that passed the egress check; the only one the sender connects to. */
  pinnedAddress: string;
  family: 4 | 6;
}

export interface SendResult {
  /** The receiver's HTTP status, 0 when no response arrived. */
  status: number;
  /** First 500 characters of the response body. */
  bodyExcerpt: string;
  /** Why no complete response arrived (connection, TLS, timeout); null when one did. */
  error: string | null;
}

export interface SenderOptions {
  /** Spec 03: the receiver has this long to answer. */
  timeoutMs: number;
  /** CA certificates trusted besides the system roots (a receiver with a private CA; tests). */
  ca?: string | Buffer | Array<string | Buffer>;
  /** Sockets per receiver address; the worker's in-flight bound is the real limit. */
  maxSocketsPerOrigin?: number;
  /** Keep-alive pools kept at once; the least recently used is closed beyond this. */
  maxOrigins?: number;
}

const EXCERPT_CHARS = 500;
// Enough bytes for 500 characters of any UTF-8; a longer body is cut off and its socket dropped.
const READ_LIMIT_BYTES = EXCERPT_CHARS * 4;
const DRAIN_LIMIT_BYTES = 64 * 1024;

export function firstChars(text: string, n = EXCERPT_CHARS): string {
  if (text.length <= n) return text;
  // By code point, so a cut never leaves half a surrogate pair.
  return Array.from(text).slice(0, n).join('');
}

/**
 * TLS trust for connections to tenant-chosen hosts: the system roots plus `ca`. TLS's own `ca`
 * option replaces the roots it trusts, so they go in beside the extra ones.
 */
export function secureContextTrusting(ca: SenderOptions['ca']): SecureContext | undefined {
  return ca ? createSecureContext({ ca: [...rootCertificates, ...[ca].flat()] }) : undefined;
}

const CONNECTION_ERRORS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'Connection refused',
  ECONNRESET: 'Connection reset',
  EPIPE: 'Connection reset',
  ETIMEDOUT: 'Connection timed out',
  EHOSTUNREACH: 'Host unreachable',
  ENETUNREACH: 'Network unreachable',
};

/**
 * Why a connection failed, by error code only: Node's messages carry the connected address
 * (`connect ECONNREFUSED 10.1.2.3:443`), which for a host name is what it resolved to, and TLS
 * messages quote the certificate's names. Both end up in tenants' responses and delivery logs.
 */
export function connectionErrorMessage(err: NodeJS.ErrnoException): string {
  const code = typeof err.code === 'string' ? err.code : undefined;
  if (code === undefined) return 'Connection failed';
  const known = CONNECTION_ERRORS[code];
  if (known) return `${known} (${code})`;
  if (/CERT|TLS|SSL|SIGNED|ISSUER|LEAF/.test(code)) return `TLS handshake failed (${code})`;
  return `Connection failed (${code})`;
}

/**
 * HTTPS POST to a webhook receiver. Connections go only to the pinned address (TLS still
 * verifies the certificate against the URL's host name), redirects are never followed (a 3xx is
 * returned as is and classified as a failure), and one deadline covers connect, TLS, headers and
 * body. Connections are kept alive per origin and address, so a receiver whose DNS changed gets a
 * fresh pool rather than a socket to an address that was checked for an earlier attempt.
 */
export class WebhookSender {
  private readonly agents = new Map<string, Agent>();
  // Built once: an agent given `ca` itself would fold every certificate into each request's pool key.
  private readonly secureContext: SecureContext | undefined;

  constructor(private readonly opts: SenderOptions) {
    this.secureContext = secureContextTrusting(opts.ca);
  }

  async send(req: SendRequest): Promise<SendResult> {
    const first = await this.sendOnce(req);
    // A kept-alive socket the receiver closed while it sat idle fails before any byte of a
    // response; the request never reached the receiver's application, so it is sent once more.
    if (first.retryOnFreshSocket) return (await this.sendOnce(req)).result;
    return first.result;
  }

  close(): void {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }

  private agentFor(url: URL, address: string): Agent {
    const key = `${url.origin}|${address}`;
    let agent = this.agents.get(key);
    if (agent) {
      this.agents.delete(key);
      this.agents.set(key, agent);
      return agent;
    }
    agent = new Agent({
      keepAlive: true,
      maxSockets: this.opts.maxSocketsPerOrigin ?? 64,
      maxFreeSockets: this.opts.maxSocketsPerOrigin ?? 64,
      // Shorter than Node's default server keep-alive (5 s), so we rarely reuse a socket the server is closing.
      timeout: 4000,
      secureContext: this.secureContext,
    });
    this.agents.set(key, agent);
    const max = this.opts.maxOrigins ?? 1000;
    while (this.agents.size > max) {
      const [oldestKey, oldest] = this.agents.entries().next().value as [string, Agent];
      oldest.destroy();
      this.agents.delete(oldestKey);
    }
    return agent;
  }

  private sendOnce(req: SendRequest): Promise<{ result: SendResult; retryOnFreshSocket: boolean }> {
    const url = new URL(req.url);
    const body = Buffer.from(req.body, 'utf8');
    const options: RequestOptions = {
      method: 'POST',
      protocol: 'https:',
      hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: url.port || 443,
      path: `${url.pathname}${url.search}`,
      auth: url.username ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` : undefined,
      headers: { ...req.headers, 'Content-Length': String(body.length) },
      agent: this.agentFor(url, req.pinnedAddress),
      lookup: pinnedLookup({ address: req.pinnedAddress, family: req.family }),
    };

    return new Promise((resolve) => {
      let settled = false;
      let status = 0;
      const finish = (result: SendResult, retryOnFreshSocket = false) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ result, retryOnFreshSocket });
      };
      const r = request(options, (res: IncomingMessage) => {
        status = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let kept = 0;
        let seen = 0;
        res.on('data', (chunk: Buffer) => {
          seen += chunk.length;
          if (kept < READ_LIMIT_BYTES) {
            chunks.push(chunk);
            kept += chunk.length;
          }
          if (seen > DRAIN_LIMIT_BYTES) {
            res.destroy();
            finish({ status, bodyExcerpt: excerptOf(chunks), error: null });
          }
        });
        res.on('end', () => finish({ status, bodyExcerpt: excerptOf(chunks), error: null }));
        res.on('error', (err) => finish({ status, bodyExcerpt: excerptOf(chunks), error: connectionErrorMessage(err) }));
        res.on('close', () => {
          if (!res.complete) finish({ status, bodyExcerpt: excerptOf(chunks), error: 'Connection closed before the response was complete' });
        });
      });
      const timer = setTimeout(() => {
        finish({ status, bodyExcerpt: '', error: `Timed out after ${this.opts.timeoutMs} ms` });
        r.destroy();
      }, this.opts.timeoutMs);
      r.on('error', (err: NodeJS.ErrnoException) => {
        const staleSocket = r.reusedSocket && status === 0 && (err.code === 'ECONNRESET' || err.code === 'EPIPE');
        finish({ status, bodyExcerpt: '', error: connectionErrorMessage(err) }, staleSocket);
      });
      r.end(body);
    });
  }
}

function excerptOf(chunks: Buffer[]): string {
  return firstChars(Buffer.concat(chunks).toString('utf8'));
}
