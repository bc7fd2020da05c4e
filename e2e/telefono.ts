import type { Browser, Page } from 'playwright-core';

/** The two screens of issue 41: an admin's desk, and a seller's touch phone. */
export const TAMANOS = [
  { nombre: 'escritorio', ancho: 1280, alto: 800, tactil: false },
  { nombre: 'telefono', ancho: 390, alto: 844, tactil: true },
] as const;
export type Tamano = (typeof TAMANOS)[number];

/** A page of that size (a phone: touch, mobile viewport), with its console errors collected. */
export async function paginaDe(navegador: Browser, t: Tamano, zona?: string) {
  const contexto = await navegador.newContext({
    viewport: { width: t.ancho, height: t.alto },
    hasTouch: t.tactil,
    isMobile: t.tactil,
    locale: 'es-MX',
    ...(zona ? { timezoneId: zona } : {}),
  });
  const pagina = await contexto.newPage();
  const errores: string[] = [];
  pagina.on('console', (m) => {
    if (m.type() === 'error') errores.push(m.text());
  });
  pagina.on('pageerror', (e) => errores.push(e.message));
  return { pagina, errores };
}

/**
 * A finger's swipe up over the element, from near its bottom to near its top (within the
 * screen), as touch events: what it shows scrolls down, with the fling a real swipe has.
 */
export async function deslizar(pagina: Page, selector: string) {
  const caja = await pagina.locator(selector).boundingBox();
  const alto = pagina.viewportSize()?.height ?? 0;
  if (!caja) throw new Error(`${selector}: not on the page`);
  const x = caja.x + caja.width / 2;
  const desde = Math.min(caja.y + caja.height, alto) - 30;
  const hasta = Math.max(caja.y, 0) + 30;
  const cdp = await pagina.context().newCDPSession(pagina);
  const toque = (type: string, y?: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type: type as 'touchStart',
      touchPoints: y === undefined ? [] : [{ x, y }],
    });
  await toque('touchStart', desde);
  // A quick flick: the faster the finger, the farther the fling carries the list.
  const pasos = 4;
  for (let i = 1; i <= pasos; i++) {
    await toque('touchMove', desde - ((desde - hasta) * i) / pasos);
    await pagina.waitForTimeout(8);
  }
  await toque('touchEnd');
  await cdp.detach();
}

/** Whether anything of the page, or of the element, is wider than what shows of it. */
export const sinDesborde = (pagina: Page, selector: string) =>
  pagina.evaluate((selector) => {
    const raiz = document.documentElement;
    const caja = document.querySelector(selector);
    return {
      pagina: raiz.scrollWidth <= raiz.clientWidth,
      lista: caja !== null && caja.scrollWidth <= caja.clientWidth,
    };
  }, selector);
