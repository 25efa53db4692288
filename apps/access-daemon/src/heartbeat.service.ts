import type { Clock } from '@wfm/core/clock';
import { ConflictError } from '@wfm/core/errors';
import type { HeartbeatRepository } from './heartbeat.repository.js';

/**
 * Spec 02's reader heartbeat: the first beat registers the reader, later ones keep it current. A
 * key can name any reader id, so the readers a tenant may register are capped; once full, a new
 * reader is refused while registered ones keep beating.
 */
export class HeartbeatService {
  constructor(
    private readonly readers: HeartbeatRepository,
    private readonly clock: Clock,
    private readonly maxReadersPerTenant: number,
  ) {}

  async beat(tenantId: string, body: { readerId: string; firmwareVersion: string; ipAddress: string }): Promise<void> {
    const beat = { ...body, at: this.clock.now() };
    if (await this.readers.touch(tenantId, beat)) return;
    if (await this.readers.register(tenantId, beat, this.maxReadersPerTenant)) return;
    throw new ConflictError(
      `A tenant can register at most ${this.maxReadersPerTenant} readers; this reader is not registered. Readers already registered keep reporting.`,
    );
  }
}
