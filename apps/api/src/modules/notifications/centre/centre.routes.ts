import { EVERY_ROLE } from '@wfm/core/role-sets';
import { ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import type { NotificationRow } from './centre.repository.js';
import { ListNotificationsQuery, NotificationDto, NotificationIdParams, NotificationPageDto, PreferencesDto, PutPreferencesBody, ReadAllDto } from './centre.schemas.js';
import type { MyNotificationsService } from './my-notifications.service.js';

const TAGS = ['notifications'];
const USER = { kind: 'user' as const, roles: EVERY_ROLE };

function toNotificationDto(n: NotificationRow): NotificationDto {
  return { id: n.id, event: n.event, title: n.title, body: n.body, path: n.path, createdAt: n.createdAt.toISOString(), readAt: n.readAt?.toISOString() ?? null };
}

export function centreRoutes(r: ApiRouter, mine: MyNotificationsService): void {
  r.get(
    '/me/notifications',
    {
      summary: 'Your notifications, newest first, with how many are unread',
      tags: TAGS,
      auth: USER,
      query: ListNotificationsQuery,
      responses: { 200: { description: 'A page of your notifications and your unread count', schema: NotificationPageDto } },
    },
    async ({ req, query }) => {
      const page = await mine.list(currentUser(req), query);
      return ok({ items: page.items.map(toNotificationDto), unread: page.unread });
    },
  );

  r.post(
    '/me/notifications/read-all',
    {
      summary: 'Mark every notification of yours read',
      tags: TAGS,
      auth: USER,
      responses: { 200: { description: 'How many were unread', schema: ReadAllDto } },
    },
    async ({ req }) => ok({ marked: await mine.readAll(currentUser(req)) }),
  );

  r.post(
    '/me/notifications/:id/read',
    {
      summary: 'Mark one notification of yours read (reading it again keeps the first time)',
      tags: TAGS,
      auth: USER,
      params: NotificationIdParams,
      responses: {
        200: { description: 'The notification', schema: NotificationDto },
        404: { description: 'No notification of yours with this id' },
      },
    },
    async ({ req, params }) => ok(toNotificationDto(await mine.read(currentUser(req), params.id))),
  );

  r.get(
    '/me/notification-preferences',
    {
      summary: 'How you are told of each event: per channel, your choice or the default',
      tags: TAGS,
      auth: USER,
      responses: { 200: { description: 'Every event × channel', schema: PreferencesDto } },
    },
    async ({ req }) => ok(await mine.preferences(currentUser(req))),
  );

  r.put(
    '/me/notification-preferences',
    {
      summary: 'Turn channels on or off per event; what you leave out keeps its setting',
      tags: TAGS,
      auth: USER,
      body: PutPreferencesBody,
      responses: { 200: { description: 'Every event × channel, after the change', schema: PreferencesDto } },
    },
    async ({ req, body }) => ok(await mine.setPreferences(currentUser(req), body)),
  );
}
