// @peculiar/x509 resolves its classes through tsyringe, which needs the Reflect metadata polyfill loaded first.
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

export interface SelfSignedCertificate {
  /** PKCS#8, PEM. */
  key: string;
  /** X.509, PEM: also the CA a client trusts it with. */
  cert: string;
}

/**
 * A self-signed ECDSA P-256 (or RSA 2048) certificate for local HTTPS receivers, made in Node (WebCrypto and
 * @peculiar/x509) so that no openssl program is needed; node:crypto alone cannot issue X.509.
 */
export async function selfSignedCertificate(opts: { commonName: string; dnsNames: string[]; ips: string[]; days: number; now?: Date; keyType?: 'ec' | 'rsa' }): Promise<SelfSignedCertificate> {
  const crypto = webcrypto;
  // RSA for XML signatures (SAML), which xml-crypto makes with RSA only.
  const algorithm =
    opts.keyType === 'rsa'
      ? { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 }
      : { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
  const keys = await crypto.subtle.generateKey(algorithm, true, ['sign', 'verify']);
  const now = opts.now ?? new Date();
  const cert = await x509.X509CertificateGenerator.createSelfSigned(
    {
      serialNumber: Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('hex').replace(/^[89a-f]/, '1'),
      name: `CN=${opts.commonName}`,
      // A minute back, so a receiver's clock a little behind the client's still accepts it at once.
      notBefore: new Date(now.getTime() - 60_000),
      notAfter: new Date(now.getTime() + opts.days * 86_400_000),
      keys: keys as never,
      signingAlgorithm: algorithm,
      extensions: [
        new x509.BasicConstraintsExtension(true, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyCertSign, true),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
        new x509.SubjectAlternativeNameExtension([...opts.dnsNames.map((value) => ({ type: 'dns' as const, value })), ...opts.ips.map((value) => ({ type: 'ip' as const, value }))]),
      ],
    },
    crypto as never,
  );
  const pkcs8 = Buffer.from(await crypto.subtle.exportKey('pkcs8', keys.privateKey)).toString('base64');
  return {
    key: `-----BEGIN PRIVATE KEY-----\n${pkcs8.match(/.{1,64}/g)!.join('\n')}\n-----END PRIVATE KEY-----\n`,
    cert: `${cert.toString('pem')}\n`,
  };
}
