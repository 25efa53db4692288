import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { ApiError, ok } from '../../../api/errors';
import { useInvalidatingMutation } from '../../../api/shared.queries';

const DEVICE = ['push', 'this-device'] as const;

/** Whether this browser can take Web Push at all (a service worker, the Push API, notifications). */
export const pushSupported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The platform's VAPID key; null when push is not configured (404). */
async function vapidKey(): Promise<string | null> {
  try {
    return (await ok(api.GET('/me/push/vapid-public-key'))).publicKey;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register('/sw.js');
  return navigator.serviceWorker.ready;
}

export interface DeviceState {
  configured: boolean;
  publicKey: string | null;
  /** This browser's subscription as the API knows it; null when it is off here. */
  subscriptionId: string | null;
}

/** This browser's push state: its own subscription, matched by endpoint against the person's registered devices. */
export const useThisDevice = (enabled: boolean) =>
  useQuery({
    queryKey: DEVICE,
    enabled,
    queryFn: async (): Promise<DeviceState> => {
      const publicKey = await vapidKey();
      if (!publicKey) return { configured: false, publicKey: null, subscriptionId: null };
      const [local, devices] = await Promise.all([(await registration()).pushManager.getSubscription(), ok(api.GET('/me/push-subscriptions'))]);
      const known = local ? devices.items.find((d) => d.endpoint === local.endpoint) : undefined;
      return { configured: true, publicKey, subscriptionId: known?.id ?? null };
    },
  });

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const raw = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/** Asks permission, subscribes with the VAPID key and registers the subscription with the API. */
export const useTurnOn = () =>
  useInvalidatingMutation(async (publicKey: string): Promise<NotificationPermission> => {
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') return permission;
    const reg = await registration();
    const sub = (await reg.pushManager.getSubscription()) ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
    const json = sub.toJSON();
    await ok(api.POST('/me/push-subscriptions', { body: { endpoint: sub.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } } }));
    return permission;
  }, [DEVICE]);

/** Removes this browser from the person's devices and drops its subscription. */
export const useTurnOff = () =>
  useInvalidatingMutation(async (subscriptionId: string) => {
    await ok(api.DELETE('/me/push-subscriptions/{id}', { params: { path: { id: subscriptionId } } }));
    await (await (await registration()).pushManager.getSubscription())?.unsubscribe();
  }, [DEVICE]);
