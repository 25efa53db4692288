import { z } from 'zod';
import { roleAllowed } from '@wfm/core/tenancy';
import type { Actor } from '@wfm/core/principal';
import { EVERY_ROLE, PEOPLE_ADMINS } from '@wfm/core/role-sets';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import type { DisciplinaryAction } from './disciplinary.repository.js';
import type { DisciplinaryService } from './disciplinary.service.js';
import { DisciplinaryDto, DisciplinaryIdParams, IssueDisciplinaryBody, ListDisciplinaryQuery } from './disciplinary.schemas.js';

const TAGS = ['disciplinary actions'];

/** The details only for HR roles: the key is absent for anyone else. */
export function toDisciplinaryDto(a: DisciplinaryAction, viewer: Actor): DisciplinaryDto {
  const dto: DisciplinaryDto = {
    id: a.id,
    tenantId: a.tenantId,
    userId: a.userId,
    level: a.level,
    requestedLevel: a.requestedLevel,
    category: a.category,
    autoEscalated: a.autoEscalated,
    issuedByUserId: a.issuedByUserId,
    issuedAt: a.issuedAt.toISOString(),
  };
  return roleAllowed(viewer.role, PEOPLE_ADMINS) ? { ...dto, details: a.details } : dto;
}

export function disciplinaryRoutes(r: ApiRouter, service: DisciplinaryService): void {
  r.post(
    '/disciplinary-actions',
    {
      summary: 'Issue a disciplinary action; the third in a category within 90 days goes up a level. Fires disciplinary.issued (never with the details)',
      tags: TAGS,
      auth: { kind: 'user', roles: PEOPLE_ADMINS },
      body: IssueDisciplinaryBody,
      responses: {
        201: { description: 'The action', schema: DisciplinaryDto },
        403: { description: 'Role not allowed, or the person is the caller' },
        404: { description: 'No live user with this id in the tenant' },
      },
    },
    async ({ req, body }) => {
      const user = currentUser(req);
      return created(toDisciplinaryDto(await service.issue(user, body), user));
    },
  );

  r.get(
    '/disciplinary-actions',
    {
      summary: 'Disciplinary actions, newest first: HR roles see all (with details), anyone else their own (without)',
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      query: ListDisciplinaryQuery,
      responses: { 200: { description: 'A bare array', schema: z.array(DisciplinaryDto) }, 403: { description: "Someone outside HR asked for another person's actions" } },
    },
    async ({ req, query }) => {
      const user = currentUser(req);
      return ok((await service.list(user, query)).map((a) => toDisciplinaryDto(a, user)));
    },
  );

  r.get(
    '/disciplinary-actions/:id',
    {
      summary: 'One disciplinary action: HR roles any (with details), anyone else their own (without)',
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      params: DisciplinaryIdParams,
      responses: { 200: { description: 'The action', schema: DisciplinaryDto }, 404: { description: 'No action with this id that the caller may see' } },
    },
    async ({ req, params }) => {
      const user = currentUser(req);
      return ok(toDisciplinaryDto(await service.get(user, params.id), user));
    },
  );
}
