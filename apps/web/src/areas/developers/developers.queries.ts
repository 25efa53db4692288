import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useInvalidatingMutation, useRemovingMutation } from '../../api/shared.queries';
import { ok } from '../../api/errors';
import type { Body, Ok, Query } from '../../api/types';

export type ApiKey = Ok<'getApiKeys'>[number];
export type OAuthClient = Ok<'getOauthClients'>[number];
export type Webhook = Ok<'getWebhooks'>[number];
export type Delivery = Ok<'getWebhooksByIdDeliveries'>['deliveries'][number];
export type Scope = ApiKey['scopes'][number];
export type RequestLogEntry = Ok<'getApiKeysByIdRequests'>['data'][number];
export type RequestLogFilter = Query<'getApiKeysByIdRequests'>;
/** The two kinds of credential with a request log, by the path segment of their routes. */
export type CredentialKind = 'api-keys' | 'oauth-clients';

/** Spec 01's scopes, as the forms offer them; the two scim scopes serve SCIM provisioning only. */
export const SCOPES: Scope[] = ['outlets:read', 'employees:read', 'shifts:read', 'shifts:write', 'attendance:read', 'attendance:write', 'leave:read', 'leave:write', 'reports:read', 'webhooks:read', 'webhooks:write', 'scim:read', 'scim:write'];

const DEV = ['developers'] as const;

const useDevMutation = <V, R>(fn: (v: V) => Promise<R>) => useInvalidatingMutation(fn, [DEV]);

export const useApiKeys = () => useQuery({ queryKey: [...DEV, 'api-keys'], queryFn: () => ok(api.GET('/api-keys')) });
export const useCreateApiKey = () => useDevMutation((body: Body<'postApiKeys'>) => ok(api.POST('/api-keys', { body })));
export const useRevokeApiKey = () => useDevMutation((id: string) => ok(api.DELETE('/api-keys/{id}', { params: { path: { id } } })));

export const useOAuthClients = () => useQuery({ queryKey: [...DEV, 'oauth-clients'], queryFn: () => ok(api.GET('/oauth-clients')) });
export const useCreateOAuthClient = () => useDevMutation((body: Body<'postOauthClients'>) => ok(api.POST('/oauth-clients', { body })));
export const useRevokeOAuthClient = () => useDevMutation((id: string) => ok(api.POST('/oauth-clients/{id}/revoke', { params: { path: { id } } })));

export const useWebhooks = () => useQuery({ queryKey: [...DEV, 'webhooks'], queryFn: () => ok(api.GET('/webhooks')) });
export const useEventCodes = () => useQuery({ queryKey: [...DEV, 'events'], staleTime: Infinity, queryFn: () => ok(api.GET('/webhooks/events')) });
export const useDeadCount = () => useQuery({ queryKey: [...DEV, 'dead-count'], refetchInterval: 30_000, queryFn: () => ok(api.GET('/webhooks/deliveries/dead-count')) });
export const useCreateWebhook = () => useDevMutation((body: Body<'postWebhooks'>) => ok(api.POST('/webhooks', { body })));
export const useUpdateWebhook = () => useDevMutation(({ id, body }: { id: string; body: Body<'patchWebhooksById'> }) => ok(api.PATCH('/webhooks/{id}', { params: { path: { id } }, body })));
export const useDeleteWebhook = () => useRemovingMutation((id: string) => ok(api.DELETE('/webhooks/{id}', { params: { path: { id } } })), [...DEV, 'webhooks'], [DEV]);
export const useRotateSecret = () => useDevMutation((id: string) => ok(api.POST('/webhooks/{id}/rotate', { params: { path: { id } } })));
export const useTestWebhook = () => useDevMutation((id: string) => ok(api.POST('/webhooks/{id}/test', { params: { path: { id } } })));
/** Deliveries arrive as events happen: the log follows them every few seconds. */
export const useDeliveries = (id: string) =>
  useQuery({ queryKey: [...DEV, 'deliveries', id], refetchInterval: 3_000, queryFn: () => ok(api.GET('/webhooks/{id}/deliveries', { params: { path: { id }, query: { limit: 200 } } })) });
export const useRedeliver = () => useDevMutation((deliveryId: string) => ok(api.POST('/webhooks/deliveries/{deliveryId}/redeliver', { params: { path: { deliveryId } } })));
/** A credential's last requests; they are written a second or so after each call, so the log follows them. */
export const useRequestLog = (kind: CredentialKind, id: string, query: RequestLogFilter) =>
  useQuery({
    queryKey: [...DEV, 'requests', kind, id, query],
    refetchInterval: 3_000,
    queryFn: () =>
      kind === 'api-keys'
        ? ok(api.GET('/api-keys/{id}/requests', { params: { path: { id }, query } }))
        : ok(api.GET('/oauth-clients/{id}/requests', { params: { path: { id }, query } })),
  });

/** Issue 32: links to a subscription's embeddable portal (their tokens are shown once, on creation). */
export const usePortalLinks = (id: string) => useQuery({ queryKey: [...DEV, 'portal-links', id], queryFn: () => ok(api.GET('/webhooks/{id}/portal-links', { params: { path: { id } } })) });
export const useCreatePortalLink = () =>
  useDevMutation(({ id, body }: { id: string; body: Body<'postWebhooksByIdPortalLinks'> }) => ok(api.POST('/webhooks/{id}/portal-links', { params: { path: { id } }, body })));
export const useRevokePortalLink = (id: string) =>
  useDevMutation((linkId: string) => ok(api.DELETE('/webhooks/{id}/portal-links/{linkId}', { params: { path: { id, linkId } } })));
