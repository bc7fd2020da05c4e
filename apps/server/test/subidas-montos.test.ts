import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { M } from '@recargas/contracts/mensajes';
import { describe, expect, it } from 'vitest';
import { PLANTILLAS } from '../src/modules/subidas/service.ts';
import { admin, demo, e } from './demo-entorno.ts';
import { leerXlsx } from './entorno.ts';
import { pedir } from './peticion.ts';
import { ADMIN, prepararSubidas } from './subidas-entorno.ts';
import { type Fila, icc, lineaDe, malas, subir, xlsx } from './subidas-prueba.ts';

/**
 * Issue 41: every upload that carries a top-up amount (actions 1, 2, 4 and 6) takes only the
 * company's amounts, the single top-up's rule (montoPermitido); a row with another is rejected
 * with 'Monto no permitido' on its cell, and the rejected rows come back as an .xlsx.
 */
prepararSubidas();

/** In the demo company's list, and not (the 45). */
const BIEN = 50;
const MAL = 45;
const PORTAS = [...PLANTILLAS.portabilidadesAdmin];

const porFila = (cuerpo: { arreglo: Fila[] }) => new Map(cuerpo.arreglo.map((f) => [f.fila, f]));
/** A lines file of two rows: `bien` at $50 (row 2), `mal` at $45 (row 3). */
const bienYMal = async (accion: string, bien: string, mal: string) =>
  subir(
    admin,
    { accion },
    await xlsx([
      ADMIN,
      [bien, '5512345678', 'T', BIEN, '', '', ''],
      [mal, '5512345679', 'T', MAL, '', '', ''],
    ]),
  );
const descargar = async (nombre: string) =>
  (await pedir(e.app, null, 'GET', `/excel/descargar?nombre=${encodeURIComponent(nombre)}`)).rawPayload;

describe('POST /subirArchivo: amounts against the company list', () => {
  it('action 1: the allowed amount is written, the other rejected on its MONTO cell; its .xlsx', async () => {
    const [bien, mal] = [icc(), icc()];
    const r = await bienYMal('1', bien, mal);
    expect(r.statusCode).toBe(200);
    const cuerpo = r.json();
    expect(cuerpo).toMatchObject({ total: 2, correctos: 1, erroneos: 1 });
    const filas = porFila(cuerpo);
    expect(malas(filas.get(2) as Fila)).toEqual([]);
    // Row 3, column MONTO (D): the cell D3.
    expect(malas(filas.get(3) as Fila)).toEqual([['MONTO', M.montoNoPermitido]]);
    expect(await lineaDe(bien)).toMatchObject({ monto: BIEN });
    expect(await lineaDe(mal)).toBeUndefined();
    // The rejected rows: the file's columns plus ERROR, the bad cell by its address.
    const [titulos, ...rechazadas] = await leerXlsx(await descargar(cuerpo.archivoRechazadas));
    expect(titulos).toEqual([...ADMIN, M.colErrorSubida]);
    expect(rechazadas).toHaveLength(1);
    expect(rechazadas[0]?.[0]).toBe(mal);
    expect(rechazadas[0]?.at(-1)).toBe(`D3: ${M.montoNoPermitido}`);
  });

  it('a file with no rejected row answers no rejected rows file', async () => {
    const r = await subir(
      admin,
      { accion: '1' },
      await xlsx([ADMIN, [icc(), '5512345678', 'T', BIEN, '', '', '']]),
    );
    expect(r.json()).toMatchObject({ correctos: 1, erroneos: 0 });
    expect(r.json().archivoRechazadas).toBeUndefined();
  });

  it('action 2: a replacement with a disallowed amount leaves the line as it was', async () => {
    const [a, b] = [icc(), icc()];
    await subir(
      admin,
      { accion: '1' },
      await xlsx([ADMIN, [a, '5512345678', 'T', BIEN, '', '', ''], [b, '5512345679', 'T', BIEN, '', '', '']]),
    );
    const r = await subir(
      admin,
      { accion: '2' },
      await xlsx([ADMIN, [a, '5512345678', 'T', 100, '', '', ''], [b, '5512345679', 'T', MAL, '', '', '']]),
    );
    const filas = porFila(r.json());
    expect(malas(filas.get(2) as Fila)).toEqual([]);
    expect(malas(filas.get(3) as Fila)).toEqual([['MONTO', M.montoNoPermitido]]);
    expect(await lineaDe(a)).toMatchObject({ monto: 100 });
    expect(await lineaDe(b)).toMatchObject({ monto: BIEN });
  });

  it('action 4: the block holds only the allowed row', async () => {
    const [bien, mal] = [icc(), icc()];
    const r = await bienYMal('4', bien, mal);
    expect(r.json()).toMatchObject({ total: 2, correctos: 1, erroneos: 1 });
    expect(malas(porFila(r.json()).get(3) as Fila)).toEqual([['MONTO', M.montoNoPermitido]]);
    const enBloques = await e.db
      .selectFrom('bloque_lineas')
      .select(['icc', 'monto'])
      .where('icc', 'in', [bien, mal])
      .execute();
    expect(enBloques).toEqual([{ icc: bien, monto: BIEN }]);
    expect(await lineaDe(mal)).toBeUndefined();
  });

  it('action 6: MONTO_RECARGA outside the list is rejected on its cell (H)', async () => {
    const [bien, mal] = [icc(), icc()];
    const r = await subir(
      admin,
      { accion: '6' },
      await xlsx([PORTAS, [bien, '', '', '', '', '', '', BIEN], [mal, '', '', '', '', '', '', MAL]]),
    );
    expect(r.json()).toMatchObject({ total: 2, correctos: 1, erroneos: 1 });
    expect(malas(porFila(r.json()).get(3) as Fila)).toEqual([['MONTO_RECARGA', M.montoNoPermitido]]);
    const escritas = await e.db
      .selectFrom('portabilidades')
      .select(['icc', 'monto_recarga'])
      .where('empresa_id', '=', demo)
      .where('icc', 'in', [bien, mal])
      .execute();
    expect(escritas).toEqual([{ icc: bien, monto_recarga: BIEN }]);
    const [, fila] = await leerXlsx(await descargar(r.json().archivoRechazadas));
    expect(fila?.at(-1)).toBe(`H3: ${M.montoNoPermitido}`);
  });

  it.skipIf(!['/usr/bin/soffice', '/usr/bin/libreoffice'].some(existsSync))(
    'LibreOffice headless opens the rejected rows file',
    async () => {
      const mal = icc();
      const r = await bienYMal('1', icc(), mal);
      const dir = mkdtempSync(join(tmpdir(), 'lo-'));
      writeFileSync(join(dir, 'r.xlsx'), await descargar(r.json().archivoRechazadas));
      execFileSync('soffice', ['--headless', '--convert-to', 'csv', '--outdir', dir, join(dir, 'r.xlsx')], {
        timeout: 120_000,
      });
      const lineas = readFileSync(join(dir, 'r.csv'), 'utf8').trim().split('\n');
      expect(lineas).toHaveLength(2);
      expect(lineas[1]).toContain(mal);
      expect(lineas[1]).toContain(`D3: ${M.montoNoPermitido}`);
    },
  );
});
