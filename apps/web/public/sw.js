// Service worker of the portal: the app shell for offline start, the offline page, and the Web
// Push notifications the server sends. The build fills PRECARGA (the entry and the login route's
// files) and VERSION (changes with them); in development both stay empty.
const PRECARGA = [];
const VERSION = 'desarrollo';
const CACHE = `portal-${VERSION}`;
/** Made by the server from the message catalogue (Spanish), kept for when the network is away. */
const SIN_RED = '/offline.html';

self.addEventListener('install', (evento) => {
  evento.waitUntil(
    caches
      .open(CACHE)
      .then((c) => c.addAll([SIN_RED, ...PRECARGA]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (evento) => {
  evento.waitUntil(
    caches
      .keys()
      .then((claves) =>
        Promise.all(
          claves.filter((c) => c.startsWith('portal-') && c !== CACHE).map((c) => caches.delete(c)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (evento) => {
  const peticion = evento.request;
  if (peticion.method !== 'GET' || new URL(peticion.url).origin !== self.location.origin) return;
  // Pages: always the network (each company's page is made by the server); offline, the offline page.
  if (peticion.mode === 'navigate') {
    evento.respondWith(fetch(peticion).catch(() => caches.match(SIN_RED)));
    return;
  }
  // Hashed files never change: from the cache when there, else the network (and kept).
  if (new URL(peticion.url).pathname.startsWith('/assets/')) {
    evento.respondWith(
      caches.match(peticion).then(
        (guardada) =>
          guardada ||
          fetch(peticion).then((respuesta) => {
            if (respuesta.ok) {
              const copia = respuesta.clone();
              caches.open(CACHE).then((c) => c.put(peticion, copia));
            }
            return respuesta;
          }),
      ),
    );
  }
  // Everything else (the API) goes to the network untouched.
});

self.addEventListener('push', (evento) => {
  let datos = { titulo: 'Notificación', cuerpo: '', url: '/in/recargas' };
  try {
    datos = { ...datos, ...evento.data.json() };
  } catch {}
  evento.waitUntil(self.registration.showNotification(datos.titulo, { body: datos.cuerpo, data: datos.url }));
});

self.addEventListener('notificationclick', (evento) => {
  evento.notification.close();
  evento.waitUntil(self.clients.openWindow(evento.notification.data || '/in/recargas'));
});
