import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { AccessCache, type AccessSnapshot } from '../cache/access-cache.js';

/**
 * `npm run bench:cache-memory`: what a daemon's in-memory read model costs per tenant, person and
 * grant, for the scaling guide (docs/deployment.md). Builds synthetic snapshots of growing size
 * (each tenant: 2 zones with 2 readers each, a reader key, a signing key, its people, and a grant
 * per person per zone), loads each into an AccessCache and reads the heap after a full GC; then
 * reloads one of its tenants as a missed change does, and says how long the doors were held.
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

const emptySnapshot = (): AccessSnapshot => ({ tenants: [], readerKeys: [], zones: [], grants: [], users: [], passes: [], signingKeys: [], versions: new Map() });

function addTenant(s: AccessSnapshot, tenantId: string, people: number, version: number): void {
  s.tenants.push({ id: tenantId, plan: 'ENTERPRISE', timezone: 'Europe/London', offlineWindowMinutes: 1440 } as AccessSnapshot['tenants'][number]);
  s.readerKeys.push({ id: randomUUID(), tenantId, keyHash: randomUUID().replaceAll('-', '') + randomUUID().replaceAll('-', '') });
  s.signingKeys.push({ id: randomUUID(), tenantId, publicKey, retiredAt: null } as AccessSnapshot['signingKeys'][number]);
  const zones = [0, 1].map((z) => ({ id: randomUUID(), tenantId, name: `Zone ${z}`, active: true, hoursJson: hours, readerIds: [`reader-${z}-a`, `reader-${z}-b`] }));
  s.zones.push(...(zones as AccessSnapshot['zones']));
  for (let p = 0; p < people; p++) {
    const userId = randomUUID();
    s.users.push({ id: userId, tenantId, fullName: `Person ${p}` });
    for (const z of zones) s.grants.push({ id: randomUUID(), tenantId, userId, visitorPassId: null, zoneId: z.id, expiresAt: null } as AccessSnapshot['grants'][number]);
  }
  s.versions.set(tenantId, version);
}

function snapshot(tenants: number, people: number): AccessSnapshot {
  const s = emptySnapshot();
  for (let t = 0; t < tenants; t++) addTenant(s, randomUUID(), people, 1);
  return s;
}

/**
 * One tenant's rows reloaded (what a missed change brings) while a 1 ms timer stands in for the
 * doors: the whole reload, and the longest the timer waited, which is what a tap would have.
 */
async function tenantReload(cache: AccessCache, tenantId: string, people: number): Promise<{ wholeMs: number; longestHoldMs: number }> {
  const rows = emptySnapshot();
  addTenant(rows, tenantId, people, 2);
  let last = performance.now();
  let longest = 0;
  const doors = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  await new Promise((resolve) => setTimeout(resolve, 5));
  last = performance.now();
  longest = 0;
  const started = performance.now();
  await cache.replaceTenant(tenantId, rows, Date.now());
  const wholeMs = performance.now() - started;
  // The scavenge of what was just built comes right after: a tap waits for it too.
  await new Promise((resolve) => setTimeout(resolve, 5));
  clearInterval(doors);
  return { wholeMs, longestHoldMs: longest };
}

/** Loads a snapshot of that size; the id of one of its tenants. */
function loadInto(cache: AccessCache, tenants: number, people: number): string {
  const s = snapshot(tenants, people);
  cache.replaceAll(s, Date.now());
  return s.tenants[0]!.id;
}

console.log('tenants | people | grants | heap of the loaded cache | per grant (all included) | load time | a tenant reloaded: whole, longest hold');
for (const { tenants, people } of sizes) {
  gc();
  const before = process.memoryUsage().heapUsed;
  const cache = new AccessCache();
  const started = performance.now();
  const reloaded = loadInto(cache, tenants, people);
  const loadMs = performance.now() - started;
  gc();
  const bytes = process.memoryUsage().heapUsed - before;
  const grants = cache.grantCount;
  const reload = await tenantReload(cache, reloaded, people);
  console.log(
    `${tenants} | ${tenants * people} | ${grants} | ${(bytes / 1024 / 1024).toFixed(1)} MiB | ${Math.round(bytes / grants)} B | ${loadMs.toFixed(0)} ms | ${reload.wholeMs.toFixed(0)} ms, ${reload.longestHoldMs.toFixed(1)} ms`,
  );
  cache.replaceAll(snapshot(0, 0), Date.now());
}
