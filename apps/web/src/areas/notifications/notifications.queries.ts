import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { ok } from '../../api/errors';
import { useInvalidatingMutation } from '../../api/shared.queries';
import type { Body, Ok } from '../../api/types';

export type Notification = Ok<'getMeNotifications'>['items'][number];
export type Preferences = Ok<'getMeNotificationPreferences'>;

export const PAGE_SIZE = 50;
/** The bell asks at most once a minute (and when the window regains focus after that): every page of every person shows it. */
const BELL_INTERVAL_MS = 60_000;

/** The unread count alone: one notification is the smallest page the API answers with it. */
export const useUnreadCount = (enabled: boolean) =>
  useQuery({
    queryKey: ['notifications', 'unread'],
    enabled,
    staleTime: BELL_INTERVAL_MS,
    refetchInterval: BELL_INTERVAL_MS,
    refetchOnWindowFocus: true,
    queryFn: async () => (await ok(api.GET('/me/notifications', { params: { query: { limit: 1 } } }))).unread,
  });

export const useNotifications = (offset: number) =>
  useQuery({ queryKey: ['notifications', 'list', offset], queryFn: () => ok(api.GET('/me/notifications', { params: { query: { limit: PAGE_SIZE, offset } } })) });

export const useMarkRead = () => useInvalidatingMutation((id: string) => ok(api.POST('/me/notifications/{id}/read', { params: { path: { id } } })), [['notifications']]);
export const useMarkAllRead = () => useInvalidatingMutation(() => ok(api.POST('/me/notifications/read-all')), [['notifications']]);

export const usePreferences = () => useQuery({ queryKey: ['notification-preferences'], queryFn: () => ok(api.GET('/me/notification-preferences')) });
export const useSavePreferences = () =>
  useInvalidatingMutation((body: Body<'putMeNotificationPreferences'>) => ok(api.PUT('/me/notification-preferences', { body })), [['notification-preferences']]);
