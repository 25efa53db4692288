import { many } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';
import type { ClockedRecord, RecordedNotice } from './premium-pay.js';

export class PremiumsRepository {
  /** Approved clock records (VERIFIED or APPROVED, as payroll pays) with time in [from, to), with their outlet. */
  clocked(tx: Tx, tenantId: string, from: Date, to: Date): Promise<Array<ClockedRecord & { userId: string; outletId: string | null }>> {
    return many(
      tx,
      `SELECT id, user_id AS "userId", outlet_id AS "outletId", clock_in_at AS start, clock_out_at AS "end" FROM attendance_events
        WHERE tenant_id = $1 AND status IN ('VERIFIED','APPROVED') AND clock_out_at IS NOT NULL AND clock_out_at > $2 AND clock_in_at < $3
        ORDER BY clock_in_at, id`,
      [tenantId, from, to],
    );
  }

  /** Advance-notice breaches compliance recorded when shifts of these local days were scheduled late, whatever their override. */
  notices(tx: Tx, tenantId: string, ruleIds: readonly string[], fromDate: string, toDate: string): Promise<Array<Omit<RecordedNotice, 'premiumMinor' | 'currency'> & { userId: string; terms: Record<string, unknown> }>> {
    return many(
      tx,
      `SELECT id AS "violationId", user_id AS "userId", rule_id AS "ruleId", pack_id AS "packId", pack_version AS "packVersion", violation_key AS "violationKey",
              local_date::text AS date, sentence, trace->'arithmetic'->'terms' AS terms
         FROM compliance_violations
        WHERE tenant_id = $1 AND phase = 'SCHEDULE' AND rule_id = ANY($2::text[]) AND local_date >= $3::date AND local_date < $4::date
        ORDER BY local_date, id`,
      [tenantId, ruleIds, fromDate, toDate],
    );
  }

  /** The clock breaches compliance recorded on these days: the ids payslip lines refer to. */
  clockViolationIds(tx: Tx, tenantId: string, fromDate: string, toDate: string): Promise<Array<{ userId: string; violationKey: string; id: string }>> {
    return many(
      tx,
      `SELECT user_id AS "userId", violation_key AS "violationKey", id FROM compliance_violations
        WHERE tenant_id = $1 AND phase = 'CLOCK' AND local_date >= $2::date AND local_date < $3::date`,
      [tenantId, fromDate, toDate],
    );
  }
}
