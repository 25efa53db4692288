import { X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

export class SamlConfigurationError extends Error {}

/** What the product keeps of an identity provider's SAML metadata. */
export interface IdpDescriptor {
  entityId: string;
  ssoUrl: string;
  certificates: string[];
}

/** A certificate as PEM, whether given as PEM or as the bare base64 body; throws when it is not X.509. */
export function normalizeCertificate(value: string): string {
  const body = value.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  const pem = `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END CERTIFICATE-----\n`;
  try {
    new X509Certificate(pem);
  } catch {
    throw new SamlConfigurationError('idpCertificates must be X.509 certificates (PEM or base64)');
  }
  return pem;
}

export function describeCertificate(pem: string): { sha256Fingerprint: string; subject: string; validTo: string } {
  const cert = new X509Certificate(pem);
  return { sha256Fingerprint: cert.fingerprint256, subject: cert.subject.replace(/\n/g, ', '), validTo: new Date(cert.validTo).toISOString() };
}

/**
 * The entity id, the HTTP-Redirect single sign-on address and the signing certificates of an
 * IdP's metadata document. xmldom resolves no external entities, so a hostile document cannot
 * make the server read files or call out.
 */
export function parseIdpMetadata(xml: string): IdpDescriptor {
  let doc: Document;
  try {
    doc = new DOMParser({ errorHandler: { error: () => undefined, warning: () => undefined, fatalError: () => undefined } }).parseFromString(xml, 'text/xml') as unknown as Document;
  } catch {
    throw new SamlConfigurationError('metadataXml is not well-formed XML');
  }
  const entity = doc?.getElementsByTagNameNS(MD, 'EntityDescriptor')[0];
  const idp = entity?.getElementsByTagNameNS(MD, 'IDPSSODescriptor')[0];
  if (!entity || !idp) throw new SamlConfigurationError('metadataXml has no EntityDescriptor with an IDPSSODescriptor');
  const entityId = entity.getAttribute('entityID') ?? '';
  const services = Array.from(idp.getElementsByTagNameNS(MD, 'SingleSignOnService'));
  const ssoUrl = services.find((s) => s.getAttribute('Binding') === REDIRECT_BINDING)?.getAttribute('Location') ?? '';
  const certificates = Array.from(idp.getElementsByTagNameNS(MD, 'KeyDescriptor'))
    .filter((k) => !k.getAttribute('use') || k.getAttribute('use') === 'signing')
    .flatMap((k) => Array.from(k.getElementsByTagNameNS(DSIG, 'X509Certificate')).map((c) => normalizeCertificate(c.textContent ?? '')));
  if (!entityId) throw new SamlConfigurationError('metadataXml has no entityID');
  if (!/^https:\/\//.test(ssoUrl)) throw new SamlConfigurationError('metadataXml has no https SingleSignOnService with the HTTP-Redirect binding');
  if (certificates.length === 0) throw new SamlConfigurationError('metadataXml has no signing certificate');
  return { entityId, ssoUrl, certificates: [...new Set(certificates)] };
}

export interface SamlSettings {
  idp: IdpDescriptor;
  spEntityId: string;
  acsUrl: string;
}

/** A validated assertion: signature, issuer, audience, recipient, time window and request all checked. */
export interface SamlAssertion {
  assertionId: string;
  inResponseTo: string;
  nameId: string;
  email: string | null;
  givenName: string | null;
  familyName: string | null;
  displayName: string | null;
  /** Until when the assertion could be presented: how long its id must be remembered. */
  validUntil: Date;
}

export class SamlAssertionError extends Error {}

const ATTR = {
  email: ['email', 'mail', 'emailaddress', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress', 'urn:oid:0.9.2342.19200300.100.1.3'],
  givenName: ['firstname', 'givenname', 'given_name', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname', 'urn:oid:2.5.4.42'],
  familyName: ['lastname', 'surname', 'sn', 'family_name', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname', 'urn:oid:2.5.4.4'],
  displayName: ['displayname', 'name', 'http://schemas.microsoft.com/identity/claims/displayname', 'urn:oid:2.16.840.1.113730.3.1.241'],
};

function attribute(profile: Profile, names: string[]): string | null {
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(attributes)) {
    if (!names.includes(key.toLowerCase())) continue;
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string' && first.trim()) return first.trim();
  }
  return null;
}

type XmlNode = { $?: Record<string, string>; [k: string]: unknown };
const child = (node: XmlNode | undefined, name: string): XmlNode[] => ((node?.[name] as XmlNode[] | undefined) ?? []);

/**
 * SAML 2.0 Web Browser SSO through @node-saml/node-saml, which checks the XML signature (the
 * assertion must be signed by one of the connection's certificates), the issuer, the audience,
 * the time conditions and that the response answers a request we made. What it leaves to the
 * caller is checked here: the assertion's issuer is the IdP's entity id, the recipient is our ACS
 * and the assertion has an id, which the service
 * then remembers so it is accepted once.
 */
export class SamlClient {
  constructor(private readonly clockSkewMs: number) {}

  private saml(s: SamlSettings, requestId: string | null, knownRequest: (id: string) => Promise<boolean>): SAML {
    const cacheProvider: CacheProvider = {
      // The request id is recorded with the sign-in's state, in the database, before the redirect.
      saveAsync: async (_key, value) => ({ value, createdAt: Date.now() }),
      // node-saml judges the age itself from what this returns; the state's own expiry (by the
      // product's clock) has already decided, so an accepted id is reported as made just now.
      getAsync: async (key) => ((await knownRequest(key)) ? new Date().toISOString() : null),
      removeAsync: async (key) => key,
    };
    return new SAML({
      callbackUrl: s.acsUrl,
      entryPoint: s.idp.ssoUrl,
      issuer: s.spEntityId,
      audience: s.spEntityId,
      idpIssuer: s.idp.entityId,
      idpCert: s.idp.certificates,
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: false,
      acceptedClockSkewMs: this.clockSkewMs,
      validateInResponseTo: ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: 60 * 60_000,
      cacheProvider,
      identifierFormat: null,
      disableRequestedAuthnContext: true,
      generateUniqueId: () => requestId ?? '_unused',
    });
  }

  /** The IdP address the browser goes to, carrying an AuthnRequest with `requestId` and our state as RelayState. */
  authorizeUrl(s: SamlSettings, requestId: string, relayState: string): Promise<string> {
    return this.saml(s, requestId, async () => false).getAuthorizeUrlAsync(relayState, undefined, {});
  }

  /** The service provider metadata an admin gives their IdP. */
  serviceProviderMetadata(s: SamlSettings): string {
    return this.saml(s, null, async () => false).generateServiceProviderMetadata(null, null);
  }

  async validate(s: SamlSettings, samlResponse: string, knownRequest: (id: string) => Promise<boolean>): Promise<SamlAssertion> {
    let profile: Profile | null;
    try {
      ({ profile } = await this.saml(s, null, knownRequest).validatePostResponseAsync({ SAMLResponse: samlResponse }));
    } catch (err) {
      throw new SamlAssertionError(err instanceof Error ? err.message : 'invalid SAML response');
    }
    if (!profile?.nameID || !profile.getAssertion) throw new SamlAssertionError('The assertion names no subject');
    // node-saml compares idpIssuer on logout messages only; a sign-in assertion's issuer is checked here.
    if (profile.issuer !== s.idp.entityId) throw new SamlAssertionError('The assertion was issued by another identity provider');
    const assertion = (profile.getAssertion() as { Assertion?: XmlNode }).Assertion;
    const assertionId = assertion?.$?.ID;
    if (!assertionId) throw new SamlAssertionError('The assertion has no ID');
    const confirmations = child(child(assertion, 'Subject')[0], 'SubjectConfirmation').flatMap((c) => child(c, 'SubjectConfirmationData'));
    if (!confirmations.some((d) => d.$?.Recipient === s.acsUrl)) throw new SamlAssertionError('The assertion is not addressed to this service (Recipient)');
    const inResponseTo = typeof profile.inResponseTo === 'string' ? profile.inResponseTo : '';
    if (!inResponseTo) throw new SamlAssertionError('The response answers no request of ours (unsolicited responses are refused)');
    const until = [child(assertion, 'Conditions')[0]?.$?.NotOnOrAfter, ...confirmations.map((d) => d.$?.NotOnOrAfter)].filter((v): v is string => !!v).map((v) => Date.parse(v));
    const nameIdIsEmail = /emailAddress$/.test(profile.nameIDFormat ?? '') || /^[^@\s]+@[^@\s]+$/.test(profile.nameID);
    return {
      assertionId,
      inResponseTo,
      nameId: profile.nameID,
      email: attribute(profile, ATTR.email) ?? (nameIdIsEmail ? profile.nameID : null),
      givenName: attribute(profile, ATTR.givenName),
      familyName: attribute(profile, ATTR.familyName),
      displayName: attribute(profile, ATTR.displayName),
      validUntil: new Date(until.length ? Math.max(...until) + this.clockSkewMs : Date.now() + 24 * 3_600_000),
    };
  }
}
