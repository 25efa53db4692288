import type { Clock } from '@wfm/core/clock';
import { BadRequestError, NotFoundError } from '@wfm/core/errors';
import type { Actor } from '@wfm/core/principal';
import type { DataSource } from '@wfm/db/data-source';
import type { TransactionRunner } from '@wfm/db/transaction';
import type { PeoplePolicy } from '../../organization/users/people-policy.service.js';
import { PACKS, findPack } from '../packs/catalog.js';
import { CUSTOM_RULE_IDS, customPack } from '../packs/custom.pack.js';
import type { RulePack } from '../packs/pack.types.js';
import type { ComplianceSettingsRepository } from './compliance-settings.repository.js';
import type { ComplianceSettingsDto, PackDto, PutComplianceSettingsBody, PutContractSettingsBody, PutOutletPacksBody } from './compliance-settings.schemas.js';

const KNOWN_RULE_IDS = new Set([...PACKS.flatMap((p) => p.rules.map((r) => r.id)), ...Object.values(CUSTOM_RULE_IDS)]);

export function toPackDto(p: RulePack): PackDto {
  return {
    id: p.id,
    version: p.version,
    name: p.name,
    jurisdiction: p.jurisdiction,
    effectiveFrom: p.effectiveFrom,
    description: p.description,
    rules: p.rules.map((r) => ({ id: r.id, title: r.title, source: r.source, subject: r.subject, phases: [...r.phases], check: { ...r.check } })),
  };
}

/** Each pack at most once, and only released ones; the messages name the field. */
function packProblems(packs: ReadonlyArray<{ packId: string; version: number }>, field: string): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  packs.forEach((p, i) => {
    if (!findPack(p.packId, p.version)) problems.push(`${field}.${i}: there is no pack ${p.packId} version ${p.version}`);
    if (seen.has(p.packId)) problems.push(`${field}.${i}: pack ${p.packId} is listed twice`);
    seen.add(p.packId);
  });
  return problems;
}

function assertPacks(packs: ReadonlyArray<{ packId: string; version: number }> | null, field = 'packs'): void {
  const problems = packs ? packProblems(packs, field) : [];
  if (problems.length) throw new BadRequestError(problems);
}

/** Which packs a tenant, an outlet or a contract follows, each rule's mode, and the tenant's own limits. */
export class ComplianceSettingsService {
  constructor(
    private readonly ds: DataSource,
    private readonly repo: ComplianceSettingsRepository,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
    private readonly people: PeoplePolicy,
  ) {}

  packs(): PackDto[] {
    return PACKS.map(toPackDto);
  }

  async get(tenantId: string): Promise<ComplianceSettingsDto> {
    const [tenant, outlets, contracts] = await Promise.all([this.repo.tenant(this.ds, tenantId), this.repo.outletPacks(this.ds, tenantId), this.repo.contractSettings(this.ds, tenantId)]);
    const t = tenant!;
    const customLimits = { maxShiftMinutes: t.maxShiftMinutes, maxConsecutiveDays: t.maxConsecutiveDays, minWeeklyMinutes: t.minWeeklyMinutes, maxWeeklyMinutes: t.maxWeeklyMinutes };
    const refs = [...t.packs, ...outlets.flatMap((o) => o.packs), ...contracts.flatMap((c) => c.packs ?? [])];
    const assigned = [...new Map(refs.map((r) => [`${r.packId}@${r.version}`, findPack(r.packId, r.version)])).values()].filter((p) => p !== undefined);
    const rules = [...assigned, customPack(customLimits)].flatMap((p) =>
      p.rules.map((r) => ({ ruleId: r.id, packId: p.id, packVersion: p.version, title: r.title, source: r.source, subject: r.subject, mode: (t.modes[r.id] as 'OFF' | 'WARN' | 'BLOCK' | undefined) ?? 'WARN' })),
    );
    return {
      packs: t.packs,
      modes: t.modes as ComplianceSettingsDto['modes'],
      customLimits,
      outlets: outlets.map((o) => ({ outletId: o.outletId, packs: o.packs, updatedAt: o.updatedAt.toISOString() })),
      contracts: contracts.map((c) => ({ contractId: c.contractId, userId: c.userId, packs: c.packs, youngWorker: c.youngWorker, updatedAt: c.updatedAt.toISOString() })),
      rules,
      updatedByUserId: t.updatedByUserId,
      updatedAt: t.updatedAt?.toISOString() ?? null,
    };
  }

  async put(actor: Actor, body: PutComplianceSettingsBody): Promise<ComplianceSettingsDto> {
    const problems = packProblems(body.packs, 'packs');
    for (const ruleId of Object.keys(body.modes)) if (!KNOWN_RULE_IDS.has(ruleId)) problems.push(`modes.${ruleId}: there is no rule with this id`);
    if (problems.length) throw new BadRequestError(problems);
    await this.transaction((tx) => this.repo.saveTenant(tx, actor.tenantId, { packs: body.packs, modes: body.modes, ...body.customLimits }, actor.userId, this.clock.now()));
    return this.get(actor.tenantId);
  }

  async putOutlet(actor: Actor, outletId: string, body: PutOutletPacksBody): Promise<ComplianceSettingsDto> {
    assertPacks(body.packs);
    await this.transaction(async (tx) => {
      if (!(await this.repo.outletExists(tx, actor.tenantId, outletId))) throw new NotFoundError('Outlet not found');
      const now = this.clock.now();
      await this.repo.ensureTenant(tx, actor.tenantId, actor.userId, now);
      await this.repo.saveOutletPacks(tx, actor.tenantId, outletId, body.packs, actor.userId, now);
    });
    return this.get(actor.tenantId);
  }

  async removeOutlet(actor: Actor, outletId: string): Promise<void> {
    const removed = await this.transaction((tx) => this.repo.removeOutletPacks(tx, actor.tenantId, outletId));
    if (removed === 0) throw new NotFoundError('The outlet has no packs of its own');
  }

  /** A contract's settings are part of the person's HR record: the people policy's `record` rule decides who may set them. */
  async putContract(actor: Actor, contractId: string, body: PutContractSettingsBody): Promise<ComplianceSettingsDto> {
    assertPacks(body.packs);
    await this.transaction(async (tx) => {
      const owner = await this.repo.contractOwner(tx, actor.tenantId, contractId);
      if (!owner) throw new NotFoundError('Contract not found');
      await this.people.assert(tx, actor, owner, 'record');
      const now = this.clock.now();
      await this.repo.ensureTenant(tx, actor.tenantId, actor.userId, now);
      await this.repo.saveContractSettings(tx, actor.tenantId, contractId, body, actor.userId, now);
    });
    return this.get(actor.tenantId);
  }

  async removeContract(actor: Actor, contractId: string): Promise<void> {
    await this.transaction(async (tx) => {
      const owner = await this.repo.contractOwner(tx, actor.tenantId, contractId);
      if (!owner) throw new NotFoundError('Contract not found');
      await this.people.assert(tx, actor, owner, 'record');
      if ((await this.repo.removeContractSettings(tx, actor.tenantId, contractId)) === 0) throw new NotFoundError('The contract has no compliance settings');
    });
  }
}
