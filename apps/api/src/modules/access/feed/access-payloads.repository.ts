import type { AccessEntityKind, AccessPayload, WireGrant, WireUser } from '@wfm/access/change-feed';
import { AccessReadModelRepository, type ReadModelGrant, type ReadModelUser } from '@wfm/db/access-read-model.repository';
import type { Tx } from '@wfm/db/transaction';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
const wireGrant = (g: ReadModelGrant): WireGrant => ({ id: g.id, tenantId: g.tenantId, userId: g.userId, visitorPassId: g.visitorPassId, zoneId: g.zoneId, expiresAt: iso(g.expiresAt) });
const wireUser = (u: ReadModelUser): WireUser => ({ id: u.id, tenantId: u.tenantId, fullName: u.fullName });

/**
 * The rows a change carries to the daemons, read inside the change's transaction (after its
 * writes, so exactly what commits), through the same read model a daemon loads: a daemon applying
 * the payload ends up where a reload would have put it. One query per kind, whatever the count.
 */
export class AccessPayloadsRepository {
  async load(tx: Tx, kind: AccessEntityKind, ids: readonly string[], op: 'upsert' | 'delete'): Promise<Map<string, AccessPayload>> {
    const rm = new AccessReadModelRepository(tx);
    const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
    const out = new Map<string, AccessPayload>();
    const scope = { ids };
    switch (kind) {
      case 'tenant': {
        const rows = byId(await rm.tenants(scope));
        for (const id of ids) out.set(id, { kind, tenant: rows.get(id) ?? null });
        break;
      }
      case 'zone': {
        const rows = byId(op === 'delete' ? [] : (await rm.zones(scope)).filter((z) => !z.deleted));
        for (const id of ids) {
          const z = rows.get(id);
          out.set(id, { kind, zone: z ? { id: z.id, tenantId: z.tenantId, name: z.name, active: z.active, hoursJson: z.hoursJson, readerIds: z.readerIds } : null });
        }
        break;
      }
      case 'grant': {
        const grants = op === 'delete' ? [] : await rm.activeGrants(scope);
        const userIds = [...new Set(grants.flatMap((g) => (g.userId ? [g.userId] : [])))];
        const users = byId(userIds.length ? await rm.grantedUsers({ ids: userIds }) : []);
        const rows = byId(grants);
        for (const id of ids) {
          const g = rows.get(id);
          const u = g?.userId ? users.get(g.userId) : undefined;
          out.set(id, { kind, grant: g ? wireGrant(g) : null, user: u ? wireUser(u) : null });
        }
        break;
      }
      case 'visitor-pass':
        for (const id of ids) {
          const [pass] = await rm.visitorPasses({ id });
          const grants = await rm.activeGrants({ visitorPassId: id });
          out.set(id, {
            kind,
            pass: pass ? { id: pass.id, tenantId: pass.tenantId, visitorName: pass.visitorName, expiresAt: pass.expiresAt.toISOString(), revokedAt: iso(pass.revokedAt) } : null,
            grants: grants.map(wireGrant),
          });
        }
        break;
      case 'reader-key': {
        const rows = byId((await rm.readerKeys(scope)).filter((k) => !k.revoked));
        for (const id of ids) {
          const k = rows.get(id);
          out.set(id, { kind, readerKey: k ? { id: k.id, tenantId: k.tenantId, keyHash: k.keyHash } : null });
        }
        break;
      }
      case 'user': {
        const rows = byId(op === 'delete' ? [] : await rm.grantedUsers(scope));
        for (const id of ids) {
          const u = rows.get(id);
          out.set(id, { kind, user: u ? wireUser(u) : null });
        }
        break;
      }
      case 'signing-key': {
        const rows = byId(await rm.signingKeys(scope));
        for (const id of ids) {
          const k = rows.get(id);
          out.set(id, { kind, signingKey: k ? { id: k.id, tenantId: k.tenantId, publicKey: k.publicKey, retiredAt: iso(k.retiredAt) } : null });
        }
        break;
      }
    }
    return out;
  }
}
