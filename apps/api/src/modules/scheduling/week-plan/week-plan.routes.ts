import { MANAGERS } from '@wfm/core/role-sets';
import { ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import { toShiftDto } from '../shifts/shifts.service.js';
import { PreviewWeekBody, WeekDto, WeekPreviewDto, WeekQuery } from './week-plan.schemas.js';
import type { OutletWeek, WeekPlanService, WeekPreview } from './week-plan.service.js';

const TAGS = ['scheduler'];
const auth = { kind: 'user' as const, roles: MANAGERS };
const E403 = { description: 'Role not allowed, or (OUTLET_MANAGER) the outlet is not one of theirs' };
const E404 = { description: 'No outlet with this id in the tenant' };

const iso = (i: { start: Date; end: Date }) => ({ start: i.start.toISOString(), end: i.end.toISOString() });

function toWeekDto(w: OutletWeek) {
  return {
    ...w,
    people: w.people.map((p) => ({ ...p, unavailable: p.unavailable.map((u) => ({ ...iso(u), source: u.source })), preferred: p.preferred.map(iso) })),
    shifts: w.shifts.map(toShiftDto),
  };
}

function toPreviewDto(p: WeekPreview): WeekPreviewDto {
  return {
    changes: p.changes.map((c) => ({
      ...c,
      added: c.added.map((s) => ({ id: s.id, ...iso(s) })),
      moved: c.moved.map((s) => ({ id: s.id, ...iso(s), from: iso(s.from) })),
      removed: c.removed.map((s) => ({ id: s.id, ...iso(s) })),
    })),
    totals: p.totals,
  };
}

export function weekPlanRoutes(r: ApiRouter, weeks: WeekPlanService): void {
  r.get(
    '/scheduler/week',
    {
      summary: "An outlet's week in its zone: its staff with their availability, its shifts, and hours and labour cost per person, day and week",
      tags: TAGS,
      auth,
      query: WeekQuery,
      responses: { 200: { description: 'The week', schema: WeekDto }, 403: E403, 404: E404 },
    },
    async ({ req, query }) => ok(toWeekDto(await weeks.week(currentUser(req), query))),
  );

  r.post(
    '/scheduler/week/preview',
    {
      summary: 'What publishing this week would change, person by person (added, moved, removed since what is stored), and its totals; writes nothing',
      tags: TAGS,
      auth,
      body: PreviewWeekBody,
      responses: {
        200: { description: 'The changes and totals', schema: WeekPreviewDto },
        400: { description: 'Validation failure; a row whose window is empty or over 24 hours, or whose id is not a shift of the week (named `shifts[i]`)' },
        403: E403,
        404: { description: 'No outlet with this id in the tenant, or a row whose user does not exist in it' },
      },
    },
    async ({ req, body }) => ok(toPreviewDto(await weeks.preview(currentUser(req), body))),
  );
}
