/* global self */
/* Web push in the app's service worker (imported by the Workbox worker, client/vite.config.ts):
   shows what the server sent (an encrypted JSON message the browser has already decrypted) and, on
   a tap, focuses an open game tab or opens the page the message names (always this site's /game). */
self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { title: 'GOGO Board', body: event.data ? event.data.text() : '' };
  }
  const title = typeof message.title === 'string' && message.title ? message.title : 'GOGO Board';
  const url = typeof message.url === 'string' && message.url.startsWith('/') ? message.url : '/game';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      tag: typeof message.tag === 'string' ? message.tag : undefined,
      icon: '/generated/icons/icon-192.png',
      badge: '/generated/icons/icon-192.png',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/game', self.location.origin);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).pathname === target.pathname);
      if (open) return open.focus().then((w) => (w && target.search ? w.navigate(target.href) : w));
      return self.clients.openWindow(target.href);
    }),
  );
});
