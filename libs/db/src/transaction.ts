import type { DataSource, EntityManager } from 'typeorm';

/** A transaction handle services pass to repositories without importing TypeORM themselves. */
export type Tx = EntityManager;

export type TransactionRunner = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

export function transactionRunner(ds: DataSource): TransactionRunner {
  return (work) => ds.transaction(work);
}
