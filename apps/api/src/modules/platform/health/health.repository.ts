import type { DataSource } from '@wfm/db/data-source';

export class HealthRepository {
  constructor(private readonly ds: DataSource) {}

  async ping(): Promise<boolean> {
    try {
      await this.ds.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }
}
