import type { DataSource } from '@wfm/db/data-source';
import { exec } from '@wfm/db/sql';

export class HealthRepository {
  constructor(private readonly ds: DataSource) {}

  async ping(): Promise<boolean> {
    try {
      await exec(this.ds, 'SELECT 1');
      return true;
    } catch {
      return false;
    }
  }
}
