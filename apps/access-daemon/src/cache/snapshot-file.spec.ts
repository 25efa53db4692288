import { expect } from 'chai';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccessCache, type AccessSnapshot } from './access-cache.js';
import { CacheSnapshotFile, SnapshotUnreadable, snapshotPathFor } from './snapshot-file.js';

const T = '11111111-1111-4111-8111-111111111111';

function sample(grants = 3): AccessSnapshot {
  const publicKey = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();
  return {
    tenants: [{ id: T, plan: 'ENTERPRISE', timezone: 'Europe/Paris', offlineWindowMinutes: 4320 }],
    readerKeys: [{ id: 'k1', tenantId: T, keyHash: 'h'.repeat(64) }],
    zones: [{ id: 'z1', tenantId: T, name: 'Front', active: true, hoursJson: { MON: [['08:00', '18:00']] }, readerIds: ['r1', 'r2'] }],
    grants: Array.from({ length: grants }, (_, i) => ({
      id: `g${i}`,
      tenantId: T,
      userId: i % 2 ? null : `u${i}`,
      visitorPassId: i % 2 ? 'p1' : null,
      zoneId: 'z1',
      expiresAt: i === 0 ? new Date('2026-12-01T00:00:00.000Z') : null,
    })),
    users: [{ id: 'u0', tenantId: T, fullName: 'Ada Lovelace' }],
    passes: [{ id: 'p1', tenantId: T, visitorName: 'Grace', expiresAt: new Date('2026-12-02T00:00:00.000Z'), revokedAt: null }],
    signingKeys: [{ id: 'kid1', tenantId: T, publicKey, retiredAt: new Date('2026-11-01T00:00:00.000Z') }],
    versions: new Map([[T, 42]]),
  };
}

describe('the stored access cache (snapshot file)', () => {
  const dir = () => mkdtempSync(join(tmpdir(), 'snapshot-'));

  it('keeps exactly what the cache holds, with its versions and when it last matched the database', async () => {
    const cache = new AccessCache();
    cache.replaceAll(sample(5000), Date.parse('2026-11-26T10:00:00Z'));
    const file = new CacheSnapshotFile(join(dir(), 'access-cache.snapshot'));
    await file.write(cache.toSnapshot(), cache.syncedAt, new Date('2026-11-26T10:00:01Z'));
    const stored = await file.read();
    expect(stored!.syncedAt).to.equal(Date.parse('2026-11-26T10:00:00Z'));
    expect(stored!.snapshot).to.deep.equal(cache.toSnapshot());
    const again = new AccessCache();
    again.replaceAll(stored!.snapshot, stored!.syncedAt);
    expect(again.grantFor(T, 'u0', 'z1')).to.deep.include({ id: 'g0', expiresAtMs: Date.parse('2026-12-01T00:00:00Z') });
    expect(again.reader(T, 'r2')?.zone.name).to.equal('Front');
    expect(again.publicKey('kid1', Date.parse('2026-11-01T00:00:00Z'))).to.not.equal(undefined);
  });

  it('is readable by its owner only, and replaced whole: no temporary file is left', async () => {
    const d = dir();
    const file = new CacheSnapshotFile(join(d, 'access-cache.snapshot'));
    await file.write(sample(), 1, new Date());
    await file.write(sample(), 2, new Date());
    expect(statSync(file.path).mode & 0o777).to.equal(0o600);
    expect(readdirSync(d)).to.deep.equal(['access-cache.snapshot']);
    expect((await file.read())!.syncedAt).to.equal(2);
  });

  it('is none when absent, and refused when torn, altered or of another format', async () => {
    const file = new CacheSnapshotFile(join(dir(), 'access-cache.snapshot'));
    expect(await file.read()).to.equal(null);
    await file.write(sample(), 1, new Date());
    const text = readFileSync(file.path, 'utf8');
    for (const [why, altered] of [
      ['torn', text.slice(0, text.length - 10)],
      ['altered', text.replace('Ada Lovelace', 'Eve Intruder')],
      ['another format', text.replace('"version":1', '"version":2')],
      ['no header', 'garbage'],
    ] as const) {
      writeFileSync(file.path, altered);
      const err = await file.read().then(() => null, (e: unknown) => e);
      expect(err, why).to.be.instanceOf(SnapshotUnreadable);
    }
  });

  it('reads a file whose header an earlier version wrote without padding, and one written in pieces holds the same rows', async () => {
    const file = new CacheSnapshotFile(join(dir(), 'access-cache.snapshot'));
    const written = sample(4500);
    await file.write(written, 7, new Date('2026-11-26T10:00:01Z'));
    const text = readFileSync(file.path, 'utf8');
    const newline = text.indexOf('\n');
    const header = JSON.parse(text.slice(0, newline)) as Record<string, unknown>;
    const body = text.slice(newline + 1);
    expect(JSON.parse(body).grants).to.have.length(4500);
    writeFileSync(file.path, `${JSON.stringify(header)}\n${body}`);
    const stored = await file.read();
    expect(stored!.syncedAt).to.equal(7);
    expect(stored!.snapshot).to.deep.equal(written);
  });

  it('is named after the journal unless told otherwise, so daemons whose journals share a folder never share it', () => {
    expect(snapshotPathFor('/var/lib/wfm/access-audit-spool.ndjson')).to.equal('/var/lib/wfm/access-audit-spool.cache-snapshot');
    expect(snapshotPathFor('/var/lib/wfm/door-2.ndjson')).to.equal('/var/lib/wfm/door-2.cache-snapshot');
  });
});
