import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { checkPassSignature, openPkpass, TEST_ORGANIZATION, TEST_PASS_TYPE, TEST_TEAM, walletTestCertificates, type WalletTestCertificates } from '../../../test-support/wallet.js';
import { PassSigningBusyError, PassSigningThread } from './pass-signing.thread.js';
import { loadPassModel, SHIPPED_MODEL_DIR, WalletPassGenerator, type PassContent, type PassSigning } from './wallet-pass.generator.js';

const CONTENT: PassContent = {
  serialNumber: '6f1c2b8e-3d4a-4e5f-9a0b-1c2d3e4f5a6b',
  authenticationToken: 'a'.repeat(43),
  state: 'ACTIVE',
  credential: 'header.payload.signature',
  credentialExpiresAt: new Date('2026-01-02T03:04:05.000Z'),
  holderName: 'Ada Lovelace',
  tenantName: 'Acme',
};

describe('pass generation (passkit-generator, pass model)', () => {
  let certs: WalletTestCertificates;
  const dirs: string[] = [];
  before(async () => {
    certs = await walletTestCertificates();
  });
  after(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  const signing = (): PassSigning => ({
    passTypeIdentifier: TEST_PASS_TYPE,
    teamIdentifier: TEST_TEAM,
    organizationName: TEST_ORGANIZATION,
    webServiceUrl: 'https://app.example.test/api/v1/access/wallet',
    signer: { cert: certs.signer.cert, key: certs.signer.key, keyPassphrase: undefined },
    wwdr: certs.wwdr.cert,
  });
  const generator = (modelDir = SHIPPED_MODEL_DIR) => new WalletPassGenerator(signing(), loadPassModel(modelDir));
  const modelCopy = () => {
    const dir = mkdtempSync(join(tmpdir(), 'wfm-pass-model-'));
    dirs.push(dir);
    cpSync(SHIPPED_MODEL_DIR, dir, { recursive: true });
    return dir;
  };

  it('keeps the model’s style and images, and sets what a door pass needs', () => {
    const { pass, files } = openPkpass(generator().generate(CONTENT));
    expect(pass).to.deep.include({ backgroundColor: 'rgb(31, 41, 55)', description: 'Acme door access', logoText: 'Acme', serialNumber: CONTENT.serialNumber, sharingProhibited: true });
    expect(pass.barcodes).to.deep.equal([{ format: 'PKBarcodeFormatQR', message: 'header.payload.signature', messageEncoding: 'iso-8859-1' }]);
    expect(Object.keys(files)).to.include.members(['icon.png', 'icon@2x.png', 'icon@3x.png', 'logo.png', 'logo@2x.png', 'logo@3x.png']);
  });

  it('voids the pass of a removed person and shows no code on a pass without access', () => {
    const voided = openPkpass(generator().generate({ ...CONTENT, state: 'VOID', credential: null, credentialExpiresAt: null })).pass;
    expect(voided.voided).to.equal(true);
    expect(voided).to.not.have.property('barcodes');
    const none = openPkpass(generator().generate({ ...CONTENT, state: 'NO_ACCESS', credential: null, credentialExpiresAt: null })).pass;
    expect(none).to.not.have.property('voided');
    expect(none).to.not.have.property('barcodes');
  });

  it("takes the operator's model folder (WALLET_MODEL_DIR), localisations included", () => {
    const dir = modelCopy();
    writeFileSync(join(dir, 'pass.json'), JSON.stringify({ formatVersion: 1, description: 'x', backgroundColor: 'rgb(10, 20, 30)', generic: {} }));
    cpSync(join(dir, 'icon.png'), join(dir, 'strip.png'));
    mkdirSync(join(dir, 'de.lproj'));
    writeFileSync(join(dir, 'de.lproj', 'pass.strings'), '"Door access" = "Türzugang";\n');
    const { pass, files, manifest } = openPkpass(generator(dir).generate(CONTENT));
    expect(pass.backgroundColor).to.equal('rgb(10, 20, 30)');
    expect(files).to.have.property('strip.png');
    expect(manifest).to.include.keys('strip.png', 'de.lproj/pass.strings');
    expect(files['de.lproj/pass.strings']!.toString('utf8')).to.contain('Türzugang');
  });

  it('refuses a model without an icon', () => {
    const dir = modelCopy();
    rmSync(join(dir, 'icon.png'));
    expect(() => loadPassModel(dir)).to.throw(`The pass model in ${dir} needs a pass.json and an icon.png`);
  });

  describe('on its own thread (PassSigningThread)', () => {
    it('answers the pass the generator makes, signed, off the event loop', async () => {
      const thread = new PassSigningThread({ signing: signing(), model: loadPassModel(SHIPPED_MODEL_DIR) });
      try {
        const opened = openPkpass(await thread.build(CONTENT));
        expect(opened.pass.serialNumber).to.equal(CONTENT.serialNumber);
        expect(opened.pass.generic.auxiliaryFields[0].value).to.equal('2026-01-02T03:04:05.000Z');
        expect(checkPassSignature(opened, certs.signer.cert).signatureValid).to.equal(true);
      } finally {
        await thread.close();
      }
    });

    it('refuses with 503 and Retry-After beyond its queue, and after it was closed', async () => {
      const thread = new PassSigningThread({ signing: signing(), model: loadPassModel(SHIPPED_MODEL_DIR) }, 2);
      const results = await Promise.allSettled([1, 2, 3].map(() => thread.build(CONTENT)));
      expect(results.map((r) => r.status)).to.deep.equal(['fulfilled', 'fulfilled', 'rejected']);
      const busy = (results[2] as PromiseRejectedResult).reason;
      expect(busy).to.be.instanceOf(PassSigningBusyError);
      expect(busy.status).to.equal(503);
      expect(busy.headers()).to.deep.equal({ 'Retry-After': '1' });
      await thread.close();
      await thread.build(CONTENT).then(
        () => expect.fail('built after close'),
        (err: Error) => expect(err.message).to.equal('Pass signing has stopped'),
      );
    });

    it('reports a pass it cannot build, and goes on with the next', async () => {
      const thread = new PassSigningThread({ signing: signing(), model: loadPassModel(SHIPPED_MODEL_DIR) });
      try {
        // Wallet wants an authentication token of 16 characters at least; passkit-generator checks it.
        await thread.build({ ...CONTENT, authenticationToken: 'short' }).then(
          () => expect.fail('built a pass Wallet would refuse'),
          (err: Error) => expect(err.message).to.match(/^Pass signing failed: /),
        );
        expect(openPkpass(await thread.build(CONTENT)).pass.serialNumber).to.equal(CONTENT.serialNumber);
      } finally {
        await thread.close();
      }
    });
  });
});
