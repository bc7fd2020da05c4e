import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const llamadas = vi.hoisted(() => ({ suscritas: [] as unknown[] }));
vi.mock('../src/features/notificaciones/api.ts', () => ({
  clavePush: async () => ({ publicKey: 'AQAB' }),
  suscribir: async (token: unknown) => {
    llamadas.suscritas.push(token);
  },
}));

const { usePush } = await import('../src/features/notificaciones/push.ts');

function ConPush() {
  usePush();
  return <p>pantalla</p>;
}

const pedirPermiso = vi.fn(async () => 'granted' as NotificationPermission);

beforeEach(() => {
  localStorage.clear();
  llamadas.suscritas = [];
  pedirPermiso.mockClear();
  vi.stubGlobal('Notification', { permission: 'default', requestPermission: pedirPermiso });
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: async () => ({
        pushManager: {
          getSubscription: async () => ({ toJSON: () => ({ endpoint: 'https://push.example/1' }) }),
        },
      }),
    },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('push subscription (spec section 4)', () => {
  it('asks the permission at the first touch, not while the page loads (issue 21), and sends once', async () => {
    render(<ConPush />);
    await new Promise((r) => setTimeout(r, 20));
    expect(pedirPermiso).not.toHaveBeenCalled();
    fireEvent.pointerDown(window);
    await waitFor(() => expect(localStorage.getItem('pushEnviado')).toBe('1'));
    expect(pedirPermiso).toHaveBeenCalledTimes(1);
    expect(llamadas.suscritas).toEqual([{ endpoint: 'https://push.example/1' }]);
    fireEvent.keyDown(window, { key: 'a' });
    await new Promise((r) => setTimeout(r, 20));
    expect(pedirPermiso).toHaveBeenCalledTimes(1);
  });

  it('leaves the flag at 0 when the permission is refused, so a later visit asks again', async () => {
    pedirPermiso.mockResolvedValueOnce('denied');
    render(<ConPush />);
    fireEvent.keyDown(window, { key: 'Tab' });
    await waitFor(() => expect(localStorage.getItem('pushEnviado')).toBe('0'));
    expect(llamadas.suscritas).toEqual([]);
  });
});
