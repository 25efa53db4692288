import { z } from 'zod';
import { ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import { IMAGE_HEADERS } from '../../../http/caching.js';
import { fileUpload, uploadedFile } from '../../../http/upload.js';
import { EVERY_ROLE, OPERATIONS_MANAGERS } from '@wfm/core/role-sets';
import type { Run } from './checklist-runs.repository.js';
import { PHOTO_MAX_BYTES, type ChecklistRunsService } from './checklist-runs.service.js';
import { toTaskDto } from './checklist-templates.routes.js';
import { AnswerBody, CompletionQuery, CompletionRowDto, IdParams, PhotoUploadBody, RunDto, RunTaskParams, TodayQuery } from './checklists.schemas.js';

const TAGS = ['checklists'];
const E404 = { description: 'No checklist run with this id at the outlets the caller works at, or no such task in it' };
const image = z.string().meta({ format: 'binary' });

function toRunDto(r: Run): RunDto {
  return {
    id: r.id,
    tenantId: r.tenantId,
    scheduleId: r.scheduleId,
    outletId: r.outletId,
    name: r.name,
    date: r.date,
    opensAt: r.opensAt.toISOString(),
    closesAt: r.closesAt.toISOString(),
    status: r.status,
    late: r.completedAt !== null && r.completedAt >= r.closesAt,
    completedAt: r.completedAt?.toISOString() ?? null,
    completedByUserId: r.completedByUserId,
    tasks: r.tasks.map((t) => ({
      ...toTaskDto(t),
      answer: t.answeredAt
        ? {
            yes: t.answerYes,
            number: t.answerNumber,
            note: t.answerNote,
            photo: t.photoKey ? { mediaType: t.photoMediaType!, bytes: t.photoBytes! } : null,
            answeredAt: t.answeredAt.toISOString(),
            answeredByUserId: t.answeredByUserId,
          }
        : null,
      failed: t.failed,
      issueId: t.issueId,
    })),
  };
}

export function checklistRunsRoutes(r: ApiRouter, runs: ChecklistRunsService): void {
  r.get(
    '/mobile/checklists/today',
    {
      summary:
        "Today's checklist runs (each outlet's timezone) at the outlets the caller works at, and yesterday's still in their window, each with its tasks and answers; runs due are made on first read",
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      query: TodayQuery,
      responses: { 200: { description: 'A bare array, by opening time', schema: z.array(RunDto) } },
    },
    async ({ req, query }) => ok((await runs.today(currentUser(req), query.outletId)).map(toRunDto)),
  );

  r.get(
    '/checklist-runs/:id',
    { summary: 'One checklist run with its tasks and answers', tags: TAGS, auth: { kind: 'user', roles: EVERY_ROLE }, params: IdParams, responses: { 200: { description: 'The run', schema: RunDto }, 404: E404 } },
    async ({ req, params }) => ok(toRunDto(await runs.get(currentUser(req), params.id))),
  );

  r.put(
    '/checklist-runs/:id/answers/:taskId',
    {
      summary:
        'Answer one task (replacing an earlier answer, so a retry is harmless). A failed task (YES_NO with the other answer, NUMBER out of bounds) raises an issue silently, source CHECKLIST, once per task: no issue.created',
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      params: RunTaskParams,
      body: AnswerBody,
      responses: {
        200: { description: 'The run with the answer', schema: RunDto },
        404: E404,
        409: { description: 'The run is completed' },
      },
    },
    async ({ req, params, body }) => ok(toRunDto(await runs.answer(currentUser(req), params.id, params.taskId, body))),
  );

  r.put(
    '/checklist-runs/:id/answers/:taskId/photo',
    {
      summary: "Answer a PHOTO task with an image: PNG or JPEG up to 1 MB, judged by content; it is scaled to 1600 px and its metadata removed",
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      params: RunTaskParams,
      body: PhotoUploadBody,
      bodyTypes: ['multipart/form-data'],
      guards: [fileUpload({ field: 'photo', maxBytes: PHOTO_MAX_BYTES })],
      responses: {
        200: { description: 'The run with the photo', schema: RunDto },
        404: E404,
        409: { description: 'The run is completed' },
        413: { description: 'The file is larger than 1 MB' },
        415: { description: 'Not multipart/form-data, or the file is not a PNG or JPEG by its content' },
        422: { description: 'The image does not decode, or has more than 40 million pixels' },
      },
    },
    async ({ req, params }) => ok(toRunDto(await runs.answerPhoto(currentUser(req), params.id, params.taskId, await uploadedFile(req).read()))),
  );

  r.get(
    '/checklist-runs/:id/answers/:taskId/photo',
    {
      summary: "The photo answering a PHOTO task",
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      params: RunTaskParams,
      responses: { 200: { description: 'The image', alternatives: { 'image/png': image, 'image/jpeg': image } }, 404: { description: 'No such run or task, or no photo' } },
    },
    async ({ req, params }) => {
      const photo = await runs.photo(currentUser(req), params.id, params.taskId);
      return { status: 200, raw: { contentType: photo.mediaType, data: photo.data }, headers: { ...IMAGE_HEADERS, 'Cross-Origin-Resource-Policy': 'same-origin', 'Cache-Control': 'private, no-cache' } };
    },
  );

  r.post(
    '/checklist-runs/:id/complete',
    {
      summary: 'Complete a run once every required task is answered; again on a completed run answers it unchanged. A MISSED run completed counts as late',
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      params: IdParams,
      responses: { 200: { description: 'The run, COMPLETED', schema: RunDto }, 404: E404, 409: { description: 'Required tasks are not answered; the message names them' } },
    },
    async ({ req, params }) => ok(toRunDto(await runs.complete(currentUser(req), params.id))),
  );

  r.get(
    '/checklists/reports/completion',
    {
      summary: "Completion per outlet over local days (each outlet's timezone): scheduled, completed, completed late, missed, failed tasks and the rate; an OUTLET_MANAGER sees their outlets",
      tags: TAGS,
      auth: { kind: 'user', roles: OPERATIONS_MANAGERS },
      query: CompletionQuery,
      responses: { 200: { description: 'One row per outlet with runs in the period, by outlet name', schema: z.array(CompletionRowDto) } },
    },
    async ({ req, query }) => ok(await runs.completion(currentUser(req), query)),
  );
}
