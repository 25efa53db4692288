import { ACCESS_CHANGES_CHANNEL, decodeAccessChanges, type AccessChange } from '@wfm/access/change-feed';
import type { AuditEventType } from '@wfm/access/decision';
import { uuid } from '@wfm/core/crypto';
import type { DataSource } from '@wfm/db/data-source';
import type { Bus } from '@wfm/memory/bus';

/**
 * Rows the API itself never writes (the daemon does: readers from heartbeats, audit rows of taps)
 * or that belong to another module (visitor passes), inserted directly for access tests.
 */
export async function insertReader(ds: DataSource, tenantId: string, readerId: string, lastSeenAt: Date, over: { firmwareVersion?: string; ipAddress?: string } = {}): Promise<string> {
  const id = uuid();
  await ds.query(
    `INSERT INTO access_readers (id, tenant_id, reader_id, firmware_version, ip_address, first_seen_at, last_seen_at) VALUES ($1, $2, $3, $4, $5, $6, $6)`,
    [id, tenantId, readerId, over.firmwareVersion ?? '1.0.0', over.ipAddress ?? '10.0.0.1', lastSeenAt],
  );
  return id;
}

export interface AuditInsert {
  userId?: string | null;
  zoneId?: string | null;
  visitorPassId?: string | null;
  eventType?: AuditEventType;
  occurredAt: Date | string;
  readerId?: string;
  credentialId?: string;
  reason?: string | null;
  source?: string;
}

export async function insertAudit(ds: DataSource, tenantId: string, row: AuditInsert): Promise<string> {
  const id = uuid();
  await ds.query(
    `INSERT INTO access_audit (id, tenant_id, user_id, zone_id, visitor_pass_id, credential_id, reader_id, event_type, reason, occurred_at, source)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      id,
      tenantId,
      row.userId ?? null,
      row.zoneId ?? null,
      row.visitorPassId ?? null,
      row.credentialId ?? 'cred',
      row.readerId ?? 'R-1',
      row.eventType ?? 'GRANTED',
      row.reason ?? null,
      new Date(row.occurredAt),
      row.source ?? 'BRIDGE_HTTP',
    ],
  );
  return id;
}

/** A visitor pass with one ACTIVE grant per zone; returns the pass id and the grant ids. */
export async function insertVisitorPass(ds: DataSource, tenantId: string, zoneIds: string[], expiresAt: Date): Promise<{ passId: string; grantIds: string[] }> {
  const passId = uuid();
  await ds.query(
    `INSERT INTO access_visitor_passes (id, tenant_id, visitor_name, invite_code_hash, invite_code_prefix, expires_at) VALUES ($1, $2, 'Visitor V', $3, 'abcd', $4)`,
    [passId, tenantId, `hash-${passId}`, expiresAt],
  );
  const grantIds: string[] = [];
  for (const zoneId of zoneIds) {
    const id = uuid();
    await ds.query(`INSERT INTO access_grants (id, tenant_id, visitor_pass_id, zone_id, expires_at) VALUES ($1, $2, $3, $4, $5)`, [id, tenantId, passId, zoneId, expiresAt]);
    grantIds.push(id);
  }
  return { passId, grantIds };
}

export async function assignOutlets(ds: DataSource, tenantId: string, userId: string, outletIds: string[]): Promise<void> {
  for (const outletId of outletIds) await ds.query(`INSERT INTO user_outlets (tenant_id, user_id, outlet_id) VALUES ($1, $2, $3)`, [tenantId, userId, outletId]);
}

/** Collects the access changes published on the bus until stopped. */
export async function recordAccessChanges(bus: Bus): Promise<{ changes: AccessChange[]; settle(): Promise<AccessChange[]>; stop(): Promise<void> }> {
  const changes: AccessChange[] = [];
  const stop = await bus.subscribe(ACCESS_CHANGES_CHANNEL, (raw) => {
    // `at` is the publish time, not part of what a test can predict.
    for (const change of decodeAccessChanges(raw)) changes.push({ tenantId: change.tenantId, version: change.version, kind: change.kind, id: change.id, op: change.op });
  });
  return {
    changes,
    // The local bus delivers on a microtask after publish; one macrotask turn lets every delivery land.
    settle: async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return changes;
    },
    stop,
  };
}

/** The tenant's current access-feed version (0 before any change). */
export async function feedVersion(ds: DataSource, tenantId: string): Promise<number> {
  const rows: Array<{ version: string }> = await ds.query(`SELECT version FROM access_feed_versions WHERE tenant_id = $1`, [tenantId]);
  return rows[0] ? Number(rows[0].version) : 0;
}
