import LinearProgress from '@mui/material/LinearProgress';
import { MENSAJES_GENERALES as M } from '@recargas/contracts/mensajes/generales';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** What a route shows while its code arrives: the same thin bar the login shows while it loads. */
export const Cargando = () => <LinearProgress aria-label={M.cargando} />;

const RECARGADA = 'chunkRecargado';

/** A lazy screen whose download can start before it is drawn (the one a page opens on). */
export interface Precargable {
  precargar: () => void;
}

/**
 * A screen whose code is downloaded the first time it is shown. A chunk that no longer exists
 * (a new version was deployed while the tab was open) reloads the page once to get the new one;
 * offline, that reload shows the service worker's offline page.
 */
export function perezosa<P extends object>(
  cargar: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> & Precargable {
  let carga: Promise<ComponentType<P>> | undefined;
  const cargarUnaVez = () => {
    // A download that failed (offline while preloading) is asked again next time, not kept failed.
    carga ??= cargar().catch((e: unknown) => {
      carga = undefined;
      throw e;
    });
    return carga;
  };
  const componente = lazy(async () => {
    try {
      return { default: await cargarUnaVez() };
    } catch (e) {
      // Once: if the reload did not help (the file is really broken), the error stands.
      if (Date.now() - Number(sessionStorage.getItem(RECARGADA) ?? 0) < 10_000) throw e;
      sessionStorage.setItem(RECARGADA, String(Date.now()));
      window.location.reload();
      return new Promise<never>(() => undefined);
    }
  });
  return Object.assign(componente, { precargar: () => void cargarUnaVez().catch(() => undefined) });
}
