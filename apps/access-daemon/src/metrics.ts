import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The daemon's Prometheus metrics, on a registry of its own (no process-global state). */
export class DaemonMetrics {
  readonly registry = new Registry();
  /*
   * Counted in plain maps and handed to prom-client when scraped: a labelled `inc` builds and
   * hashes a label key each time, and these count every tap.
   */
  private readonly decisionCounts = new Map<string, number>();
  private readonly audited = { journal: { batches: 0, rows: 0 }, database: { batches: 0, rows: 0 } };
  readonly latency = new Histogram({
    name: 'access_decision_seconds',
    help: 'Time from request to answer for verify, audit commit included',
    buckets: [0.0005, 0.001, 0.002, 0.003, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25],
    registers: [this.registry],
  });
  /** Each durable write carries the rows of every tap decided meanwhile; its count is the number of writes. */
  readonly journalWrite = new Histogram({
    name: 'access_audit_journal_write_seconds',
    help: 'Durable (O_DSYNC) audit journal writes: from the start of each until its rows were on disk, which every tap it carries waits for',
    buckets: [0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.1],
    registers: [this.registry],
  });
  readonly syncLag = new Gauge({ name: 'access_sync_lag_seconds', help: 'Delay between the API publishing the last applied change and this daemon applying it', registers: [this.registry] });
  readonly auditQuarantined = new Counter({
    name: 'access_audit_quarantined_rows_total',
    help: 'Audit rows the database refused for good when shipped, kept in the quarantine file',
    registers: [this.registry],
  });
  readonly journalDropped = new Counter({
    name: 'access_audit_journal_dropped_rows_total',
    help: 'Unshipped audit rows dropped, oldest first, to keep the journal under ACCESS_AUDIT_JOURNAL_MAX_MB',
    registers: [this.registry],
  });

  constructor(probes: { cacheAgeSeconds: () => number; journalRows: () => number; journalBytes: () => number; journalBacklogSeconds: () => number; grantsCached: () => number }) {
    const decisions = this.decisionCounts;
    const audited = this.audited;
    new Counter({
      name: 'access_decisions_total',
      help: 'Verify decisions by reason (GRANTED for a grant)',
      labelNames: ['reason'],
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [reason, n] of decisions) this.inc({ reason }, n);
      },
    });
    for (const [what, name] of [['batches', 'access_audit_batches_total'], ['rows', 'access_audit_rows_total']] as const) {
      new Counter({
        name,
        help: `Audit ${what} written, by destination: the journal (before the answer) or the database (shipped)`,
        labelNames: ['to'],
        registers: [this.registry],
        collect() {
          this.reset();
          for (const to of ['journal', 'database'] as const) if (audited[to][what]) this.inc({ to }, audited[to][what]);
        },
      });
    }
    new Gauge({ name: 'access_cache_age_seconds', help: 'Seconds since the cache last matched the database', registers: [this.registry], collect() { this.set(probes.cacheAgeSeconds()); } });
    new Gauge({ name: 'access_audit_journal_rows', help: 'Audit rows in the local journal not yet in the database', registers: [this.registry], collect() { this.set(probes.journalRows()); } });
    new Gauge({ name: 'access_audit_journal_bytes', help: 'Bytes the local audit journal takes on disk', registers: [this.registry], collect() { this.set(probes.journalBytes()); } });
    new Gauge({ name: 'access_audit_journal_backlog_seconds', help: 'Age of the oldest audit row not yet in the database (0 when none)', registers: [this.registry], collect() { this.set(probes.journalBacklogSeconds()); } });
    new Gauge({ name: 'access_grants_cached', help: 'Active grants held in memory', registers: [this.registry], collect() { this.set(probes.grantsCached()); } });
  }

  observeDecision(reason: string, seconds: number): void {
    this.decisionCounts.set(reason, (this.decisionCounts.get(reason) ?? 0) + 1);
    this.latency.observe(seconds);
  }

  observeBatch(size: number, to: 'database' | 'journal'): void {
    this.audited[to].batches++;
    this.audited[to].rows += size;
  }

  observeQuarantine(rows: number): void {
    this.auditQuarantined.inc(rows);
  }

  observeDropped(rows: number): void {
    this.journalDropped.inc(rows);
  }
}
