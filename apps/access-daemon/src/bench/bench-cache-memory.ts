import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { AccessCache, type AccessSnapshot } from '../cache/access-cache.js';

/**
 * `npm run bench:cache-memory`: what a daemon's in-memory read model costs per tenant, person and
 * grant, for the scaling guide (docs/deployment.md). Builds synthetic snapshots of growing size
 * (each tenant: 2 zones with 2 readers each, a reader key, a signing key, its people, and a grant
 * per person per zone), loads each into an AccessCache and reads the heap after a full GC.
 * Run with --expose-gc (the npm script does). BENCH_CACHE_SIZES: "tenants×people,…".
 */
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (npm run bench:cache-memory does)');

const sizes = (process.env.BENCH_CACHE_SIZES ?? '100x50,1000x50,200x1000').split(',').map((s) => {
  const [tenants, people] = s.split('x').map(Number);
  return { tenants: tenants!, people: people! };
});

const publicKey = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();
const hours = { mon: [{ from: '07:00', to: '19:00' }] };

function snapshot(tenants: number, people: number): AccessSnapshot {
  const s: AccessSnapshot = { tenants: [], readerKeys: [], zones: [], grants: [], users: [], passes: [], signingKeys: [], versions: new Map() };
  for (let t = 0; t < tenants; t++) {
    const tenantId = randomUUID();
    s.tenants.push({ id: tenantId, plan: 'ENTERPRISE', timezone: 'Europe/London', offlineWindowMinutes: 1440 } as AccessSnapshot['tenants'][number]);
    s.readerKeys.push({ id: randomUUID(), tenantId, keyHash: randomUUID().replaceAll('-', '') + randomUUID().replaceAll('-', '') });
    s.signingKeys.push({ id: randomUUID(), tenantId, publicKey, retiredAt: null } as AccessSnapshot['signingKeys'][number]);
    const zones = [0, 1].map((z) => ({ id: randomUUID(), tenantId, name: `Zone ${z}`, active: true, hoursJson: hours, readerIds: [`reader-${z}-a`, `reader-${z}-b`] }));
    s.zones.push(...(zones as AccessSnapshot['zones']));
    for (let p = 0; p < people; p++) {
      const userId = randomUUID();
      s.users.push({ id: userId, tenantId, fullName: `Person ${p} of tenant ${t}` });
      for (const z of zones) s.grants.push({ id: randomUUID(), tenantId, userId, visitorPassId: null, zoneId: z.id, expiresAt: null } as AccessSnapshot['grants'][number]);
    }
    s.versions.set(tenantId, 1);
  }
  return s;
}

console.log('tenants | people | grants | heap of the loaded cache | per grant (all included) | load time');
for (const { tenants, people } of sizes) {
  gc();
  const before = process.memoryUsage().heapUsed;
  const cache = new AccessCache();
  const started = performance.now();
  cache.replaceAll(snapshot(tenants, people), Date.now());
  const loadMs = performance.now() - started;
  gc();
  const bytes = process.memoryUsage().heapUsed - before;
  const grants = cache.grantCount;
  console.log(`${tenants} | ${tenants * people} | ${grants} | ${(bytes / 1024 / 1024).toFixed(1)} MiB | ${Math.round(bytes / grants)} B | ${loadMs.toFixed(0)} ms`);
  cache.replaceAll(snapshot(0, 0), Date.now());
}
