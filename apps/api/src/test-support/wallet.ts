import { createHash, createPublicKey, verify, X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createSecureServer, type Http2SecureServer, type Http2Session, type IncomingHttpHeaders } from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import { ContentInfo, id_signedData, SignedData } from '@peculiar/asn1-cms';
import { selfSignedCertificate, type SelfSignedCertificate } from '@wfm/testing/certificate';
import { testCertificate } from '@wfm/testing/https-receiver';

export const TEST_PASS_TYPE = 'pass.test.wfm.door-access';
export const TEST_TEAM = 'TEAM123456';
export const TEST_ORGANIZATION = 'Test Operator';

export interface WalletTestCertificates {
  /** Stands in for a pass-type certificate (RSA, as Apple issues them). */
  signer: SelfSignedCertificate;
  /** Stands in for Apple's WWDR intermediate. */
  wwdr: SelfSignedCertificate;
  /** Where both are written as PEM files, with the local APNs fake's CA. */
  dir: string;
}

let cached: Promise<WalletTestCertificates> | null = null;

/** Made once per process, written to a folder removed when the process exits. */
export function walletTestCertificates(): Promise<WalletTestCertificates> {
  cached ??= (async () => {
    const signer = await selfSignedCertificate({ commonName: `Pass Type ID: ${TEST_PASS_TYPE}`, dnsNames: [], ips: [], days: 2, keyType: 'rsa' });
    const wwdr = await selfSignedCertificate({ commonName: 'Test WWDR Certification Authority', dnsNames: [], ips: [], days: 2, keyType: 'rsa' });
    const dir = mkdtempSync(join(tmpdir(), 'wfm-wallet-'));
    writeFileSync(join(dir, 'signer.pem'), signer.cert);
    writeFileSync(join(dir, 'signer.key'), signer.key);
    writeFileSync(join(dir, 'wwdr.pem'), wwdr.cert);
    writeFileSync(join(dir, 'apns-ca.pem'), (await testCertificate()).cert);
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    return { signer, wwdr, dir };
  })();
  return cached;
}

/** The API settings for Apple Wallet passes signed by the test certificates, pushing to `apnsUrl` (a local fake). */
export function walletEnv(certs: WalletTestCertificates, apnsUrl: string): Record<string, string> {
  return {
    WALLET_PASS_TYPE_IDENTIFIER: TEST_PASS_TYPE,
    WALLET_TEAM_IDENTIFIER: TEST_TEAM,
    WALLET_SIGNER_CERT_FILE: join(certs.dir, 'signer.pem'),
    WALLET_SIGNER_KEY_FILE: join(certs.dir, 'signer.key'),
    WALLET_WWDR_CERT_FILE: join(certs.dir, 'wwdr.pem'),
    WALLET_ORGANIZATION_NAME: TEST_ORGANIZATION,
    WALLET_APNS_URL: apnsUrl,
    WALLET_APNS_CA_FILE: join(certs.dir, 'apns-ca.pem'),
    WALLET_APNS_TIMEOUT_MS: '2000',
  };
}

export interface OpenedPass {
  files: Record<string, Buffer>;
  pass: Record<string, any>;
  manifest: Record<string, string>;
}

/** The files of a .pkpass (a ZIP), with pass.json and manifest.json parsed. */
export function openPkpass(pkpass: Buffer): OpenedPass {
  const files = Object.fromEntries(Object.entries(unzipSync(new Uint8Array(pkpass))).map(([name, data]) => [name, Buffer.from(data)]));
  return { files, pass: JSON.parse(files['pass.json']!.toString('utf8')), manifest: JSON.parse(files['manifest.json']!.toString('utf8')) };
}

export interface SignatureCheck {
  /** A CMS SignedData with no content inside: the manifest is signed, not carried. */
  detached: boolean;
  /** DER of the certificates the signature carries. */
  certificates: Buffer[];
  /** The signed messageDigest attribute equals the SHA-1 of manifest.json. */
  digestMatches: boolean;
  /** The signature over the signed attributes verifies with the signer certificate's key. */
  signatureValid: boolean;
}

const MESSAGE_DIGEST = '1.2.840.113549.1.9.4';

/** Reads the detached PKCS#7 `signature` of a pass as DER and checks it against manifest.json and the signer. */
export function checkPassSignature(opened: OpenedPass, signerCert: string): SignatureCheck {
  const info = AsnConvert.parse(opened.files['signature']!, ContentInfo);
  if (info.contentType !== id_signedData) throw new Error(`signature is ${info.contentType}, not SignedData`);
  const signed = AsnConvert.parse(info.content, SignedData);
  const signer = signed.signerInfos[0]!;
  const digestAttr = signer.signedAttrs!.find((a) => a.attrType === MESSAGE_DIGEST)!;
  const digest = Buffer.from(AsnConvert.parse(digestAttr.attrValues[0]!, OctetString).buffer);
  const algorithm = { '1.3.14.3.2.26': 'sha1', '2.16.840.1.101.3.4.2.1': 'sha256' }[signer.digestAlgorithm.algorithm] ?? 'unknown';
  // RFC 5652 §5.4: the signature covers the DER of the signed attributes as a SET OF (tag 0x31), in the order they came.
  const attrs = derSet(signer.signedAttrs!.map((a) => Buffer.from(AsnConvert.serialize(a))));
  return {
    detached: signed.encapContentInfo.eContent === undefined,
    certificates: (signed.certificates ?? []).map((c) => Buffer.from(AsnConvert.serialize(c.certificate!))),
    digestMatches: digest.equals(createHash(algorithm).update(opened.files['manifest.json']!).digest()),
    signatureValid: verify(algorithm, attrs, createPublicKey(signerCert), Buffer.from(signer.signature.buffer)),
  };
}

function derSet(elements: Buffer[]): Buffer {
  const body = Buffer.concat(elements);
  const n = body.length;
  const length = n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([0x31]), length, body]);
}

export const derOf = (pem: string): Buffer => Buffer.from(new X509Certificate(pem).raw);

export interface ApnsRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** SHA-256 fingerprint of the client certificate the connection presented. */
  clientCertificate: string | null;
  session: number;
}

export type ApnsReply = { status: number; body?: object } | 'hang';

export interface FakeApns {
  readonly url: string;
  readonly requests: ApnsRequest[];
  /** Answers per push token; 200 unless told. */
  reply(handler: (pushToken: string) => ApnsReply): void;
  /** Ends every client connection, as APNs does now and then. */
  dropConnections(): void;
  close(): Promise<void>;
}

/**
 * A local HTTP/2 server in the place of APNs (tests cannot reach Apple): it asks for a client
 * certificate as APNs does, records every push and answers as told.
 */
export async function startFakeApns(): Promise<FakeApns> {
  const { key, cert } = await testCertificate();
  const requests: ApnsRequest[] = [];
  let handler: (pushToken: string) => ApnsReply = () => ({ status: 200 });
  const sessions = new Map<Http2Session, number>();
  const server: Http2SecureServer = createSecureServer({ key, cert, requestCert: true, rejectUnauthorized: false });
  server.on('session', (s) => {
    sessions.set(s, sessions.size + 1);
  });
  server.on('stream', (stream, headers) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const path = String(headers[':path']);
      const peer = (stream.session?.socket as TLSSocket | undefined)?.getPeerCertificate();
      requests.push({
        method: String(headers[':method']),
        path,
        headers,
        body: Buffer.concat(chunks).toString('utf8'),
        clientCertificate: peer?.fingerprint256 ?? null,
        session: sessions.get(stream.session!) ?? 0,
      });
      const reply = handler(path.replace('/3/device/', ''));
      if (reply === 'hang') return;
      stream.respond({ ':status': reply.status, 'apns-id': '00000000-0000-0000-0000-000000000001' });
      stream.end(reply.body ? JSON.stringify(reply.body) : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    reply(h) {
      handler = h;
    },
    dropConnections() {
      for (const s of sessions.keys()) s.destroy();
    },
    async close() {
      for (const s of sessions.keys()) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
