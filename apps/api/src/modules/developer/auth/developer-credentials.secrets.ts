import { randomToken } from '@wfm/core/crypto';

/** 32 random bytes, base64url without padding: the 43 characters spec 01 gives every secret. */
const SECRET_BYTES = 32;
const SECRET_BODY = '[A-Za-z0-9_-]{43}';

const API_KEY_PREFIX = 'svc_live_';
const OAUTH_TOKEN_PREFIX = 'svc_oauth_';
const CLIENT_ID_PREFIX = 'svc_client_';
const CLIENT_SECRET_PREFIX = 'svc_secret_';

export const API_KEY_FORMAT = new RegExp(`^${API_KEY_PREFIX}${SECRET_BODY}$`);
export const OAUTH_TOKEN_FORMAT = new RegExp(`^${OAUTH_TOKEN_PREFIX}${SECRET_BODY}$`);

/** The literal prefix plus the next 4 characters (spec 01): enough to tell keys apart, useless to an attacker. */
const DISPLAY_PREFIX_LENGTH = API_KEY_PREFIX.length + 4;

export function newApiKey(): { key: string; prefix: string } {
  const key = API_KEY_PREFIX + randomToken(SECRET_BYTES);
  return { key, prefix: key.slice(0, DISPLAY_PREFIX_LENGTH) };
}

/** Not a secret: an identifier the client sends beside its secret, so 128 bits suffice. */
export function newClientId(): string {
  return CLIENT_ID_PREFIX + randomToken(16);
}

export function newClientSecret(): string {
  return CLIENT_SECRET_PREFIX + randomToken(SECRET_BYTES);
}

export function newAccessToken(): string {
  return OAUTH_TOKEN_PREFIX + randomToken(SECRET_BYTES);
}
