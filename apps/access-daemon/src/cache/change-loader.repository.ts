import type {
  AccessReadModelRepository,
  ReadModelGrant,
  ReadModelSigningKey,
  ReadModelTenant,
  ReadModelUser,
  ReadModelVisitorPass,
} from '@wfm/db/access-read-model.repository';
import type { AccessFeedVersionEntity } from '@wfm/db/entities/access.entity';
import { many, one, type Row, type StatementSource } from '@wfm/db/sql';
import type { LiveReaderKey, LiveZone } from './access-cache.js';

const first = <T>(rows: T[]): T | null => rows[0] ?? null;

/**
 * Single-row reads for a change of the feed that carries no rows (changes from the API carry them,
 * so this is the fallback, never the hot path), through the same read model a full load uses, plus
 * the feed's versions.
 */
export class ChangeLoaderRepository {
  constructor(private readonly ds: StatementSource, private readonly readModel: AccessReadModelRepository) {}

  async tenant(id: string): Promise<ReadModelTenant | null> {
    return first(await this.readModel.tenants({ id }));
  }

  /** The zone while it is live; null once deleted. */
  async zone(id: string): Promise<LiveZone | null> {
    return first((await this.readModel.zones({ id })).filter((z) => !z.deleted));
  }

  async activeGrant(id: string): Promise<ReadModelGrant | null> {
    return first(await this.readModel.activeGrants({ id }));
  }

  activeGrantsOfPass(visitorPassId: string): Promise<ReadModelGrant[]> {
    return this.readModel.activeGrants({ visitorPassId });
  }

  /** A user who may open doors: not removed, ACTIVE, and holding an active grant. */
  async activeUser(id: string): Promise<ReadModelUser | null> {
    return first(await this.readModel.grantedUsers({ id }));
  }

  async pass(id: string): Promise<ReadModelVisitorPass | null> {
    return first(await this.readModel.visitorPasses({ id }));
  }

  async liveReaderKey(id: string): Promise<LiveReaderKey | null> {
    return first((await this.readModel.readerKeys({ id })).filter((k) => !k.revoked));
  }

  async signingKey(id: string): Promise<ReadModelSigningKey | null> {
    return first(await this.readModel.signingKeys({ id }));
  }

  async versions(): Promise<Map<string, number>> {
    const rows = await many<Row<AccessFeedVersionEntity, 'tenantId' | 'version'>>(this.ds, `SELECT tenant_id AS "tenantId", version FROM access_feed_versions`);
    return new Map(rows.map((r) => [r.tenantId, Number(r.version)]));
  }

  async version(tenantId: string): Promise<number> {
    const row = await one<Row<AccessFeedVersionEntity, 'version'>>(this.ds, `SELECT version FROM access_feed_versions WHERE tenant_id = $1`, [tenantId]);
    return row ? Number(row.version) : 0;
  }
}
