import { z } from 'zod';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentDeveloper, currentUser, developerActing } from '../../../http/auth.guard.js';
import { envelopeSchema, PUBLIC_LIST_400 } from '../../../http/public-list.js';
import { keysetSource, type PublicLists } from '../../../lists/public-lists.js';
import { toAttendanceDto, type AttendanceService } from './attendance.service.js';
import {
  AttendanceDto,
  AttendanceIdParams,
  ClockInBody,
  ClockOutBody,
  ListAttendanceQuery,
  PublicListAttendanceQuery,
  ReviewAttendanceBody,
} from './attendance.schemas.js';
import { EVERY_ROLE, MANAGERS } from '@wfm/core/role-sets';

const TAGS = ['attendance'];
const E404 = { description: 'No attendance event with this id in the tenant' };
const E409_REVIEW = { description: 'The event is still OPEN, or it was already APPROVED or REJECTED' };

export function attendanceRoutes(r: ApiRouter, attendance: AttendanceService, lists: PublicLists): void {
  r.post(
    '/mobile/clock-in',
    {
      summary: 'Clock in the signed-in worker at an outlet, optionally against one of their SCHEDULED shifts',
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      body: ClockInBody,
      responses: {
        201: { description: 'The OPEN attendance event', schema: AttendanceDto },
        403: { description: "code POLICY_ACK_REQUIRED: policies to acknowledge first, listed in policyIds" },
        404: { description: "No outlet with this id in the tenant, or no shift of the caller's with this id" },
        409: { description: 'Already clocked in; the outlet is not active; the shift is at another outlet or not SCHEDULED' },
      },
    },
    async ({ req, body }) => created(toAttendanceDto(await attendance.clockIn(currentUser(req), body))),
  );

  r.post(
    '/mobile/clock-out',
    {
      summary: "Clock out the signed-in worker; an assigned shift becomes COMPLETED and fires shift.completed",
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      body: ClockOutBody,
      responses: {
        201: { description: 'The closed event: VERIFIED with a shift, PENDING_REVIEW without', schema: AttendanceDto },
        404: { description: "No attendance event of the caller's with this id" },
        409: { description: 'Not clocked in, or the event is already closed' },
      },
    },
    async ({ req, body }) => created(toAttendanceDto(await attendance.clockOut(currentUser(req), body))),
  );

  r.get(
    '/attendance',
    {
      summary: 'List attendance events by clockInAt; managers see the tenant, an OUTLET_MANAGER the events at their outlets and their own, everyone else only their own',
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      query: ListAttendanceQuery,
      responses: {
        200: { description: 'A bare array, no total; page by raising offset until fewer than limit rows come back', schema: z.array(AttendanceDto) },
        403: { description: "A non-manager asked for another person's attendance" },
      },
    },
    async ({ req, query }) => ok((await attendance.listFor(currentUser(req), query)).map(toAttendanceDto)),
  );

  r.patch(
    '/attendance/:id',
    {
      summary: 'Approve or reject a closed attendance event',
      tags: TAGS,
      auth: { kind: 'user', roles: MANAGERS },
      params: AttendanceIdParams,
      body: ReviewAttendanceBody,
      responses: {
        200: { description: 'The reviewed event', schema: AttendanceDto },
        403: { description: 'Role not allowed, or (OUTLET_MANAGER) the event is their own at another outlet' },
        404: { description: 'No attendance event with this id in the tenant, or (OUTLET_MANAGER) one at another outlet' },
        409: E409_REVIEW,
      },
    },
    async ({ req, params, body }) => ok(toAttendanceDto(await attendance.reviewAs(currentUser(req), params.id, body))),
  );

  r.get(
    '/public/attendance',
    {
      summary: 'List attendance events by clockInAt; from/to select clockInAt in [from, to)',
      tags: TAGS,
      auth: { kind: 'developer', scope: 'attendance:read' },
      query: PublicListAttendanceQuery,
      responses: { 200: { description: 'List envelope', schema: envelopeSchema(AttendanceDto) }, 400: { description: `${PUBLIC_LIST_400}; or \`to\` before \`from\`` } },
    },
    async ({ req, query }) => {
      const tenantId = currentDeveloper(req).tenantId;
      const { limit, offset, cursor, ...filter } = query;
      const source = keysetSource(
        (page) => attendance.list(tenantId, filter, page),
        (after, max) => attendance.walk(tenantId, filter, after, max),
      );
      return ok(await lists.page('attendance', tenantId, query, source, toAttendanceDto));
    },
  );

  r.patch(
    '/public/attendance/:id',
    {
      summary: 'Approve or reject a closed attendance event (VERIFIED or PENDING_REVIEW); clock-in and clock-out are not offered here',
      tags: TAGS,
      auth: { kind: 'developer', scope: 'attendance:write' },
      params: AttendanceIdParams,
      body: ReviewAttendanceBody,
      responses: { 200: { description: 'The reviewed event', schema: AttendanceDto }, 404: E404, 409: E409_REVIEW },
    },
    async ({ req, params, body }) => ok(toAttendanceDto(await attendance.review(developerActing(req), null, params.id, body))),
  );
}
