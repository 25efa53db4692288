import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { loadApiConfig } from '@wfm/api/config';
import { vapidEnv } from './generated-secret.js';

describe('the all-in-one start keeps a VAPID key pair for Web Push', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'wfm-vapid-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('generates a pair once, owner-only, that the API accepts, and reads the same pair on the next start', () => {
    const first = vapidEnv(dir, { MAIL_FROM: 'Acme Rota <rota@acme.example>' });
    expect(first.VAPID_SUBJECT).to.equal('mailto:rota@acme.example');
    expect(statSync(join(dir, 'vapid-keys.json')).mode & 0o777).to.equal(0o600);
    expect(JSON.parse(readFileSync(join(dir, 'vapid-keys.json'), 'utf8'))).to.deep.equal({ publicKey: first.VAPID_PUBLIC_KEY, privateKey: first.VAPID_PRIVATE_KEY });
    expect(loadApiConfig(first).push.vapid).to.deep.equal({ publicKey: first.VAPID_PUBLIC_KEY, privateKey: first.VAPID_PRIVATE_KEY, subject: 'mailto:rota@acme.example' });
    expect(vapidEnv(dir, {})).to.deep.equal({ ...first, VAPID_SUBJECT: 'mailto:no-reply@localhost' });
  });

  it("the operator's own keys win and nothing is written", () => {
    expect(vapidEnv(dir, { VAPID_PUBLIC_KEY: 'k' })).to.deep.equal({});
    expect(() => statSync(join(dir, 'vapid-keys.json'))).to.throw();
  });
});
