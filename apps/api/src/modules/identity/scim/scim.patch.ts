import { BadRequestError } from '@wfm/core/errors';
import { parseOrThrow } from '@wfm/core/validation';
import { SCIM_ENTERPRISE_USER, ScimUserBody } from './scim.schemas.js';

/** The product's view of a provisioned person, as SCIM edits it. */
export interface ScimPerson {
  userName: string;
  givenName: string | null;
  familyName: string | null;
  formatted: string | null;
  email: string | null;
  mobile: string | null;
  active: boolean;
  externalId: string | null;
  employeeNumber: string | null;
}

export interface PatchOperation {
  op: string;
  path?: string;
  value?: unknown;
}

const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:user:';

/** Entra ID sends booleans as the strings "True" and "False". */
function bool(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string' && /^(true|false)$/i.test(v)) return v.toLowerCase() === 'true';
  throw new BadRequestError(['active must be a boolean']);
}

function text(v: unknown, path: string): string | null {
  if (v === null) return null;
  if (typeof v === 'string') return v;
  throw new BadRequestError([`${path} must be a string`]);
}

/** The value of a multi-valued attribute: the primary (or work/mobile) entry's value. */
function pick(v: unknown, type: string): string | null {
  if (!Array.isArray(v)) return null;
  const items = v as Array<{ value?: unknown; type?: unknown; primary?: unknown }>;
  const chosen = items.find((i) => i.primary === true) ?? items.find((i) => i.type === type) ?? items[0];
  return chosen && typeof chosen.value === 'string' ? chosen.value : null;
}

/** Applies one attribute, by its (lower-cased) path, to the person. */
function set(p: ScimPerson, rawPath: string, value: unknown, remove: boolean): void {
  const path = rawPath.toLowerCase().replace(/\s+/g, '');
  const v = remove ? null : value;
  switch (path) {
    case 'active':
      p.active = remove ? false : bool(v);
      return;
    case 'username':
      if (remove) throw new BadRequestError(['userName cannot be removed']);
      p.userName = text(v, 'userName') ?? p.userName;
      return;
    case 'externalid':
      p.externalId = text(v, 'externalId');
      return;
    case 'name.givenname':
      p.givenName = text(v, 'name.givenName');
      return;
    case 'name.familyname':
      p.familyName = text(v, 'name.familyName');
      return;
    case 'name.formatted':
    case 'displayname':
      p.formatted = text(v, rawPath);
      return;
    case 'name':
      if (v && typeof v === 'object') {
        const n = v as Record<string, unknown>;
        if ('givenName' in n) p.givenName = text(n.givenName, 'name.givenName');
        if ('familyName' in n) p.familyName = text(n.familyName, 'name.familyName');
        if ('formatted' in n) p.formatted = text(n.formatted, 'name.formatted');
      } else if (remove) {
        p.givenName = p.familyName = p.formatted = null;
      }
      return;
    case 'emails':
      p.email = remove ? null : pick(v, 'work');
      return;
    case 'emails[typeeq"work"].value':
    case 'emails.value':
      p.email = text(v, 'emails.value');
      return;
    case 'phonenumbers':
      p.mobile = remove ? null : pick(v, 'mobile');
      return;
    case 'phonenumbers[typeeq"mobile"].value':
    case 'phonenumbers.value':
      p.mobile = text(v, 'phoneNumbers.value');
      return;
    case `${ENTERPRISE}employeenumber`:
      p.employeeNumber = text(v, 'employeeNumber');
      return;
    default:
      // Attributes the product does not keep (title, locale, manager…) are accepted and ignored, as IdPs send them.
      return;
  }
}

/**
 * Holds what a patch changed to the rules a PUT body is held to (ScimUserBody), written as the
 * body that would carry it. What it left alone is not judged again: a stored value the product
 * allowed (a long first name, say) must not block an unrelated `active: false`.
 */
function checkChanges(before: ScimPerson, after: ScimPerson): void {
  const changed = <K extends keyof ScimPerson>(k: K) => (after[k] === before[k] ? undefined : after[k]);
  const multi = (value: string | null | undefined) => (value == null ? undefined : [{ value }]);
  parseOrThrow(ScimUserBody.partial(), {
    userName: changed('userName'),
    externalId: changed('externalId'),
    name: { givenName: changed('givenName'), familyName: changed('familyName'), formatted: changed('formatted') },
    emails: multi(changed('email')),
    phoneNumbers: multi(changed('mobile')),
    [SCIM_ENTERPRISE_USER]: { employeeNumber: changed('employeeNumber') },
  });
}

/**
 * RFC 7644 §3.5.2 PatchOp on a person: `add`, `replace` and `remove`, with a path or (Okta, and
 * Entra ID for some attributes) a value object holding several attributes; op names are
 * case-insensitive (Entra ID sends "Replace").
 */
export function applyPatch(person: ScimPerson, operations: readonly PatchOperation[]): ScimPerson {
  const next = { ...person };
  for (const operation of operations) {
    const op = String(operation.op ?? '').toLowerCase();
    if (op !== 'add' && op !== 'replace' && op !== 'remove') throw new BadRequestError([`Unsupported op ${String(operation.op)}`]);
    if (operation.path) {
      set(next, operation.path, operation.value, op === 'remove');
      continue;
    }
    if (op === 'remove') throw new BadRequestError(['remove needs a path']);
    if (!operation.value || typeof operation.value !== 'object' || Array.isArray(operation.value)) throw new BadRequestError(['value must be an object when there is no path']);
    for (const [key, value] of Object.entries(operation.value as Record<string, unknown>)) {
      if (key.toLowerCase() === ENTERPRISE.slice(0, -1) && value && typeof value === 'object') {
        for (const [k, x] of Object.entries(value as Record<string, unknown>)) set(next, `${ENTERPRISE}${k}`, x, false);
      } else {
        set(next, key, value, false);
      }
    }
  }
  checkChanges(person, next);
  return next;
}
