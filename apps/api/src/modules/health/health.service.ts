import type { Bus } from '@wfm/memory/bus';
import type { HealthRepository } from './health.repository.js';

export class HealthService {
  constructor(private readonly repo: HealthRepository, private readonly bus: Bus) {}

  async status() {
    const [database, bus] = await Promise.all([this.repo.ping(), this.bus.ping()]);
    const checks = { database: database ? 'up' : 'down', bus: bus ? 'up' : 'down' } as const;
    return { status: database && bus ? ('ok' as const) : ('degraded' as const), checks, busKind: this.bus.kind };
  }
}
