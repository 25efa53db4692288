import { z } from 'zod';
import { roleAllowed } from '@wfm/core/tenancy';
import type { Actor } from '@wfm/core/principal';
import { EVERY_ROLE, PEOPLE_ADMINS } from '@wfm/core/role-sets';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import type { Contract } from './contracts.repository.js';
import type { ContractsService } from './contracts.service.js';
import { ContractDto, ContractIdParams, CreateContractBody, ListContractsQuery, TerminateContractBody, UpdateContractBody } from './contracts.schemas.js';

const TAGS = ['contracts'];
const E404 = { description: 'No contract with this id in the tenant' };

/** Salary only for HR roles: the key is absent for anyone else. */
export function toContractDto(c: Contract, viewer: Actor): ContractDto {
  const dto: ContractDto = {
    id: c.id,
    tenantId: c.tenantId,
    userId: c.userId,
    jobTitle: c.jobTitle,
    employmentType: c.employmentType,
    status: c.status,
    startDate: c.startDate,
    endDate: c.endDate,
    annualLeaveDays: c.annualLeaveDays,
    endReason: c.endReason,
    endedAt: c.endedAt?.toISOString() ?? null,
    createdByUserId: c.createdByUserId,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
  return roleAllowed(viewer.role, PEOPLE_ADMINS) ? { ...dto, salaryMinor: c.salaryMinor, currency: c.currency } : dto;
}

export function contractsRoutes(r: ApiRouter, contracts: ContractsService): void {
  r.post(
    '/contracts',
    {
      summary: 'Create an HR contract for a person, as a DRAFT; fires contract.created (never with the salary)',
      tags: TAGS,
      auth: { kind: 'user', roles: PEOPLE_ADMINS },
      body: CreateContractBody,
      responses: { 201: { description: 'The draft', schema: ContractDto }, 404: { description: 'No live user with this id in the tenant' } },
    },
    async ({ req, body }) => {
      const user = currentUser(req);
      return created(toContractDto(await contracts.create(user, body), user));
    },
  );

  r.get(
    '/contracts',
    {
      summary: 'Contracts, newest first: HR roles see all (with salary), anyone else their own (without)',
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      query: ListContractsQuery,
      responses: { 200: { description: 'A bare array', schema: z.array(ContractDto) }, 403: { description: "Someone outside HR asked for another person's contracts" } },
    },
    async ({ req, query }) => {
      const user = currentUser(req);
      return ok((await contracts.list(user, query)).map((c) => toContractDto(c, user)));
    },
  );

  r.get(
    '/contracts/:id',
    {
      summary: 'One contract: HR roles any (with salary), anyone else their own (without)',
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      params: ContractIdParams,
      responses: { 200: { description: 'The contract', schema: ContractDto }, 404: E404 },
    },
    async ({ req, params }) => {
      const user = currentUser(req);
      return ok(toContractDto(await contracts.get(user, params.id), user));
    },
  );

  r.patch(
    '/contracts/:id',
    {
      summary: 'Edit a DRAFT or ACTIVE contract; fires contract.updated (never with the salary)',
      tags: TAGS,
      auth: { kind: 'user', roles: PEOPLE_ADMINS },
      params: ContractIdParams,
      body: UpdateContractBody,
      responses: { 200: { description: 'The contract', schema: ContractDto }, 404: E404, 409: { description: 'The contract has ended; endDate before startDate' } },
    },
    async ({ req, params, body }) => {
      const user = currentUser(req);
      return ok(toContractDto(await contracts.update(user, params.id, body), user));
    },
  );

  r.post(
    '/contracts/:id/activate',
    {
      summary: "Activate a DRAFT; the person's active contract, if any, ends (SUPERSEDED). Fires nothing",
      tags: TAGS,
      auth: { kind: 'user', roles: PEOPLE_ADMINS },
      params: ContractIdParams,
      responses: { 200: { description: 'The active contract', schema: ContractDto }, 404: E404, 409: { description: 'Not a DRAFT; the user is not active' } },
    },
    async ({ req, params }) => {
      const user = currentUser(req);
      return ok(toContractDto(await contracts.activate(user, params.id), user));
    },
  );

  r.post(
    '/contracts/:id/terminate',
    {
      summary: 'Terminate an ACTIVE contract with a reason; fires contract.ended',
      tags: TAGS,
      auth: { kind: 'user', roles: PEOPLE_ADMINS },
      params: ContractIdParams,
      body: TerminateContractBody,
      responses: { 200: { description: 'The terminated contract', schema: ContractDto }, 404: E404, 409: { description: 'The contract is not ACTIVE' } },
    },
    async ({ req, params, body }) => {
      const user = currentUser(req);
      return ok(toContractDto(await contracts.terminate(user, params.id, body.reason), user));
    },
  );
}
