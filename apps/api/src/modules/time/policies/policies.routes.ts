import { z } from 'zod';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import type { PoliciesService } from './policies.service.js';
import { CreatePolicyBody, PolicyDto, PolicyIdParams, UpdatePolicyBody } from './policies.schemas.js';
import { EVERY_ROLE, PEOPLE_ADMINS } from '@wfm/core/role-sets';

const TAGS = ['policies'];
const E404 = { description: 'No policy with this id in the tenant' };

export function policiesRoutes(r: ApiRouter, policies: PoliciesService): void {
  r.post(
    '/policies',
    {
      summary: 'Publish a policy; one requiring acknowledgement blocks clock-in until acknowledged',
      tags: TAGS,
      auth: { kind: 'user', roles: PEOPLE_ADMINS },
      body: CreatePolicyBody,
      responses: { 201: { description: 'The created policy (version 1)', schema: PolicyDto } },
    },
    async ({ req, body }) => created(await policies.create(currentUser(req), body)),
  );

  r.get(
    '/policies',
    {
      summary: "The tenant's policies, oldest first, each with whether the caller acknowledged its current version",
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      responses: { 200: { description: 'Active policies; policy writers also get inactive ones', schema: z.array(PolicyDto) } },
    },
    async ({ req }) => ok(await policies.list(currentUser(req))),
  );

  r.patch(
    '/policies/:id',
    {
      summary: 'Change a policy; a new body text raises the version, so everyone must acknowledge again',
      tags: TAGS,
      auth: { kind: 'user', roles: PEOPLE_ADMINS },
      params: PolicyIdParams,
      body: UpdatePolicyBody,
      responses: { 200: { description: 'The updated policy', schema: PolicyDto }, 404: E404 },
    },
    async ({ req, params, body }) => ok(await policies.update(currentUser(req), params.id, body)),
  );

  r.post(
    '/policies/:id/acknowledge',
    {
      summary: "Acknowledge the policy's current version as the signed-in user; repeating it changes nothing",
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      params: PolicyIdParams,
      responses: {
        201: { description: 'The policy, acknowledged', schema: PolicyDto },
        404: E404,
        409: { description: 'The policy is not active' },
      },
    },
    async ({ req, params }) => created(await policies.acknowledge(currentUser(req), params.id)),
  );
}
