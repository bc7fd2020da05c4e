import { M, texto } from '@recargas/contracts/mensajes';
import { describe, expect, it } from 'vitest';
import { PASSWORD_DEMO } from '../src/db/seed/index.ts';
import { PLANTILLAS } from '../src/modules/subidas/service.ts';
import * as usuarios from '../src/modules/usuarios/service.ts';
import { admin, cliente, demo, e, lider } from './demo-entorno.ts';
import { entrar, type Sesion } from './entorno.ts';
import { ADMIN, liderNorte, prepararSubidas, VENDEDOR } from './subidas-entorno.ts';
import { cuantas, icc, subir, xlsx } from './subidas-prueba.ts';
import { entradasXlsx, zip } from './xlsx-prueba.ts';

/** What the lines upload refuses: a Spanish message and nothing written. */
prepararSubidas();

describe('refusals: a Spanish message and nothing written', () => {
  const rechaza = async (
    s: Sesion,
    campos: Record<string, string>,
    archivo: { nombre: string; datos: Buffer } | undefined,
    status: number,
    mensaje: string,
  ) => {
    const antes = await cuantas();
    const r = await subir(s, campos, archivo);
    // Status and message together, so a failure shows which refusal came instead.
    expect({ status: r.statusCode, mensaje: r.json().mensaje }).toEqual({ status, mensaje });
    expect(await cuantas()).toBe(antes);
  };

  it('no action, an unknown action, no file', async () => {
    const f = await xlsx([ADMIN, [icc(), '5512345678', 'T']]);
    await rechaza(admin, {}, f, 400, M.seleccionaAccion);
    await rechaza(admin, { accion: '5' }, f, 400, M.seleccionaAccion);
    await rechaza(admin, { accion: '1' }, undefined, 400, M.archivoRequerido);
  });

  it('actions 6 and 7: permissions first, then each wants its own template', async () => {
    const f = await xlsx([ADMIN, [icc(), '5512345678', 'T']]);
    await rechaza(
      admin,
      { accion: '7' },
      f,
      400,
      texto('archivoEncabezados', { esperados: PLANTILLAS.registroUsuarios.join(', ') }),
    );
    await rechaza(lider, { accion: '7' }, f, 403, M.sinPermiso);
    await rechaza(lider, { accion: '6' }, f, 403, M.sinPermiso);
    await rechaza(
      admin,
      { accion: '6' },
      f,
      400,
      texto('archivoEncabezados', { esperados: PLANTILLAS.portabilidadesAdmin.join(', ') }),
    );
  });

  it('a client cannot upload; a leader without RETROALIMENTACION_LIDER neither', async () => {
    const f = await xlsx([VENDEDOR, [icc(), '5512345678', 'T']]);
    await rechaza(cliente, { accion: '1' }, f, 403, M.sinPermiso);
    await usuarios.crear(e.db, {
      empresaId: demo,
      username: 'norte',
      nombre: 'Lider Norte',
      password: PASSWORD_DEMO,
      nivel: 2,
      liderId: liderNorte,
    });
    await rechaza(await entrar(e.app, 'norte'), { accion: '1' }, f, 403, M.sinPermiso);
  });

  it('not an .xlsx: another extension, or a .xlsx name over other bytes', async () => {
    const csv = Buffer.from('ICC,DN\n1,2\n');
    const casos: [string, Buffer, number, string][] = [
      ['lineas.csv', csv, 415, M.archivoSoloXlsx],
      ['lineas.xlsx', csv, 415, M.archivoSoloXlsx],
      ['lineas.xlsx', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100)]), 400, M.archivoIlegible],
    ];
    for (const [nombre, datos, status, mensaje] of casos)
      await rechaza(admin, { accion: '1' }, { nombre, datos }, status, mensaje);
  });

  it('wrong headers', async () => {
    await rechaza(
      admin,
      { accion: '1' },
      await xlsx([
        ['ICC', 'TELEFONO', 'COMPANIA'],
        [icc(), '5512345678', 'T'],
      ]),
      400,
      texto('archivoEncabezados', { esperados: ADMIN.join(', ') }),
    );
  });

  it('empty: no rows at all, or only the header', async () => {
    await rechaza(admin, { accion: '1' }, await xlsx([]), 400, M.archivoVacio);
    await rechaza(admin, { accion: '1' }, await xlsx([ADMIN]), 400, M.archivoVacio);
  });

  it('too many rows', async () => {
    const filas = Array.from({ length: 61 }, () => [icc(), '5512345678', 'T']);
    await rechaza(
      admin,
      { accion: '1' },
      await xlsx([ADMIN, ...filas]),
      413,
      texto('archivoDemasiadasFilas', { max: 60 }),
    );
  });

  it('a formula anywhere refuses the whole file', async () => {
    await rechaza(
      admin,
      { accion: '1' },
      await xlsx([
        ADMIN,
        [icc(), '5512345678', 'T'],
        [icc(), '5512345678', 'T', { formula: '20+10', result: 30 }],
      ]),
      400,
      texto('archivoFormulas', { celda: 'D3' }),
    );
  });

  it('a zip bomb: an entry that inflates past the cap, and one that lies about its size', async () => {
    const base = entradasXlsx([ADMIN, [icc(), '5512345678', 'T']]);
    // The hand-made workbook itself is accepted.
    const ok = await subir(admin, { accion: '1' }, { nombre: 'a.xlsx', datos: zip(base) });
    expect(ok.json()).toMatchObject({ correctos: 1 });
    const bomba = zip([...base, { nombre: 'xl/media/relleno.bin', datos: Buffer.alloc(30 * 1024 * 1024) }]);
    expect(bomba.length).toBeLessThan(200_000);
    await rechaza(
      admin,
      { accion: '1' },
      { nombre: 'b.xlsx', datos: bomba },
      413,
      M.archivoComprimidoExcesivo,
    );
    const grande = Buffer.alloc(5 * 1024 * 1024, 'x');
    const mentirosa = zip([
      ...base,
      { nombre: 'xl/media/relleno.bin', datos: grande, tamanoDeclarado: 1000 },
    ]);
    await rechaza(admin, { accion: '1' }, { nombre: 'c.xlsx', datos: mentirosa }, 400, M.archivoIlegible);
  });

  it('a file over the size limit', async () => {
    const datos = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(3 * 1024 * 1024, 1)]);
    await rechaza(
      admin,
      { accion: '1' },
      { nombre: 'd.xlsx', datos },
      413,
      texto('archivoDemasiadoGrande', { mb: 2 }),
    );
  });

  it('a bad vigencia or platform', async () => {
    const f = await xlsx([ADMIN, [icc(), '5512345678', 'T']]);
    await rechaza(admin, { accion: '1', vigencia: '31/12/2026' }, f, 400, M.vigenciaInvalida);
    await rechaza(admin, { accion: '1', plataformaId: '7' }, f, 400, M.lineaPlataformaInvalida);
  });
});
