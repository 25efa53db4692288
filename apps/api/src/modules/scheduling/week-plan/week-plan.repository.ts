import type { Role } from '@wfm/core/tenancy';
import type { DataSource } from '@wfm/db/data-source';
import { live, many } from '@wfm/db/sql';
import { outletZone } from '../../organization/outlets/outlets.repository.js';
import { PAY } from '../../payroll/runs/payroll.repository.js';
import type { PaySetting } from '../../payroll/runs/payroll-engine.js';

export interface WeekPerson {
  userId: string;
  fullName: string;
  role: Role;
  /** Assigned to the outlet (PUT /users/:id/outlets); false: here only for a shift of this week. */
  atOutlet: boolean;
}

export class WeekPlanRepository {
  constructor(private readonly ds: DataSource) {}

  outletZone(tenantId: string, outletId: string): Promise<string | null> {
    return outletZone(this.ds, tenantId, outletId);
  }

  /**
   * The rows of an outlet's week: its active staff (people assigned to it), and anyone with a shift
   * there starting in [from, to) that is not cancelled, by name.
   */
  people(tenantId: string, outletId: string, from: Date, to: Date): Promise<WeekPerson[]> {
    return many(
      this.ds,
      `SELECT u.id AS "userId", u.full_name AS "fullName", u.role,
              EXISTS (SELECT 1 FROM user_outlets uo WHERE uo.tenant_id = $1 AND uo.user_id = u.id AND uo.outlet_id = $2) AS "atOutlet"
         FROM users u
        WHERE u.tenant_id = $1 AND ${live('u')}
          AND ((u.status = 'ACTIVE' AND EXISTS (SELECT 1 FROM user_outlets uo WHERE uo.tenant_id = $1 AND uo.user_id = u.id AND uo.outlet_id = $2))
               OR EXISTS (SELECT 1 FROM shift_assignments s WHERE s.tenant_id = $1 AND s.user_id = u.id AND s.outlet_id = $2
                            AND s.scheduled_start >= $3 AND s.scheduled_start < $4 AND s.status <> 'CANCELLED'))
        ORDER BY lower(u.full_name), u.id`,
      [tenantId, outletId, from, to],
    );
  }

  /** Live people of the tenant among `ids`, for names in a preview. */
  named(tenantId: string, ids: readonly string[]): Promise<Array<{ userId: string; fullName: string }>> {
    return many(this.ds, `SELECT u.id AS "userId", u.full_name AS "fullName" FROM users u WHERE u.tenant_id = $1 AND u.id = ANY($2::uuid[]) AND ${live('u')}`, [tenantId, [...ids]]);
  }

  /** Pay as the payroll run reads it: settings, or else an active contract's salary, monthly. */
  async pay(tenantId: string, ids: readonly string[]): Promise<Map<string, PaySetting>> {
    const rows = await many<PaySetting & { userId: string }>(
      this.ds,
      `WITH ${PAY} SELECT "userId", type, "rateMinor", currency, "overtimeDailyMinutes", "overtimeMultiplierPct" FROM pay WHERE "userId" = ANY($2::uuid[])`,
      [tenantId, [...ids]],
    );
    return new Map(rows.map(({ userId, ...pay }) => [userId, pay]));
  }
}
