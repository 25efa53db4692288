import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenHttps, type LocalHttps } from './local-https.js';

/**
 * A browser's side of Web Push: the P-256 key pair and auth secret it subscribes with (RFC 8291),
 * and the decryption of an aes128gcm message (RFC 8188) sent to it.
 */
export class FakeBrowser {
  private readonly ecdh = createECDH('prime256v1');
  readonly authSecret = randomBytes(16);

  constructor() {
    this.ecdh.generateKeys();
  }

  keys(): { p256dh: string; auth: string } {
    return { p256dh: this.ecdh.getPublicKey().toString('base64url'), auth: this.authSecret.toString('base64url') };
  }

  decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const idLength = body[20]!;
    const senderPublic = body.subarray(21, 21 + idLength);
    const ciphertext = body.subarray(21 + idLength);
    const hmac = (key: Buffer, ...data: Buffer[]) => createHmac('sha256', key).update(Buffer.concat(data)).digest();
    const shared = this.ecdh.computeSecret(senderPublic);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), this.ecdh.getPublicKey(), senderPublic, Buffer.from([1])]);
    const ikm = hmac(hmac(this.authSecret, shared), keyInfo);
    const prk = hmac(salt, ikm);
    const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0'), Buffer.from([1])).subarray(0, 16);
    const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0'), Buffer.from([1])).subarray(0, 12);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
    const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
    // The last record ends with the delimiter 0x02 followed by zero padding.
    const end = padded.lastIndexOf(2);
    if (end < 0 || padded.subarray(end + 1).some((b) => b !== 0)) throw new Error('not a final aes128gcm record');
    return padded.subarray(0, end).toString('utf8');
  }
}

export interface ReceivedPush {
  /** The subscription's path on the fake (`/push/<id>`). */
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
  /** The VAPID JWT's claims, once its ES256 signature checked out against the `k` key. */
  claims: { aud: string; exp: number; sub: string };
  vapidPublicKey: string;
}

/**
 * A local HTTPS push service: it accepts a push only with a valid VAPID authorization (RFC 8292:
 * `vapid t=<ES256 JWT>, k=<public key>`, audience this origin) and an aes128gcm body, answers 410
 * for subscriptions marked gone, never answers those marked hanging (the connection stays open), and
 * keeps what it accepted for the test to decrypt.
 */
export class FakePushService {
  readonly received: ReceivedPush[] = [];
  readonly gone = new Set<string>();
  readonly hanging = new Set<string>();
  requests = 0;
  ca = '';
  url = '';
  private https!: LocalHttps;

  static async start(): Promise<FakePushService> {
    const fake = new FakePushService();
    fake.https = await listenHttps((req, body, res) => fake.handle(req, body, res));
    fake.ca = fake.https.ca;
    fake.url = fake.https.url;
    return fake;
  }

  /** A new subscription endpoint on this service. */
  endpoint(): string {
    return `${this.url}/push/${randomBytes(12).toString('base64url')}`;
  }

  reset(): void {
    this.received.length = 0;
    this.gone.clear();
    this.hanging.clear();
    this.requests = 0;
  }

  stop(): Promise<void> {
    return this.https.stop();
  }

  private handle(req: IncomingMessage, body: Buffer, res: ServerResponse): void {
    this.requests++;
    const path = req.url ?? '';
    if (req.method !== 'POST' || !path.startsWith('/push/')) return end(res, 404);
    if (this.gone.has(`${this.url}${path}`)) return end(res, 410);
    if (this.hanging.has(`${this.url}${path}`)) return;
    const vapid = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(req.headers.authorization ?? '');
    if (!vapid) return end(res, 401);
    const claims = verifyJwt(vapid[1]!, vapid[2]!);
    if (!claims || claims.aud !== this.url || claims.exp * 1000 <= Date.now()) return end(res, 403);
    if (req.headers['content-encoding'] !== 'aes128gcm' || !req.headers.ttl) return end(res, 400);
    this.received.push({ path, headers: req.headers, body: body, claims, vapidPublicKey: vapid[2]! });
    return end(res, 201);
  }
}

/** An ES256 JWT's claims when its signature verifies with the uncompressed P-256 key `k`; null otherwise. */
function verifyJwt(token: string, k: string): ReceivedPush['claims'] | null {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return null;
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65) return null;
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
  const ok = verify('sha256', Buffer.from(`${header}.${payload}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!ok || JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') return null;
  return JSON.parse(Buffer.from(payload, 'base64url').toString()) as ReceivedPush['claims'];
}

function end(res: ServerResponse, status: number): void {
  res.writeHead(status).end();
}
