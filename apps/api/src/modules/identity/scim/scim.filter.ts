import { BadRequestError } from '@wfm/core/errors';

/** The filters identity providers send when provisioning (RFC 7644 §3.4.2.2, the `eq` subset). */
export type ScimFilter = { attr: 'userName' | 'email' | 'externalId'; value: string } | { attr: 'active'; value: boolean };

/** SCIM's 400 for a filter it cannot read (scimType invalidFilter). */
export class InvalidFilterError extends BadRequestError {
  constructor(detail: string) {
    super([detail]);
  }
}

/**
 * `userName eq "x"`, `emails[type eq "work"].value eq "x"` (or `emails.value eq`), `externalId eq
 * "x"`, `active eq true|false`. Attribute names are case-insensitive, as RFC 7643 says.
 */
export function parseFilter(filter: string): ScimFilter {
  const m = /^\s*([A-Za-z.]+(?:\[\s*type\s+eq\s+"work"\s*\]\.value)?)\s+eq\s+(?:"((?:[^"\\]|\\.)*)"|(true|false))\s*$/i.exec(filter);
  if (!m) throw new InvalidFilterError(`Unsupported filter: only "<attribute> eq <value>" on userName, emails, externalId or active`);
  const attr = m[1]!.toLowerCase().replace(/\s+/g, '');
  const text = m[2] === undefined ? undefined : m[2].replace(/\\(.)/g, '$1');
  if (attr === 'active') {
    if (m[3] === undefined) throw new InvalidFilterError('active compares with true or false');
    return { attr: 'active', value: m[3].toLowerCase() === 'true' };
  }
  if (text === undefined) throw new InvalidFilterError(`${m[1]} compares with a string`);
  if (attr === 'username') return { attr: 'userName', value: text };
  if (attr === 'externalid') return { attr: 'externalId', value: text };
  if (attr === 'emails.value' || attr === 'emails[typeeq"work"].value') return { attr: 'email', value: text };
  throw new InvalidFilterError(`Unsupported filter attribute ${m[1]}`);
}
