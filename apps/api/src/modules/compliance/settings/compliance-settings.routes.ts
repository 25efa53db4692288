import { z } from 'zod';
import { ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import { COMPLIANCE_ADMINS, MANAGERS } from '@wfm/core/role-sets';
import type { ComplianceSettingsService } from './compliance-settings.service.js';
import { ComplianceSettingsDto, ContractIdParams, OutletIdParams, PackDto, PutComplianceSettingsBody, PutContractSettingsBody, PutOutletPacksBody } from './compliance-settings.schemas.js';

const TAGS = ['compliance'];
const reader = { tags: TAGS, auth: { kind: 'user' as const, roles: MANAGERS } };
const admin = { tags: TAGS, auth: { kind: 'user' as const, roles: COMPLIANCE_ADMINS } };
const E400 = { description: 'Validation failure, a pack id and version that was never released, a pack listed twice, or a mode for an unknown rule id' };
const SETTINGS = { description: 'The settings as they now are', schema: ComplianceSettingsDto };

export function complianceSettingsRoutes(r: ApiRouter, settings: ComplianceSettingsService): void {
  r.get(
    '/compliance/packs',
    { ...reader, summary: 'Every released version of every rule pack, each rule with its legal source and parameters', responses: { 200: { description: 'A bare array', schema: z.array(PackDto) } } },
    async () => ok(settings.packs()),
  );

  r.get(
    '/compliance/settings',
    { ...reader, summary: "The tenant's packs, each rule's mode, its own limits, and the outlets and contracts that follow other packs", responses: { 200: SETTINGS } },
    async ({ req }) => ok(await settings.get(currentUser(req).tenantId)),
  );

  r.put(
    '/compliance/settings',
    {
      ...admin,
      summary: "Replace the tenant's packs, modes and own limits; an assigned pack's rules WARN unless set otherwise",
      body: PutComplianceSettingsBody,
      responses: { 200: SETTINGS, 400: E400 },
    },
    async ({ req, body }) => ok(await settings.put(currentUser(req), body)),
  );

  r.put(
    '/compliance/outlets/:outletId',
    { ...admin, summary: "The packs an outlet follows instead of the tenant's", params: OutletIdParams, body: PutOutletPacksBody, responses: { 200: SETTINGS, 400: E400, 404: { description: 'No outlet with this id in the tenant' } } },
    async ({ req, params, body }) => ok(await settings.putOutlet(currentUser(req), params.outletId, body)),
  );

  r.delete(
    '/compliance/outlets/:outletId',
    { ...admin, summary: "The outlet follows the tenant's packs again", params: OutletIdParams, responses: { 204: { description: 'Removed' }, 404: { description: 'The outlet has no packs of its own (or no such outlet in the tenant)' } } },
    async ({ req, params }) => {
      await settings.removeOutlet(currentUser(req), params.outletId);
      return { status: 204 };
    },
  );

  r.put(
    '/compliance/contracts/:contractId',
    {
      ...admin,
      summary: 'What a contract changes: the packs it follows instead (null to inherit) and whether it is a young worker’s; applies while the contract is ACTIVE',
      params: ContractIdParams,
      body: PutContractSettingsBody,
      responses: { 200: SETTINGS, 400: E400, 403: { description: 'Role not allowed, or the contract is the caller’s own or of someone they may not manage (the people policy’s record rule)' }, 404: { description: 'No contract with this id in the tenant' } },
    },
    async ({ req, params, body }) => ok(await settings.putContract(currentUser(req), params.contractId, body)),
  );

  r.delete(
    '/compliance/contracts/:contractId',
    {
      ...admin,
      summary: 'The contract inherits its packs again and is not a young worker’s',
      params: ContractIdParams,
      responses: { 204: { description: 'Removed' }, 403: { description: 'Role not allowed, or the people policy’s record rule refuses' }, 404: { description: 'No such contract in the tenant, or it has no compliance settings' } },
    },
    async ({ req, params }) => {
      await settings.removeContract(currentUser(req), params.contractId);
      return { status: 204 };
    },
  );
}
