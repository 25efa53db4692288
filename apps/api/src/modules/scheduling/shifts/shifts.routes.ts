import { z } from 'zod';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentDeveloper, currentUser, developerActing } from '../../../http/auth.guard.js';
import { envelopeSchema, PUBLIC_LIST_400 } from '../../../http/public-list.js';
import { keysetSource, type PublicLists } from '../../../lists/public-lists.js';
import { toPublicShiftDto, toShiftDto, type ShiftsService } from './shifts.service.js';
import {
  CreateShiftBody,
  ListShiftsQuery,
  PublicCreateShiftBody,
  PublicListShiftsQuery,
  PublicShiftDto,
  ShiftDto,
  ShiftIdParams,
  UpdateShiftBody,
} from './shifts.schemas.js';
import { EVERY_ROLE, MANAGERS } from '@wfm/core/role-sets';
import { COMPLIANCE_422, COMPLIANCE_HEADERS_NOTE, withCompliance } from '../../compliance/violations/violations.routes.js';
import { ComplianceBlockedDto } from '../../compliance/violations/violations.schemas.js';

const TAGS = ['shifts'];
const E400 = { description: 'Validation failure, scheduledEnd not after scheduledStart, a shift over 24 hours, or `to` before `from`' };
const E403 = { description: 'Role not allowed, or (OUTLET_MANAGER) the outlet is not one of theirs' };
const E404_REFS = { description: 'No live user or no outlet with this id in the tenant' };
const E404_SCOPED_REFS = { description: "No live user or no outlet with this id in the tenant, or (OUTLET_MANAGER) the user is not at one of the caller's outlets" };
const E409_CREATE = {
  description:
    "SHIFT_OVERLAP: the user has an overlapping shift that is not cancelled; AVAILABILITY_CONFLICT (the tenant's availability mode is BLOCK): it falls in the user's unavailability, each conflict listed in `conflicts`; or the user or outlet is not active",
};

export function shiftsRoutes(r: ApiRouter, shifts: ShiftsService, lists: PublicLists): void {
  r.post(
    '/shift-assignments',
    {
      summary: 'Assign a shift (published, or a PROPOSED draft); fires shift.assigned',
      tags: TAGS,
      auth: { kind: 'user', roles: MANAGERS },
      body: CreateShiftBody,
      responses: {
        201: { description: `The created shift; ${COMPLIANCE_HEADERS_NOTE}`, schema: ShiftDto },
        400: E400,
        403: { description: `${E403.description}; or complianceOverrideReason from a role that may not override (COMPLIANCE_OVERRIDE_FORBIDDEN)` },
        404: E404_SCOPED_REFS,
        409: E409_CREATE,
        422: { ...COMPLIANCE_422, schema: ComplianceBlockedDto },
      },
    },
    async ({ req, body }) => {
      const { shift, compliance } = await shifts.createFor(currentUser(req), body);
      return withCompliance(created(toShiftDto(shift)), compliance);
    },
  );

  r.get(
    '/shift-assignments',
    {
      summary: 'List shifts by scheduledStart; managers see the tenant, an OUTLET_MANAGER the shifts at their outlets and their own, everyone else only their own',
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      query: ListShiftsQuery,
      responses: {
        200: { description: 'A bare array, no total; page by raising offset until fewer than limit rows come back', schema: z.array(ShiftDto) },
        400: E400,
        403: { description: "A non-manager asked for another person's shifts" },
      },
    },
    async ({ req, query }) => ok((await shifts.listFor(currentUser(req), query)).map(toShiftDto)),
  );

  r.patch(
    '/shift-assignments/:id',
    {
      summary: 'Reschedule, move, retype, annotate or change the status of a shift; fires nothing',
      tags: TAGS,
      auth: { kind: 'user', roles: MANAGERS },
      params: ShiftIdParams,
      body: UpdateShiftBody,
      responses: {
        200: { description: `The updated shift; ${COMPLIANCE_HEADERS_NOTE} (a new person, time or outlet is checked)`, schema: ShiftDto },
        400: E400,
        403: {
          description:
            'Role not allowed, or (OUTLET_MANAGER) the new outlet is not one of theirs, or the shift is their own at another outlet; or complianceOverrideReason from a role that may not override',
        },
        404: { description: 'No shift, or no outlet, with this id in the tenant, or (OUTLET_MANAGER) a shift at another outlet' },
        409: {
          description:
            'SHIFT_OVERLAP; AVAILABILITY_CONFLICT (mode BLOCK): the new person or times fall in unavailability; the shift is in progress, completed or cancelled; the status change is not allowed; or the outlet is not active',
        },
        422: { ...COMPLIANCE_422, schema: ComplianceBlockedDto },
      },
    },
    async ({ req, params, body }) => {
      const { shift, compliance } = await shifts.update(currentUser(req), params.id, body);
      return withCompliance(ok(toShiftDto(shift)), compliance);
    },
  );

  r.get(
    '/public/shifts',
    {
      summary: 'List shifts by scheduledStart; from/to select scheduledStart in [from, to). A cursor walk goes by creation (createdAt), which no edit moves',
      tags: TAGS,
      auth: { kind: 'developer', scope: 'shifts:read' },
      query: PublicListShiftsQuery,
      responses: { 200: { description: 'List envelope', schema: envelopeSchema(PublicShiftDto) }, 400: { description: `${PUBLIC_LIST_400}; or \`to\` before \`from\`` } },
    },
    async ({ req, query }) => {
      const tenantId = currentDeveloper(req).tenantId;
      const { limit, offset, cursor, ...filter } = query;
      const source = keysetSource(
        (page) => shifts.list(tenantId, filter, page),
        (after, max) => shifts.walk(tenantId, filter, after, max),
      );
      return ok(await lists.page('shifts', tenantId, query, source, toPublicShiftDto));
    },
  );

  r.post(
    '/public/shifts',
    {
      summary: 'Create one published shift; fires shift.assigned',
      tags: TAGS,
      auth: { kind: 'developer', scope: 'shifts:write' },
      body: PublicCreateShiftBody,
      responses: {
        201: { description: `The created shift; ${COMPLIANCE_HEADERS_NOTE}`, schema: PublicShiftDto },
        400: E400,
        404: E404_REFS,
        409: E409_CREATE,
        422: { ...COMPLIANCE_422, description: 'COMPLIANCE_BLOCKED: a working-time rule in BLOCK mode would be broken; nothing was written. `violations` lists every breach with its trace. Integrations cannot override', schema: ComplianceBlockedDto },
      },
    },
    async ({ req, body }) => {
      const { shift, compliance } = await shifts.create(developerActing(req), { ...body, status: 'SCHEDULED' });
      return withCompliance(created(toPublicShiftDto(shift)), compliance);
    },
  );
}
