import { generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import type { DataSource } from '@wfm/db/data-source';
import { hashReaderKey, newReaderKey } from '@wfm/access/reader-key';
import { signCredential } from '@wfm/access/credential';

export interface BenchTenant {
  tenantId: string;
  readerKey: string;
  kid: string;
  privateKey: KeyObject;
}

/** A tenant of 10,000 users, 200 zones of 4 readers each and 50,000 grants (5 zones per user). */
export async function seedBenchTenant(ds: DataSource, sizes = { users: 10_000, zones: 200, readersPerZone: 4, zonesPerUser: 5 }): Promise<BenchTenant> {
  const tenantId = randomUUID();
  await ds.query(`INSERT INTO tenants (id, name, slug, plan, timezone, public_api_enabled) VALUES ($1, 'Bench', $2, 'ENTERPRISE', 'Europe/London', true)`, [tenantId, `bench-${tenantId.slice(0, 8)}`]);
  await ds.query(
    `INSERT INTO users (id, tenant_id, full_name, email, role, status)
     SELECT gen_random_uuid(), $1, 'User ' || g, 'u' || g || '@bench.test', 'STAFF', 'ACTIVE' FROM generate_series(1, $2) g`,
    [tenantId, sizes.users],
  );
  await ds.query(`INSERT INTO access_zones (id, tenant_id, name) SELECT gen_random_uuid(), $1, 'Zone ' || g FROM generate_series(1, $2) g`, [tenantId, sizes.zones]);
  await ds.query(
    `INSERT INTO access_zone_readers (tenant_id, zone_id, reader_id)
     SELECT $1, z.id, replace(z.name, ' ', '-') || '-r' || r FROM access_zones z, generate_series(1, $2) r WHERE z.tenant_id = $1`,
    [tenantId, sizes.readersPerZone],
  );
  await ds.query(
    `WITH u AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE tenant_id = $1),
          z AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS m FROM access_zones WHERE tenant_id = $1)
     INSERT INTO access_grants (id, tenant_id, user_id, zone_id)
     SELECT gen_random_uuid(), $1, u.id, z.id FROM u CROSS JOIN generate_series(0, $3::int - 1) k JOIN z ON z.m = (u.n + k * ($2::int / $3::int)) % $2::int`,
    [tenantId, sizes.zones, sizes.zonesPerUser],
  );
  const readerKey = newReaderKey();
  await ds.query(`INSERT INTO access_reader_keys (id, tenant_id, name, key_hash, prefix) VALUES ($1, $2, 'bench', $3, 'mk_bench')`, [randomUUID(), tenantId, hashReaderKey(readerKey)]);
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const kid = randomUUID();
  await ds.query(`INSERT INTO access_signing_keys (id, tenant_id, public_key, private_key_sealed) VALUES ($1, $2, $3, 'not-used-by-the-bench')`, [kid, tenantId, publicKey.export({ type: 'spki', format: 'pem' })]);
  return { tenantId, readerKey, kid, privateKey };
}

export function mintCredential(t: BenchTenant, userId: string, nowS = Math.floor(Date.now() / 1000)): string {
  return signCredential({ typ: 'user', sub: userId, tid: t.tenantId, iat: nowS, exp: nowS + 86_400, jti: randomUUID() }, { kid: t.kid, privateKey: t.privateKey });
}

/**
 * Tap bodies spread over every user: each (credential, reader) pair at most once, shuffled, so no
 * tap falls in another's 2-second replay window and every request is a real decision.
 */
export async function tapBodies(ds: DataSource, t: BenchTenant, count: number): Promise<string[]> {
  const rows: Array<{ user_id: string; reader_id: string }> = await ds.query(
    `SELECT g.user_id, r.reader_id FROM access_grants g JOIN access_zone_readers r ON r.zone_id = g.zone_id WHERE g.tenant_id = $1 AND g.user_id IS NOT NULL`,
    [t.tenantId],
  );
  const creds = new Map<string, string>();
  for (const r of rows) if (!creds.has(r.user_id)) creds.set(r.user_id, mintCredential(t, r.user_id));
  for (let i = rows.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [rows[i], rows[j]] = [rows[j]!, rows[i]!];
  }
  return rows.slice(0, count).map((r) => JSON.stringify({ credentialId: creds.get(r.user_id), readerId: r.reader_id }));
}
