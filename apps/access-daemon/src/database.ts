import type { DataSource, EntityManager, QueryRunner } from '@wfm/db/data-source';
import type { StatementSource } from '@wfm/db/sql';

/** What the daemon's repositories ask of their database: a connection per statement, and transactions. */
export interface DaemonDatabase extends StatementSource {
  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T>;
}

/** A statement sent before the daemon has a data source: the same answer as a database that is down. */
export class DatabaseNotConnected extends Error {
  constructor() {
    super('the access daemon is not connected to its database yet');
    this.name = 'DatabaseNotConnected';
  }
}

/**
 * The database of a daemon that started from its stored cache. Its doors answer before the data
 * layer (TypeORM and the platform's entities, a quarter to half a second of a start on a slow
 * machine) is loaded at all; until a data source is attached and connected, every statement fails
 * as against a database that is down, which every caller already handles.
 */
export class LateDatabase implements DaemonDatabase {
  private ds: DataSource | null = null;

  attach(ds: DataSource): void {
    this.ds = ds;
  }

  createQueryRunner(mode?: 'master' | 'slave'): QueryRunner {
    return this.connected().createQueryRunner(mode);
  }

  async transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.connected().transaction(work);
  }

  private connected(): DataSource {
    if (!this.ds?.isInitialized) throw new DatabaseNotConnected();
    return this.ds;
  }
}
