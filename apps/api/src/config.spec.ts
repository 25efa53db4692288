import webpush from 'web-push';
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { ConfigError } from '@wfm/core/config';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { selfSignedCertificate } from '@wfm/testing/certificate';
import { loadApiConfig } from './config.js';
import { TEST_PASS_TYPE, walletEnv, walletTestCertificates, type WalletTestCertificates } from './test-support/wallet.js';

describe('API configuration: DATA_ENCRYPTION_KEY', () => {
  it('is unset by default (npm start generates one; start:api refuses to run without it)', () => {
    expect(loadApiConfig({}).dataEncryptionKey).to.equal(undefined);
  });

  for (const [label, key] of [
    ['64 hex characters', randomBytes(32).toString('hex')],
    ['43 base64url characters', randomBytes(32).toString('base64url')],
  ] as const) {
    it(`accepts 32 bytes as ${label}`, () => {
      expect(loadApiConfig({ DATA_ENCRYPTION_KEY: key }).dataEncryptionKey).to.equal(key);
    });
  }

  for (const [label, key] of [
    ['16 bytes of hex', randomBytes(16).toString('hex')],
    ['48 bytes of base64url', randomBytes(48).toString('base64url')],
    ['a passphrase', 'correct horse battery staple'],
  ] as const) {
    it(`refuses ${label}, naming the variable`, () => {
      expect(() => loadApiConfig({ DATA_ENCRYPTION_KEY: key }))
        .to.throw(ConfigError)
        .with.property('message')
        .that.contains('DATA_ENCRYPTION_KEY: must be 32 bytes: 64 hex or 43 base64url characters');
    });
  }
});

describe('API configuration: timeouts and the door-route forwarder', () => {
  it('has bounded defaults', () => {
    const c = loadApiConfig({});
    expect(c.dbTimeouts).to.deep.equal({ statementTimeoutMs: 30_000, queryTimeoutMs: 35_000, connectTimeoutMs: 5_000 });
    expect(c.httpServer).to.deep.equal({ headersTimeoutMs: 10_000, requestTimeoutMs: 30_000 });
    expect(c.accessProxy).to.deep.equal({ bodyTimeoutMs: 5_000, maxPerClient: 32, upstreamTimeoutMs: 10_000 });
    expect(c.statusCheckTimeoutMs).to.equal(2_000);
  });

  it('refuses a header bound above the request bound, and a client query bound not above the statement bound', () => {
    expect(() => loadApiConfig({ HTTP_HEADERS_TIMEOUT_MS: '40000', DB_QUERY_TIMEOUT_MS: '30000' }))
      .to.throw(ConfigError)
      .with.property('message')
      .that.contains('HTTP_HEADERS_TIMEOUT_MS: must not exceed HTTP_REQUEST_TIMEOUT_MS')
      .and.contains('DB_QUERY_TIMEOUT_MS: must exceed DB_STATEMENT_TIMEOUT_MS');
  });
});

describe('API configuration: PUBLIC_APP_URL', () => {
  it('follows PORT when unset, so links and the OpenAPI servers entry point where the API answers', () => {
    expect(loadApiConfig({}).publicAppUrl).to.equal('http://localhost:3000');
    expect(loadApiConfig({ PORT: '4100' }).publicAppUrl).to.equal('http://localhost:4100');
  });

  it('is taken as set otherwise', () => {
    expect(loadApiConfig({ PORT: '4100', PUBLIC_APP_URL: 'https://app.example.com' }).publicAppUrl).to.equal('https://app.example.com');
  });
});

describe('API configuration: the WhatsApp number (WHATSAPP_*)', () => {
  const all = {
    WHATSAPP_ACCESS_TOKEN: 'EAAG-token',
    WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
    WHATSAPP_APP_SECRET: 'app-secret',
    WHATSAPP_VERIFY_TOKEN: 'a-verify-token-of-16+',
    WHATSAPP_TEMPLATE_NAME: 'visitor_pass_link',
  };

  it('is off (null) when none is set', () => {
    expect(loadApiConfig({}).whatsapp).to.equal(null);
  });

  it('with all five set: Graph API v24.0, English template, 10 s timeout unless told', () => {
    expect(loadApiConfig(all).whatsapp).to.deep.equal({
      apiUrl: 'https://graph.facebook.com/v24.0',
      phoneNumberId: '106540352242922',
      accessToken: 'EAAG-token',
      appSecret: 'app-secret',
      verifyToken: 'a-verify-token-of-16+',
      templateName: 'visitor_pass_link',
      templateLanguage: 'en',
      timeoutMs: 10_000,
    });
    expect(loadApiConfig({ ...all, WHATSAPP_API_URL: 'https://graph.example.test/v25.0/', WHATSAPP_TEMPLATE_LANGUAGE: 'pt_BR', WHATSAPP_TIMEOUT_MS: '2500' }).whatsapp).to.include({
      apiUrl: 'https://graph.example.test/v25.0',
      templateLanguage: 'pt_BR',
      timeoutMs: 2500,
    });
  });

  it('refuses half a set-up, naming each missing variable (and never a value)', () => {
    const { WHATSAPP_APP_SECRET: _secret, WHATSAPP_TEMPLATE_NAME: _template, ...some } = all;
    expect(() => loadApiConfig(some))
      .to.throw(ConfigError)
      .with.property('message')
      .that.contains('WHATSAPP_APP_SECRET: is required with WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_VERIFY_TOKEN')
      .and.contains('WHATSAPP_TEMPLATE_NAME: is required with')
      .and.not.contains('EAAG-token');
  });

  it('refuses a short verify token, a phone number id that is not numeric, and a template name Meta would not accept', () => {
    expect(() => loadApiConfig({ ...all, WHATSAPP_VERIFY_TOKEN: 'short', WHATSAPP_PHONE_NUMBER_ID: '+1 555', WHATSAPP_TEMPLATE_NAME: 'Visitor Pass' }))
      .to.throw(ConfigError)
      .with.property('message')
      .that.contains('WHATSAPP_VERIFY_TOKEN: must be at least 16 characters')
      .and.contains('WHATSAPP_PHONE_NUMBER_ID: must be the numeric id')
      .and.contains('WHATSAPP_TEMPLATE_NAME: must be a template name');
  });
});

describe('API configuration: SMS through Twilio (TWILIO_*) and Web Push (VAPID_*)', () => {
  const twilio = { TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef', TWILIO_AUTH_TOKEN: 'twilio-token', TWILIO_FROM: '+15005550006' };
  const vapid = webpush.generateVAPIDKeys();
  const push = { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: 'mailto:ops@example.test' };

  it('both are off unless configured', () => {
    const c = loadApiConfig({});
    expect(c.twilio).to.equal(null);
    expect(c.push).to.deep.equal({ vapid: null, timeoutMs: 10_000 });
  });

  it('Twilio: the status callback is the public address of the route, unless switched off', () => {
    expect(loadApiConfig({ ...twilio, PUBLIC_APP_URL: 'https://wfm.example.test/' }).twilio).to.deep.equal({
      apiUrl: 'https://api.twilio.com',
      accountSid: twilio.TWILIO_ACCOUNT_SID,
      authToken: 'twilio-token',
      from: '+15005550006',
      statusCallbackUrl: 'https://wfm.example.test/api/v1/messaging/webhooks/twilio',
      timeoutMs: 10_000,
    });
    expect(loadApiConfig({ ...twilio, TWILIO_STATUS_CALLBACKS: 'false', TWILIO_FROM: 'AcmeShifts' }).twilio).to.include({ statusCallbackUrl: null, from: 'AcmeShifts' });
  });

  it('Twilio: refuses half a set-up and malformed values, never echoing the token', () => {
    expect(() => loadApiConfig({ TWILIO_AUTH_TOKEN: 'twilio-token', TWILIO_ACCOUNT_SID: 'AC12', TWILIO_FROM: '07700 900123' }))
      .to.throw(ConfigError)
      .with.property('message')
      .that.contains('TWILIO_ACCOUNT_SID: must be the account SID')
      .and.contains('TWILIO_FROM: must be a number in E.164')
      .and.not.contains('twilio-token');
    expect(() => loadApiConfig({ TWILIO_AUTH_TOKEN: 'twilio-token' })).to.throw(ConfigError).with.property('message').that.contains('TWILIO_ACCOUNT_SID: is required with TWILIO_AUTH_TOKEN');
  });

  it('VAPID: a matching pair with a subject switches push on; a pair that does not belong together is refused at start', () => {
    expect(loadApiConfig(push).push.vapid).to.deep.equal({ publicKey: vapid.publicKey, privateKey: vapid.privateKey, subject: 'mailto:ops@example.test' });
    const other = webpush.generateVAPIDKeys();
    expect(() => loadApiConfig({ ...push, VAPID_PUBLIC_KEY: other.publicKey })).to.throw(ConfigError).with.property('message').that.contains('VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY');
    expect(() => loadApiConfig({ ...push, VAPID_SUBJECT: 'ops@example.test' })).to.throw(ConfigError).with.property('message').that.contains('VAPID_SUBJECT: must be a mailto: or https: address');
    expect(() => loadApiConfig({ VAPID_PRIVATE_KEY: vapid.privateKey }))
      .to.throw(ConfigError)
      .with.property('message')
      .that.contains('VAPID_PUBLIC_KEY: is required with VAPID_PRIVATE_KEY')
      .and.not.contains(vapid.privateKey);
  });
});

describe('API configuration: the mobile apps (GET /app/config) and sales leads', () => {
  it('defaults to minimum versions 1.0.0, no links, no flags, no notice, no sales address', () => {
    const c = loadApiConfig({});
    expect(c.mobileApp).to.deep.equal({
      minimumVersions: { ios: '1.0.0', android: '1.0.0' },
      storeUrls: { ios: null, android: null },
      support: { email: null, url: null },
      legal: { termsUrl: null, privacyUrl: null },
      featureFlags: {},
      notice: null,
    });
    expect(c.salesLeadsEmail).to.equal(undefined);
  });

  const refused: Array<[Record<string, string>, string]> = [
    [{ APP_MIN_VERSION_IOS: '2.4' }, 'APP_MIN_VERSION_IOS: must be a version such as 2.4.0'],
    [{ APP_MIN_VERSION_ANDROID: 'v2.4.0' }, 'APP_MIN_VERSION_ANDROID: must be a version such as 2.4.0'],
    [{ APP_FEATURE_FLAGS: 'dark mode' }, "APP_FEATURE_FLAGS: 'dark mode' is not name or name=true|false"],
    [{ APP_FEATURE_FLAGS: 'kiosk=yes' }, "APP_FEATURE_FLAGS: 'kiosk=yes' is not name or name=true|false"],
    [{ APP_FEATURE_FLAGS: 'googleSignIn=true' }, 'APP_FEATURE_FLAGS: googleSignIn is decided by the API'],
    [{ APP_STORE_URL_IOS: 'javascript:alert(1)' }, 'APP_STORE_URL_IOS'],
    [{ APP_SUPPORT_EMAIL: 'not-an-address' }, 'APP_SUPPORT_EMAIL'],
    [{ SALES_LEADS_EMAIL: 'sales' }, 'SALES_LEADS_EMAIL'],
    [{ APP_NOTICE: 'two\nlines' }, 'APP_NOTICE: must be one line of text'],
  ];
  for (const [env, message] of refused) {
    it(`refuses ${JSON.stringify(env)}, naming the variable`, () => {
      expect(() => loadApiConfig(env)).to.throw(ConfigError).with.property('message').that.contains(message);
    });
  }
});
describe('API configuration: Apple Wallet passes (WALLET_*)', () => {
  let certs: WalletTestCertificates;
  let env: Record<string, string>;
  before(async () => {
    certs = await walletTestCertificates();
    env = walletEnv(certs, 'https://apns.example.test/');
  });
  const refusal = (over: Record<string, string>) => {
    try {
      loadApiConfig({ ...env, ...over });
    } catch (err) {
      expect(err).to.be.instanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error('the configuration was accepted');
  };

  it('is off unless configured', () => {
    expect(loadApiConfig({}).wallet).to.equal(null);
  });

  it('reads the certificates, key and APNs settings once, with defaults', () => {
    const { WALLET_ORGANIZATION_NAME: _name, WALLET_APNS_TIMEOUT_MS: _timeout, ...rest } = env;
    const wallet = loadApiConfig(rest).wallet!;
    expect(wallet).to.deep.include({ passTypeIdentifier: TEST_PASS_TYPE, teamIdentifier: 'TEAM123456', organizationName: 'Workforce Platform', wwdr: certs.wwdr.cert, modelDir: undefined });
    expect(wallet.signer).to.deep.equal({ cert: certs.signer.cert, key: certs.signer.key, keyPassphrase: undefined });
    expect(wallet.apns).to.deep.include({ url: 'https://apns.example.test', timeoutMs: 10_000 });
    expect(wallet.apns.ca).to.contain('BEGIN CERTIFICATE');
    expect(loadApiConfig({ PORT: '3000' }).wallet).to.equal(null);
  });

  it('names every missing variable when only some are set', () => {
    const message = refusal({ WALLET_TEAM_IDENTIFIER: '', WALLET_WWDR_CERT_FILE: '' });
    expect(message).to.contain('WALLET_TEAM_IDENTIFIER: is required with WALLET_PASS_TYPE_IDENTIFIER, WALLET_SIGNER_CERT_FILE, WALLET_SIGNER_KEY_FILE (Apple Wallet passes)');
    expect(message).to.contain('WALLET_WWDR_CERT_FILE: is required with');
  });

  it('refuses malformed identifiers and missing files', () => {
    const message = refusal({ WALLET_PASS_TYPE_IDENTIFIER: 'com.example.door', WALLET_TEAM_IDENTIFIER: 'team', WALLET_SIGNER_CERT_FILE: join(certs.dir, 'absent.pem') });
    expect(message).to.contain('WALLET_PASS_TYPE_IDENTIFIER: must be a pass type identifier such as pass.com.example.door-access');
    expect(message).to.contain('WALLET_TEAM_IDENTIFIER: must be the 10-character Apple team identifier');
    expect(message).to.contain('WALLET_SIGNER_CERT_FILE: must name an existing PEM file');
  });

  it('refuses a key that is not the certificate’s, a key that is not RSA, and a file that is no certificate', async () => {
    const other = join(certs.dir, 'config-spec-wwdr.key');
    writeFileSync(other, certs.wwdr.key);
    expect(refusal({ WALLET_SIGNER_KEY_FILE: other })).to.contain('WALLET_SIGNER_KEY_FILE: is not the key of WALLET_SIGNER_CERT_FILE');
    const ec = await selfSignedCertificate({ commonName: 'EC signer', dnsNames: [], ips: [], days: 1 });
    writeFileSync(join(certs.dir, 'ec.pem'), ec.cert);
    writeFileSync(join(certs.dir, 'ec.key'), ec.key);
    expect(refusal({ WALLET_SIGNER_CERT_FILE: join(certs.dir, 'ec.pem'), WALLET_SIGNER_KEY_FILE: join(certs.dir, 'ec.key') })).to.contain(
      'WALLET_SIGNER_KEY_FILE: must be an RSA key (the pass-type certificate key Apple issues)',
    );
    expect(refusal({ WALLET_WWDR_CERT_FILE: join(certs.dir, 'signer.key') })).to.contain('WALLET_WWDR_CERT_FILE: must hold a PEM X.509 certificate');
    expect(refusal({ WALLET_SIGNER_KEY_FILE: join(certs.dir, 'signer.pem') })).to.contain('WALLET_SIGNER_KEY_FILE: must hold a PEM private key');
  });
});
