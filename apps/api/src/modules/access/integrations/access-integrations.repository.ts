import { insertAuditRows, type AccessAuditInsert } from '@wfm/db/access-audit.repository';
import type { DataSource } from '@wfm/db/data-source';
import type { AccessExternalDoorEntity, AccessIntegrationEntity, AccessZoneEntity } from '@wfm/db/entities/access.entity';
import type { TenantEntity } from '@wfm/db/entities/tenant.entity';
import { assignments, exec, live, many, one, type Columns, type Joined, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';

export type IntegrationStatus = 'PENDING' | 'CONNECTED' | 'ERROR';

export type Integration = Row<AccessIntegrationEntity, 'id' | 'tenantId' | 'provider' | 'displayName' | 'lastSyncAt' | 'lastError' | 'createdAt' | 'updatedAt'> & {
  status: IntegrationStatus;
};

export type SealedIntegration = Integration & Row<AccessIntegrationEntity, 'configSealed'>;

export type NewIntegration = SealedIntegration & Row<AccessIntegrationEntity, 'webhookSecretSealed'>;

/** What the public webhook receiver needs, looked up by id alone (the caller names no tenant). */
export type WebhookTarget = Row<AccessIntegrationEntity, 'id' | 'tenantId' | 'provider' | 'webhookSecretSealed'> & Row<TenantEntity, 'plan'>;

/** A door with its zone, counted as mapped only while the zone is live. */
export type Door = Row<AccessExternalDoorEntity, 'id' | 'externalId' | 'name' | 'discoveredAt' | 'updatedAt'> & {
  zone: Row<AccessZoneEntity, 'id' | 'name'> | null;
};

export interface DoorChanges {
  added: Array<Row<AccessExternalDoorEntity, 'id' | 'externalId' | 'name'>>;
  renamed: Array<{ id: string; name: string }>;
  removedIds: string[];
}

export type AuditRow = Omit<AccessAuditInsert, 'visitorPassId'>;

export type IntegrationChanges = Partial<Pick<SealedIntegration, 'displayName' | 'configSealed' | 'status' | 'lastError'>>;

const CHANGE_COLUMNS: Columns<IntegrationChanges & { updatedAt: Date }> = {
  displayName: 'display_name',
  configSealed: 'config_sealed',
  status: 'status',
  lastError: 'last_error',
  updatedAt: 'updated_at',
};

const INTEGRATION_COLUMNS = `id, tenant_id AS "tenantId", provider, display_name AS "displayName", status,
  last_sync_at AS "lastSyncAt", last_error AS "lastError", created_at AS "createdAt", updated_at AS "updatedAt"`;

const DOOR_SELECT = `
  SELECT d.id, d.external_id AS "externalId", d.name, d.discovered_at AS "discoveredAt", d.updated_at AS "updatedAt",
         z.id AS "zoneId", z.name AS "zoneName"
    FROM access_external_doors d
    LEFT JOIN access_zones z ON z.id = d.zone_id AND z.tenant_id = d.tenant_id AND ${live('z')}`;

type DoorRow = Omit<Door, 'zone'> & Joined<{ zoneId: AccessZoneEntity['id']; zoneName: AccessZoneEntity['name'] }>;

function toDoor(r: DoorRow): Door {
  return {
    id: r.id,
    externalId: r.externalId,
    name: r.name,
    zone: r.zoneId ? { id: r.zoneId, name: r.zoneName! } : null,
    discoveredAt: r.discoveredAt,
    updatedAt: r.updatedAt,
  };
}

export class AccessIntegrationsRepository {
  constructor(private readonly ds: DataSource) {}

  list(tenantId: string): Promise<SealedIntegration[]> {
    return many(
      this.ds,
      `SELECT ${INTEGRATION_COLUMNS}, config_sealed AS "configSealed" FROM access_integrations WHERE tenant_id = $1 ORDER BY created_at, id`,
      [tenantId],
    );
  }

  find(tenantId: string, id: string): Promise<SealedIntegration | null> {
    return one(this.ds, `SELECT ${INTEGRATION_COLUMNS}, config_sealed AS "configSealed" FROM access_integrations WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  }

  /** The row locked for the rest of the transaction, so config edits and door syncs do not interleave. */
  lock(tx: Tx, tenantId: string, id: string): Promise<SealedIntegration | null> {
    return one(tx, `SELECT ${INTEGRATION_COLUMNS}, config_sealed AS "configSealed" FROM access_integrations WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [tenantId, id]);
  }

  findWebhookTarget(id: string): Promise<WebhookTarget | null> {
    return one(
      this.ds,
      `SELECT i.id, i.tenant_id AS "tenantId", i.provider, i.webhook_secret_sealed AS "webhookSecretSealed", t.plan
         FROM access_integrations i JOIN tenants t ON t.id = i.tenant_id
        WHERE i.id = $1`,
      [id],
    );
  }

  async insert(row: NewIntegration): Promise<void> {
    await exec(
      this.ds,
      `INSERT INTO access_integrations
         (id, tenant_id, provider, display_name, config_sealed, webhook_secret_sealed, status, last_sync_at, last_error, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [row.id, row.tenantId, row.provider, row.displayName, row.configSealed, row.webhookSecretSealed, row.status, row.lastSyncAt, row.lastError, row.createdAt, row.updatedAt],
    );
  }

  async update(tx: Tx, tenantId: string, id: string, changes: IntegrationChanges, at: Date): Promise<Integration> {
    const params: unknown[] = [tenantId, id];
    const row = await one<Integration>(
      tx,
      `UPDATE access_integrations SET ${assignments({ ...changes, updatedAt: at }, CHANGE_COLUMNS, params)}
        WHERE tenant_id = $1 AND id = $2
        RETURNING ${INTEGRATION_COLUMNS}`,
      params,
    );
    return row!;
  }

  /** Outcome of a call to the provider. Not a change of the integration itself, so updatedAt stays. */
  async recordOutcome(tx: Tx | null, tenantId: string, id: string, outcome: { status: IntegrationStatus; lastError: string | null; lastSyncAt?: Date }): Promise<void> {
    await exec(
      tx ?? this.ds,
      `UPDATE access_integrations SET status = $3, last_error = $4, last_sync_at = COALESCE($5, last_sync_at) WHERE tenant_id = $1 AND id = $2`,
      [tenantId, id, outcome.status, outcome.lastError, outcome.lastSyncAt ?? null],
    );
  }

  /** Its doors go with it (foreign key ON DELETE CASCADE). */
  async remove(tenantId: string, id: string): Promise<boolean> {
    return (await exec(this.ds, `DELETE FROM access_integrations WHERE tenant_id = $1 AND id = $2`, [tenantId, id])) > 0;
  }

  async doors(tx: Tx | null, tenantId: string, integrationId: string): Promise<Door[]> {
    const rows = await many<DoorRow>(tx ?? this.ds, `${DOOR_SELECT} WHERE d.tenant_id = $1 AND d.integration_id = $2 ORDER BY d.name, d.external_id`, [tenantId, integrationId]);
    return rows.map(toDoor);
  }

  async door(tenantId: string, integrationId: string, doorId: string): Promise<Door | null> {
    const row = await one<DoorRow>(this.ds, `${DOOR_SELECT} WHERE d.tenant_id = $1 AND d.integration_id = $2 AND d.id = $3`, [tenantId, integrationId, doorId]);
    return row ? toDoor(row) : null;
  }

  async applyDoorChanges(tx: Tx, tenantId: string, integrationId: string, changes: DoorChanges, at: Date): Promise<void> {
    if (changes.added.length) {
      await exec(
        tx,
        `INSERT INTO access_external_doors (id, tenant_id, integration_id, external_id, name, zone_id, discovered_at, updated_at)
         SELECT a.id, $1, $2, a.external_id, a.name, NULL, $3, $3 FROM unnest($4::uuid[], $5::text[], $6::text[]) AS a(id, external_id, name)`,
        [tenantId, integrationId, at, changes.added.map((d) => d.id), changes.added.map((d) => d.externalId), changes.added.map((d) => d.name)],
      );
    }
    if (changes.renamed.length) {
      await exec(
        tx,
        `UPDATE access_external_doors d SET name = r.name, updated_at = $2
           FROM unnest($3::uuid[], $4::text[]) AS r(id, name)
          WHERE d.tenant_id = $1 AND d.id = r.id`,
        [tenantId, at, changes.renamed.map((d) => d.id), changes.renamed.map((d) => d.name)],
      );
    }
    if (changes.removedIds.length) {
      await exec(tx, `DELETE FROM access_external_doors WHERE tenant_id = $1 AND id = ANY($2::uuid[])`, [tenantId, changes.removedIds]);
    }
  }

  liveZone(tenantId: string, zoneId: string): Promise<{ id: string; name: string } | null> {
    return one(this.ds, `SELECT z.id, z.name FROM access_zones z WHERE z.tenant_id = $1 AND z.id = $2 AND ${live('z')}`, [tenantId, zoneId]);
  }

  async setDoorZone(tenantId: string, doorId: string, zoneId: string | null, at: Date): Promise<void> {
    await exec(this.ds, `UPDATE access_external_doors SET zone_id = $3, updated_at = $4 WHERE tenant_id = $1 AND id = $2`, [tenantId, doorId, zoneId, at]);
  }

  /** External door id → live zone id, for the doors of this integration that are mapped. */
  async mappedZones(tenantId: string, integrationId: string, externalIds: string[]): Promise<Map<string, string>> {
    const rows = await many<{ externalId: string; zoneId: string }>(
      this.ds,
      `SELECT d.external_id AS "externalId", z.id AS "zoneId"
         FROM access_external_doors d JOIN access_zones z ON z.id = d.zone_id AND z.tenant_id = d.tenant_id AND ${live('z')}
        WHERE d.tenant_id = $1 AND d.integration_id = $2 AND d.external_id = ANY($3::text[])`,
      [tenantId, integrationId, externalIds],
    );
    return new Map(rows.map((r) => [r.externalId, r.zoneId]));
  }

  /** Lower-cased email → id of the tenant's (not removed) user with it. */
  async usersByEmail(tenantId: string, emails: string[]): Promise<Map<string, string>> {
    if (!emails.length) return new Map();
    const rows = await many<{ id: string; email: string }>(
      this.ds,
      `SELECT u.id, u.email FROM users u WHERE u.tenant_id = $1 AND u.email = ANY($2::text[]) AND ${live('u')}`,
      [tenantId, emails],
    );
    return new Map(rows.map((r) => [r.email, r.id]));
  }

  /** Rows whose id is already stored (a redelivered provider event) are skipped; returns how many were written. */
  insertAudit(rows: AuditRow[]): Promise<number> {
    return insertAuditRows(this.ds, rows.map((r) => ({ ...r, visitorPassId: null })));
  }
}
