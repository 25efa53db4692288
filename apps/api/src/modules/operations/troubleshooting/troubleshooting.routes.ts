import { z } from 'zod';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import { EVERY_ROLE, OPERATIONS_MANAGERS } from '@wfm/core/role-sets';
import type { GuideWithStats, Session } from './troubleshooting.repository.js';
import { currentStepId, type TroubleshootingService } from './troubleshooting.service.js';
import { AnswerStepBody, CatalogDto, CreateGuideBody, GuideDto, IdParams, ListGuidesQuery, SessionDto, StartSessionBody, StepParams, UpdateGuideBody } from './troubleshooting.schemas.js';

const TAGS = ['troubleshooting'];
const GUIDE_404 = { description: 'No guide with this id that the caller may see' };
const SESSION_404 = { description: 'No session with this id run by the caller' };

export function toGuideDto(g: GuideWithStats): GuideDto {
  const sessions = g.stats.resolved + g.stats.unresolved;
  return {
    id: g.id,
    tenantId: g.tenantId,
    categoryId: g.categoryId,
    categoryName: g.categoryName,
    assetId: g.assetId,
    assetName: g.assetName,
    title: g.title,
    symptom: g.symptom,
    priority: g.priority,
    active: g.active,
    steps: g.steps,
    stats: { sessions, ...g.stats, resolvedRate: sessions === 0 ? null : g.stats.resolved / sessions },
    createdAt: g.createdAt.toISOString(),
    updatedAt: g.updatedAt.toISOString(),
  };
}

export function toSessionDto(s: Session): SessionDto {
  return {
    id: s.id,
    guideId: s.guideId,
    assetId: s.assetId,
    outletId: s.outletId,
    userId: s.userId,
    title: s.title,
    symptom: s.symptom,
    priority: s.priority,
    steps: s.steps,
    answers: s.answers,
    currentStepId: currentStepId(s),
    status: s.status,
    issueId: s.issueId,
    startedAt: s.startedAt.toISOString(),
    endedAt: s.endedAt?.toISOString() ?? null,
  };
}

export function troubleshootingRoutes(r: ApiRouter, guides: TroubleshootingService): void {
  const writer = { tags: TAGS, auth: { kind: 'user' as const, roles: OPERATIONS_MANAGERS } };
  const reader = { tags: TAGS, auth: { kind: 'user' as const, roles: EVERY_ROLE } };

  r.post(
    '/troubleshooting/guides',
    {
      ...writer,
      summary: 'Write a guide for an asset category (tenant-wide roles) or for one asset (also its OUTLET_MANAGER)',
      body: CreateGuideBody,
      responses: {
        201: { description: 'The guide', schema: GuideDto },
        403: { description: 'A category guide by an OUTLET_MANAGER, or an asset at an outlet not theirs' },
        404: { description: 'No such live category or asset in the tenant' },
      },
    },
    async ({ req, body }) => created(toGuideDto(await guides.createGuide(currentUser(req), body))),
  );

  r.get(
    '/troubleshooting/guides',
    {
      ...reader,
      summary: "Guides of where the caller works, those for one asset first; with assetId, the guides that apply to that asset (its own and its category's)",
      query: ListGuidesQuery,
      responses: { 200: { description: 'A bare array', schema: z.array(GuideDto) }, 404: { description: 'No such asset where the caller works' } },
    },
    async ({ req, query }) => ok((await guides.listGuides(currentUser(req), query)).map(toGuideDto)),
  );

  r.get(
    '/troubleshooting/guides/:id',
    { ...reader, summary: 'One guide, with how its sessions ended', params: IdParams, responses: { 200: { description: 'The guide', schema: GuideDto }, 404: GUIDE_404 } },
    async ({ req, params }) => ok(toGuideDto(await guides.getGuide(currentUser(req), params.id))),
  );

  r.patch(
    '/troubleshooting/guides/:id',
    {
      ...writer,
      summary: "Change a guide's title, symptom, priority, active flag or steps (replaced whole); sessions already running keep the steps they started with",
      params: IdParams,
      body: UpdateGuideBody,
      responses: { 200: { description: 'The guide', schema: GuideDto }, 403: { description: 'A category guide, changed by an OUTLET_MANAGER' }, 404: GUIDE_404 },
    },
    async ({ req, params, body }) => ok(toGuideDto(await guides.updateGuide(currentUser(req), params.id, body))),
  );

  r.delete(
    '/troubleshooting/guides/:id',
    {
      ...writer,
      summary: 'Delete a guide (soft); sessions already running with it still end',
      params: IdParams,
      responses: { 204: { description: 'Deleted' }, 403: { description: 'A category guide, deleted by an OUTLET_MANAGER' }, 404: GUIDE_404 },
    },
    async ({ req, params }) => {
      await guides.deleteGuide(currentUser(req), params.id);
      return { status: 204 };
    },
  );

  r.get(
    '/troubleshooting/catalog',
    {
      ...reader,
      summary: 'The asset categories, and the assets where the caller works, that guides are written for and run on',
      responses: { 200: { description: 'Categories and assets, each by name', schema: CatalogDto } },
    },
    async ({ req }) => ok(await guides.catalog(currentUser(req))),
  );

  r.post(
    '/troubleshooting/sessions',
    {
      ...reader,
      summary: 'Start running a guide for an asset where the caller works; the session copies the guide\'s steps',
      body: StartSessionBody,
      responses: {
        201: { description: 'The session, RUNNING, at its first step', schema: SessionDto },
        404: { description: 'No such asset where the caller works, or no such guide' },
        409: { description: 'The guide is not for this asset, or not active' },
      },
    },
    async ({ req, body }) => created(toSessionDto(await guides.startSession(currentUser(req), body))),
  );

  r.get(
    '/troubleshooting/sessions/:id',
    { ...reader, summary: 'A session the caller runs', params: IdParams, responses: { 200: { description: 'The session', schema: SessionDto }, 404: SESSION_404 } },
    async ({ req, params }) => ok(toSessionDto(await guides.getSession(currentUser(req), params.id))),
  );

  r.post(
    '/troubleshooting/sessions/:id/steps/:stepId',
    {
      ...reader,
      summary:
        'Answer "did this fix it?" for the current step. Yes ends the session RESOLVED; no on the last step ends it UNRESOLVED and raises an issue about the asset (source TROUBLESHOOTING) without issue.created. Sending the same answer again returns the session unchanged',
      params: StepParams,
      body: AnswerStepBody,
      responses: {
        200: { description: 'The session', schema: SessionDto },
        404: { description: 'No session with this id run by the caller, or no such step in it' },
        409: { description: 'Not the current step, the session has ended, or the step was answered otherwise' },
      },
    },
    async ({ req, params, body }) => ok(toSessionDto(await guides.answer(currentUser(req), params.id, params.stepId, body.fixed))),
  );

  r.post(
    '/troubleshooting/sessions/:id/give-up',
    {
      ...reader,
      summary: 'Stop before the last step: ends the session UNRESOLVED and raises its issue without issue.created; again, returns it unchanged',
      params: IdParams,
      responses: { 200: { description: 'The session', schema: SessionDto }, 404: SESSION_404, 409: { description: 'The session ended RESOLVED' } },
    },
    async ({ req, params }) => ok(toSessionDto(await guides.giveUp(currentUser(req), params.id))),
  );
}
