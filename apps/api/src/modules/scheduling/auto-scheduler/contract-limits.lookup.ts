import type { DataSource } from '@wfm/db/data-source';
import { many } from '@wfm/db/sql';
import type { PersonLimits, RuleLimitsLookup } from './scheduler.ports.js';

type Terms = Pick<PersonLimits, 'contractedHours'> & { maxWeeklyHours: number };

/**
 * Contracts record no hours, so the employment type stands for them: these are the documented
 * defaults (docs/decisions.md). CASUAL and CONTRACTOR promise none; no active contract counts as casual.
 */
export const HOURS_BY_EMPLOYMENT_TYPE: Readonly<Record<string, Terms>> = {
  FULL_TIME: { contractedHours: 40, maxWeeklyHours: 48 },
  FIXED_TERM: { contractedHours: 40, maxWeeklyHours: 48 },
  PART_TIME: { contractedHours: 20, maxWeeklyHours: 30 },
  INTERN: { contractedHours: 30, maxWeeklyHours: 40 },
  CASUAL: { contractedHours: 0, maxWeeklyHours: 40 },
  CONTRACTOR: { contractedHours: 0, maxWeeklyHours: 48 },
};
const NO_CONTRACT: Terms = HOURS_BY_EMPLOYMENT_TYPE.CASUAL!;

/**
 * The limits beneath the working-time rules: hours from the contract's employment type, and the
 * Working Time Regulations' figures as defaults (11 h daily rest, 48 h a week, 6 days in a row so a
 * 24 h weekly rest remains), all WARN: without a pack nothing blocks (issue 31), so the solver may
 * bend them to cover demand, and says so. `ComplianceLimitsLookup` puts a person's rules over them.
 */
export class ContractLimitsLookup implements RuleLimitsLookup {
  constructor(private readonly ds: DataSource) {}

  /** The active contract is the one in force (activation ends the previous one), whatever the week. */
  async forPeople(tenantId: string, userIds: readonly string[]): Promise<Map<string, PersonLimits>> {
    const rows = await many<{ userId: string; employmentType: string }>(
      this.ds,
      `SELECT user_id AS "userId", employment_type AS "employmentType" FROM hr_contracts WHERE tenant_id = $1 AND user_id = ANY($2::uuid[]) AND status = 'ACTIVE'`,
      [tenantId, userIds],
    );
    const types = new Map(rows.map((r) => [r.userId, r.employmentType]));
    return new Map(
      userIds.map((id) => {
        const type = types.get(id);
        const terms = (type && HOURS_BY_EMPLOYMENT_TYPE[type]) || NO_CONTRACT;
        const source = type ? `contract (${type})` : 'default (no active contract)';
        return [
          id,
          {
            contractedHours: terms.contractedHours,
            minShiftHours: 3,
            maxShiftHours: 10,
            minRestHours: { value: 11, mode: 'WARN', source: 'default (11 h daily rest)' },
            maxWeeklyHours: { value: terms.maxWeeklyHours, mode: 'WARN', source },
            maxConsecutiveDays: { value: 6, mode: 'WARN', source: 'default (24 h weekly rest)' },
          },
        ];
      }),
    );
  }
}
