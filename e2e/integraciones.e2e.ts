import { M } from '@recargas/contracts/mensajes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { abrirNavegador, captura, iniciarSesion, nuevaPagina } from './navegador.ts';

const base = inject('baseURL');
let navegador: Browser;
let pagina: Page;
let errores: string[];

beforeAll(async () => {
  navegador = await abrirNavegador();
  ({ pagina, errores } = await nuevaPagina(navegador));
  await iniciarSesion(pagina, base, 'demo', 'admin');
});
afterAll(() => navegador?.close());

describe('integraciones screen in Chromium (issue 23)', () => {
  it('an administrator makes a key, sees its secret once, the key works on /v1, and revokes it', async () => {
    await pagina.getByTestId('menu-integraciones').click();
    await pagina.waitForURL(/\/in\/integraciones$/);
    await pagina.getByRole('heading', { level: 1, name: M.integraciones }).waitFor();
    await pagina.getByLabel(M.llaveNombre).fill('caja 1');
    await pagina.getByLabel(M.llaveUsuario).click();
    await pagina.getByRole('option', { name: /^cliente —/ }).click();
    await pagina.getByRole('button', { name: M.nuevaLlave }).click();
    const secreto = (await pagina.getByTestId('secreto').textContent()) ?? '';
    expect(secreto).toMatch(/^rk_[0-9a-f]{12}_/);
    const saldo = await fetch(`${base}/v1/saldo`, { headers: { 'x-api-key': secreto } });
    expect(saldo.status).toBe(200);
    await pagina.getByTestId('cerrar-secreto').click();
    await expect(pagina.getByTestId('secreto').count()).resolves.toBe(0);
    const fila = pagina.getByRole('row', { name: /caja 1/ });
    await fila.getByText(M.llaveActiva).waitFor();
    await captura(pagina, 'integraciones');
    pagina.once('dialog', (d) => void d.accept());
    await fila.getByRole('button', { name: M.revocar }).click();
    await fila.getByText(new RegExp(M.llaveRevocada)).waitFor();
    expect((await fetch(`${base}/v1/saldo`, { headers: { 'x-api-key': secreto } })).status).toBe(401);
    expect(errores).toEqual([]);
  });
});
