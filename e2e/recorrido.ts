import AxeBuilder from '@axe-core/playwright';
import { M } from '@recargas/contracts/mensajes';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, captura, iniciarSesion, nuevaPagina } from './navegador.ts';
import { sitio } from './sitio.ts';

/**
 * The walk of issue 10: every screen of spec section 2 as each level of `demo`, at the desktop
 * width and at the 800 px mobile breakpoint (a file each: recorrido-*.walk.ts, run at once on
 * two fresh servers). An allowed screen is shot, checked with axe-core
 * (no serious or critical violation) and must leave no console error; a screen the level may
 * not open sends it, saying why, to the company's login where the seed does (AL_LOGIN) and to
 * /in/recargas otherwise.
 */

/** The /in/ routes of spec section 2 (and integraciones, issue 23; auditoria and conciliaciones, issue 22); `:id` is a real user or release note, read in beforeAll. */
const RUTAS = [
  'recargas',
  'recargasMasivas',
  'usuarios',
  'usuarioNew',
  'editarUsuario/:id',
  'saldos',
  'ventas',
  'subirArchivos',
  'administrarBase',
  'configuraciones',
  'integraciones',
  'auditoria',
  'conciliaciones',
  'graficas',
  'grarecicladoMasivo',
  'portabilidades',
  'inventario',
  'recargasCarier',
  'comentariosCarier',
  'configRecargasSinUsuario',
  'nuevoUsuarioPlataforma',
  'actualizaciones',
  'actualizaciones/:id',
] as const;
type Ruta = (typeof RUTAS)[number];

/** What each demo user may open (spec section 6): written out, not derived from the menu rules. */
const DEL_LIDER: readonly Ruta[] = [
  'recargas',
  'usuarios',
  'usuarioNew',
  'editarUsuario/:id',
  'ventas',
  'subirArchivos',
  'administrarBase',
  'inventario',
  'actualizaciones',
  'actualizaciones/:id',
];
const PERMITIDAS: Record<string, readonly Ruta[]> = {
  root: RUTAS,
  admin: RUTAS,
  lider: DEL_LIDER,
  cliente: ['recargas', 'ventas', 'actualizaciones', 'actualizaciones/:id'],
};

/** Refused screens that go to the company's login (spec section 6: users for level 3, balances for 2 and 3). */
const AL_LOGIN: Record<string, readonly Ruta[]> = {
  lider: ['saldos'],
  cliente: ['usuarios', 'usuarioNew', 'editarUsuario/:id', 'saldos'],
};

/** The public screens of spec section 2, visited without a session. */
const PUBLICAS = ['/', '/demo', '/demo/recargasUsuario'] as const;

/** Serious and critical axe-core findings: rule, offending nodes and what the first one lacks. */
async function violacionesGraves(pagina: Page) {
  // Legacy mode runs axe in the page itself instead of opening a blank page to merge the
  // results of each frame: the app has no frames, and it saves about 0.4 s a check.
  const { violations } = await new AxeBuilder({ page: pagina }).setLegacyMode(true).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}\n${v.nodes[0]?.failureSummary}`,
    );
}

/** Waits for the page's requests to end, shoots it and runs axe on it. */
async function revisar(pagina: Page, errores: string[], nombre: string) {
  await pagina.waitForLoadState('networkidle');
  await captura(pagina, nombre);
  expect(await violacionesGraves(pagina)).toEqual([]);
  expect(errores).toEqual([]);
}

const archivo = (texto: string) => texto.replace(/^\/+/, '').replace(/[/:]/g, '_') || 'raiz';

/** Every screen at `ancho` px: as a visitor, then as each level. */
export function recorrer(ancho: number) {
  const { base } = sitio();
  let navegador: Browser;
  /** The demo client (a leader may edit it) and the newest release note. */
  const ids = { editarUsuario: 0, actualizaciones: 0 };

  beforeAll(async () => {
    navegador = await abrirNavegador();
    const { pagina } = await nuevaPagina(navegador);
    await iniciarSesion(pagina, base, 'demo', 'root');
    Object.assign(
      ids,
      await pagina.evaluate(async () => {
        const leer = async (ruta: string) =>
          (
            await fetch(ruta, { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } })
          ).json();
        const { usuarios } = await leer(
          `/api/usuarios?filtros=${encodeURIComponent('{"username":["cliente"]}')}`,
        );
        const { actualizaciones } = await leer('/api/actualizaciones');
        return {
          editarUsuario: usuarios.find((u: { username: string }) => u.username === 'cliente').id as number,
          actualizaciones: actualizaciones[0].id as number,
        };
      }),
    );
    await pagina.context().close();
  });
  afterAll(() => navegador?.close());

  const camino = (ruta: Ruta) =>
    `/in/${ruta.replace(':id', () => String(ids[ruta.split('/')[0] as keyof typeof ids]))}`;

  describe(`walk at ${ancho} px`, () => {
    describe('visitor', () => {
      it.each(PUBLICAS)('%s', async (ruta) => {
        const { pagina, errores } = await nuevaPagina(navegador, ancho);
        await pagina.goto(`${base}${ruta}`);
        // The public top-up is a form without a heading.
        await pagina.locator('h1, form').first().waitFor();
        await revisar(pagina, errores, `recorrido-${ancho}-visitante-${archivo(ruta)}`);
        await pagina.context().close();
      });
    });

    describe.each(Object.keys(PERMITIDAS))('%s', (usuario) => {
      let contexto: BrowserContext;
      let pagina: Page;
      let errores: string[];
      beforeAll(async () => {
        ({ pagina, errores } = await nuevaPagina(navegador, ancho));
        contexto = pagina.context();
        await iniciarSesion(pagina, base, 'demo', usuario);
      });
      afterAll(() => contexto?.close());

      it.each(RUTAS)('%s', async (ruta) => {
        errores.length = 0;
        const destino = camino(ruta);
        await pagina.goto(`${base}${destino}`);
        if (!PERMITIDAS[usuario]?.includes(ruta)) {
          if (AL_LOGIN[usuario]?.includes(ruta)) {
            await pagina.waitForURL(`${base}/demo`);
            await pagina.getByTestId('login-mensaje').getByText(M.sinAccesoSeccion).waitFor();
          } else {
            await pagina.waitForURL(`${base}/in/recargas`);
            await pagina.getByText(M.sinAccesoSeccion).first().waitFor();
          }
          expect(errores).toEqual([]);
          return;
        }
        await pagina.locator('main h1').first().waitFor();
        expect(new URL(pagina.url()).pathname).toBe(destino);
        await revisar(pagina, errores, `recorrido-${ancho}-${usuario}-${archivo(ruta)}`);
      });
    });
  });
}
