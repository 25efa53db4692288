/*
 * The console's service worker (issue 33): shows the API's Web Push notifications and opens the
 * page each is about. The payload is the API's PushPayload ({ id, title, body, path }), see
 * apps/api/src/modules/notifications/channels/push.channel.ts. It caches nothing: the console
 * needs the API to be of any use, and stale pages would show stale rosters.
 */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** Only a path of this origin is opened: a payload cannot send the person elsewhere. */
function targetUrl(path) {
  const safe = typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') ? path : '/';
  return new URL(safe, self.location.origin).href;
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Workforce Platform';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      // The same notification pushed twice (a retry) replaces itself rather than stacking.
      tag: typeof data.id === 'string' ? data.id : undefined,
      data: { url: targetUrl(data.path) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || targetUrl('/');
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        // navigate() works on pages this worker controls; an uncontrolled one is left focused where it was.
        if (focused && focused.url !== url && 'navigate' in focused) await focused.navigate(url).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
