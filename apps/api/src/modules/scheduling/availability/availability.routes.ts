import { z } from 'zod';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import { EVERY_ROLE, MANAGERS } from '@wfm/core/role-sets';
import type { Role } from '@wfm/core/tenancy';
import type { Request } from 'express';
import type { TimeOff } from './availability.repository.js';
import type { AvailabilityService } from './availability.service.js';
import {
  ConflictsDto,
  ConflictsQuery,
  CreateTimeOffBody,
  MAX_CONFLICT_SHIFTS,
  ListTimeOffQuery,
  PutWeeklyAvailabilityBody,
  TimeOffDto,
  TimeOffIdParams,
  UpdateTimeOffBody,
  UserIdParams,
  UserTimeOffParams,
  WeeklyAvailabilityDto,
} from './availability.schemas.js';

const TAGS = ['availability'];

export function toTimeOffDto(t: TimeOff): TimeOffDto {
  return {
    id: t.id,
    userId: t.userId,
    startsAt: t.startsAt.toISOString(),
    endsAt: t.endsAt.toISOString(),
    note: t.note,
    createdByUserId: t.createdByUserId,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

/**
 * The same routes twice: under /me for the caller (any role, their own), and under /users/:id for
 * managers (within their outlet scope, at or below their rank).
 */
interface Subject {
  prefix: string;
  who: string;
  roles: readonly Role[];
  params: typeof UserIdParams | undefined;
  timeOffParams: typeof TimeOffIdParams | typeof UserTimeOffParams;
  userOf: (req: Request, params: { id?: string }) => string;
  /** The refusals of a route about the person (none for oneself). */
  errors: Record<number, { description: string }>;
  /** 404 of a route naming one time-off window. */
  timeOff404: string;
}

const SUBJECTS: Subject[] = [
  {
    prefix: '/me',
    who: "the caller's own",
    roles: EVERY_ROLE,
    params: undefined,
    timeOffParams: TimeOffIdParams,
    userOf: (req) => currentUser(req).userId,
    errors: {},
    timeOff404: 'No time off with this id of yours',
  },
  {
    prefix: '/users/:id',
    who: "a person's",
    roles: MANAGERS,
    params: UserIdParams,
    timeOffParams: UserTimeOffParams,
    userOf: (_req, params) => String(params.id),
    errors: {
      403: { description: 'Role not allowed, or the person ranks above the caller' },
      404: { description: "No live user with this id in the tenant, or (OUTLET_MANAGER) not at one of the caller's outlets" },
    },
    timeOff404: "No live user with this id in the tenant, or (OUTLET_MANAGER) not at one of the caller's outlets; or no such time off of theirs",
  },
];

export function availabilityRoutes(r: ApiRouter, availability: AvailabilityService): void {
  for (const s of SUBJECTS) {
    const auth = { kind: 'user' as const, roles: s.roles };
    const { errors } = s;
    const byId = { ...errors, 404: { description: s.timeOff404 } };
    r.get(
      `${s.prefix}/availability`,
      {
        summary: `Read ${s.who} weekly availability: preferred (AVAILABLE) and hard (UNAVAILABLE) windows in the tenant's timezone`,
        tags: TAGS,
        auth,
        ...(s.params ? { params: s.params } : {}),
        responses: { 200: { description: 'The weekly windows', schema: WeeklyAvailabilityDto }, ...errors },
      },
      async ({ req, params }) => ok(await availability.weekly(currentUser(req), s.userOf(req, params ?? {}))),
    );

    r.put(
      `${s.prefix}/availability`,
      {
        summary: `Replace ${s.who} weekly availability (the whole week at once)`,
        tags: TAGS,
        auth,
        ...(s.params ? { params: s.params } : {}),
        body: PutWeeklyAvailabilityBody,
        responses: { 200: { description: 'The weekly windows as stored', schema: WeeklyAvailabilityDto }, ...errors },
      },
      async ({ req, params, body }) => ok(await availability.replaceWeekly(currentUser(req), s.userOf(req, params ?? {}), body)),
    );

    r.get(
      `${s.prefix}/time-off`,
      {
        summary: `List ${s.who} one-off time-off windows by start`,
        tags: TAGS,
        auth,
        ...(s.params ? { params: s.params } : {}),
        query: ListTimeOffQuery,
        responses: { 200: { description: 'A bare array by startsAt', schema: z.array(TimeOffDto) }, ...errors },
      },
      async ({ req, params, query }) => ok((await availability.listTimeOff(currentUser(req), s.userOf(req, params ?? {}), query)).map(toTimeOffDto)),
    );

    r.post(
      `${s.prefix}/time-off`,
      {
        summary: `Add a time-off window to ${s.who} availability: hard unavailability from startsAt to endsAt`,
        tags: TAGS,
        auth,
        ...(s.params ? { params: s.params } : {}),
        body: CreateTimeOffBody,
        responses: { 201: { description: 'The time off', schema: TimeOffDto }, ...errors },
      },
      async ({ req, params, body }) => created(toTimeOffDto(await availability.addTimeOff(currentUser(req), s.userOf(req, params ?? {}), body))),
    );

    r.patch(
      `${s.prefix}/time-off/:timeOffId`,
      {
        summary: `Move or annotate one of ${s.who} time-off windows`,
        tags: TAGS,
        auth,
        params: s.timeOffParams,
        body: UpdateTimeOffBody,
        responses: { 200: { description: 'The time off', schema: TimeOffDto }, ...byId },
      },
      async ({ req, params, body }) =>
        ok(toTimeOffDto(await availability.updateTimeOff(currentUser(req), s.userOf(req, params as { id?: string }), params.timeOffId, body))),
    );

    r.delete(
      `${s.prefix}/time-off/:timeOffId`,
      {
        summary: `Delete one of ${s.who} time-off windows`,
        tags: TAGS,
        auth,
        params: s.timeOffParams,
        responses: { 204: { description: 'Deleted' }, ...byId },
      },
      async ({ req, params }) => {
        await availability.removeTimeOff(currentUser(req), s.userOf(req, params as { id?: string }), params.timeOffId);
        return { status: 204 };
      },
    );
  }

  r.get(
    '/availability/conflicts',
    {
      summary: `Shifts (not cancelled) starting in [from, to) that hit their person's availability, under the tenant's conflict mode (the first ${MAX_CONFLICT_SHIFTS} by start); an OUTLET_MANAGER sees the shifts at their outlets and their own`,
      tags: TAGS,
      auth: { kind: 'user', roles: MANAGERS },
      query: ConflictsQuery,
      responses: { 200: { description: 'The mode and each conflict: the person, the shift and the window it hits', schema: ConflictsDto } },
    },
    async ({ req, query }) => ok(await availability.listConflicts(currentUser(req), query)),
  );
}
