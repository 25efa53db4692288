import type { DataSource, EntityManager } from 'typeorm';
import { inSpan, inTrace, SpanKind } from '@wfm/core/tracing';

/** A transaction handle services pass to repositories without importing TypeORM themselves. */
export type Tx = EntityManager;

export type TransactionRunner = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

const TX_ATTRIBUTES = { 'db.system.name': 'postgresql', 'db.operation.name': 'TRANSACTION' };

/**
 * Inside a traced request, each transaction is a client span, so the trace shows its time in the
 * database and the events it wrote keep its context. Alone (a job, the worker's dispatch loop) a
 * transaction starts no trace of its own: one-span traces every few seconds would bury the rest.
 */
export function transactionRunner(ds: DataSource): TransactionRunner {
  return (work) => (inTrace() ? inSpan('db.transaction', TX_ATTRIBUTES, () => ds.transaction(work), { kind: SpanKind.CLIENT }) : ds.transaction(work));
}
