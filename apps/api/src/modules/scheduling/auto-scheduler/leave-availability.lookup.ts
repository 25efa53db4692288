import type { DataSource } from '@wfm/db/data-source';
import { many } from '@wfm/db/sql';
import type { AvailabilityLookup, PersonAvailability } from './scheduler.ports.js';

/** Availability from what main records today: a person on approved leave is unavailable for all of it. */
export class LeaveAvailabilityLookup implements AvailabilityLookup {
  constructor(private readonly ds: DataSource) {}

  async forPeople(tenantId: string, userIds: readonly string[], from: Date, to: Date): Promise<Map<string, PersonAvailability>> {
    const out = new Map<string, PersonAvailability>(userIds.map((id) => [id, { unavailable: [], preferred: [] }]));
    // end_date is the last instant of leave, inclusive.
    const rows = await many<{ userId: string; start: Date; end: Date }>(
      this.ds,
      `SELECT user_id AS "userId", start_date AS start, end_date + interval '1 millisecond' AS "end"
         FROM leave_requests
        WHERE tenant_id = $1 AND user_id = ANY($2::uuid[]) AND status = 'APPROVED' AND start_date < $4 AND end_date >= $3
        ORDER BY start_date`,
      [tenantId, userIds, from, to],
    );
    for (const r of rows) out.get(r.userId)!.unavailable.push({ start: r.start, end: r.end });
    return out;
  }
}
