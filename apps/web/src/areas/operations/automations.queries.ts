import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useInvalidatingMutation, useRemovingMutation } from '../../api/shared.queries';
import { ok } from '../../api/errors';
import type { Body, Ok } from '../../api/types';

export type Automation = Ok<'getAutomations'>[number];
export type AutomationAction = Automation['actions'][number];
export type AutomationTrigger = Automation['trigger'];
export type RunResult = Ok<'getAutomationsByIdRuns'>[number]['results'][number];

export const useAutomations = () => useQuery({ queryKey: ['automations'], queryFn: () => ok(api.GET('/automations')) });
export const useAutomationRuns = (id: string) =>
  useQuery({ queryKey: ['automations', id, 'runs'], queryFn: () => ok(api.GET('/automations/{id}/runs', { params: { path: { id }, query: { limit: 20 } } })) });
export const useCreateAutomation = () => useInvalidatingMutation((body: Body<'postAutomations'>) => ok(api.POST('/automations', { body })), [['automations']]);
export const useUpdateAutomation = () =>
  useInvalidatingMutation(({ id, body }: { id: string; body: Body<'patchAutomationsById'> }) => ok(api.PATCH('/automations/{id}', { params: { path: { id } }, body })), [['automations']]);
export const useDeleteAutomation = () => useRemovingMutation((id: string) => ok(api.DELETE('/automations/{id}', { params: { path: { id } } })), ['automations']);
