import type { OptionsObject, SnackbarKey, SnackbarMessage } from 'notistack';

export type { SnackbarKey };

type Notistack = typeof import('notistack');

/**
 * Toasts without notistack at start-up: its module builds its styles when it is evaluated (about
 * 120 ms of a phone's 4× slower CPU in the shell's first long task, issue 21), so it is imported
 * at the first toast. `app/Avisos.tsx` draws its provider once the module is here; a provider
 * already drawn (the unit tests') serves too.
 */
let modulo: Notistack | undefined;
let pedido: Promise<Notistack> | undefined;
const oyentes = new Set<() => void>();
let proveedorListo: (() => void) | undefined;

/** The loaded module for `Avisos`, and a way to hear when it arrives. */
export const notistackCargado = () => modulo;
export function alCargarNotistack(f: () => void): () => void {
  oyentes.add(f);
  return () => oyentes.delete(f);
}
/** `Avisos` calls it once its provider is drawn: the queued toasts go then. */
export const proveedorDibujado = () => proveedorListo?.();

function notistack(): Promise<Notistack> {
  pedido ??= import('notistack').then(
    async (n) => {
      modulo = n;
      if (!n.enqueueSnackbar) {
        const dibujado = new Promise<void>((r) => {
          proveedorListo = r;
        });
        for (const f of oyentes) f();
        await dibujado;
      }
      return n;
    },
    (e: unknown) => {
      // Offline before the first toast, and before the service worker kept it (issue 41): the
      // next toast asks again, instead of every later toast failing until a reload.
      pedido = undefined;
      throw e;
    },
  );
  return pedido;
}

let siguiente = 0;
const avisos = {
  /** notistack's enqueueSnackbar; the key is known at once, before the module arrives. */
  enqueueSnackbar(mensaje: SnackbarMessage, opciones: OptionsObject = {}): SnackbarKey {
    const key = opciones.key ?? `aviso-${++siguiente}`;
    // A toast whose module could not be fetched is dropped (its screen shows the same text).
    notistack().then(
      (n) => n.enqueueSnackbar(mensaje, { ...opciones, key }),
      () => undefined,
    );
    return key;
  },
  closeSnackbar(key?: SnackbarKey): void {
    pedido?.then(
      (n) => n.closeSnackbar(key),
      () => undefined,
    );
  },
};

/** What notistack's useSnackbar gives, the same object at every render. */
export const useSnackbar = () => avisos;
