import { z } from 'zod';
import { ROLES } from '@wfm/core/tenancy';

/** Roles a connection may give the people it provisions: never an owner's. */
export const PROVISIONABLE_ROLES = ROLES.filter((r) => r !== 'TENANT_GROUP_OWNER' && r !== 'TENANT_OWNER');

const Name = z.string().trim().min(1).max(120);
const HttpsUrl = z
  .url({ protocol: /^https$/ })
  .max(2000)
  .meta({ example: 'https://idp.example.com/' });
const Domain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/, 'must be a domain name such as example.com')
  .meta({ example: 'example.com' });
/** PEM or the bare base64 body of an X.509 certificate, as IdP consoles show it. */
const Certificate = z.string().trim().min(100).max(20_000);
const Common = {
  name: Name,
  enabled: z.boolean().optional(),
  enforced: z.boolean().optional(),
  jitProvisioning: z.boolean().optional(),
  defaultRole: z.enum(PROVISIONABLE_ROLES).optional(),
};

export const OidcConnectionBody = z.strictObject({
  protocol: z.literal('OIDC'),
  ...Common,
  issuer: HttpsUrl,
  clientId: z.string().trim().min(1).max(500),
  clientSecret: z.string().min(1).max(2000),
});

export const SamlConnectionBody = z.strictObject({
  protocol: z.literal('SAML'),
  ...Common,
  /** The IdP's metadata document, pasted; or `metadataUrl`; or the three values by hand. */
  metadataXml: z.string().min(1).max(1_000_000).optional(),
  metadataUrl: HttpsUrl.optional(),
  idpEntityId: z.string().trim().min(1).max(2000).optional(),
  idpSsoUrl: HttpsUrl.optional(),
  idpCertificates: z.array(Certificate).min(1).max(5).optional(),
});

export const CreateConnectionBody = z.discriminatedUnion('protocol', [OidcConnectionBody, SamlConnectionBody]);
export type CreateConnectionInput = z.infer<typeof CreateConnectionBody>;

export const UpdateConnectionBody = z
  .strictObject({
    name: Name.optional(),
    enabled: z.boolean().optional(),
    enforced: z.boolean().optional(),
    jitProvisioning: z.boolean().optional(),
    defaultRole: z.enum(PROVISIONABLE_ROLES).optional(),
    issuer: HttpsUrl.optional(),
    clientId: z.string().trim().min(1).max(500).optional(),
    clientSecret: z.string().min(1).max(2000).optional(),
    metadataXml: z.string().min(1).max(1_000_000).optional(),
    metadataUrl: HttpsUrl.optional(),
    idpEntityId: z.string().trim().min(1).max(2000).optional(),
    idpSsoUrl: HttpsUrl.optional(),
    idpCertificates: z.array(Certificate).min(1).max(5).optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'at least one field is required');
export type UpdateConnectionInput = z.infer<typeof UpdateConnectionBody>;

export const ConnectionParams = z.strictObject({ id: z.uuid() });
export const DomainParams = z.strictObject({ id: z.uuid(), domainId: z.uuid() });
export const AddDomainBody = z.strictObject({ domain: Domain });

const DomainDto = z.object({
  id: z.uuid(),
  domain: z.string(),
  verified: z.boolean(),
  verifiedAt: z.iso.datetime().nullable(),
  dnsRecord: z.object({ type: z.literal('TXT'), name: z.string(), value: z.string() }).meta({ description: 'Publish this record, then call verify' }),
});

export const ConnectionDto = z.object({
  id: z.uuid(),
  protocol: z.enum(['OIDC', 'SAML']),
  name: z.string(),
  enabled: z.boolean(),
  enforced: z.boolean().meta({ description: 'Password sign-in refused for everyone of the tenant but its owners' }),
  jitProvisioning: z.boolean(),
  defaultRole: z.enum(ROLES),
  oidc: z.object({ issuer: z.string(), clientId: z.string(), clientSecretSet: z.literal(true), redirectUri: z.string() }).nullable(),
  saml: z
    .object({
      idpEntityId: z.string(),
      idpSsoUrl: z.string(),
      metadataUrl: z.string().nullable(),
      idpCertificates: z.array(z.object({ sha256Fingerprint: z.string(), subject: z.string(), validTo: z.iso.datetime() })),
      spEntityId: z.string(),
      acsUrl: z.string(),
    })
    .nullable(),
  domains: z.array(DomainDto),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ConnectionDto = z.infer<typeof ConnectionDto>;
export type DomainDto = z.infer<typeof DomainDto>;
export { DomainDto };

export const LookupQuery = z.object({ email: z.email().max(254) });
export const LookupDto = z.object({
  sso: z.boolean().meta({ description: "True when the email's domain signs in through its company's identity provider" }),
  passwordAllowed: z.boolean().meta({ description: 'False when that company refuses password sign-in (its owners excepted)' }),
});

/** Where the web app lands after sign-in: a path of the app, never another origin. */
const ReturnTo = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s]*$/, 'must be a path of the web app such as /schedule')
  .meta({ example: '/schedule' });

export const StartBody = z.strictObject({ email: z.email().max(254), returnTo: ReturnTo.optional() });
export const RedirectDto = z.object({
  redirectUrl: z.url(),
  expiresAt: z.iso.datetime(),
  verifier: z.string().meta({ description: 'Keep it in the page (session storage, never a URL) and send it with the code to POST /auth/sso/exchange' }),
});

export const OidcCallbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
  iss: z.string().max(2000).optional(),
});

export const SamlAcsBody = z.object({ SAMLResponse: z.string().min(1).max(2_000_000), RelayState: z.string().max(200).optional() });

export const ExchangeBody = z.strictObject({ code: z.string().min(1).max(200), verifier: z.string().min(1).max(200) });

export const ExternalStatusDto = z.object({ enabled: z.boolean(), provider: z.literal('google') });
export const ExternalStartBody = z.strictObject({ tenantSlug: z.string().min(1).max(64).optional(), returnTo: ReturnTo.optional() });
