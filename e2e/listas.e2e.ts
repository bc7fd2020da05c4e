import { API_EMPRESAS } from '@recargas/contracts/empresas';
import { API_LINEAS } from '@recargas/contracts/lineas';
import { M } from '@recargas/contracts/mensajes';
import { API_PORTABILIDADES } from '@recargas/contracts/portabilidades';
import { API_RECARGAS } from '@recargas/contracts/recargas';
import { API_RECICLAJE } from '@recargas/contracts/reciclaje';
import { API_REPORTES } from '@recargas/contracts/reportes';
import { API_SUBIDAS } from '@recargas/contracts/subidas';
import { API_USUARIOS } from '@recargas/contracts/usuarios';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { abrirNavegador, iniciarSesion, nuevaPagina } from './navegador.ts';

/**
 * Every paged list scrolled to its last row (issue 18), by mouse wheel at 1280 px and by the End
 * key at 800 px, on more than five pages of data. The data goes into tgmex, a company no other
 * browser test reads, through the real API: line, port-out and user uploads (.xlsx made with
 * exceljs), settings changes (audit rows) and top-ups against the provider simulator.
 */
const base = inject('baseURL');
const EMPRESA = 'tgmex';
/** More than five pages of 20. */
const N = 130;
const LIDER = 'Lider Listas';
const CLAVE = 'Clave.123';
let navegador: Browser;

/** A call to the portal from inside the page, with its session (token and XSRF cookie). */
async function llamar(
  pagina: Page,
  ruta: string,
  cuerpo: { json?: unknown; xlsx?: unknown[][]; campos?: Record<string, string>; metodo?: string },
) {
  let archivo: number[] | undefined;
  if (cuerpo.xlsx) {
    const libro = new ExcelJS.Workbook();
    const hoja = libro.addWorksheet('Hoja');
    for (const f of cuerpo.xlsx) hoja.addRow(f);
    archivo = [...new Uint8Array(await libro.xlsx.writeBuffer())];
  }
  return pagina.evaluate(
    async ({ ruta, json, campos, archivo, metodo }) => {
      const xsrf = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '');
      const cabeceras: Record<string, string> = {
        Authorization: `Bearer ${localStorage.getItem('token')}`,
        'X-XSRF-TOKEN': xsrf,
      };
      let body: BodyInit | undefined;
      if (archivo) {
        const f = new FormData();
        for (const [k, v] of Object.entries(campos ?? {})) f.set(k, v);
        f.set('archivo', new Blob([new Uint8Array(archivo)]), 'datos.xlsx');
        body = f;
      } else {
        cabeceras['Content-Type'] = 'application/json';
        body = JSON.stringify(json);
      }
      const r = await fetch(ruta, { method: metodo, headers: cabeceras, body });
      return { status: r.status, cuerpo: await r.json() };
    },
    { ruta, json: cuerpo.json, campos: cuerpo.campos, archivo, metodo: cuerpo.metodo ?? 'POST' },
  );
}

const dia = (desplazamiento: number) => {
  const d = new Date(Date.now() + desplazamiento * 86_400_000);
  return `${d.getFullYear()}/${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}`;
};
const numero = (prefijo: string, i: number, largo: number) =>
  `${prefijo}${String(i).padStart(largo - prefijo.length, '0')}`;

/** The data: N lines (expired, so also N to recycle), N port-outs, a leader with N clients, N top-ups. */
async function sembrar(pagina: Page) {
  const subir = async (accion: string, filas: unknown[][], campos: Record<string, string> = {}) => {
    const r = await llamar(pagina, API_SUBIDAS.subir, { xlsx: filas, campos: { accion, ...campos } });
    expect(r.status, JSON.stringify(r.cuerpo).slice(0, 300)).toBe(200);
    expect(r.cuerpo.correctos, r.cuerpo.mensaje).toBe(filas.length - 1);
  };
  const indices = Array.from({ length: N }, (_, i) => i);
  await subir('7', [
    ['USERNAME', 'NOMBRE', 'PASSWORD', 'NIVEL', 'LIDER', 'CLIENTE', 'TELEFONO', 'MAX_RECARGAS'],
    ['lidlistas', LIDER, CLAVE, 2, '', '', '', 10],
  ]);
  await subir('7', [
    ['USERNAME', 'NOMBRE', 'PASSWORD', 'NIVEL', 'LIDER', 'CLIENTE', 'TELEFONO', 'MAX_RECARGAS'],
    ...indices.map((i) => [
      `clilistas${i}`,
      `Cliente Listas ${i}`,
      CLAVE,
      3,
      LIDER,
      `Cliente Listas ${i}`,
      '',
      5,
    ]),
  ]);
  await subir(
    '1',
    [
      ['ICC', 'DN', 'COMPANIA', 'MONTO', 'LIDER', 'CLIENTE', 'NIR'],
      ...indices.map((i) => [numero('8952777', i, 19), numero('55777', i, 10), 'T', 30, LIDER, '', '']),
    ],
    { vigencia: dia(-2), plataformaId: '2' },
  );
  // Action 4: one bulk block of N lines.
  await subir('4', [
    ['ICC', 'DN', 'COMPANIA', 'MONTO', 'LIDER', 'CLIENTE', 'NIR'],
    ...indices.map((i) => [numero('8952999', i, 19), numero('55999', i, 10), 'T', 30, LIDER, '', '']),
  ]);
  await subir('6', [
    ['ICC', 'LIDER', 'CLIENTE', 'INTER', 'DN_ORIGEN', 'COMPANIA_ORIGEN', 'NIP', 'MONTO_RECARGA'],
    ...indices.map((i) => [numero('8952888', i, 19), LIDER, '', '', '', '', '', '']),
  ]);
  // N settings changes, each one audit row; an even number leaves the setting as it was.
  for (let i = 0; i < N; i++) {
    const r = await llamar(pagina, API_EMPRESAS.configuraciones, {
      metodo: 'PATCH',
      json: { columnaExtraMasivas: i % 2 === 0 },
    });
    expect(r.status, JSON.stringify(r.cuerpo)).toBe(200);
  }
  // Top-ups ten at a time: the simulator answers each.
  for (let i = 0; i < N; i += 10) {
    const lote = indices.slice(i, i + 10).map((j) =>
      llamar(pagina, API_RECARGAS.recargar, {
        json: { dn: numero('55666', j, 10), compania: 'T', monto: 30 },
      }),
    );
    for (const r of await Promise.all(lote)) expect(r.status, JSON.stringify(r.cuerpo)).toBe(200);
  }
}

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

/** The highest row index wholly inside the table's box, and how many rows are in the DOM. */
const alcance = (pagina: Page, tabla: string) =>
  pagina.evaluate((tabla) => {
    const caja = document.querySelector(`[data-testid="${tabla}-caja"]`)?.getBoundingClientRect();
    const filas = Array.from(document.querySelectorAll(`[data-testid="${tabla}"] tbody tr[data-index]`));
    const vistas = filas.filter((f) => {
      const r = f.getBoundingClientRect();
      return caja && r.top >= caja.top - 1 && r.bottom <= caja.bottom + 1;
    });
    return {
      ultima: Math.max(-1, ...vistas.map((f) => Number(f.getAttribute('data-index')))),
      enDom: filas.length,
      cargadas: Number(document.querySelector(`[data-testid="${tabla}"]`)?.getAttribute('data-filas')),
    };
  }, tabla);

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

  it('the lines of a bulk block (one answer, drawn virtually)', async () => {
    await pagina.goto(`${base}/in/recargasMasivas`);
    await pagina.getByRole('button', { name: M.detalles }).first().click();
    await pagina.getByTestId('tabla-lineas-bloque').locator('tbody tr[data-index]').first().waitFor();
    await desplazar(pagina, 'bloque', 'tabla-lineas-bloque', N, modo);
    expect(errores).toEqual([]);
  });
});

/**
 * The client picker of the user form (10 a page, SelectorPaginado) loads to its last choice:
 * by scrolling its list at 1280 px, by the End key at 800 px.
 */
describe.each([
  [1280, 'rueda'],
  [800, 'fin'],
] as const)('the client picker reaches its last choice at %i px (%s)', (ancho, modo) => {
  it(`${N} clients of ${LIDER}`, async () => {
    const { pagina, errores } = await nuevaPagina(navegador, ancho);
    await iniciarSesion(pagina, base, EMPRESA, 'admin');
    await pagina.goto(`${base}/in/usuarioNew`);
    await pagina.getByLabel(M.tipoUsuario).click();
    await pagina.getByRole('option', { name: M.tipoCliente, exact: true }).click();
    await pagina.locator('input[name="lider"]').click();
    await pagina.getByRole('option', { name: LIDER, exact: true }).click();
    const cliente = pagina.locator('input[name="cliente"]');
    await cliente.click();
    const opciones = pagina.getByRole('option');
    await expect.poll(() => opciones.count()).toBeGreaterThan(0);
    if (modo === 'fin') await cliente.focus();
    const limite = Date.now() + 30_000;
    while ((await opciones.count()) < N && Date.now() < limite) {
      if (modo === 'rueda') await pagina.getByRole('listbox').evaluate((l) => l.scrollTo(0, l.scrollHeight));
      else await pagina.keyboard.press('End');
      await pagina.waitForTimeout(150);
    }
    expect(await opciones.count()).toBe(N);
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
