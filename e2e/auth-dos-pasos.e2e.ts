import { PASO } from '@recargas/contracts/auth/rutas';
import { M } from '@recargas/contracts/mensajes';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador } from './navegador.ts';
import { sitio } from './sitio.ts';
import { paginaDe, TAMANOS } from './telefono.ts';

/**
 * Issue 41: the first two-step login (code 13: the QR, then Siguiente) asks for the code and
 * says nothing else: before anything is typed, no code was sent and no refusal shows. At 1280×800
 * and on a 390×844 touch phone.
 */
const { base } = sitio();
let navegador: Browser;
beforeAll(async () => {
  navegador = await abrirNavegador();
});
afterAll(() => navegador?.close());

/** A 1×1 PNG: the QR of the answer. */
const QR =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe.each(TAMANOS)('first two-step login, $nombre', (t) => {
  it('Siguiente after the QR shows the code field, sends no code, shows no refusal', async () => {
    const { pagina, errores } = await paginaDe(navegador, t);
    const verificaciones: string[] = [];
    // The administrator's first login: the server answers code 13 with the QR to scan.
    await pagina.route('**/iniciarSesion', (r) =>
      r.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ code: PASO.configurar, mensaje: M.dosPasosConfigurar, qrCodeUrl: QR }),
      }),
    );
    await pagina.route('**/api/2fa/verify', (r) => {
      verificaciones.push(r.request().postData() ?? '');
      return r.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ mensaje: M.codigoSeisDigitos }),
      });
    });
    await pagina.goto(`${base}/demo`);
    await pagina.locator('input[name="username"]').fill('admin');
    await pagina.locator('input[name="password"]').fill('Demo.2026');
    await pagina.getByTestId('login-submit').click();
    await pagina.getByRole('img', { name: 'QR' }).waitFor();
    const siguiente = pagina.getByRole('button', { name: M.siguiente });
    if (t.tactil) await siguiente.tap();
    else await siguiente.click();
    await pagina.locator('input[name="code"]').waitFor();
    await pagina.waitForTimeout(500);
    expect(verificaciones).toEqual([]);
    // The prompt for the code, not a refusal of one.
    await expect(pagina.getByTestId('login-mensaje').textContent()).resolves.toBe(M.dosPasosCodigo);
    // A code typed and sent goes once, with the code.
    await pagina.locator('input[name="code"]').fill('123456');
    await pagina.getByTestId('login-submit').click();
    await pagina.getByTestId('login-mensaje').getByText(M.codigoSeisDigitos).waitFor();
    expect(verificaciones).toHaveLength(1);
    expect(JSON.parse(verificaciones[0] ?? '{}').code).toBe('123456');
    expect(errores.filter((x) => !x.includes('401') && !x.includes('400'))).toEqual([]);
    await pagina.context().close();
  });
});
