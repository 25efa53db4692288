import { SecretHasher, uuid } from '@wfm/core/crypto';
import { DEFAULT_API_KEY_SCOPES, type Scope } from '@wfm/core/scopes';
import type { DataSource } from '@wfm/db/data-source';
import { ApiKeyEntity } from '@wfm/db/entities/developer-credential.entity';
import { newApiKey } from '../modules/developer/auth/developer-credentials.secrets.js';
import type { ApiHarness } from './harness.js';

export interface ApiKeyOptions {
  /** The pepper the app under test hashes with: `h.config.secretPepper ?? h.config.jwtSecret`. */
  secretPepper: string;
  scopes?: Scope[];
  expiresAt?: Date | null;
  name?: string;
  createdAt?: Date;
  /** Who made the key: its rank (people-policy). Unless given, the tenant's first owner, if it has one. */
  createdByUserId?: string | null;
}

/** The tenant's first active owner, the maker of test keys unless a test names another. */
async function ownerOf(ds: DataSource, tenantId: string): Promise<string | null> {
  const [owner] = await ds.query(
    `SELECT id FROM users WHERE tenant_id = $1 AND role = 'TENANT_OWNER' AND status = 'ACTIVE' AND deleted_at IS NULL ORDER BY created_at, id LIMIT 1`,
    [tenantId],
  );
  return owner ? (owner as { id: string }).id : null;
}

/** A real api_keys row with the real hash, so the app's resolver accepts the returned key. */
export async function createApiKey(ds: DataSource, tenantId: string, opts: ApiKeyOptions): Promise<{ id: string; key: string }> {
  const { key, prefix } = newApiKey();
  const id = uuid();
  await ds.getRepository(ApiKeyEntity).insert({
    id,
    tenantId,
    name: opts.name ?? 'Test key',
    prefix,
    keyHash: new SecretHasher(opts.secretPepper).hash(key),
    scopes: opts.scopes ?? [...DEFAULT_API_KEY_SCOPES],
    expiresAt: opts.expiresAt ?? null,
    createdByUserId: opts.createdByUserId === undefined ? await ownerOf(ds, tenantId) : opts.createdByUserId,
    createdAt: opts.createdAt ?? new Date(),
    lastUsedAt: null,
    revokedAt: null,
  });
  return { id, key };
}

/** A key for the harness's app, created at its fake clock's time; returns the key itself. */
export async function apiKeyFor(h: ApiHarness, tenantId: string, scopes?: Scope[]): Promise<string> {
  const pepper = h.config.secretPepper ?? h.config.jwtSecret;
  const created = await createApiKey(h.ds, tenantId, { secretPepper: pepper, createdAt: h.clock.now(), ...(scopes ? { scopes } : {}) });
  return created.key;
}

/** Spec 01's scopes written out, as a validation message lists them: from the spec, not from the code under test. */
export const SCOPE_LIST = [
  'outlets:read',
  'employees:read',
  'shifts:read',
  'shifts:write',
  'attendance:read',
  'attendance:write',
  'leave:read',
  'leave:write',
  'reports:read',
  'webhooks:read',
  'webhooks:write',
  'scim:read',
  'scim:write',
].join(', ');
