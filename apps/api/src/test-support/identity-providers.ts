import { randomBytes } from 'node:crypto';
import { createServer, request, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { SignedXml } from 'xml-crypto';
import { selfSignedCertificate, type SelfSignedCertificate } from '@wfm/testing/certificate';
import { testCertificate } from '@wfm/testing/https-receiver';
import { localEgressEnv } from './local-egress.js';

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1 over HTTPS with the
 * test certificate. Sign-in and consent are answered at once for `loginAs`, so a test drives the
 * whole browser flow with `browse`.
 */
export class TestOidcProvider {
  readonly accounts = new Map<string, Record<string, unknown>>();
  /** The account the next sign-in at this provider signs in as. */
  loginAs = '';
  issuer = '';
  ca = '';
  private server!: Server;

  static async start(clients: Array<{ clientId: string; clientSecret: string; redirectUri: string }>): Promise<TestOidcProvider> {
    const idp = new TestOidcProvider();
    const { key, cert } = await testCertificate();
    idp.ca = cert;
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test-key' };
    let handler: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void = () => undefined;
    idp.server = createServer({ key, cert }, (req, res) => handler(req, res));
    await new Promise<void>((resolve) => idp.server.listen(0, '127.0.0.1', resolve));
    idp.issuer = `https://127.0.0.1:${(idp.server.address() as AddressInfo).port}`;
    const provider = new Provider(idp.issuer, {
      clients: clients.map((c) => ({ client_id: c.clientId, client_secret: c.clientSecret, redirect_uris: [c.redirectUri], response_types: ['code'], grant_types: ['authorization_code'], token_endpoint_auth_method: 'client_secret_basic' })),
      jwks: { keys: [jwk] },
      cookies: { keys: [randomBytes(16).toString('hex')] },
      findAccount: async (_ctx, id) => ({ accountId: id, claims: async () => ({ sub: id, ...idp.accounts.get(id) }) }),
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
      // As the big providers do: the ID token carries the claims of the scopes asked for.
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      pkce: { required: () => true },
      ttl: { AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 3600, IdToken: 3600 },
    });
    const callback = provider.callback();
    handler = (req, res) => {
      if (!req.url?.startsWith('/interaction/')) return callback(req, res);
      void (async () => {
        const details = await provider.interactionDetails(req, res);
        if (details.prompt.name === 'login') {
          await provider.interactionFinished(req, res, { login: { accountId: idp.loginAs } }, { mergeWithLastSubmission: false });
          return;
        }
        const grant = new provider.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) });
        grant.addOIDCScope(String(details.params.scope));
        await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
      })().catch(() => res.writeHead(500).end());
    };
    return idp;
  }

  /** The API settings that let it reach this provider: 127.0.0.1 through the egress check, the certificate trusted. */
  apiEnv(): Record<string, string> {
    return localEgressEnv(this.ca);
  }

  /**
   * What a browser does from the provider's authorization URL: follows redirects, keeping the
   * provider's cookies, until one leads to `stopAt`; that URL (the provider's redirect back to
   * us) is returned without being visited.
   */
  async browse(url: string, stopAt: string): Promise<string> {
    const cookies = new Map<string, string>();
    let next = url;
    for (let hop = 0; hop < 20; hop++) {
      if (next.startsWith(stopAt)) return next;
      const res = await this.get(next, [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
      for (const c of res.setCookie) {
        const [pair] = c.split(';');
        const at = pair!.indexOf('=');
        cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      if (!res.location) throw new Error(`The provider stopped at ${next} with ${res.status}: ${res.body.slice(0, 300)}`);
      next = new URL(res.location, next).href;
    }
    throw new Error('Too many redirects at the provider');
  }

  private get(url: string, cookie: string): Promise<{ status: number; location?: string; setCookie: string[]; body: string }> {
    return new Promise((resolve, reject) => {
      const req = request(url, { method: 'GET', ca: this.ca, headers: cookie ? { cookie } : {} }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ...(res.headers.location ? { location: res.headers.location } : {}), setCookie: res.headers['set-cookie'] ?? [], body }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}

export interface SamlResponseOptions {
  inResponseTo: string | null;
  audience: string;
  recipient: string;
  nameId: string;
  attributes?: Record<string, string>;
  assertionId?: string;
  /** When the assertion stops being valid (default: five minutes from now). */
  notOnOrAfter?: Date;
  /** Another key pair signs (a forged or rotated-out signature). */
  signer?: SelfSignedCertificate;
  /** Change the assertion after signing. */
  tamper?: (signedAssertion: string) => string;
  unsigned?: boolean;
  issuer?: string;
}

/**
 * A SAML 2.0 identity provider made of a test RSA key pair: its metadata, and signed responses
 * (xml-crypto, enveloped signature on the assertion) for the AuthnRequests the API sends it.
 */
export class TestSamlIdp {
  readonly entityId = 'https://idp.saml.test/metadata';
  readonly ssoUrl = 'https://idp.saml.test/sso';

  private constructor(readonly keys: SelfSignedCertificate) {}

  static async create(): Promise<TestSamlIdp> {
    return new TestSamlIdp(await TestSamlIdp.keyPair());
  }

  static keyPair(): Promise<SelfSignedCertificate> {
    return selfSignedCertificate({ commonName: 'idp.saml.test', dnsNames: ['idp.saml.test'], ips: [], days: 30, keyType: 'rsa' });
  }

  get certificateBody(): string {
    return this.keys.cert.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  }

  metadataXml(): string {
    return `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${this.entityId}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol" WantAuthnRequestsSigned="false">
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${this.certificateBody}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${this.ssoUrl}/post"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${this.ssoUrl}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
  }

  /** The AuthnRequest id and RelayState of the redirect the API sent the browser on. */
  static request(redirectUrl: string): { id: string; relayState: string; xml: string } {
    const url = new URL(redirectUrl);
    const xml = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
    return { id: /\sID="([^"]+)"/.exec(xml)?.[1] ?? '', relayState: url.searchParams.get('RelayState') ?? '', xml };
  }

  /** A base64 SAMLResponse as the browser posts it to the ACS. */
  response(o: SamlResponseOptions): string {
    const now = new Date();
    const until = (o.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000)).toISOString();
    const issuer = o.issuer ?? this.entityId;
    const inResponseTo = o.inResponseTo === null ? '' : ` InResponseTo="${o.inResponseTo}"`;
    const attributes = Object.entries(o.attributes ?? {})
      .map(([name, value]) => `<saml:Attribute Name="${name}"><saml:AttributeValue>${value}</saml:AttributeValue></saml:Attribute>`)
      .join('');
    const assertion =
      `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${o.assertionId ?? `_a${randomBytes(12).toString('hex')}`}" Version="2.0" IssueInstant="${now.toISOString()}">` +
      `<saml:Issuer>${issuer}</saml:Issuer>` +
      `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${o.nameId}</saml:NameID>` +
      `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${inResponseTo} NotOnOrAfter="${until}" Recipient="${o.recipient}"/></saml:SubjectConfirmation></saml:Subject>` +
      `<saml:Conditions NotBefore="${new Date(now.getTime() - 60_000).toISOString()}" NotOnOrAfter="${until}"><saml:AudienceRestriction><saml:Audience>${o.audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
      `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="_s1"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
      (attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : '') +
      `</saml:Assertion>`;
    let signed = assertion;
    if (!o.unsigned) {
      const signer = o.signer ?? this.keys;
      const sig = new SignedXml({
        privateKey: signer.key,
        publicCert: signer.cert,
        signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
        canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
      });
      sig.addReference({
        xpath: "//*[local-name(.)='Assertion']",
        transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
        digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
      });
      sig.computeSignature(assertion, { location: { reference: "//*[local-name(.)='Issuer']", action: 'after' } });
      signed = sig.getSignedXml();
    }
    if (o.tamper) signed = o.tamper(signed);
    const response =
      `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomBytes(12).toString('hex')}" Version="2.0" IssueInstant="${now.toISOString()}" Destination="${o.recipient}"${inResponseTo}>` +
      `<saml:Issuer>${issuer}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${signed}</samlp:Response>`;
    return Buffer.from(response).toString('base64');
  }
}
