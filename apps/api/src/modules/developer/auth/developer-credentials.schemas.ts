import { z } from 'zod';
import { SCOPES } from '@wfm/core/scopes';
import { ROLES } from '@wfm/core/tenancy';
import { isoInstant } from '../../../http/validation.js';

const Name = z.string().trim().min(1).max(120);
const ScopeValue = z.enum(SCOPES);
const unique = (values: readonly string[]) => new Set(values).size === values.length;
const NO_DUPLICATES = 'must not contain duplicate values';

/**
 * `scopes` omitted gives the spec's defaults; an empty list is refused rather than read as either
 * "defaults" or "none", so a key never ends up with scopes its creator did not expect.
 */
export const CreateApiKeyBody = z.strictObject({
  name: Name,
  scopes: z.array(ScopeValue).min(1).refine(unique, NO_DUPLICATES).optional(),
  /** Absent or null: the key does not expire. Must lie in the future. */
  expiresAt: isoInstant().nullable().optional(),
});
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBody>;

/** Spec 01: a client registered without `allowedScopes` has none. */
export const CreateOAuthClientBody = z.strictObject({
  name: Name,
  allowedScopes: z.array(ScopeValue).refine(unique, NO_DUPLICATES).default([]),
});
export type CreateOAuthClientBody = z.infer<typeof CreateOAuthClientBody>;

export const CredentialIdParams = z.object({ id: z.uuid() });

const Timestamp = z.iso.datetime();

export const ApiKeyCreatedDto = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string().meta({ description: '`svc_live_` and the next 4 characters of the key' }),
  key: z.string().meta({ description: '`svc_live_` and 43 characters. Shown only in this response' }),
  createdAt: Timestamp,
  expiresAt: Timestamp.nullable(),
});
export type ApiKeyCreatedDto = z.infer<typeof ApiKeyCreatedDto>;

/** Who made a credential: it acts with their role while they are active, and changes nobody once they are not (docs/api.md, the rank rule). */
export const MadeByDto = z
  .object({ userId: z.uuid(), fullName: z.string(), role: z.enum(ROLES), active: z.boolean() })
  .nullable()
  .meta({ description: 'Null when its maker was erased' });
export type MadeByDto = z.infer<typeof MadeByDto>;

export const ApiKeyDto = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(ScopeValue),
  createdAt: Timestamp,
  expiresAt: Timestamp.nullable(),
  lastUsedAt: Timestamp.nullable().meta({ description: 'Accurate to one minute' }),
  revokedAt: Timestamp.nullable(),
  madeBy: MadeByDto,
});
export type ApiKeyDto = z.infer<typeof ApiKeyDto>;

export const OAuthClientCreatedDto = z.object({
  id: z.uuid(),
  name: z.string(),
  clientId: z.string().meta({ description: '`svc_client_…`, sent as `client_id`' }),
  clientSecret: z.string().meta({ description: '`svc_secret_…`, sent as `client_secret`. Shown only in this response' }),
  allowedScopes: z.array(ScopeValue),
  createdAt: Timestamp,
});
export type OAuthClientCreatedDto = z.infer<typeof OAuthClientCreatedDto>;

export const OAuthClientDto = z.object({
  id: z.uuid(),
  name: z.string(),
  clientId: z.string(),
  allowedScopes: z.array(ScopeValue),
  createdAt: Timestamp,
  revokedAt: Timestamp.nullable(),
  madeBy: MadeByDto,
});
export type OAuthClientDto = z.infer<typeof OAuthClientDto>;

export const RevokedDto = z.object({ id: z.uuid(), revoked: z.literal(true) });
export type RevokedDto = z.infer<typeof RevokedDto>;

/**
 * RFC 6749 4.4.2 parameters, JSON or form-encoded. Other parameters (`scope` included) are ignored
 * as RFC 6749 3.2 asks: a token always carries its client's scopes.
 */
export const TokenRequestBody = z.object({
  grant_type: z.literal('client_credentials'),
  client_id: z.string().min(1).optional().meta({ description: 'Required unless sent with HTTP Basic authentication' }),
  client_secret: z.string().min(1).optional().meta({ description: 'Required unless sent with HTTP Basic authentication' }),
});
export type TokenRequestBody = z.infer<typeof TokenRequestBody>;

export const TokenDto = z.object({
  access_token: z.string().meta({ description: '`svc_oauth_` and 43 characters' }),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().meta({ description: 'Seconds: 3600' }),
});
export type TokenDto = z.infer<typeof TokenDto>;

export const OAuthErrorDto = z.object({ error: z.string(), error_description: z.string() });
