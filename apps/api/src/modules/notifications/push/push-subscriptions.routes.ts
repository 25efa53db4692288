import { EVERY_ROLE } from '@wfm/core/role-sets';
import { ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import { AddPushSubscriptionBody, PushSubscriptionDto, PushSubscriptionListDto, PushSubscriptionParams, VapidPublicKeyDto } from './push-subscriptions.schemas.js';
import type { PushSubscriptionsService } from './push-subscriptions.service.js';

const TAGS = ['notifications'];
const NOT_CONFIGURED = { description: 'Web Push is not configured on this platform (VAPID_* settings)' };

export function pushSubscriptionsRoutes(r: ApiRouter, push: PushSubscriptionsService): void {
  r.get(
    '/me/push/vapid-public-key',
    {
      summary: "The platform's VAPID public key, which browsers subscribe with",
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      responses: { 200: { description: 'The key', schema: VapidPublicKeyDto }, 404: NOT_CONFIGURED },
    },
    async () => ok(push.publicKey()),
  );

  r.get(
    '/me/push-subscriptions',
    {
      summary: "The caller's devices that receive Web Push notifications",
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      responses: { 200: { description: 'Oldest first', schema: PushSubscriptionListDto }, 404: NOT_CONFIGURED },
    },
    async ({ req }) => ok(await push.list(currentUser(req))),
  );

  r.post(
    '/me/push-subscriptions',
    {
      summary: `Register this browser's push subscription (PushSubscription.toJSON()); the same endpoint again updates its keys. A person keeps at most 10: the oldest goes`,
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      body: AddPushSubscriptionBody,
      responses: {
        200: { description: 'The subscription', schema: PushSubscriptionDto },
        404: NOT_CONFIGURED,
        422: { description: 'The endpoint fails the egress check (not https, or an address that is not public)' },
      },
    },
    async ({ req, body }) => ok(await push.add(currentUser(req), body, req.get('user-agent'))),
  );

  r.delete(
    '/me/push-subscriptions/:id',
    {
      summary: 'Stop push notifications to one of the caller’s devices',
      tags: TAGS,
      auth: { kind: 'user', roles: EVERY_ROLE },
      params: PushSubscriptionParams,
      responses: { 204: { description: 'Removed' }, 404: { description: 'No such subscription of the caller, or Web Push is not configured' } },
    },
    async ({ req, params }) => {
      await push.remove(currentUser(req), params.id);
      return { status: 204 };
    },
  );
}
