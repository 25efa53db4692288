import { z } from 'zod';
import { EVERY_ROLE, PEOPLE_ADMINS } from '@wfm/core/role-sets';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import type { LeaveAccrualService } from './leave-accrual.service.js';
import {
  AccrualPolicyDto,
  AdjustmentBody,
  BalanceSummaryDto,
  ContractIdParams,
  LeaveBalanceDto,
  ListBalancesQuery,
  PutAccrualPolicyBody,
  UserIdParams,
} from './leave-accrual.schemas.js';

const TAGS = ['leave'];
const E403_RECORD = { description: 'Role not allowed, or the person is not below the caller (the rank rule for HR records: nobody sets their own)' };
const E404_CONTRACT = { description: 'No such contract (or policy) in the tenant that the caller may see' };
const E404_USER = { description: 'No live person with this id whom the caller may see' };

export function leaveAccrualRoutes(r: ApiRouter, accrual: LeaveAccrualService): void {
  r.get(
    '/contracts/:id/leave-accrual',
    {
      summary: "A contract's leave accrual policy; HR roles read any, others only their own contract's",
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      params: ContractIdParams,
      responses: { 200: { description: 'The policy', schema: AccrualPolicyDto }, 404: E404_CONTRACT },
    },
    async ({ req, params }) => ok(await accrual.policy(currentUser(req), params.id)),
  );

  r.put(
    '/contracts/:id/leave-accrual',
    {
      summary: 'Set or replace the leave accrual policy of a DRAFT or ACTIVE contract; lines already posted stay; fires nothing',
      tags: TAGS,
      auth: { kind: 'user', roles: PEOPLE_ADMINS },
      params: ContractIdParams,
      body: PutAccrualPolicyBody,
      responses: {
        200: { description: 'The policy', schema: AccrualPolicyDto },
        403: E403_RECORD,
        404: E404_CONTRACT,
        409: { description: 'The contract is TERMINATED or EXPIRED' },
      },
    },
    async ({ req, params, body }) => ok(await accrual.setPolicy(currentUser(req), params.id, body)),
  );

  r.delete(
    '/contracts/:id/leave-accrual',
    {
      summary: 'Remove the policy: nothing accrues any more and leave is no longer weighed against the balance; the ledger stays',
      tags: TAGS,
      auth: { kind: 'user', roles: PEOPLE_ADMINS },
      params: ContractIdParams,
      responses: { 204: { description: 'Removed' }, 403: E403_RECORD, 404: E404_CONTRACT },
    },
    async ({ req, params }) => {
      await accrual.removePolicy(currentUser(req), params.id);
      return { status: 204 };
    },
  );

  r.get(
    '/leave-balances',
    {
      summary: "Balances of the people with an accrual policy in force, by name: managers see the tenant's, an OUTLET_MANAGER their outlets' people and their own, STAFF their own",
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      query: ListBalancesQuery,
      responses: { 200: { description: 'A bare array, no total', schema: z.array(BalanceSummaryDto) } },
    },
    async ({ req, query }) => ok(await accrual.list(currentUser(req), query)),
  );

  r.get(
    '/leave-balances/:userId',
    {
      summary: "A person's balance with every ledger line that makes it; oneself, or a manager for the people in their scope",
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      params: UserIdParams,
      responses: { 200: { description: 'The balance and its ledger', schema: LeaveBalanceDto }, 404: E404_USER },
    },
    async ({ req, params }) => ok(await accrual.balance(currentUser(req), params.userId)),
  );

  r.post(
    '/leave-balances/:userId/adjustments',
    {
      summary: 'Post an ADJUSTMENT line with its reason, in the unit of the person’s policy',
      tags: TAGS,
      auth: { kind: 'user', roles: PEOPLE_ADMINS },
      params: UserIdParams,
      body: AdjustmentBody,
      responses: {
        201: { description: 'The balance after the adjustment', schema: LeaveBalanceDto },
        403: E403_RECORD,
        404: E404_USER,
        409: { description: "The person has no accrual policy in force (error 'NO_ACCRUAL_POLICY')" },
      },
    },
    async ({ req, params, body }) => created(await accrual.adjust(currentUser(req), params.userId, body)),
  );
}
