import { expect } from 'chai';
import type { ReadModelGrant } from '@wfm/db/access-read-model.repository';
import { AccessCache, type AccessSnapshot } from './access-cache.js';

const T1 = 'tenant-1';
const T2 = 'tenant-2';

function snapshot(parts: Partial<AccessSnapshot>): AccessSnapshot {
  return { tenants: [], readerKeys: [], zones: [], grants: [], users: [], passes: [], signingKeys: [], versions: new Map(), ...parts };
}

function grant(id: string, tenantId: string, holder: { userId?: string; visitorPassId?: string }, zoneId: string): ReadModelGrant {
  return { id, tenantId, userId: holder.userId ?? null, visitorPassId: holder.visitorPassId ?? null, zoneId, expiresAt: null };
}

function zone(id: string, tenantId: string, readerIds: string[]) {
  return { id, tenantId, name: id, active: true, hoursJson: null, readerIds };
}

describe('AccessCache: lookups by two ids', () => {
  let cache: AccessCache;
  beforeEach(() => {
    cache = new AccessCache();
    cache.replaceAll(
      snapshot({
        tenants: [
          { id: T1, plan: 'ENTERPRISE', timezone: 'UTC', offlineWindowMinutes: 60 },
          { id: T2, plan: 'ENTERPRISE', timezone: 'UTC', offlineWindowMinutes: 60 },
        ],
        zones: [zone('z1', T1, ['r1', 'r2']), zone('z2', T1, ['r3']), zone('z9', T2, ['r1'])],
        grants: [
          grant('g1', T1, { userId: 'u1' }, 'z1'),
          grant('g2', T1, { userId: 'u1' }, 'z2'),
          grant('g3', T1, { userId: 'u2' }, 'z1'),
          grant('g4', T1, { visitorPassId: 'p1' }, 'z2'),
          grant('g9', T2, { userId: 'u9' }, 'z9'),
        ],
      }),
      0,
    );
  });

  it('finds a reader’s zone per tenant: the same reader id in two tenants is two readers', () => {
    expect(cache.reader(T1, 'r1')?.zone.id).to.equal('z1');
    expect(cache.reader(T2, 'r1')?.zone.id).to.equal('z9');
    expect(cache.reader(T2, 'r3')).to.equal(undefined);
  });

  it('finds a holder’s grant in a zone, and counts every grant once', () => {
    expect(cache.grantFor(T1, 'u1', 'z2')?.id).to.equal('g2');
    expect(cache.grantFor(T1, 'p1', 'z2')?.id).to.equal('g4');
    expect(cache.grantFor(T1, 'u2', 'z2')).to.equal(undefined);
    expect(cache.grantCount).to.equal(5);
  });

  it('looks in the asking tenant’s rows only', () => {
    expect(cache.grantFor(T2, 'u9', 'z9')?.id).to.equal('g9');
    expect(cache.grantFor(T1, 'u9', 'z9')).to.equal(undefined);
    cache.putUser(T2, 'u9', { id: 'u9', tenantId: T2, fullName: 'Nine' });
    expect(cache.userName(T2, 'u9')).to.equal('Nine');
    expect(cache.userName(T1, 'u9')).to.equal(undefined);
  });

  it('moves a grant that changes zone, leaving nothing in the old one', () => {
    cache.putGrant(grant('g1', T1, { userId: 'u1' }, 'z3'));
    expect(cache.grantFor(T1, 'u1', 'z1')).to.equal(undefined);
    expect(cache.grantFor(T1, 'u1', 'z3')?.id).to.equal('g1');
    expect(cache.grantCount).to.equal(5);
  });

  it('removes one grant, a holder’s, or a zone’s', () => {
    cache.removeGrant(T1, 'g3');
    expect(cache.grantFor(T1, 'u2', 'z1')).to.equal(undefined);
    cache.removeGrantsOfHolder(T1, 'u1');
    expect([cache.grantFor(T1, 'u1', 'z1'), cache.grantFor(T1, 'u1', 'z2')]).to.deep.equal([undefined, undefined]);
    cache.removeGrantsOfZone(T1, 'z2');
    expect(cache.grantFor(T1, 'p1', 'z2')).to.equal(undefined);
    expect(cache.grantCount).to.equal(1);
    expect(cache.grantFor(T2, 'u9', 'z9')?.id).to.equal('g9');
  });

  it('drops a zone’s readers when the zone goes, and keeps a reader another zone took over', () => {
    cache.putZone(zone('z3', T1, ['r2']));
    cache.removeZone(T1, 'z1');
    expect(cache.reader(T1, 'r1')).to.equal(undefined);
    expect(cache.reader(T1, 'r2')?.zone.id).to.equal('z3');
  });

  it('replaces one tenant’s rows without touching another’s, and gives back what it holds', async () => {
    cache.putReaderKey(T1, 'k1', { id: 'k1', tenantId: T1, keyHash: 'hash-old' });
    cache.putReaderKey(T2, 'k9', { id: 'k9', tenantId: T2, keyHash: 'hash-nine' });
    await cache.replaceTenant(
      T1,
      snapshot({
        tenants: [{ id: T1, plan: 'ENTERPRISE', timezone: 'UTC', offlineWindowMinutes: 60 }],
        readerKeys: [{ id: 'k2', tenantId: T1, keyHash: 'hash-new' }],
        zones: [zone('z1', T1, ['r1'])],
        grants: [grant('g5', T1, { userId: 'u5' }, 'z1')],
        versions: new Map([[T1, 3]]),
      }),
      1,
    );
    expect(cache.grantFor(T1, 'u1', 'z1')).to.equal(undefined);
    expect(cache.grantFor(T1, 'u5', 'z1')?.id).to.equal('g5');
    expect(cache.reader(T1, 'r3')).to.equal(undefined);
    expect(cache.reader(T2, 'r1')?.zone.id).to.equal('z9');
    expect([cache.readerKey('hash-old'), cache.readerKey('hash-new')?.id, cache.readerKey('hash-nine')?.id]).to.deep.equal([undefined, 'k2', 'k9']);
    expect(cache.versions.get(T1)).to.equal(3);
    expect(cache.toSnapshot().grants.map((g) => g.id).sort()).to.deep.equal(['g5', 'g9']);
    expect(cache.grantCount).to.equal(2);
  });

  it('reloading a tenant in pieces, decides from its old rows until they are put aside in one step', async () => {
    const many = Array.from({ length: 4500 }, (_, i) => grant(`n${i}`, T1, { userId: `nu${i}` }, 'z1'));
    const replaced = cache.replaceTenant(T1, snapshot({ tenants: [{ id: T1, plan: 'ENTERPRISE', timezone: 'UTC', offlineWindowMinutes: 60 }], zones: [zone('z1', T1, ['r1'])], grants: many, versions: new Map([[T1, 2]]) }), 5);
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.grantFor(T1, 'u1', 'z1')?.id).to.equal('g1');
    expect(cache.grantFor(T1, 'nu0', 'z1')).to.equal(undefined);
    await replaced;
    expect(cache.grantFor(T1, 'u1', 'z1')).to.equal(undefined);
    expect(cache.grantFor(T1, 'nu4499', 'z1')?.id).to.equal('n4499');
    expect(cache.grantFor(T2, 'u9', 'z9')?.id).to.equal('g9');
    expect(cache.grantCount).to.equal(4501);
  });

  it('leaves a tenant as it is when the rows reloaded for it are older than the ones it took meanwhile', async () => {
    cache.versions.set(T1, 8);
    await cache.replaceTenant(T1, snapshot({ tenants: [{ id: T1, plan: 'ENTERPRISE', timezone: 'UTC', offlineWindowMinutes: 60 }], versions: new Map([[T1, 7]]) }), 5);
    expect(cache.grantFor(T1, 'u1', 'z1')?.id).to.equal('g1');
    expect(cache.versions.get(T1)).to.equal(8);
    await cache.replaceTenant(T1, snapshot({ tenants: [{ id: T1, plan: 'ENTERPRISE', timezone: 'UTC', offlineWindowMinutes: 60 }], versions: new Map([[T1, 8]]) }), 6);
    expect(cache.grantFor(T1, 'u1', 'z1')).to.equal(undefined);
  });

  it('replaced whole in pieces, decides from the rows it had until it takes the new ones over in one step', async () => {
    const many = Array.from({ length: 4500 }, (_, i) => grant(`n${i}`, T1, { userId: `nu${i}` }, 'z1'));
    const replaced = cache.replaceAllInPieces(
      snapshot({ tenants: [{ id: T1, plan: 'ENTERPRISE', timezone: 'UTC', offlineWindowMinutes: 60 }], zones: [zone('z1', T1, ['r1'])], grants: many, versions: new Map([[T1, 7]]) }),
      5,
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.grantFor(T1, 'u1', 'z1')?.id).to.equal('g1');
    expect(cache.grantFor(T1, 'nu0', 'z1')).to.equal(undefined);
    expect(cache.reader(T2, 'r1')?.zone.id).to.equal('z9');
    expect(cache.grantCount).to.equal(5);
    await replaced;
    expect(cache.grantFor(T1, 'u1', 'z1')).to.equal(undefined);
    expect(cache.grantFor(T1, 'nu4499', 'z1')?.id).to.equal('n4499');
    expect(cache.reader(T2, 'r1')).to.equal(undefined);
    expect(cache.tenant(T2)).to.equal(undefined);
    expect(cache.grantCount).to.equal(4500);
    expect([...cache.versions]).to.deep.equal([[T1, 7]]);
    expect(cache.syncedAt).to.equal(5);
  });
});
