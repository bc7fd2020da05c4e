import { API_EMPRESAS } from '@recargas/contracts/empresas';
import { API_LINEAS } from '@recargas/contracts/lineas';
import { API_MASIVAS } from '@recargas/contracts/masivas';
import { M } from '@recargas/contracts/mensajes';
import { API_PORTABILIDADES } from '@recargas/contracts/portabilidades';
import { API_RECICLAJE } from '@recargas/contracts/reciclaje';
import { API_REPORTES } from '@recargas/contracts/reportes';
import { API_SUBIDAS } from '@recargas/contracts/subidas';
import { API_USUARIOS } from '@recargas/contracts/usuarios';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAVE, LIDER, LIDERES, llamar, N, sembrar } from './listas-datos.ts';
import { abrirNavegador, iniciarSesion, nuevaPagina } from './navegador.ts';
import { sitio } from './sitio.ts';
import { alcance } from './tabla.ts';

/**
 * Every paged list scrolled to its last row (issue 18), by mouse wheel at 1280 px and by the End
 * key at 800 px, on more than five pages of data. The data goes into tgmex, a company no other
 * browser test reads, through the real API: line, port-out and user uploads (.xlsx made with
 * exceljs), settings changes (audit rows) and top-ups against the provider simulator.
 */
const { base } = sitio();
const EMPRESA = 'tgmex';
let navegador: Browser;

interface Lista {
  nombre: string;
  ruta: string;
  tabla: string;
  /** The list's route, to read the total of its first page. */
  api: string;
}
const LISTAS: Lista[] = [
  { nombre: 'ventas', ruta: '/in/ventas', tabla: 'tabla-ventas', api: API_REPORTES.reportesNew },
  { nombre: 'administrarBase', ruta: '/in/administrarBase', tabla: 'tabla-lineas', api: API_LINEAS.lineas },
  { nombre: 'usuarios', ruta: '/in/usuarios', tabla: 'tabla-usuarios', api: API_USUARIOS.usuarios },
  {
    nombre: 'portabilidades',
    ruta: '/in/portabilidades',
    tabla: 'tabla-portas',
    api: API_PORTABILIDADES.portabilidades,
  },
  {
    nombre: 'configuraciones',
    ruta: '/in/configuraciones',
    tabla: 'tabla-auditoria',
    api: API_EMPRESAS.auditoria,
  },
  {
    nombre: 'reciclaje',
    ruta: '/in/grarecicladoMasivo',
    tabla: 'tabla-reciclado',
    api: API_RECICLAJE.pendientes,
  },
  { nombre: 'bloques', ruta: '/in/recargasMasivas', tabla: 'tabla-bloques', api: API_MASIVAS.bloques },
];

/** Counts the loading rows that appeared inside the table's box (virtual rows come and go). */
function vigilarCarga(pagina: Page, tabla: string) {
  return pagina.evaluate((tabla) => {
    const w = window as unknown as { cargasVistas: number };
    w.cargasVistas = 0;
    const caja = document.querySelector(`[data-testid="${tabla}-caja"]`) as HTMLElement;
    new MutationObserver(() => {
      const fila = caja.querySelector('[data-testid="fila-cargando"]');
      if (!fila) return;
      const a = fila.getBoundingClientRect();
      const b = caja.getBoundingClientRect();
      if (a.top < b.bottom && a.bottom > b.top) w.cargasVistas++;
    }).observe(caja, { childList: true, subtree: true });
  }, tabla);
}

/** Opens the list, then scrolls it to the end by wheel or End key until its last row shows. */
type Modo = 'rueda' | 'fin' | 'script';

async function recorrer(pagina: Page, l: Lista, modo: Modo) {
  const primera = pagina.waitForResponse(
    (r) => new URL(r.url()).pathname === l.api && !r.url().includes('after='),
  );
  await pagina.goto(`${base}${l.ruta}`);
  const total = Number((await (await primera).json()).total);
  expect(total).toBeGreaterThan(5 * 20);
  // administrarBase's two-month notice, once per browser.
  const aviso = pagina.getByRole('dialog').getByRole('button');
  if (await aviso.isVisible().catch(() => false)) await aviso.first().click();
  await pagina.getByTestId(l.tabla).locator('tbody tr[data-index]').first().waitFor();
  await vigilarCarga(pagina, l.tabla);
  await desplazar(pagina, l.nombre, l.tabla, total, modo);
  expect(
    await pagina.evaluate(() => (window as unknown as { cargasVistas: number }).cargasVistas),
  ).toBeGreaterThan(0);
  return total;
}

/** Scrolls a table by wheel, End key or script until its last row is in view; all rows loaded, few drawn. */
async function desplazar(pagina: Page, nombre: string, tabla: string, total: number, modo: Modo) {
  const caja = pagina.getByTestId(`${tabla}-caja`);
  // A user brings the box into view first (Configuraciones' history is below the form).
  await caja.scrollIntoViewIfNeeded();
  const caja0 = await caja.boundingBox();
  if (modo === 'rueda' && caja0)
    await pagina.mouse.move(caja0.x + caja0.width / 2, caja0.y + caja0.height / 2);
  if (modo === 'fin') await caja.focus();
  const limite = Date.now() + 40_000;
  while ((await alcance(pagina, tabla)).ultima < total - 1 && Date.now() < limite) {
    if (modo === 'rueda') await pagina.mouse.wheel(0, 1500);
    else if (modo === 'fin') await pagina.keyboard.press('End');
    else await caja.evaluate((c) => c.scrollTo(0, c.scrollHeight));
    await pagina.waitForTimeout(150);
  }
  const { ultima, enDom, cargadas } = await alcance(pagina, tabla);
  expect(cargadas).toBe(total);
  expect(ultima + 1, `${nombre}: the last row`).toBe(total);
  // Virtual: the rows near the view only, not all of them.
  expect(enDom).toBeLessThan(60);
}

beforeAll(async () => {
  navegador = await abrirNavegador();
  const { pagina } = await nuevaPagina(navegador);
  await iniciarSesion(pagina, base, EMPRESA, 'admin');
  await sembrar(pagina);
  await pagina.context().close();
}, 180_000);
afterAll(() => navegador?.close());

describe.each([
  [1280, 'rueda'],
  [800, 'fin'],
] as const)('every paged list reaches its last row at %i px (%s)', (ancho, modo) => {
  let pagina: Page;
  let errores: string[];
  beforeAll(async () => {
    ({ pagina, errores } = await nuevaPagina(navegador, ancho));
    await iniciarSesion(pagina, base, EMPRESA, 'admin');
  });
  afterAll(() => pagina.context().close());

  it.each(LISTAS)('$nombre', async (l) => {
    await recorrer(pagina, l, modo);
    // The box scrolled to its end (a full-page capture would resize the viewport and the box).
    if (l.nombre === 'ventas' || l.nombre === 'administrarBase') {
      await pagina.getByTestId(`${l.tabla}-caja`).scrollIntoViewIfNeeded();
      await pagina.screenshot({ path: `test-results/listas-${l.nombre}-${ancho}.png` });
    }
    expect(errores).toEqual([]);
  });

  it('inventario (one answer, drawn virtually)', async () => {
    const respuesta = pagina.waitForResponse(
      (r) => new URL(r.url()).pathname === API_PORTABILIDADES.inventario,
    );
    await pagina.goto(`${base}/in/inventario`);
    const total = ((await (await respuesta).json()).inventario as unknown[]).length;
    expect(total).toBeGreaterThan(LIDERES);
    await pagina.getByTestId('tabla-inventario').locator('tbody tr[data-index]').first().waitFor();
    await desplazar(pagina, 'inventario', 'tabla-inventario', total, modo);
    expect(errores).toEqual([]);
  });

  it('the lines of a bulk block (one answer, drawn virtually)', async () => {
    await pagina.goto(`${base}/in/recargasMasivas`);
    await pagina.getByRole('button', { name: M.detalles }).first().click();
    await pagina.getByTestId('tabla-lineas-bloque').locator('tbody tr[data-index]').first().waitFor();
    await desplazar(pagina, 'bloque', 'tabla-lineas-bloque', N, modo);
    expect(errores).toEqual([]);
  });
});

/** Scrolls an open picker's list (or presses End in it) until it holds `esperadas` choices. */
async function pickerHastaElFinal(pagina: Page, entrada: string, modo: Modo, esperadas: number) {
  const campo = pagina.locator(`input[name="${entrada}"]`);
  await campo.click();
  const opciones = pagina.getByRole('option');
  await expect.poll(() => opciones.count()).toBeGreaterThan(0);
  if (modo === 'fin') await campo.focus();
  const limite = Date.now() + 30_000;
  while ((await opciones.count()) < esperadas && Date.now() < limite) {
    if (modo === 'fin') await pagina.keyboard.press('End');
    else await pagina.getByRole('listbox').evaluate((l) => l.scrollTo(0, l.scrollHeight));
    await pagina.waitForTimeout(150);
  }
  expect(await opciones.count()).toBe(esperadas);
  await pagina.keyboard.press('Escape');
}

/**
 * The pickers of the user form (10 a page, SelectorPaginado) load to their last choice: by
 * scrolling the list at 1280 px, by the End key at 800 px.
 */
describe.each([
  [1280, 'rueda'],
  [800, 'fin'],
] as const)('the leader and client pickers reach their last choice at %i px (%s)', (ancho, modo) => {
  it(`'Sin lider' and ${LIDERES + 1} leaders; ${N} clients of ${LIDER}`, async () => {
    const { pagina, errores } = await nuevaPagina(navegador, ancho);
    await iniciarSesion(pagina, base, EMPRESA, 'admin');
    await pagina.goto(`${base}/in/usuarioNew`);
    await pagina.getByLabel(M.tipoUsuario).click();
    await pagina.getByRole('option', { name: M.tipoCliente, exact: true }).click();
    await pickerHastaElFinal(pagina, 'lider', modo, LIDERES + 2);
    // The leader by its name: the search goes to the server.
    await pagina.locator('input[name="lider"]').fill(LIDER);
    await pagina.getByRole('option', { name: LIDER, exact: true }).click();
    await pickerHastaElFinal(pagina, 'cliente', modo, N);
    expect(errores).toEqual([]);
    await pagina.context().close();
  });
});

/**
 * Mis clientes: only the seeded demo leader holds USUARIO_CLIENTE (no route grants it), so its N
 * clients are made in demo and deleted again at the end: usuarios.e2e.ts reads that leader's
 * exact list.
 */
describe('Mis clientes of a leader reaches its last row (scripted scroll)', () => {
  let admin: Page;
  beforeAll(async () => {
    ({ pagina: admin } = await nuevaPagina(navegador));
    await iniciarSesion(admin, base, 'demo', 'admin');
    const r = await llamar(admin, API_SUBIDAS.subir, {
      campos: { accion: '7' },
      xlsx: [
        ['USERNAME', 'NOMBRE', 'PASSWORD', 'NIVEL', 'LIDER', 'CLIENTE', 'TELEFONO', 'MAX_RECARGAS'],
        ...Array.from({ length: N }, (_, i) => [
          `clilistas${i}`,
          `Cliente Listas ${i}`,
          CLAVE,
          3,
          'Lider Demo',
          'Cliente Listas',
          '',
          5,
        ]),
      ],
    });
    expect(r.cuerpo.correctos, r.cuerpo.mensaje).toBe(N);
  }, 60_000);
  afterAll(async () => {
    const ids = await admin.evaluate(async (ruta) => {
      const r = await fetch(
        `${ruta}?limit=100&filtros=${encodeURIComponent(JSON.stringify({ username: ['clilistas'] }))}`,
        {
          headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
        },
      );
      const ids: number[] = [];
      let pagina = (await r.json()) as {
        usuarios: { id: number; username: string }[];
        siguiente: string | null;
      };
      for (;;) {
        ids.push(...pagina.usuarios.filter((u) => u.username.startsWith('clilistas')).map((u) => u.id));
        if (!pagina.siguiente) return ids;
        const otra = await fetch(
          `${ruta}?limit=100&after=${pagina.siguiente}&filtros=${encodeURIComponent(JSON.stringify({ username: ['clilistas'] }))}`,
          { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } },
        );
        pagina = await otra.json();
      }
    }, API_USUARIOS.usuarios);
    expect(ids.length).toBe(N);
    for (const id of ids)
      expect((await llamar(admin, API_USUARIOS.eliminar, { json: { id } })).status).toBe(200);
    await admin.context().close();
  }, 60_000);

  it.each([1280, 800])('at %i px', async (ancho) => {
    const { pagina, errores } = await nuevaPagina(navegador, ancho);
    await iniciarSesion(pagina, base, 'demo', 'lider');
    const lista = {
      nombre: 'misClientes',
      ruta: '/in/usuarios',
      tabla: 'tabla-usuarios',
      api: API_USUARIOS.usuarios,
    };
    expect(await recorrer(pagina, lista, 'script')).toBeGreaterThan(N);
    expect(errores).toEqual([]);
    await pagina.context().close();
  });
});
