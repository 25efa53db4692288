import type { Plan } from '@wfm/core/tenancy';
import type { DataSource } from '@wfm/db/data-source';
import type { Tx } from '@wfm/db/transaction';
import { AccessAuditEntity, AccessExternalDoorEntity, AccessIntegrationEntity } from '@wfm/db/entities/access.entity';

export type IntegrationStatus = 'PENDING' | 'CONNECTED' | 'ERROR';

export interface Integration {
  id: string;
  tenantId: string;
  provider: string;
  displayName: string;
  status: IntegrationStatus;
  lastSyncAt: Date | null;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface SealedIntegration extends Integration {
  configSealed: string;
}

export interface NewIntegration extends SealedIntegration {
  webhookSecretSealed: string;
}

/** What the public webhook receiver needs, looked up by id alone (the caller names no tenant). */
export interface WebhookTarget {
  id: string;
  tenantId: string;
  provider: string;
  webhookSecretSealed: string;
  plan: Plan;
}

/** A door with its zone, counted as mapped only while the zone is live. */
export interface Door {
  id: string;
  externalId: string;
  name: string;
  zone: { id: string; name: string } | null;
  discoveredAt: Date;
  updatedAt: Date;
}

export interface DoorChanges {
  added: Array<{ id: string; externalId: string; name: string }>;
  renamed: Array<{ id: string; name: string }>;
  removedIds: string[];
}

export type AuditRow = Omit<AccessAuditEntity, 'visitorPassId'>;

const INTEGRATION_COLUMNS = `id, tenant_id AS "tenantId", provider, display_name AS "displayName", status,
  last_sync_at AS "lastSyncAt", last_error AS "lastError", created_at AS "createdAt", updated_at AS "updatedAt"`;

const DOOR_SELECT = `
  SELECT d.id, d.external_id AS "externalId", d.name, d.discovered_at AS "discoveredAt", d.updated_at AS "updatedAt",
         z.id AS "zoneId", z.name AS "zoneName"
    FROM access_external_doors d
    LEFT JOIN access_zones z ON z.id = d.zone_id AND z.tenant_id = d.tenant_id AND z.deleted_at IS NULL`;

interface DoorRow extends Omit<Door, 'zone'> {
  zoneId: string | null;
  zoneName: string | null;
}

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
    return this.ds.query(
      `SELECT ${INTEGRATION_COLUMNS}, config_sealed AS "configSealed" FROM access_integrations WHERE tenant_id = $1 ORDER BY created_at, id`,
      [tenantId],
    );
  }

  async find(tenantId: string, id: string): Promise<SealedIntegration | null> {
    const [row] = await this.ds.query(
      `SELECT ${INTEGRATION_COLUMNS}, config_sealed AS "configSealed" FROM access_integrations WHERE tenant_id = $1 AND id = $2`,
      [tenantId, id],
    );
    return row ?? null;
  }

  /** The row locked for the rest of the transaction, so config edits and door syncs do not interleave. */
  async lock(tx: Tx, tenantId: string, id: string): Promise<SealedIntegration | null> {
    const [row] = await tx.query(
      `SELECT ${INTEGRATION_COLUMNS}, config_sealed AS "configSealed" FROM access_integrations WHERE tenant_id = $1 AND id = $2 FOR UPDATE`,
      [tenantId, id],
    );
    return row ?? null;
  }

  async findWebhookTarget(id: string): Promise<WebhookTarget | null> {
    const [row] = await this.ds.query(
      `SELECT i.id, i.tenant_id AS "tenantId", i.provider, i.webhook_secret_sealed AS "webhookSecretSealed", t.plan
         FROM access_integrations i JOIN tenants t ON t.id = i.tenant_id
        WHERE i.id = $1`,
      [id],
    );
    return row ?? null;
  }

  async insert(row: NewIntegration): Promise<void> {
    await this.ds.getRepository(AccessIntegrationEntity).insert(row);
  }

  async update(
    tx: Tx,
    tenantId: string,
    id: string,
    changes: Partial<Pick<SealedIntegration, 'displayName' | 'configSealed' | 'status' | 'lastError'>>,
    at: Date,
  ): Promise<Integration> {
    await tx.update(AccessIntegrationEntity, { tenantId, id }, { ...changes, updatedAt: at });
    const [row] = await tx.query(`SELECT ${INTEGRATION_COLUMNS} FROM access_integrations WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
    return row;
  }

  /** Outcome of a call to the provider. Not a change of the integration itself, so updatedAt stays. */
  async recordOutcome(
    tenantId: string,
    id: string,
    outcome: { status: IntegrationStatus; lastError: string | null; lastSyncAt?: Date },
    tx?: Tx,
  ): Promise<void> {
    await (tx ?? this.ds).query(
      `UPDATE access_integrations SET status = $3, last_error = $4, last_sync_at = COALESCE($5, last_sync_at) WHERE tenant_id = $1 AND id = $2`,
      [tenantId, id, outcome.status, outcome.lastError, outcome.lastSyncAt ?? null],
    );
  }

  /** Its doors go with it (foreign key ON DELETE CASCADE). */
  async remove(tenantId: string, id: string): Promise<boolean> {
    const [rows] = await this.ds.query(`DELETE FROM access_integrations WHERE tenant_id = $1 AND id = $2 RETURNING id`, [tenantId, id]);
    return rows.length > 0;
  }

  async doors(tenantId: string, integrationId: string, tx?: Tx): Promise<Door[]> {
    const rows: DoorRow[] = await (tx ?? this.ds).query(`${DOOR_SELECT} WHERE d.tenant_id = $1 AND d.integration_id = $2 ORDER BY d.name, d.external_id`, [
      tenantId,
      integrationId,
    ]);
    return rows.map(toDoor);
  }

  async door(tenantId: string, integrationId: string, doorId: string): Promise<Door | null> {
    const [row] = await this.ds.query(`${DOOR_SELECT} WHERE d.tenant_id = $1 AND d.integration_id = $2 AND d.id = $3`, [tenantId, integrationId, doorId]);
    return row ? toDoor(row) : null;
  }

  async applyDoorChanges(tx: Tx, tenantId: string, integrationId: string, changes: DoorChanges, at: Date): Promise<void> {
    if (changes.added.length) {
      await tx.insert(
        AccessExternalDoorEntity,
        changes.added.map((d) => ({ ...d, tenantId, integrationId, zoneId: null, discoveredAt: at, updatedAt: at })),
      );
    }
    for (const d of changes.renamed) await tx.update(AccessExternalDoorEntity, { tenantId, id: d.id }, { name: d.name, updatedAt: at });
    if (changes.removedIds.length) {
      await tx.query(`DELETE FROM access_external_doors WHERE tenant_id = $1 AND id = ANY($2::uuid[])`, [tenantId, changes.removedIds]);
    }
  }

  async liveZone(tenantId: string, zoneId: string): Promise<{ id: string; name: string } | null> {
    const [row] = await this.ds.query(`SELECT id, name FROM access_zones WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL`, [tenantId, zoneId]);
    return row ?? null;
  }

  async setDoorZone(tenantId: string, doorId: string, zoneId: string | null, at: Date): Promise<void> {
    await this.ds.getRepository(AccessExternalDoorEntity).update({ tenantId, id: doorId }, { zoneId, updatedAt: at });
  }

  /** External door id → live zone id, for the doors of this integration that are mapped. */
  async mappedZones(tenantId: string, integrationId: string, externalIds: string[]): Promise<Map<string, string>> {
    const rows: Array<{ externalId: string; zoneId: string }> = await this.ds.query(
      `SELECT d.external_id AS "externalId", z.id AS "zoneId"
         FROM access_external_doors d JOIN access_zones z ON z.id = d.zone_id AND z.tenant_id = d.tenant_id AND z.deleted_at IS NULL
        WHERE d.tenant_id = $1 AND d.integration_id = $2 AND d.external_id = ANY($3::text[])`,
      [tenantId, integrationId, externalIds],
    );
    return new Map(rows.map((r) => [r.externalId, r.zoneId]));
  }

  /** Lower-cased email → id of the tenant's (not removed) user with it. */
  async usersByEmail(tenantId: string, emails: string[]): Promise<Map<string, string>> {
    if (!emails.length) return new Map();
    const rows: Array<{ id: string; email: string }> = await this.ds.query(
      `SELECT id, email FROM users WHERE tenant_id = $1 AND email = ANY($2::text[]) AND deleted_at IS NULL`,
      [tenantId, emails],
    );
    return new Map(rows.map((r) => [r.email, r.id]));
  }

  /** Rows whose id is already stored (a redelivered provider event) are skipped; returns how many were written. */
  async insertAudit(rows: AuditRow[]): Promise<number> {
    if (!rows.length) return 0;
    const result = await this.ds
      .createQueryBuilder()
      .insert()
      .into(AccessAuditEntity)
      .values(rows.map((r) => ({ ...r, visitorPassId: null })))
      .orIgnore()
      .returning('id')
      .execute();
    return (result.raw as unknown[]).length;
  }
}
