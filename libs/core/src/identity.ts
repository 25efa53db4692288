/** Sign-in identifiers are compared in one canonical form, so formatting cannot duplicate a person. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const MOBILE = /^\+?[1-9]\d{6,14}$/;

/** E.164-like: separators dropped, optional leading +, 7 to 15 digits. Null when not a mobile number. */
export function normalizeMobile(mobile: string): string | null {
  const compact = mobile.trim().replace(/[\s\-().]/g, '');
  return MOBILE.test(compact) ? compact : null;
}

export function looksLikeEmail(identifier: string): boolean {
  return identifier.includes('@');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A value the database's uuid columns accept; anything else must never reach a query. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
