import { z } from 'zod';
import { MANAGERS } from '@wfm/core/role-sets';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import type { ShiftTemplate } from './shift-templates.repository.js';
import { CreateShiftTemplateBody, ListShiftTemplatesQuery, ShiftTemplateDto, ShiftTemplateIdParams, UpdateShiftTemplateBody } from './shift-templates.schemas.js';
import type { ShiftTemplatesService } from './shift-templates.service.js';

const TAGS = ['scheduler'];
const auth = { kind: 'user' as const, roles: MANAGERS };
const E403 = { description: 'Role not allowed, or (OUTLET_MANAGER) the outlet is not one of theirs' };
const E404 = { description: 'No shift template with this id in the tenant (or at their outlets)' };
const E409 = { description: 'TEMPLATE_NAME_TAKEN: the outlet has a template with this name' };

export function toShiftTemplateDto(t: ShiftTemplate): ShiftTemplateDto {
  return { ...t, createdAt: t.createdAt.toISOString(), updatedAt: t.updatedAt.toISOString() };
}

export function shiftTemplatesRoutes(r: ApiRouter, templates: ShiftTemplatesService): void {
  r.get(
    '/scheduler/shift-templates',
    {
      summary: "An outlet's shift templates, by start time",
      tags: TAGS,
      auth,
      query: ListShiftTemplatesQuery,
      responses: { 200: { description: 'A bare array', schema: z.array(ShiftTemplateDto) }, 403: E403, 404: { description: 'No outlet with this id in the tenant' } },
    },
    async ({ req, query }) => ok((await templates.list(currentUser(req), query.outletId)).map(toShiftTemplateDto)),
  );

  r.post(
    '/scheduler/shift-templates',
    {
      summary: 'Add a shift template to an outlet: a name and local clock times of the outlet',
      tags: TAGS,
      auth,
      body: CreateShiftTemplateBody,
      responses: { 201: { description: 'The template', schema: ShiftTemplateDto }, 403: E403, 404: { description: 'No outlet with this id in the tenant' }, 409: E409 },
    },
    async ({ req, body }) => created(toShiftTemplateDto(await templates.create(currentUser(req), body))),
  );

  r.patch(
    '/scheduler/shift-templates/:id',
    {
      summary: 'Change a shift template; shifts made from it keep their times',
      tags: TAGS,
      auth,
      params: ShiftTemplateIdParams,
      body: UpdateShiftTemplateBody,
      responses: { 200: { description: 'The template', schema: ShiftTemplateDto }, 404: E404, 409: E409 },
    },
    async ({ req, params, body }) => ok(toShiftTemplateDto(await templates.update(currentUser(req), params.id, body))),
  );

  r.delete(
    '/scheduler/shift-templates/:id',
    { summary: 'Remove a shift template; shifts made from it stay', tags: TAGS, auth, params: ShiftTemplateIdParams, responses: { 204: { description: 'Removed' }, 404: E404 } },
    async ({ req, params }) => {
      await templates.remove(currentUser(req), params.id);
      return { status: 204 };
    },
  );
}
