import { M } from '@recargas/contracts/mensajes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, iniciarSesion } from './navegador.ts';
import { sitio } from './sitio.ts';
import { paginaDe, TAMANOS, type Tamano } from './telefono.ts';

/**
 * Issue 41, at 1280×800 and on a 390×844 touch phone: a seller without Permiso Monto sees the
 * amount before sending; an administrator toggling the permission changes the seller's open form
 * at the seller's next call, without logging the seller out.
 */
const { base } = sitio();
let navegador: Browser;
let admin: { token: string; xsrf: string };

/** The administrator's API session, as a browser would hold it. */
async function entrarComoAdmin() {
  const r = await fetch(`${base}/iniciarSesion`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Demo.2026', empresa: 'demo' }),
  });
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(r.headers.getSetCookie().join('; '))?.[1] ?? '';
  return { token: ((await r.json()) as { token: string }).token, xsrf: decodeURIComponent(xsrf) };
}

/** Permiso Monto of the seller `lider`, as the Usuarios screen's toggle sets it. */
async function permisoMonto(isMonto: boolean) {
  const r = await fetch(`${base}/api/setUsuariosMonto`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${admin.token}`,
      'x-xsrf-token': admin.xsrf,
    },
    body: JSON.stringify({ username: 'lider', isMonto }),
  });
  expect(r.status).toBe(200);
}

beforeAll(async () => {
  navegador = await abrirNavegador();
  admin = await entrarComoAdmin();
});
afterAll(async () => {
  await permisoMonto(false);
  await navegador?.close();
});

async function porTelefono(pagina: Page, dn: string) {
  await pagina.getByLabel(M.porDn).check();
  await pagina.locator('input[name="dn"]').fill(dn);
  await pagina.locator('input[name="dn2"]').fill(dn);
  await pagina.getByLabel(M.compania).click();
  await pagina.getByRole('option', { name: 'Telcel', exact: true }).click();
}
const recargar = (pagina: Page, t: Tamano) =>
  t.tactil ? pagina.getByTestId('recargar').tap() : pagina.getByTestId('recargar').click();

describe.each(TAMANOS)('Permiso Monto of an open session, $nombre', (t) => {
  it('the amount shows before sending; a toggle takes effect at the next call, no logout', async () => {
    await permisoMonto(false);
    const { pagina } = await paginaDe(navegador, t);
    await iniciarSesion(pagina, base, 'demo', 'lider');
    await pagina.waitForURL(/\/in\/recargas$/);
    const fijo = pagina.getByTestId('monto-fijo').locator('input');
    // Without the permission: the company's amount, before anything is sent.
    await porTelefono(pagina, '5512340001');
    await expect.poll(() => fijo.inputValue()).toBe('$30');
    await pagina.getByLabel(M.porIcc).check();
    await expect.poll(() => fijo.inputValue()).toBe(M.montoDeLaLinea.replace('{monto}', '$30'));
    await porTelefono(pagina, '5512340001');

    // The administrator grants it: the seller's next call (here the top-up, or any other) brings
    // it; the amount is to be chosen.
    await permisoMonto(true);
    await recargar(pagina, t);
    await pagina.getByRole('combobox', { name: M.monto }).waitFor();
    await expect.poll(() => pagina.getByTestId('monto-fijo').count()).toBe(0);
    expect(pagina.url()).toMatch(/\/in\/recargas$/);

    // Taken away again: the fixed amount is back, and the session still lives after a reload.
    await permisoMonto(false);
    await pagina.getByRole('combobox', { name: M.monto }).click();
    await pagina.getByRole('option', { name: '$30', exact: true }).click();
    await recargar(pagina, t);
    await pagina.getByTestId('monto-fijo').waitFor();
    await pagina.reload();
    await pagina.getByTestId('recargar').waitFor();
    expect(pagina.url()).toMatch(/\/in\/recargas$/);
    await pagina.context().close();
  });
});
