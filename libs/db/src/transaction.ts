import type { DataSource, EntityManager } from 'typeorm';
import { inSpan, SpanKind } from '@wfm/core/tracing';

/** A transaction handle services pass to repositories without importing TypeORM themselves. */
export type Tx = EntityManager;

export type TransactionRunner = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

const TX_ATTRIBUTES = { 'db.system.name': 'postgresql', 'db.operation.name': 'TRANSACTION' };

/** With tracing on, each transaction is a client span: the request's trace shows its time in the database. */
export function transactionRunner(ds: DataSource): TransactionRunner {
  return (work) => inSpan('db.transaction', TX_ATTRIBUTES, () => ds.transaction(work), { kind: SpanKind.CLIENT });
}
