import { M } from '@recargas/contracts/mensajes';
import { useEffect } from 'react';
import { clavePush, suscribir } from './api.ts';

/** The local flag of spec section 4: '1' once this browser's push token reached the server. */
const BANDERA = 'pushEnviado';

function base64aBytes(v: string): Uint8Array<ArrayBuffer> {
  const b = atob(
    v
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(v.length / 4) * 4, '='),
  );
  const bytes = new Uint8Array(new ArrayBuffer(b.length));
  for (let i = 0; i < b.length; i++) bytes[i] = b.charCodeAt(i);
  return bytes;
}

/** Asks the permission, subscribes this browser and sends its subscription; the flag says how it went. */
async function suscribirEsteNavegador(): Promise<void> {
  try {
    const permiso =
      Notification.permission === 'default'
        ? await Notification.requestPermission()
        : Notification.permission;
    if (permiso !== 'granted') throw new Error(M.notificacionesNoDisponibles);
    const registro = await navigator.serviceWorker.register('/sw.js');
    const { publicKey } = await clavePush();
    const suscripcion =
      (await registro.pushManager.getSubscription()) ??
      (await registro.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64aBytes(publicKey),
      }));
    await suscribir(suscripcion.toJSON());
    localStorage.setItem(BANDERA, '1');
  } catch {
    localStorage.setItem(BANDERA, '0');
  }
}

/**
 * Sends this browser's push subscription once (POST /firebase). Without a token yet, the
 * notification permission is asked; a failure leaves the flag at 0 so a later visit tries again.
 * Asked at the user's first touch or key, not as the page loads: browsers quiet a prompt asked
 * without a gesture, and asking held a phone's main thread while the screen was drawn (issue 21).
 */
export function usePush() {
  useEffect(() => {
    if (localStorage.getItem(BANDERA) === '1') return;
    if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return;
    const quitar = () => {
      window.removeEventListener('pointerdown', pedir);
      window.removeEventListener('keydown', pedir);
    };
    const pedir = () => {
      quitar();
      void suscribirEsteNavegador();
    };
    window.addEventListener('pointerdown', pedir);
    window.addEventListener('keydown', pedir);
    return quitar;
  }, []);
}
