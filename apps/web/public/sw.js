// Service worker of the portal: shows the Web Push notifications the server sends.
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
