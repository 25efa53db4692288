import { ConflictError } from '@wfm/core/errors';
import type { DataSource } from '@wfm/db/data-source';
import type { AccessReaderEntity, AccessZoneEntity } from '@wfm/db/entities/access.entity';
import type { OutletEntity } from '@wfm/db/entities/outlet.entity';
import { assignments, exec, live, many, one, onConstraint, type Columns, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';
import type { OutletScope } from '../../organization/user-outlets/outlet-scope.service.js';

export type OutletRef = Row<OutletEntity, 'id' | 'name' | 'code'>;

export type ZoneRow = Row<AccessZoneEntity> & {
  readerIds: string[];
  outlet: OutletRef | null;
};

export type NewZone = Omit<ZoneRow, 'readerIds' | 'outlet' | 'deletedAt'>;
export type ZoneChanges = Partial<Pick<ZoneRow, 'name' | 'description' | 'outletId' | 'hoursJson' | 'active'>>;

export type ReaderRow = Row<AccessReaderEntity, 'id' | 'readerId' | 'firmwareVersion' | 'ipAddress' | 'firstSeenAt' | 'lastSeenAt'> & {
  zone: Row<AccessZoneEntity, 'id' | 'name'> | null;
};

const READER_TAKEN_RACE = 'A reader in readerIds was bound to another zone meanwhile';

const CHANGE_COLUMNS: Columns<ZoneChanges & { updatedAt: Date }> = {
  name: 'name',
  description: 'description',
  outletId: 'outlet_id',
  hoursJson: 'hours_json',
  active: 'active',
  updatedAt: 'updated_at',
};

const ZONE = `
  SELECT z.id, z.tenant_id AS "tenantId", z.outlet_id AS "outletId", z.name, z.description, z.hours_json AS "hoursJson",
         z.active, z.created_at AS "createdAt", z.updated_at AS "updatedAt", z.deleted_at AS "deletedAt",
         COALESCE((SELECT array_agg(b.reader_id ORDER BY b.reader_id) FROM access_zone_readers b WHERE b.zone_id = z.id), '{}') AS "readerIds",
         CASE WHEN o.id IS NULL THEN NULL ELSE json_build_object('id', o.id, 'name', o.name, 'code', o.code) END AS outlet
    FROM access_zones z
    LEFT JOIN outlets o ON o.id = z.outlet_id`;

/** Appends the outlet restriction of an OUTLET_MANAGER to `where`, binding its parameter in `params`. */
function restrict(scope: OutletScope, column: string, where: string[], params: unknown[]): void {
  if (scope.kind === 'outlets') where.push(`${column} = ANY($${params.push(scope.outletIds)}::uuid[])`);
}

export class AccessZonesRepository {
  constructor(private readonly ds: DataSource) {}

  list(tenantId: string, outletId: string | undefined, scope: OutletScope): Promise<ZoneRow[]> {
    const params: unknown[] = [tenantId];
    const where = ['z.tenant_id = $1', live('z')];
    if (outletId) where.push(`z.outlet_id = $${params.push(outletId)}`);
    restrict(scope, 'z.outlet_id', where, params);
    return many(this.ds, `${ZONE} WHERE ${where.join(' AND ')} ORDER BY z.name, z.id`, params);
  }

  findLive(tx: Tx | null, tenantId: string, id: string, scope: OutletScope): Promise<ZoneRow | null> {
    const params: unknown[] = [tenantId, id];
    const where = ['z.tenant_id = $1', 'z.id = $2', live('z')];
    restrict(scope, 'z.outlet_id', where, params);
    return one(tx ?? this.ds, `${ZONE} WHERE ${where.join(' AND ')}`, params);
  }

  /** Locks the live zone, so changes and deletion of one zone run one after the other. */
  async lockLive(tx: Tx, tenantId: string, id: string): Promise<boolean> {
    return (await one(tx, `SELECT 1 FROM access_zones z WHERE z.tenant_id = $1 AND z.id = $2 AND ${live('z')} FOR UPDATE`, [tenantId, id])) !== null;
  }

  outlet(tx: Tx, tenantId: string, id: string): Promise<OutletRef | null> {
    return one(tx, `SELECT id, name, code FROM outlets WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  }

  /** Bindings of these reader ids to live zones other than `exceptZoneId`. */
  boundElsewhere(tx: Tx, tenantId: string, readerIds: string[], exceptZoneId: string | null): Promise<Array<{ readerId: string; zoneId: string; zoneName: string }>> {
    return many(
      tx,
      `SELECT b.reader_id AS "readerId", z.id AS "zoneId", z.name AS "zoneName"
         FROM access_zone_readers b JOIN access_zones z ON z.id = b.zone_id
        WHERE b.tenant_id = $1 AND b.reader_id = ANY($2::text[]) AND ($3::uuid IS NULL OR b.zone_id <> $3)
        ORDER BY b.reader_id`,
      [tenantId, readerIds, exceptZoneId],
    );
  }

  async insert(tx: Tx, zone: NewZone): Promise<void> {
    await exec(
      tx,
      `INSERT INTO access_zones (id, tenant_id, outlet_id, name, description, hours_json, active, created_at, updated_at, deleted_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, NULL)`,
      [zone.id, zone.tenantId, zone.outletId, zone.name, zone.description, zone.hoursJson, zone.active, zone.createdAt, zone.updatedAt],
    );
  }

  async update(tx: Tx, tenantId: string, id: string, changes: ZoneChanges, at: Date): Promise<void> {
    const params: unknown[] = [tenantId, id];
    await exec(tx, `UPDATE access_zones SET ${assignments({ ...changes, updatedAt: at }, CHANGE_COLUMNS, params)} WHERE tenant_id = $1 AND id = $2`, params);
  }

  /** Replaces every binding of the zone. The unique index on (tenant, reader) catches a concurrent binding elsewhere. */
  async bind(tx: Tx, tenantId: string, zoneId: string, readerIds: string[]): Promise<void> {
    await exec(tx, `DELETE FROM access_zone_readers WHERE tenant_id = $1 AND zone_id = $2`, [tenantId, zoneId]);
    await exec(tx, `INSERT INTO access_zone_readers (tenant_id, zone_id, reader_id) SELECT $1, $2, unnest($3::text[])`, [tenantId, zoneId, readerIds]).catch((err) =>
      onConstraint(err, { access_zone_readers_reader_key: () => new ConflictError(READER_TAKEN_RACE) }),
    );
  }

  /** Soft delete; the bindings go, so the zone's reader ids are free for another zone at once. */
  async softDelete(tx: Tx, tenantId: string, id: string, at: Date): Promise<void> {
    await exec(tx, `DELETE FROM access_zone_readers WHERE tenant_id = $1 AND zone_id = $2`, [tenantId, id]);
    await exec(tx, `UPDATE access_zones SET deleted_at = $3, updated_at = $3 WHERE tenant_id = $1 AND id = $2`, [tenantId, id, at]);
  }

  /** A registered reader, locked, with the live zone it is bound to (null when none). */
  lockReader(tx: Tx, tenantId: string, readerId: string): Promise<{ zoneName: string | null } | null> {
    return one(
      tx,
      `SELECT (SELECT z.name FROM access_zone_readers b JOIN access_zones z ON z.id = b.zone_id
                WHERE b.tenant_id = r.tenant_id AND b.reader_id = r.reader_id AND z.deleted_at IS NULL LIMIT 1) AS "zoneName"
         FROM access_readers r WHERE r.tenant_id = $1 AND r.reader_id = $2 FOR UPDATE`,
      [tenantId, readerId],
    );
  }

  async deleteReader(tx: Tx, tenantId: string, readerId: string): Promise<void> {
    await exec(tx, `DELETE FROM access_readers WHERE tenant_id = $1 AND reader_id = $2`, [tenantId, readerId]);
  }

  /** Readers that have sent a heartbeat, with the live zone each is bound to. */
  readers(tenantId: string, scope: OutletScope): Promise<ReaderRow[]> {
    const params: unknown[] = [tenantId];
    const where = ['r.tenant_id = $1'];
    restrict(scope, 'z.outlet_id', where, params);
    return many(
      this.ds,
      `SELECT r.id, r.reader_id AS "readerId", r.firmware_version AS "firmwareVersion", r.ip_address AS "ipAddress",
              r.first_seen_at AS "firstSeenAt", r.last_seen_at AS "lastSeenAt",
              CASE WHEN z.id IS NULL THEN NULL ELSE json_build_object('id', z.id, 'name', z.name) END AS zone
         FROM access_readers r
         LEFT JOIN access_zone_readers b ON b.tenant_id = r.tenant_id AND b.reader_id = r.reader_id
         LEFT JOIN access_zones z ON z.id = b.zone_id
        WHERE ${where.join(' AND ')}
        ORDER BY r.reader_id, r.id`,
      params,
    );
  }
}
