import { API_EMPRESAS } from '@recargas/contracts/empresas';
import { API_RECARGAS } from '@recargas/contracts/recargas';
import { API_SUBIDAS } from '@recargas/contracts/subidas';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The data of listas.e2e.ts, made through the portal's own API from inside a logged-in page. */

/** More than five pages of 20. */
export const N = 130;
export const LIDER = 'Lider Listas';
/** Leaders besides LIDER, each with one line: the inventory's rows and the leader picker's choices. */
export const LIDERES = 110;
export const CLAVE = 'Clave.123';
/** Bulk blocks of one line each, besides the block of N lines: more than five pages of 20. */
export const BLOQUES = 101;

/** A call to the portal from inside the page, with its session (token and XSRF cookie). */
export async function llamar(
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

/**
 * In tgmex: a leader with N clients and LIDERES more leaders with a line each, N expired lines (so
 * N to recycle), BLOQUES blocks of one line and one of N lines, N port-outs, N audited settings changes and N top-ups.
 */
export async function sembrar(pagina: Page) {
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
  const lideres = Array.from({ length: LIDERES }, (_, i) => i);
  await subir('7', [
    ['USERNAME', 'NOMBRE', 'PASSWORD', 'NIVEL', 'LIDER', 'CLIENTE', 'TELEFONO', 'MAX_RECARGAS'],
    ...lideres.map((i) => [`lidinv${i}`, `Lider Inv ${i}`, CLAVE, 2, '', '', '', 10]),
  ]);
  await subir(
    '1',
    [
      ['ICC', 'DN', 'COMPANIA', 'MONTO', 'LIDER', 'CLIENTE', 'NIR'],
      ...lideres.map((i) => [
        numero('8952555', i, 19),
        numero('55555', i, 10),
        'T',
        30,
        `Lider Inv ${i}`,
        '',
        '',
      ]),
    ],
    { vigencia: dia(30), plataformaId: '2' },
  );
  await subir(
    '1',
    [
      ['ICC', 'DN', 'COMPANIA', 'MONTO', 'LIDER', 'CLIENTE', 'NIR'],
      ...indices.map((i) => [numero('8952777', i, 19), numero('55777', i, 10), 'T', 30, LIDER, '', '']),
    ],
    { vigencia: dia(-2), plataformaId: '2' },
  );
  // Action 4: BLOQUES blocks of one line (more than five pages of blocks), then one of N lines,
  // the newest: the first in the list.
  for (let i = 0; i < BLOQUES; i++)
    await subir('4', [
      ['ICC', 'DN', 'COMPANIA', 'MONTO', 'LIDER', 'CLIENTE', 'NIR'],
      [numero('8952444', i, 19), numero('55444', i, 10), 'T', 30, LIDER, '', ''],
    ]);
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
