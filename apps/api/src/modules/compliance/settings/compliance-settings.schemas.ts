import { z } from 'zod';
import { RULE_MODES, RULE_PHASES, RULE_SUBJECTS } from '../packs/pack.types.js';

const RuleMode = z.enum(RULE_MODES);

export const PackRefSchema = z.strictObject({
  packId: z.string().min(1).max(64).meta({ example: 'uk-wtr' }),
  version: z.number().int().min(1).meta({ example: 1 }),
});

const Packs = z.array(PackRefSchema).max(10).meta({ description: 'Each pack at most once; an id and version from GET /compliance/packs' });

const Minutes = (max: number) => z.number().int().min(1).max(max).nullable();

export const CustomLimitsSchema = z.strictObject({
  maxShiftMinutes: Minutes(1440).meta({ description: 'Longest shift; null: no limit' }),
  maxConsecutiveDays: z.number().int().min(1).max(31).nullable().meta({ description: 'Most local days in a row with work; null: no limit' }),
  minWeeklyMinutes: Minutes(10080).meta({ description: 'Fewest minutes in a local week with work; null: no minimum' }),
  maxWeeklyMinutes: Minutes(10080).meta({ description: 'Most minutes in a local week; null: no limit' }),
});

export const PutComplianceSettingsBody = z.strictObject({
  packs: Packs,
  modes: z.record(z.string().min(1).max(100), RuleMode).meta({ description: 'Rule id → OFF, WARN or BLOCK; a rule not listed is WARN' }),
  customLimits: CustomLimitsSchema,
});
export type PutComplianceSettingsBody = z.infer<typeof PutComplianceSettingsBody>;

export const PutOutletPacksBody = z.strictObject({ packs: Packs });
export type PutOutletPacksBody = z.infer<typeof PutOutletPacksBody>;

export const PutContractSettingsBody = z.strictObject({
  packs: Packs.nullable().meta({ description: "The packs the contract follows instead of its outlet's and the tenant's; null to inherit them" }),
  youngWorker: z.boolean().meta({ description: 'A young worker (UK: over compulsory school age, under 18): young-worker rules replace the adult ones' }),
});
export type PutContractSettingsBody = z.infer<typeof PutContractSettingsBody>;

export const OutletIdParams = z.object({ outletId: z.uuid() });
export const ContractIdParams = z.object({ contractId: z.uuid() });

const RuleCheckDto = z.object({ kind: z.string() }).catchall(z.unknown()).meta({ description: 'What the rule checks and its parameters (minutes, days, minor units), by kind' });

export const RuleDto = z.object({
  id: z.string(),
  title: z.string(),
  source: z.string().meta({ description: 'The statute or article the rule comes from' }),
  subject: z.enum(RULE_SUBJECTS),
  phases: z.array(z.enum(RULE_PHASES)),
  check: RuleCheckDto,
});

export const PackDto = z.object({
  id: z.string(),
  version: z.number().int(),
  name: z.string(),
  jurisdiction: z.string(),
  effectiveFrom: z.iso.date(),
  description: z.string(),
  rules: z.array(RuleDto),
});
export type PackDto = z.infer<typeof PackDto>;

export const ConfiguredRuleDto = z.object({
  ruleId: z.string(),
  packId: z.string(),
  packVersion: z.number().int(),
  title: z.string(),
  source: z.string(),
  subject: z.enum(RULE_SUBJECTS),
  mode: RuleMode,
});

export const ComplianceSettingsDto = z.object({
  packs: z.array(PackRefSchema),
  modes: z.record(z.string(), RuleMode),
  customLimits: CustomLimitsSchema,
  outlets: z.array(z.object({ outletId: z.uuid(), packs: z.array(PackRefSchema), updatedAt: z.iso.datetime() })),
  contracts: z.array(z.object({ contractId: z.uuid(), userId: z.uuid(), packs: z.array(PackRefSchema).nullable(), youngWorker: z.boolean(), updatedAt: z.iso.datetime() })),
  rules: z.array(ConfiguredRuleDto).meta({ description: "Every rule of the packs assigned anywhere (tenant, outlets, contracts) and the tenant's own limits, with its mode" }),
  updatedByUserId: z.uuid().nullable(),
  updatedAt: z.iso.datetime().nullable().meta({ description: 'Null until the settings are first saved' }),
});
export type ComplianceSettingsDto = z.infer<typeof ComplianceSettingsDto>;
