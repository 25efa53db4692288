import { connect, constants, type ClientHttp2Session, type ClientHttp2Stream } from 'node:http2';
import { rootCertificates } from 'node:tls';

/** What became of one push: delivered to APNs, refused for good (drop the registration), or to try again later. */
export type PushOutcome = { pushToken: string; outcome: 'delivered' } | { pushToken: string; outcome: 'unregistered' | 'failed'; status: number | null; reason: string };

/** Tells devices that a pass changed, so they ask the web service for the list of updated passes. */
export interface PassUpdatePusher {
  push(pushTokens: readonly string[]): Promise<PushOutcome[]>;
  close(): void;
}

export interface ApnsClientOptions {
  /** `https://api.push.apple.com`: Wallet passes are pushed through production APNs, also during development. */
  url: string;
  /** The pass type identifier: the topic of every push. */
  topic: string;
  /** The pass-type certificate and key (PEM): certificate-based APNs authentication. */
  cert: string;
  key: string;
  passphrase: string | undefined;
  /** CA certificates trusted besides the system roots (WALLET_APNS_CA_FILE). */
  ca: string | undefined;
  timeoutMs: number;
  /** Epoch milliseconds, for the expiry APNs keeps an undelivered push until. */
  now: () => number;
}

/** APNs keeps an undelivered push this long, so a phone that was off hears of the change when it is back. */
const PUSH_EXPIRY_SECONDS = 24 * 3600;
/** The connection is kept for the next pushes, and closed after this long without any. */
const IDLE_MS = 60_000;
/** APNs error bodies are a small JSON object. */
const MAX_BODY_BYTES = 4096;
/** Reasons for which APNs will never deliver to the token again (Apple, "Handling notification responses from APNs"). */
const GONE_REASONS = new Set(['BadDeviceToken', 'DeviceTokenNotForTopic', 'Unregistered']);
const TOKEN = /^[0-9a-fA-F]{16,200}$/;

/**
 * HTTP/2 client of the Apple Push Notification service, authenticated with the pass-type
 * certificate. A pass push is an empty payload on the pass type identifier's topic, a
 * background push at priority 5; Wallet then asks the web service what changed. One connection
 * carries concurrent pushes as streams and is reused until idle (APNs treats connections opened
 * and closed per push as abuse). The URL is the operator's (WALLET_APNS_URL), never a tenant's.
 */
export class ApnsClient implements PassUpdatePusher {
  private session: ClientHttp2Session | null = null;
  /** Pushes under way: the connection keeps the process alive only while there are some. */
  private inFlight = 0;

  constructor(private readonly opts: ApnsClientOptions) {}

  push(pushTokens: readonly string[]): Promise<PushOutcome[]> {
    return Promise.all(pushTokens.map((token) => this.pushWithRetry(token)));
  }

  /**
   * A push that got no answer because the connection broke (APNs ends idle connections with
   * GOAWAY, which can cross a push) is sent once more on a fresh connection. A second copy of a
   * pass push is harmless: Wallet asks what changed and hears the same answer.
   */
  private async pushWithRetry(pushToken: string): Promise<PushOutcome> {
    const first = await this.pushOne(pushToken);
    return first.connectionLost ? (await this.pushOne(pushToken)).outcome : first.outcome;
  }

  close(): void {
    this.session?.close();
    this.session = null;
  }

  private connection(): ClientHttp2Session {
    if (this.session && !this.session.closed && !this.session.destroyed) return this.session;
    const o = this.opts;
    const session = connect(o.url, {
      cert: o.cert,
      key: o.key,
      ...(o.passphrase ? { passphrase: o.passphrase } : {}),
      ...(o.ca ? { ca: [...rootCertificates, o.ca] } : {}),
    });
    const forget = () => {
      if (this.session === session) this.session = null;
    };
    // Each stream reports its own failure; the session's error only retires the connection.
    session.on('error', forget);
    session.on('goaway', forget);
    session.on('close', forget);
    session.setTimeout(IDLE_MS, () => session.close());
    if (this.inFlight === 0) session.unref();
    this.session = session;
    return session;
  }

  private pushOne(pushToken: string): Promise<{ outcome: PushOutcome; connectionLost: boolean }> {
    if (!TOKEN.test(pushToken)) return Promise.resolve({ outcome: { pushToken, outcome: 'unregistered', status: null, reason: 'Malformed push token' }, connectionLost: false });
    return new Promise((resolve) => {
      let settled = false;
      let timer: NodeJS.Timeout | undefined;
      const done = (outcome: PushOutcome, connectionLost = false) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ outcome, connectionLost });
      };
      let req: ClientHttp2Stream;
      try {
        const session = this.connection();
        req = session.request({
          ':method': 'POST',
          ':path': `/3/device/${pushToken}`,
          'apns-topic': this.opts.topic,
          'apns-push-type': 'background',
          'apns-priority': '5',
          'apns-expiration': String(Math.floor(this.opts.now() / 1000) + PUSH_EXPIRY_SECONDS),
          'content-type': 'application/json',
        });
        if (this.inFlight++ === 0) session.ref();
      } catch (err) {
        // A connection that is going away refuses new streams at once; the key or certificate may not load.
        done({ pushToken, outcome: 'failed', status: null, reason: `Cannot send: ${(err as Error).message}` }, true);
        return;
      }
      timer = setTimeout(() => {
        req.close(constants.NGHTTP2_CANCEL);
        done({ pushToken, outcome: 'failed', status: null, reason: `No answer within ${this.opts.timeoutMs} ms` });
      }, this.opts.timeoutMs);
      let status: number | null = null;
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('response', (headers) => {
        status = Number(headers[':status']);
      });
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      });
      req.on('end', () => done(classify(pushToken, status, Buffer.concat(chunks).toString('utf8'))));
      req.on('error', (err: Error) => done({ pushToken, outcome: 'failed', status, reason: `Connection failed: ${err.message}` }, status === null));
      req.on('close', () => {
        if (status === null) done({ pushToken, outcome: 'failed', status: null, reason: 'Connection closed without an answer' }, true);
        else done(classify(pushToken, status, Buffer.concat(chunks).toString('utf8')));
        if (--this.inFlight === 0 && this.session && !this.session.destroyed) this.session.unref();
      });
      req.end('{}');
    });
  }
}

function classify(pushToken: string, status: number | null, body: string): PushOutcome {
  if (status === 200) return { pushToken, outcome: 'delivered' };
  let reason = '';
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && typeof (parsed as { reason?: unknown }).reason === 'string') reason = (parsed as { reason: string }).reason.slice(0, 100);
  } catch {
    reason = '';
  }
  const gone = status === 410 || (status === 400 && GONE_REASONS.has(reason));
  return { pushToken, outcome: gone ? 'unregistered' : 'failed', status, reason: reason || `HTTP ${status ?? 'none'}` };
}
