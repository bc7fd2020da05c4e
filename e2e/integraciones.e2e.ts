import { M } from '@recargas/contracts/mensajes';
import { describe, expect, it } from 'vitest';
import { captura, sesionDelArchivo } from './navegador.ts';
import { sitio } from './sitio.ts';

const { base } = sitio();
const sesion = sesionDelArchivo('demo', 'admin');

describe('integraciones screen in Chromium (issue 23)', () => {
  it('an administrator makes a key, sees its secret once, the key works on /v1, and revokes it', async () => {
    await sesion.pagina.getByTestId('menu-integraciones').click();
    await sesion.pagina.waitForURL(/\/in\/integraciones$/);
    await sesion.pagina.getByRole('heading', { level: 1, name: M.integraciones }).waitFor();
    await sesion.pagina.getByLabel(M.llaveNombre).fill('caja 1');
    await sesion.pagina.getByLabel(M.llaveUsuario).click();
    // An administrator's key cannot act as root (the server refuses it): root is not offered.
    await sesion.pagina.getByRole('option', { name: /^admin —/ }).waitFor();
    await expect(sesion.pagina.getByRole('option', { name: /^root —/ }).count()).resolves.toBe(0);
    await sesion.pagina.getByRole('option', { name: /^cliente —/ }).click();
    await sesion.pagina.getByRole('button', { name: M.nuevaLlave }).click();
    const secreto = (await sesion.pagina.getByTestId('secreto').textContent()) ?? '';
    expect(secreto).toMatch(/^rk_[0-9a-f]{12}_/);
    const saldo = await fetch(`${base}/v1/saldo`, { headers: { 'x-api-key': secreto } });
    expect(saldo.status).toBe(200);
    // Copiar puts the secret on the clipboard.
    await sesion.pagina.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    await sesion.pagina.getByTestId('copiar-secreto').click();
    await sesion.pagina.getByRole('button', { name: M.copiado }).waitFor();
    expect(await sesion.pagina.evaluate(() => navigator.clipboard.readText())).toBe(secreto);
    await sesion.pagina.getByTestId('cerrar-secreto').click();
    await expect(sesion.pagina.getByTestId('secreto').count()).resolves.toBe(0);
    const fila = sesion.pagina.getByRole('row', { name: /caja 1/ });
    await fila.getByText(M.llaveActiva).waitFor();
    await captura(sesion.pagina, 'integraciones');
    sesion.pagina.once('dialog', (d) => void d.accept());
    await fila.getByRole('button', { name: M.revocar }).click();
    await fila.getByText(new RegExp(M.llaveRevocada)).waitFor();
    expect((await fetch(`${base}/v1/saldo`, { headers: { 'x-api-key': secreto } })).status).toBe(401);
    expect(sesion.errores).toEqual([]);
  });

  it('a webhook is created (its field clears, its secret shows once) and deleted', async () => {
    const p = sesion.pagina;
    const url = p.getByLabel(M.webhookUrl).first();
    const boton = p.getByRole('button', { name: M.nuevoWebhook });
    await expect(boton.isDisabled()).resolves.toBe(true);
    await url.fill('https://example.com/hook');
    await expect(boton.isDisabled()).resolves.toBe(false);
    await url.press('Enter');
    await p.getByText(M.webhookCreado).waitFor();
    await expect(p.getByText(/^whsec_/).count()).resolves.toBe(1);
    await expect(url.inputValue()).resolves.toBe('');
    await expect(boton.isDisabled()).resolves.toBe(true);
    const fila = p.getByRole('row', { name: /example\.com\/hook/ });
    await fila.getByRole('button', { name: M.eliminar }).click();
    await fila.waitFor({ state: 'detached' });
    expect(sesion.errores).toEqual([]);
  });
});
