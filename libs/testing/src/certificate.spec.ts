import { createPrivateKey, X509Certificate } from 'node:crypto';
import { expect } from 'chai';
import { selfSignedCertificate } from './certificate.js';

describe('selfSignedCertificate (no openssl program)', () => {
  it('issues a P-256 certificate for the names and addresses asked, valid for the days asked, matching its key', async () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const { key, cert } = await selfSignedCertificate({ commonName: 'receiver.test', dnsNames: ['receiver.test', 'localhost'], ips: ['127.0.0.1', '::1'], days: 2, now });
    const x = new X509Certificate(cert);
    expect(x.subject).to.equal('CN=receiver.test');
    expect(x.issuer).to.equal(x.subject);
    expect(x.checkHost('localhost')).to.equal('localhost');
    expect(x.checkHost('elsewhere.test')).to.equal(undefined);
    expect(x.checkIP('127.0.0.1')).to.equal('127.0.0.1');
    expect(x.checkIP('10.0.0.1')).to.equal(undefined);
    expect(new Date(x.validTo).getTime() - now.getTime()).to.equal(2 * 86_400_000);
    expect(x.checkPrivateKey(createPrivateKey(key))).to.equal(true);
    expect(x.publicKey.asymmetricKeyDetails).to.deep.include({ namedCurve: 'prime256v1' });
    expect(x.verify(x.publicKey)).to.equal(true);
  });
});
