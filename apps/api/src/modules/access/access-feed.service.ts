import { ACCESS_CHANGES_CHANNEL, encodeAccessChange, type AccessChange, type AccessEntityKind } from '@wfm/access/change-feed';
import { nextAccessVersion, reserveAccessVersions } from '@wfm/db/access-feed.repository';
import type { Tx } from '@wfm/db/transaction';
import type { Bus } from '@wfm/memory/bus';
import type { Logger } from '@wfm/core/logger';

/**
 * Everything a daemon's cache must see goes through here: `record` inside the change's transaction
 * (it takes the next per-tenant version), `publish` after the commit. A lost publish is not an
 * error: daemons notice the version gap, or reconcile on their timer, and reload from PostgreSQL.
 */
export class AccessFeed {
  constructor(private readonly bus: Bus, private readonly logger: Logger) {}

  async record(tx: Tx, tenantId: string, kind: AccessEntityKind, id: string, op: AccessChange['op'] = 'upsert'): Promise<AccessChange> {
    return { tenantId, version: await nextAccessVersion(tx, tenantId), kind, id, op };
  }

  /** One change per id, with consecutive versions taken in a single statement (bulk grants, cascades). */
  async recordMany(tx: Tx, tenantId: string, kind: AccessEntityKind, ids: readonly string[], op: AccessChange['op'] = 'upsert'): Promise<AccessChange[]> {
    if (ids.length === 0) return [];
    const last = await reserveAccessVersions(tx, tenantId, ids.length);
    return ids.map((id, i) => ({ tenantId, version: last - ids.length + 1 + i, kind, id, op }));
  }

  async publish(changes: AccessChange | AccessChange[]): Promise<void> {
    for (const change of Array.isArray(changes) ? changes : [changes]) {
      try {
        await this.bus.publish(ACCESS_CHANGES_CHANNEL, encodeAccessChange({ ...change, at: Date.now() }));
      } catch (err) {
        this.logger.warn({ err, change }, 'access change not published; daemons will reconcile');
      }
    }
  }
}
