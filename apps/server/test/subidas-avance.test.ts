import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { M } from '@recargas/contracts/mensajes';
import { type AvanceSubida, ETAPAS_SUBIDA } from '@recargas/contracts/subidas';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { SUBIDAS_POR_DEFECTO } from '../src/config.ts';
import {
  avance,
  avanzador,
  claveAvance,
  conAvance,
  limitesSubida,
  PLANTILLAS,
} from '../src/modules/subidas/service.ts';
import { revisarZip } from '../src/modules/subidas/xlsx.ts';
import { admin, demo, e, lider, prepararDemo } from './demo-entorno.ts';
import { pedir } from './peticion.ts';
import { type Fila, icc, subir, xlsx } from './subidas-prueba.ts';
import { libro } from './xlsx-prueba.ts';

/** Upload progress (GET /subirArchivo/avance), action 7 in file order, and the templates' help. */
prepararDemo();

describe('upload progress', () => {
  it('each stage fills its share of the percentage; the end is terminada at 100', async () => {
    const clave = claveAvance(1, 1, 'unidad-1');
    const vistos: AvanceSubida[] = [];
    await conAvance(clave, async () => {
      vistos.push(avance(clave));
      avanzador('leyendo')(1, 2);
      vistos.push(avance(clave));
      avanzador('validando')(2, 2);
      vistos.push(avance(clave));
      const escribir = avanzador('escribiendo');
      escribir(1, 4);
      vistos.push(avance(clave));
      // Never backwards.
      escribir(0, 4);
      vistos.push(avance(clave));
    });
    expect(vistos).toEqual([
      { etapa: null, porcentaje: 0 },
      { etapa: 'leyendo', porcentaje: 7 },
      { etapa: 'validando', porcentaje: 20 },
      { etapa: 'escribiendo', porcentaje: 40 },
      { etapa: 'escribiendo', porcentaje: 40 },
    ]);
    expect(avance(clave)).toEqual({ etapa: 'terminada', porcentaje: 100 });
    // Outside an upload nothing is reported.
    avanzador('leyendo')(1, 1);
    expect(avance(claveAvance(1, 1, 'otra'))).toEqual({ etapa: null, porcentaje: 0 });
  });

  it('the reading stage knows the rows of the sheet: its dimension, else an estimate', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'avance-'));
    const normal = join(dir, 'normal.xlsx');
    writeFileSync(normal, await libro([['ICC'], ...Array.from({ length: 2000 }, (_, i) => [String(i)])]));
    await expect(revisarZip(normal, limitesSubida(SUBIDAS_POR_DEFECTO))).resolves.toBe(2001);
    // exceljs's streaming writer writes no dimension.
    const continuo = join(dir, 'continuo.xlsx');
    const escritor = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: continuo, useSharedStrings: false });
    const hoja = escritor.addWorksheet('Lineas');
    for (let i = 0; i < 20_000; i++) hoja.addRow([icc(), '5512345678', 'Telcel']).commit();
    hoja.commit();
    await escritor.commit();
    const estimadas = await revisarZip(continuo, limitesSubida(SUBIDAS_POR_DEFECTO));
    expect(estimadas).toBeGreaterThan(18_000);
    expect(estimadas).toBeLessThan(22_000);
  });

  it('a real upload reports its stages in order while it runs, and 100 % once done', async () => {
    const filas = Array.from({ length: 6000 }, () => [icc(), '', 'Telcel', '', '', '', '']);
    const archivo = await xlsx([[...PLANTILLAS.admin], ...filas]);
    const id = 'prueba-avance-1';
    const url = `/subirArchivo/avance?id=${id}`;
    let listo = false;
    const subida = subir(admin, { accion: '1', avance: id }, archivo).finally(() => {
      listo = true;
    });
    const vistos: AvanceSubida[] = [];
    while (!listo) {
      const r = await pedir(e.app, admin, 'GET', url);
      expect(r.statusCode).toBe(200);
      vistos.push(r.json());
      await new Promise((r) => setTimeout(r, 2));
    }
    expect((await subida).json()).toMatchObject({ correctos: 6000 });
    const etapas = [...new Set(vistos.map((v) => v.etapa).filter((x) => x !== null))];
    const orden = Object.keys(ETAPAS_SUBIDA);
    expect(etapas.length, JSON.stringify(etapas)).toBeGreaterThanOrEqual(2);
    expect([...etapas].sort((a, b) => orden.indexOf(a) - orden.indexOf(b))).toEqual(etapas);
    const porcentajes = vistos.map((v) => v.porcentaje);
    expect([...porcentajes].sort((a, b) => a - b)).toEqual(porcentajes);
    // Reading and writing, the longest stages, are seen part done (rows of the sheet's dimension;
    // 12 chunks on PGlite, 6 on PostgreSQL).
    const en = (etapa: string) => vistos.filter((v) => v.etapa === etapa).map((v) => v.porcentaje);
    expect(
      en('leyendo').some((p) => p > 0 && p < 15),
      JSON.stringify(vistos),
    ).toBe(true);
    expect(
      en('escribiendo').some((p) => p > 20 && p < 100),
      JSON.stringify(vistos),
    ).toBe(true);
    const fin = await pedir(e.app, admin, 'GET', url);
    expect(fin.json()).toEqual({ etapa: 'terminada', porcentaje: 100 });
    // Another user of the company does not see it; a malformed id is refused.
    const otro = await pedir(e.app, lider, 'GET', url);
    expect(otro.json()).toEqual({ etapa: null, porcentaje: 0 });
    const malo = await pedir(e.app, admin, 'GET', '/subirArchivo/avance?id=a');
    expect(malo.statusCode).toBe(400);
    expect((await pedir(e.app, null, 'GET', url)).statusCode).toBe(401);
  });
});

describe('action 7 in file order', () => {
  it('a leader founded by one row takes the clients of the rows after it', async () => {
    const r = await subir(
      admin,
      { accion: '7' },
      await xlsx([
        [...PLANTILLAS.registroUsuarios],
        ['cli0', 'Cliente Antes', 'Clave.123', 3, 'Lider Orden', 'Cliente Orden', '', ''],
        ['lid1', 'Lider Uno', 'Clave.123', 2, 'Lider Orden', '', '', ''],
        ['cli1', 'Cliente Uno', 'Clave.123', 3, 'Lider Orden', 'Cliente Orden', '', ''],
        ['cli2', 'Cliente Dos', 'Clave.123', 3, 'lider orden', 'cliente orden', '', ''],
        ['cli9', 'Cliente Nueve', 'Clave.123', 3, '', 'Cliente Orden', '', ''],
      ]),
    );
    expect(r.statusCode, r.body).toBe(200);
    const cuerpo = r.json();
    expect(cuerpo).toMatchObject({ total: 5, correctos: 3, erroneos: 2 });
    // The client named before its leader is wrong: rows go in file order.
    const antes = cuerpo.arreglo.find((f: Fila) => f.fila === 2);
    expect(antes.celdas.filter((c: { isCorrecto: boolean }) => !c.isCorrecto)).toMatchObject([
      { llave: 'LIDER', mensaje: M.lineaLiderInvalido },
    ]);
    // A client without a leader is its row's fault, not the file's.
    const sinLider = cuerpo.arreglo.find((f: Fila) => f.fila === 6);
    expect(sinLider.celdas.filter((c: { isCorrecto: boolean }) => !c.isCorrecto)).toMatchObject([
      { llave: 'LIDER', mensaje: M.clienteSinLider },
    ]);
    const usuarios = await e.db
      .selectFrom('usuarios as u')
      .innerJoin('lideres as l', 'l.id', 'u.lider_id')
      .leftJoin('clientes as c', 'c.id', 'u.cliente_id')
      .select(['u.username', 'u.nivel', 'l.id as liderId', 'l.nombre as lider', 'c.nombre as cliente'])
      .where('u.empresa_id', '=', demo)
      .where('u.username', 'in', ['lid1', 'cli1', 'cli2'])
      .orderBy('u.username')
      .execute();
    expect(usuarios.map((u) => [u.username, u.nivel, u.lider, u.cliente])).toEqual([
      ['cli1', 3, 'Lider Orden', 'Cliente Orden'],
      ['cli2', 3, 'Lider Orden', 'Cliente Orden'],
      ['lid1', 2, 'Lider Orden', null],
    ]);
    expect(new Set(usuarios.map((u) => u.liderId)).size).toBe(1);
  });
});

describe('templates', () => {
  const RUTAS = [
    ['/get/plantilla', PLANTILLAS.admin],
    ['/get/plantilla/vendedor', PLANTILLAS.vendedor],
    ['/get/plantilla/portabilidadesAdmin', PLANTILLAS.portabilidadesAdmin],
    ['/get/plantilla/registroUsuarios', PLANTILLAS.registroUsuarios],
  ] as const;

  it.each(RUTAS)('%s has an example row and a sheet explaining each column', async (url, columnas) => {
    const r = await pedir(e.app, admin, 'GET', url);
    expect(r.statusCode).toBe(200);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const [datos, ayuda] = libro.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet];
    expect(datos.actualRowCount).toBe(2);
    expect(datos.getRow(2).cellCount).toBeGreaterThan(0);
    expect(ayuda.name).toBe(M.hojaInstrucciones);
    const filas = (ayuda.getSheetValues() as unknown[][]).filter(Boolean).map((f) => f.slice(1));
    expect(filas[0]).toEqual([
      M.instruccionesColumna,
      M.instruccionesObligatoria,
      M.instruccionesFormato,
      M.instruccionesEjemplo,
    ]);
    // One row per column, in order, each with a format and its example as in the data sheet.
    const explicadas = filas.slice(1, columnas.length + 1);
    expect(explicadas.map((f) => f[0])).toEqual([...columnas]);
    for (const [i, f] of explicadas.entries()) {
      expect([M.si, M.no]).toContain(f[1]);
      expect(String(f[2] ?? '')).not.toBe('');
      expect(String(f[3] ?? '')).toBe(String(datos.getRow(2).getCell(i + 1).value ?? ''));
    }
  });

  it.skipIf(!['/usr/bin/soffice', '/usr/bin/libreoffice'].some(existsSync))(
    'LibreOffice opens a template: headers and the example row',
    async () => {
      const r = await pedir(e.app, admin, 'GET', '/get/plantilla');
      const dir = mkdtempSync(join(tmpdir(), 'lo-plantilla-'));
      const archivo = join(dir, 'p.xlsx');
      writeFileSync(archivo, r.rawPayload);
      execFileSync('soffice', ['--headless', '--convert-to', 'csv', '--outdir', dir, archivo], {
        timeout: 120_000,
      });
      const lineas = readFileSync(join(dir, 'p.csv'), 'utf8').trim().split('\n');
      expect(lineas[0]).toBe(PLANTILLAS.admin.join(','));
      expect(lineas[1]).toMatch(/^8952140000000000001,5512345678,Telcel,50,/);
    },
  );
});
