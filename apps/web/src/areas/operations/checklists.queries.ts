import { useQuery } from '@tanstack/react-query';
import { i18next } from '../../i18n/i18n';
import { api } from '../../api/client';
import { useInvalidatingMutation, useRemovingMutation } from '../../api/shared.queries';
import { ok } from '../../api/errors';
import { sendForm } from '../../api/raw';
import type { Body, Ok } from '../../api/types';

export type ChecklistTemplate = Ok<'getChecklistTemplates'>[number];
export type TemplateBody = Body<'postChecklistTemplates'>;
export type TaskBody = TemplateBody['tasks'][number];
export type ChecklistSchedule = Ok<'getChecklistSchedules'>[number];
export type ChecklistRun = Ok<'getMobileChecklistsToday'>[number];
export type RunTask = ChecklistRun['tasks'][number];
export type CompletionRow = Ok<'getChecklistsReportsCompletion'>[number];

export const useChecklistTemplates = () => useQuery({ queryKey: ['checklist-templates'], queryFn: () => ok(api.GET('/checklist-templates')) });
export const useSaveTemplate = () =>
  useInvalidatingMutation(
    ({ id, body }: { id: string | null; body: TemplateBody }) =>
      id ? ok(api.PATCH('/checklist-templates/{id}', { params: { path: { id } }, body })) : ok(api.POST('/checklist-templates', { body })),
    [['checklist-templates'], ['checklist-schedules']],
  );
export const useDeleteTemplate = () =>
  useRemovingMutation((id: string) => ok(api.DELETE('/checklist-templates/{id}', { params: { path: { id } } })), ['checklist-templates'], [['checklist-templates'], ['checklist-schedules']]);

export const useChecklistSchedules = () => useQuery({ queryKey: ['checklist-schedules'], queryFn: () => ok(api.GET('/checklist-schedules')) });
export const useCreateSchedule = () => useInvalidatingMutation((body: Body<'postChecklistSchedules'>) => ok(api.POST('/checklist-schedules', { body })), [['checklist-schedules']]);
export const useSetScheduleActive = () =>
  useInvalidatingMutation(({ id, active }: { id: string; active: boolean }) => ok(api.PATCH('/checklist-schedules/{id}', { params: { path: { id } }, body: { active } })), [['checklist-schedules']]);
export const useDeleteSchedule = () =>
  useRemovingMutation((id: string) => ok(api.DELETE('/checklist-schedules/{id}', { params: { path: { id } } })), ['checklist-schedules']);

export const useTodaysChecklists = () => useQuery({ queryKey: ['checklists-today'], queryFn: () => ok(api.GET('/mobile/checklists/today')) });
export const useAnswerTask = () =>
  useInvalidatingMutation(
    ({ runId, taskId, body }: { runId: string; taskId: string; body: Body<'putChecklistRunsByIdAnswersByTaskId'> }) =>
      ok(api.PUT('/checklist-runs/{id}/answers/{taskId}', { params: { path: { id: runId, taskId } }, body })),
    [['checklists-today']],
  );
export const useAnswerPhoto = () =>
  useInvalidatingMutation(
    async ({ runId, taskId, file }: { runId: string; taskId: string; file: File }) =>
      sendForm('PUT', `/checklist-runs/${runId}/answers/${taskId}/photo`, { photo: await fitPhoto(file) }),
    [['checklists-today']],
  );
export const useCompleteRun = () =>
  useInvalidatingMutation((runId: string) => ok(api.POST('/checklist-runs/{id}/complete', { params: { path: { id: runId } } })), [['checklists-today']]);

export const useCompletionReport = (query: { from: string; to: string }, enabled: boolean) =>
  useQuery({ queryKey: ['checklist-completion', query], enabled, queryFn: () => ok(api.GET('/checklists/reports/completion', { params: { query } })) });

/** The API takes photos up to 1 MB; a phone camera's are several, so they are scaled down here first. */
const PHOTO_SIDE = 1600;

async function fitPhoto(file: File): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, PHOTO_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(i18next.t('run.photoUnreadable', { ns: 'operations' })))), 'image/jpeg', 0.85));
}
