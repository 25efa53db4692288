import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { FakeClock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { createDataSource, runMigrations, type DataSource } from '@wfm/db/data-source';
import { transactionRunner } from '@wfm/db/transaction';
import { startEmbeddedPostgres } from '@wfm/embedded-db/embedded-postgres';
import { createOutlet, createTenant, createUser } from '@wfm/testing/factories';
import { applicableRules } from '../modules/compliance/engine/applicable-rules.js';
import { evaluate } from '../modules/compliance/engine/engine.js';
import { NO_CUSTOM_LIMITS } from '../modules/compliance/packs/custom.pack.js';
import { ComplianceService, type ShiftToAssess } from '../modules/compliance/rules/compliance.service.js';
import { ComplianceSettingsRepository } from '../modules/compliance/settings/compliance-settings.repository.js';
import { ViolationsRepository } from '../modules/compliance/violations/violations.repository.js';
import { OutletScopeService } from '../modules/organization/user-outlets/outlet-scope.service.js';
import { UserOutletsRepository } from '../modules/organization/user-outlets/user-outlets.repository.js';

/**
 * `npm run bench:compliance`: the working-time check of publishing 2,000 shifts for 300 people in
 * one week, with 16 earlier weeks of shifts on record (the 17-week average reads them), every pack
 * assigned somewhere (UK for the tenant; California, New York City and the EU directive at three of
 * its five outlets), all four tenant limits, 30 young workers, every rule in WARN so each breach is
 * also written. Measured inside the publish's transaction, which is rolled back so each run starts
 * from the same data: the one query for the people's shifts, the evaluation, and the INSERT of the
 * breaches. Bounded: BENCH_RUNS runs (default 5).
 */
const PEOPLE = 300;
const SHIFTS = 2000;
const HISTORY_WEEKS = 16;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const WEEK = '2030-03-04';
const DAY_MS = 86_400_000;

async function seed(ds: DataSource): Promise<{ tenantId: string; actor: { tenantId: string; userId: string; role: 'TENANT_OWNER' }; shifts: ShiftToAssess[] }> {
  const tenant = await createTenant(ds);
  const owner = await createUser(ds, tenant.id, { role: 'TENANT_OWNER' });
  const outlets: string[] = [];
  for (let i = 0; i < 5; i++) outlets.push((await createOutlet(ds, tenant.id)).id);
  const people: string[] = [];
  const values: string[] = [];
  for (let i = 0; i < PEOPLE; i++) {
    const id = uuid();
    people.push(id);
    values.push(`('${id}', '${tenant.id}', 'Person ${i}', 'person${i}.${process.pid}@example.test', 'STAFF', 'ACTIVE')`);
  }
  await ds.query(`INSERT INTO users (id, tenant_id, full_name, email, role, status) VALUES ${values.join(', ')}`);
  const at = new Date();
  await ds.query(`INSERT INTO compliance_settings (tenant_id, packs, modes, max_shift_minutes, max_consecutive_days, min_weekly_minutes, max_weekly_minutes, updated_at) VALUES ($1, $2, '{}', 600, 6, 960, 2880, $3)`, [
    tenant.id,
    JSON.stringify([{ packId: 'uk-wtr', version: 1 }]),
    at,
  ]);
  for (const [i, packId] of ['us-ca', 'nyc-fww', 'eu-wtd'].entries()) {
    await ds.query(`INSERT INTO compliance_outlet_packs (outlet_id, tenant_id, packs, updated_at) VALUES ($1, $2, $3, $4)`, [outlets[i + 2], tenant.id, JSON.stringify([{ packId, version: 1 }]), at]);
  }
  for (const userId of people.slice(0, 30)) {
    const contractId = uuid();
    await ds.query(`INSERT INTO hr_contracts (id, tenant_id, user_id, job_title, employment_type, status, start_date, created_at, updated_at) VALUES ($1, $2, $3, 'Crew', 'PART_TIME', 'ACTIVE', '2029-01-01', $4, $4)`, [
      contractId,
      tenant.id,
      userId,
      at,
    ]);
    await ds.query(`INSERT INTO compliance_contract_settings (contract_id, tenant_id, young_worker, updated_at) VALUES ($1, $2, true, $3)`, [contractId, tenant.id, at]);
  }
  // The earlier weeks: Monday to Friday, 09:00–17:00, at each person's outlet.
  await ds.query(
    `INSERT INTO shift_assignments (id, tenant_id, user_id, outlet_id, scheduled_start, scheduled_end, status, type)
     SELECT gen_random_uuid(), $1, p.id, ($3::uuid[])[1 + (p.n % 5)], d + interval '9 hours', d + interval '17 hours', 'COMPLETED', 'REGULAR'
       FROM unnest($2::uuid[]) WITH ORDINALITY AS p(id, n),
            generate_series($4::date - ${HISTORY_WEEKS * 7}, $4::date - 1, interval '1 day') AS d
      WHERE extract(isodow FROM d) <= 5`,
    [tenant.id, people, outlets, WEEK],
  );
  // The week published: 200 people work 7 days, 100 work 6; every fifth person closes at 23:00 on
  // Tuesday and opens at 08:30 on Wednesday, so rest, clopening and overtime rules all have work.
  const shifts: ShiftToAssess[] = [];
  const start = Date.parse(`${WEEK}T00:00:00Z`);
  for (let p = 0; p < PEOPLE && shifts.length < SHIFTS; p++) {
    const days = p < 200 ? 7 : 6;
    for (let d = 0; d < days && shifts.length < SHIFTS; d++) {
      const closing = p % 5 === 0 && d === 1;
      const opening = p % 5 === 0 && d === 2;
      const from = start + d * DAY_MS + (closing ? 15 * 3_600_000 : opening ? 8.5 * 3_600_000 : 9 * 3_600_000);
      const hours = p % 7 === 0 ? 10.5 : 8;
      shifts.push({ id: uuid(), userId: people[p]!, outletId: outlets[p % 5]!, scheduledStart: new Date(from), scheduledEnd: new Date(from + hours * 3_600_000) });
    }
  }
  return { tenantId: tenant.id, actor: { tenantId: tenant.id, userId: owner.id, role: 'TENANT_OWNER' }, shifts };
}

class Rollback extends Error {}

async function main(): Promise<void> {
  let adminUrl = process.env.DATABASE_URL;
  const embedded = adminUrl ? null : await startEmbeddedPostgres({ dir: join(process.cwd(), '.data', 'bench-pg'), port: 54331, database: 'postgres' });
  adminUrl ??= embedded!.url;
  const dbName = `wfm_bench_compliance_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const ds = createDataSource({ url: Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString(), poolSize: 2 });
  try {
    await ds.initialize();
    await runMigrations(ds);
    const { actor, shifts } = await seed(ds);
    await ds.query('ANALYZE');
    const compliance = new ComplianceService(ds, new ComplianceSettingsRepository(), new ViolationsRepository(), new OutletScopeService(new UserOutletsRepository(ds)), new FakeClock('2030-02-01T09:00:00Z'));
    const transaction = transactionRunner(ds);
    const insertValues = shifts.map((x) => `('${x.id}', '${actor.tenantId}', '${x.userId}', '${x.outletId}', '${x.scheduledStart.toISOString()}', '${x.scheduledEnd.toISOString()}', 'SCHEDULED', 'REGULAR')`).join(', ');
    const timings: number[] = [];
    let verdict = { warnings: 0, overridden: 0 };
    for (let run = 0; run < RUNS; run++) {
      await transaction(async (tx) => {
        await tx.query(`INSERT INTO shift_assignments (id, tenant_id, user_id, outlet_id, scheduled_start, scheduled_end, status, type) VALUES ${insertValues}`);
        const t0 = performance.now();
        verdict = await compliance.assessAssignments(tx, actor, shifts);
        timings.push(performance.now() - t0);
        throw new Rollback();
      }).catch((err: unknown) => {
        if (!(err instanceof Rollback)) throw err;
      });
    }
    // The evaluation alone, on the same people and rules, without the database.
    const [first] = shifts;
    const rules = applicableRules(
      { packs: [{ packId: 'uk-wtr', version: 1 }], modes: {}, customLimits: { ...NO_CUSTOM_LIMITS, maxShiftMinutes: 600, maxConsecutiveDays: 6, minWeeklyMinutes: 960, maxWeeklyMinutes: 2880 }, outletPacks: new Map() },
      { outletId: first!.outletId, contractPacks: null, youngWorker: false },
    );
    const byPerson = new Map<string, ShiftToAssess[]>();
    for (const x of shifts) byPerson.set(x.userId, [...(byPerson.get(x.userId) ?? []), x]);
    const t0 = performance.now();
    let found = 0;
    for (const own of byPerson.values()) {
      found += evaluate({ timezone: 'Europe/London', phase: 'SCHEDULE', rules, segments: own.map((x) => ({ id: x.id, kind: 'SHIFT', start: x.scheduledStart, end: x.scheduledEnd })) }).length;
    }
    const engineMs = performance.now() - t0;
    const sorted = [...timings].sort((a, b) => a - b);
    console.log(`\nWorking-time check of a publish: ${shifts.length} shifts for ${PEOPLE} people, ${HISTORY_WEEKS} earlier weeks on record (${PEOPLE * HISTORY_WEEKS * 5} shifts), ${RUNS} runs`);
    console.log(`  assessAssignments (query + evaluate + record)  median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms  min ${sorted[0]!.toFixed(0)} ms  max ${sorted.at(-1)!.toFixed(0)} ms`);
    console.log(`  breaches recorded per run                      ${verdict.warnings}`);
    console.log(`  engine alone (UK pack + tenant limits, the week only)  ${engineMs.toFixed(0)} ms for ${found} breaches`);
  } finally {
    await ds.destroy();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    if (embedded) await embedded.stop();
  }
}

await main();
