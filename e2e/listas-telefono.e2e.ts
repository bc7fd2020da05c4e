import { API_AUDITORIA } from '@recargas/contracts/auditoria';
import { API_CONCILIACIONES } from '@recargas/contracts/conciliaciones';
import { API_LINEAS } from '@recargas/contracts/lineas';
import { API_MASIVAS } from '@recargas/contracts/masivas';
import { M } from '@recargas/contracts/mensajes';
import { API_PORTABILIDADES } from '@recargas/contracts/portabilidades';
import { API_REPORTES } from '@recargas/contracts/reportes';
import { API_USUARIOS } from '@recargas/contracts/usuarios';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { llamar, sembrar } from './listas-datos.ts';
import { abrirNavegador, iniciarSesion } from './navegador.ts';
import { sitio } from './sitio.ts';
import { alcance } from './tabla.ts';
import { deslizar, paginaDe, sinDesborde, TAMANOS } from './telefono.ts';

/**
 * Issue 41, item 1: every list at 1280×800 and on a 390×844 touch phone, on more than five pages
 * of data (listas-datos.ts, made in bisvi: its inventory has three extra columns). On the phone a
 * row is a card whose first line holds the number and the amount inside the screen, nothing is
 * wider than the screen, and a finger's swipes page to the last row. On the desk the tables keep
 * their columns, with the row's buttons beside its identity.
 */
const { base } = sitio();
const EMPRESA = 'bisvi';
const FOTOS = '/tmp/shots-41';
let navegador: Browser;

interface Lista {
  nombre: string;
  ruta: string;
  tabla: string;
  /** What the first line of the first card shows, each a field of its own (number, amount...). */
  primera: RegExp[];
  /** The paged route, to read its total: the phone scrolls to that last row. */
  api?: string;
}
const DIA = /^\d{4}\/\d{2}\/\d{2}/;
const LISTAS: Lista[] = [
  {
    nombre: 'movimientos',
    ruta: '/in/recargas',
    tabla: 'tabla-movimientos',
    primera: [/^\d{10}$/, /^\$30$/],
  },
  {
    nombre: 'ventas',
    ruta: '/in/ventas',
    tabla: 'tabla-ventas',
    primera: [/^\d{10}$/, /^\$30$/, DIA],
    api: API_REPORTES.reportesNew,
  },
  {
    nombre: 'administrarBase',
    ruta: '/in/administrarBase',
    tabla: 'tabla-lineas',
    primera: [/^\d{19}$/, /^30$/],
    api: API_LINEAS.lineas,
  },
  {
    nombre: 'usuarios',
    ruta: '/in/usuarios',
    tabla: 'tabla-usuarios',
    primera: [/\w/],
    api: API_USUARIOS.usuarios,
  },
  {
    nombre: 'portabilidades',
    ruta: '/in/portabilidades',
    tabla: 'tabla-portas',
    primera: [/^8952888\d{12}$/],
    api: API_PORTABILIDADES.portabilidades,
  },
  {
    nombre: 'bloques',
    ruta: '/in/recargasMasivas',
    tabla: 'tabla-bloques',
    primera: [DIA, /^\$[\d,]+$/],
    api: API_MASIVAS.bloques,
  },
  {
    nombre: 'auditoria',
    ruta: '/in/auditoria',
    tabla: 'tabla-rastro',
    primera: [DIA],
    api: API_AUDITORIA.lista,
  },
  {
    nombre: 'conciliaciones',
    ruta: '/in/conciliaciones',
    tabla: 'tabla-conciliaciones',
    primera: [DIA, /^\$[\d,.]+$/],
  },
];

/** Yesterday in the company's zone: a day the provider's statement can be asked for. */
const ayer = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(
  new Date(Date.now() - 86_400_000),
);

beforeAll(async () => {
  navegador = await abrirNavegador();
  const { pagina } = await paginaDe(navegador, TAMANOS[0]);
  await iniciarSesion(pagina, base, EMPRESA, 'admin');
  await sembrar(pagina);
  for (const plataforma of [1, 2]) {
    const r = await llamar(pagina, API_CONCILIACIONES.obtener, { json: { plataforma, dia: ayer } });
    expect(r.status, JSON.stringify(r.cuerpo)).toBe(200);
  }
  await pagina.context().close();
}, 240_000);
afterAll(() => navegador?.close());

/** Opens a list and answers its total (the first page's), once its first row shows. */
async function abrir(pagina: Page, l: Lista) {
  const primera = l.api
    ? pagina.waitForResponse((r) => new URL(r.url()).pathname === l.api && !r.url().includes('after='))
    : null;
  await pagina.goto(`${base}${l.ruta}`);
  const total = primera ? Number((await (await primera).json()).total) : null;
  // administrarBase's two-month notice, once per browser.
  const aviso = pagina.getByRole('dialog').getByRole('button', { name: M.entendido });
  if (await aviso.isVisible().catch(() => false)) await aviso.click();
  await pagina.getByTestId(l.tabla).locator('[data-index="0"]').waitFor();
  return total;
}

describe.each(TAMANOS)('every list on the $nombre ($ancho px)', (t) => {
  let pagina: Page;
  let errores: string[];
  beforeAll(async () => {
    ({ pagina, errores } = await paginaDe(navegador, t));
    await iniciarSesion(pagina, base, EMPRESA, 'admin');
  });
  afterAll(() => pagina.context().close());

  it.each(LISTAS)(
    '$nombre',
    async (l) => {
      const total = await abrir(pagina, l);
      const lista = pagina.getByTestId(l.tabla);
      await pagina.screenshot({ path: `${FOTOS}/${l.nombre}-${t.ancho}.png` });
      if (!t.tactil) {
        // The desk keeps its table.
        expect(await lista.locator('tbody tr[data-index]').count()).toBeGreaterThan(0);
        expect(await lista.locator('li[data-index]').count()).toBe(0);
        expect(errores).toEqual([]);
        return;
      }
      // The phone: cards, nothing wider than the screen or the list's box.
      expect(await lista.locator('table').count()).toBe(0);
      const caja = l.api ? `[data-testid="${l.tabla}-caja"]` : `[data-testid="${l.tabla}"]`;
      expect(await sinDesborde(pagina, caja)).toEqual({ pagina: true, lista: true });
      // The first card's first line: what the user came for, all of it inside the screen.
      const linea = lista.locator('[data-index="0"] .primera');
      await linea.scrollIntoViewIfNeeded();
      const partes = await linea.locator(':scope > span').evaluateAll((spans) =>
        spans.map((s) => {
          const r = s.getBoundingClientRect();
          const texto = s.textContent ?? '';
          return { texto, izquierda: r.left, derecha: r.right, arriba: r.top, abajo: r.bottom };
        }),
      );
      const textos = partes.map((p) => p.texto);
      for (const r of l.primera)
        expect(
          textos.some((x) => r.test(x)),
          `${l.nombre}: ${textos}`,
        ).toBe(true);
      for (const p of partes) {
        expect(p.izquierda).toBeGreaterThanOrEqual(0);
        expect(p.derecha).toBeLessThanOrEqual(t.ancho);
        expect(p.arriba).toBeGreaterThanOrEqual(0);
        expect(p.abajo).toBeLessThanOrEqual(t.alto);
      }
      if (total !== null) {
        // Swipes over the box page to the last row; only the cards near the view are drawn.
        expect(total).toBeGreaterThan(5 * 20);
        const limite = Date.now() + 240_000;
        while ((await alcance(pagina, l.tabla)).ultima < total - 1 && Date.now() < limite) {
          await deslizar(pagina, caja);
          await pagina.waitForTimeout(100);
        }
        const { ultima, enDom, cargadas } = await alcance(pagina, l.tabla);
        expect(cargadas).toBe(total);
        expect(ultima + 1, `${l.nombre}: the last row`).toBe(total);
        expect(enDom).toBeLessThan(40);
        await pagina.screenshot({ path: `${FOTOS}/${l.nombre}-${t.ancho}-final.png` });
      }
      expect(errores).toEqual([]);
    },
    300_000,
  );

  it.runIf(!t.tactil)("Portabilidades' buttons sit beside the ICC and number", async () => {
    await abrir(pagina, LISTAS[4] as Lista);
    const fila = pagina.getByTestId('tabla-portas').locator('tbody tr[data-index="0"]');
    const icc = await fila.getByText(/^8952888\d{12}$/).boundingBox();
    const boton = await fila.getByRole('button', { name: M.activar }).boundingBox();
    if (!icc || !boton) throw new Error('no ICC or no Activar');
    // Within the screen, a few columns right of the ICC (it was 1,500 px away).
    expect(boton.x + boton.width).toBeLessThanOrEqual(t.ancho);
    expect(boton.x - icc.x).toBeLessThan(500);
  });

  it.runIf(!t.tactil)('Usuarios: the pencil beside the username hides no Permiso Monto', async () => {
    await abrir(pagina, LISTAS[3] as Lista);
    const fila = pagina
      .getByTestId('tabla-usuarios')
      .locator('tbody tr', { has: pagina.getByTestId('editar-lidlistas') });
    const interruptor = fila.getByLabel(`${M.colPermisoMonto} lidlistas`, { exact: true });
    await interruptor.scrollIntoViewIfNeeded();
    // Nothing lies over the switch: the element at its centre is the switch itself.
    const encima = await interruptor.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const arriba = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return arriba === el || el.contains(arriba) || (arriba?.contains(el) ?? false);
    });
    expect(encima).toBe(true);
    const lapiz = await fila.getByTestId('editar-lidlistas').boundingBox();
    const usuario = await fila.getByText('lidlistas', { exact: true }).boundingBox();
    if (!lapiz || !usuario) throw new Error('no pencil or no username');
    expect(lapiz.x - usuario.x).toBeLessThan(300);
  });
});
