import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { M } from '@recargas/contracts/mensajes';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM } from './navegador.ts';
import { sitio } from './sitio.ts';

/**
 * Issue 21: each company's portal installs as its own app (Chromium's own check through the
 * DevTools protocol) and, once visited, a reload without network shows the Spanish offline page
 * instead of the browser's error. A persistent profile: Chromium installs nothing from an
 * incognito one, which is what a plain new context is.
 */
const { base } = sitio();
let perfil: string;
let contexto: BrowserContext;

beforeAll(async () => {
  perfil = mkdtempSync(join(tmpdir(), 'recargas-perfil-'));
  contexto = await chromium.launchPersistentContext(perfil, { ...CHROMIUM, locale: 'es-MX' });
});
afterAll(async () => {
  await contexto?.close();
  rmSync(perfil, { recursive: true, force: true });
});

/** The login of a company, its service worker in control of the page. */
async function abrirLogin(empresa: string): Promise<Page> {
  const pagina = await contexto.newPage();
  await pagina.goto(`${base}/${empresa}`);
  await pagina.locator('input[name="username"]').waitFor();
  await pagina.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return pagina;
}

async function instalable(pagina: Page) {
  const cdp = await contexto.newCDPSession(pagina);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  const { url, data } = await cdp.send('Page.getAppManifest');
  await cdp.detach();
  return {
    errores: installabilityErrors.map((e) => e.errorId),
    url,
    manifiesto: data ? JSON.parse(data) : null,
  };
}

describe('installable per company', () => {
  it.each(['demo', 'vcell'])('Chromium reports no installability errors for /%s', async (empresa) => {
    const pagina = await abrirLogin(empresa);
    const { errores, url, manifiesto } = await instalable(pagina);
    expect(errores).toEqual([]);
    expect(url).toBe(`${base}/getEmpresa/${empresa}/manifest.webmanifest`);
    const datos = (await (await fetch(`${base}/getEmpresa/${empresa}`)).json()) as {
      nombre: string;
      primaryColor: string;
    };
    expect(manifiesto).toMatchObject({
      id: `/${empresa}`,
      start_url: `/${empresa}`,
      name: datos.nombre,
      theme_color: datos.primaryColor,
    });
    await pagina.close();
  });

  it('a page that names no company offers nothing to install (the check can fail)', async () => {
    const pagina = await contexto.newPage();
    await pagina.goto(`${base}/`);
    await pagina.getByText(M.sinEmpresa).waitFor();
    expect((await instalable(pagina)).errores).toContain('no-manifest');
    await pagina.close();
  });
});

describe('offline', () => {
  it('after a first visit a reload without network shows the offline page; Reintentar brings the login back', async () => {
    const pagina = await abrirLogin('demo');
    // The app shell was kept at install: the login's files answer from the cache offline.
    const guardados = await pagina.evaluate(async () => {
      const claves = await caches.keys();
      const cache = await caches.open(claves.find((c) => c.startsWith('portal-')) ?? '');
      return (await cache.keys()).map((r) => new URL(r.url).pathname);
    });
    expect(guardados).toContain('/offline.html');
    expect(guardados.some((r) => /^\/assets\/Login-.*\.js$/.test(r))).toBe(true);

    await contexto.setOffline(true);
    await pagina.reload();
    await expect(pagina.getByRole('heading', { name: M.sinConexionTitulo }).isVisible()).resolves.toBe(true);
    await expect(pagina.getByText(M.sinConexion).isVisible()).resolves.toBe(true);
    const login = guardados.find((r) => /^\/assets\/Login-.*\.js$/.test(r)) ?? '';
    await expect(pagina.evaluate(async (r) => (await fetch(r)).ok, login)).resolves.toBe(true);

    await contexto.setOffline(false);
    await pagina.getByRole('link', { name: M.reintentar }).click();
    await pagina.locator('input[name="username"]').waitFor();
    expect(pagina.url()).toBe(`${base}/demo`);
    await pagina.close();
  });
});
