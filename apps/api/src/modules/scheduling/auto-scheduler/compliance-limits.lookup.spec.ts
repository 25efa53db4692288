import { expect } from 'chai';
import type { ComplianceService } from '../../compliance/rules/compliance.service.js';
import { applicableRules, type ComplianceConfig } from '../../compliance/engine/applicable-rules.js';
import { NO_CUSTOM_LIMITS } from '../../compliance/packs/custom.pack.js';
import { ComplianceLimitsLookup } from './compliance-limits.lookup.js';
import type { PersonLimits, RuleLimitsLookup } from './scheduler.ports.js';

const defaults = (): PersonLimits => ({
  contractedHours: 20,
  minShiftHours: 3,
  maxShiftHours: 10,
  minRestHours: { value: 11, mode: 'WARN', source: 'default (11 h daily rest)' },
  maxWeeklyHours: { value: 30, mode: 'WARN', source: 'contract (PART_TIME)' },
  maxConsecutiveDays: { value: 6, mode: 'WARN', source: 'default (24 h weekly rest)' },
});
const contracts: RuleLimitsLookup = { forPeople: async (_t, ids) => new Map(ids.map((id) => [id, defaults()])) };

/** The service's answer for a tenant configured as `config`, resolved by the same pure function it uses. */
function complianceOf(config: ComplianceConfig | null, youngWorkers: string[] = []): ComplianceService {
  return {
    rulesForPeople: async () => config && ((userId: string, outletId: string | null) => applicableRules(config, { outletId, contractPacks: null, youngWorker: youngWorkers.includes(userId) })),
  } as unknown as ComplianceService;
}
const config = (over: Partial<ComplianceConfig>): ComplianceConfig => ({ packs: [], modes: {}, customLimits: NO_CUSTOM_LIMITS, outletPacks: new Map(), ...over });
const week = new Date('2030-03-04T00:00:00Z');

describe('the auto-scheduler reads its limits from the working-time rules', () => {
  it('without rules, the contract and the defaults stand', async () => {
    const limits = await new ComplianceLimitsLookup(complianceOf(null), contracts).forPeople('t', ['a'], week);
    expect(limits.get('a')).to.deep.equal(defaults());
  });

  it("a pack's rules replace the defaults, with the rule's mode and source", async () => {
    const eu = config({ packs: [{ packId: 'eu-wtd', version: 1 }], modes: { 'eu-wtd.average-week': 'BLOCK' } });
    const a = (await new ComplianceLimitsLookup(complianceOf(eu), contracts).forPeople('t', ['a'], week)).get('a')!;
    expect(a.maxWeeklyHours).to.include({ value: 48, mode: 'BLOCK' });
    expect(a.maxWeeklyHours.source).to.contain('eu-wtd v1');
    expect(a.minRestHours).to.include({ value: 11, mode: 'WARN' });
    expect(a.minRestHours.source).to.contain('eu-wtd v1');
    expect(a.contractedHours).to.equal(20);
  });

  it('among rules the stricter wins: a young worker under the UK regulations, and the tenant’s own limits', async () => {
    const uk = config({ packs: [{ packId: 'uk-wtr', version: 1 }], customLimits: { ...NO_CUSTOM_LIMITS, maxWeeklyMinutes: 35 * 60, maxConsecutiveDays: 5, maxShiftMinutes: 8 * 60 } });
    const limits = await new ComplianceLimitsLookup(complianceOf(uk, ['young']), contracts).forPeople('t', ['adult', 'young'], week);
    expect(limits.get('adult')!.maxWeeklyHours.value).to.equal(35);
    expect(limits.get('adult')!.maxConsecutiveDays.value).to.equal(5);
    // Shift length stays the solver's own (3–10 h): the assignment check at acceptance applies the rule, in its mode.
    expect(limits.get('adult')!.maxShiftHours).to.equal(10);
    expect(limits.get('young')!.minRestHours.value).to.equal(12);
    expect(limits.get('adult')!.minRestHours.value).to.equal(11);
  });
});
