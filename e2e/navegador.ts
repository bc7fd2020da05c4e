import { mkdirSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll } from 'vitest';
import { sitio } from './sitio.ts';

/** Debian's Chromium, with the flags this machine needs (no sandbox as root, no background network). */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
export const abrirNavegador = () => chromium.launch(CHROMIUM);

export async function nuevaPagina(navegador: Browser, ancho = 1280, zona?: string) {
  const contexto = await navegador.newContext({
    viewport: { width: ancho, height: 800 },
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

/** The colour of one pixel of a screenshot, as #rrggbb. */
export async function colorEn(pagina: Page, x: number, y: number): Promise<string> {
  const png = PNG.sync.read(await pagina.screenshot({ clip: { x, y, width: 1, height: 1 } }));
  return `#${[...png.data.subarray(0, 3)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Screenshots go under test-results/ so a person can look at them. */
export async function captura(pagina: Page, nombre: string) {
  mkdirSync('test-results', { recursive: true });
  await pagina.screenshot({ path: `test-results/${nombre}.png`, fullPage: true });
}

export async function iniciarSesion(
  pagina: Page,
  base: string,
  empresa: string,
  usuario: string,
  password = 'Demo.2026',
) {
  await pagina.goto(`${base}/${empresa}`);
  await pagina.locator('input[name="username"]').fill(usuario);
  await pagina.locator('input[name="password"]').fill(password);
  await pagina.getByTestId('login-submit').click();
  await pagina.waitForURL(/\/in\//);
}

/**
 * One browser for a test file, logged in as `usuario` of `empresa` before its tests and closed
 * after them: its page, and the console errors that page has logged.
 */
export function sesionDelArchivo(empresa: string, usuario: string) {
  const s = { errores: [] as string[] } as { navegador: Browser; pagina: Page; errores: string[] };
  beforeAll(async () => {
    s.navegador = await abrirNavegador();
    Object.assign(s, await paginaConSesion(s.navegador, 1280, empresa, usuario));
  });
  afterAll(() => s.navegador?.close());
  return s;
}

/** A new page of `ancho` px in `navegador`, logged in as `usuario` of `empresa`. */
export async function paginaConSesion(navegador: Browser, ancho: number, empresa: string, usuario: string) {
  const p = await nuevaPagina(navegador, ancho);
  await iniciarSesion(p.pagina, sitio().base, empresa, usuario);
  return p;
}

/** The widths a paged list is walked at: a desktop scrolled with the wheel, a narrow one jumping to the end. */
export const ANCHOS_DE_LISTA = [
  [1280, 'rueda'],
  [800, 'fin'],
] as const;
