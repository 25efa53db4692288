import { z } from 'zod';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import { EVERY_ROLE, OPERATIONS_ADMINS } from '@wfm/core/role-sets';
import type { Template, TemplateTask } from './checklist-templates.repository.js';
import type { ChecklistTemplatesService } from './checklist-templates.service.js';
import { CreateTemplateBody, IdParams, TemplateDto, UpdateTemplateBody, type TaskDto } from './checklists.schemas.js';

const TAGS = ['checklists'];
const E404 = { description: 'No checklist template with this id in the tenant' };
const E409 = { description: 'Another template of the tenant has this name (compared ignoring case)' };

export function toTaskDto(t: Omit<TemplateTask, 'tenantId' | 'templateId'>): TaskDto {
  return {
    id: t.id,
    position: t.position,
    kind: t.kind,
    label: t.label,
    required: t.required,
    passAnswer: t.passAnswer,
    min: t.minValue,
    max: t.maxValue,
    unit: t.unit,
    assetId: t.assetId,
    priority: t.priority,
  };
}

function toTemplateDto(t: Template): TemplateDto {
  return {
    id: t.id,
    tenantId: t.tenantId,
    name: t.name,
    description: t.description,
    tasks: t.tasks.map(toTaskDto),
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

export function checklistTemplatesRoutes(r: ApiRouter, templates: ChecklistTemplatesService): void {
  r.get(
    '/checklist-templates',
    {
      summary: 'Every checklist template of the tenant with its tasks, by name',
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      responses: { 200: { description: 'A bare array', schema: z.array(TemplateDto) } },
    },
    async ({ req }) => ok((await templates.list(currentUser(req).tenantId)).map(toTemplateDto)),
  );

  r.get(
    '/checklist-templates/:id',
    { summary: 'One checklist template', tags: TAGS, auth: { kind: 'user', roles: EVERY_ROLE }, params: IdParams, responses: { 200: { description: 'The template', schema: TemplateDto }, 404: E404 } },
    async ({ req, params }) => ok(toTemplateDto(await templates.get(currentUser(req).tenantId, params.id))),
  );

  r.post(
    '/checklist-templates',
    {
      summary: 'Create a checklist template with its ordered tasks (YES_NO, NUMBER, PHOTO, NOTE)',
      tags: TAGS,
      auth: { kind: 'user', roles: OPERATIONS_ADMINS },
      body: CreateTemplateBody,
      responses: { 201: { description: 'The template', schema: TemplateDto }, 404: { description: 'A task names an asset the tenant does not have' }, 409: E409 },
    },
    async ({ req, body }) => created(toTemplateDto(await templates.create(currentUser(req).tenantId, body))),
  );

  r.patch(
    '/checklist-templates/:id',
    {
      summary: "Rename a template, change its description, or replace its tasks; runs already made keep the tasks they asked",
      tags: TAGS,
      auth: { kind: 'user', roles: OPERATIONS_ADMINS },
      params: IdParams,
      body: UpdateTemplateBody,
      responses: { 200: { description: 'The template', schema: TemplateDto }, 404: { description: 'No such template, or a task names an asset the tenant does not have' }, 409: E409 },
    },
    async ({ req, params, body }) => ok(toTemplateDto(await templates.update(currentUser(req).tenantId, params.id, body))),
  );

  r.delete(
    '/checklist-templates/:id',
    {
      summary: 'Delete a template (soft) and its schedules: no further runs are made; runs made stay in the reports',
      tags: TAGS,
      auth: { kind: 'user', roles: OPERATIONS_ADMINS },
      params: IdParams,
      responses: { 204: { description: 'Deleted' }, 404: E404 },
    },
    async ({ req, params }) => {
      await templates.remove(currentUser(req).tenantId, params.id);
      return { status: 204 };
    },
  );
}
