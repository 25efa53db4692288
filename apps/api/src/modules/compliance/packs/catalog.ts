import { euWorkingTimeDirective } from './eu-wtd.pack.js';
import { newYorkCityFairWorkweek } from './nyc-fww.pack.js';
import type { RulePack } from './pack.types.js';
import { ukWorkingTimeRegulations } from './uk-wtr.pack.js';
import { california } from './us-ca.pack.js';

/** Every released version of every jurisdiction pack; a new version is appended, never edited in place. */
export const PACKS: readonly RulePack[] = [euWorkingTimeDirective, ukWorkingTimeRegulations, california, newYorkCityFairWorkweek];

export function findPack(id: string, version: number): RulePack | undefined {
  return PACKS.find((p) => p.id === id && p.version === version);
}

export function latestPack(id: string): RulePack | undefined {
  return PACKS.filter((p) => p.id === id).sort((a, b) => b.version - a.version)[0];
}

/** Rules on the notice a schedule gives: their breaches are changes that happened (and may carry a premium), never withdrawn. */
export const ADVANCE_NOTICE_RULE_IDS: readonly string[] = [...new Set(PACKS.flatMap((p) => p.rules.filter((r) => r.check.kind === 'ADVANCE_NOTICE').map((r) => r.id)))];
