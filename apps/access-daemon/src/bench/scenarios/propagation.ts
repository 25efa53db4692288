import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { createDataSource } from '@wfm/db/data-source';
import { createUser } from '@wfm/testing/factories';
import { NO_FIXED_OPERATOR_PORTS } from '@wfm/testing/child-process';
import { API_MAIN, DAEMON_MAIN, waitHealthy } from '../bench-processes.js';
import { REVOCATIONS, VERIFY } from '../bench-settings.js';
import { mintCredential, seedBenchTenant } from '../seed.js';

/**
 * Each round: a GRANT, the revoke through the API, then taps at other readers of the zone until a
 * DENY. The first tap after the 2xx must already be a DENY (read-your-writes); revoke-to-deny runs
 * from sending the revoke to that DENY, so it includes the API's wait for the daemons' acknowledgements.
 */
export interface PropagationResult {
  times: number[];
  /** Rounds whose very next tap after the revoke's 2xx still said GRANT. */
  stillGranted: number;
  /** Revokes answered `X-Access-Propagation: partial`. */
  partial: number;
}

export async function propagation(dbUrl: string, redisUrl: string, workDir: string, ds: ReturnType<typeof createDataSource>): Promise<PropagationResult> {
  const tenant = await seedBenchTenant(ds, { users: REVOCATIONS, zones: 1, readersPerZone: 1, zonesPerUser: 1 });
  const [zone] = await ds.query(`SELECT id FROM access_zones WHERE tenant_id = $1`, [tenant.tenantId]);
  const polls = REVOCATIONS * 20;
  await ds.query(`INSERT INTO access_zone_readers (tenant_id, zone_id, reader_id) SELECT $1, $2, 'p-' || g FROM generate_series(1, $3::int) g`, [tenant.tenantId, zone.id, polls]);
  // The API counts 120 calls per minute per user on each endpoint: spread the revocations over admins.
  const admins = await Promise.all(Array.from({ length: Math.ceil(REVOCATIONS / 100) }, () => createUser(ds, tenant.tenantId, { role: 'COMPANY_ADMIN', password: 'Bench-Password-1' })));
  const grants: Array<{ id: string; user_id: string }> = await ds.query(`SELECT id, user_id FROM access_grants WHERE tenant_id = $1 AND user_id IS NOT NULL`, [tenant.tenantId]);
  const apiPort = 3900 + (process.pid % 50);
  const daemonPort = apiPort + 50;
  const common = { DATABASE_URL: dbUrl, REDIS_URL: redisUrl, LOG_LEVEL: 'silent', ...NO_FIXED_OPERATOR_PORTS };
  const api = spawn(process.execPath, [API_MAIN], {
    stdio: 'inherit',
    env: { ...process.env, ...common, PORT: String(apiPort), HOST: '127.0.0.1', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00', DATA_ENCRYPTION_KEY: 'a'.repeat(64), MIGRATE_ON_START: 'false', ACCESS_DAEMON_URL: `http://127.0.0.1:${daemonPort}` },
  });
  const daemon = spawn(process.execPath, [DAEMON_MAIN], {
    stdio: 'inherit',
    env: { ...process.env, ...common, ACCESS_DAEMON_PORT: String(daemonPort), ACCESS_DAEMON_HOST: '127.0.0.1', ACCESS_METRICS_PORT: '0', ACCESS_AUDIT_SPOOL_PATH: join(workDir, 'split-spool.ndjson') },
  });
  try {
    await waitHealthy(`http://127.0.0.1:${apiPort}/api/v1/health`);
    await waitHealthy(`http://127.0.0.1:${daemonPort}/health`);
    const tokens = await Promise.all(
      admins.map((a) =>
        fetch(`http://127.0.0.1:${apiPort}/api/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ identifier: a.email, password: 'Bench-Password-1' }),
        })
          .then((r) => r.json() as Promise<{ accessToken: string }>)
          .then((b) => b.accessToken),
      ),
    );
    let reader = 0;
    const tapAt = async (cred: string) =>
      (await fetch(`http://127.0.0.1:${daemonPort}${VERIFY}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tenant.readerKey}` },
        body: JSON.stringify({ credentialId: cred, readerId: `p-${(reader++ % polls) + 1}` }),
      }).then((r) => r.json())) as { decision: string };
    const result: PropagationResult = { times: [], stillGranted: 0, partial: 0 };
    for (const [n, g] of grants.entries()) {
      const cred = mintCredential(tenant, g.user_id);
      if ((await tapAt(cred)).decision !== 'GRANT') throw new Error('propagation setup: expected a GRANT before the revoke');
      const t0 = performance.now();
      const revoked = await fetch(`http://127.0.0.1:${apiPort}/api/v1/access/grants/${g.id}/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[n % tokens.length]}` },
        body: '{}',
      });
      if (!revoked.ok) throw new Error(`revoke answered ${revoked.status}`);
      if (revoked.headers.get('x-access-propagation') !== 'complete') result.partial++;
      let denied = (await tapAt(cred)).decision === 'DENY';
      if (!denied) result.stillGranted++;
      for (let i = 0; i < 1000 && !denied; i++) denied = (await tapAt(cred)).decision === 'DENY';
      if (!denied) throw new Error('a revoked grant was still granted after 1,000 taps');
      result.times.push(performance.now() - t0);
    }
    return result;
  } finally {
    api.kill();
    daemon.kill();
  }
}
