import { MONTO_LINEA_MAX, peticionActualizarIcc } from '@recargas/contracts/lineas';
import { M, texto } from '@recargas/contracts/mensajes';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_DEMO } from '../src/db/seed/index.ts';
import { PLANTILLAS } from '../src/modules/subidas/service.ts';
import * as usuarios from '../src/modules/usuarios/service.ts';
import { admin, cliente, clienteDemo, demo, e, lider, liderDemo, prepararDemo } from './demo-entorno.ts';
import { conToken, entrar, leerXlsx, type Sesion } from './entorno.ts';
import { entradasXlsx, formulario, libro, zip } from './xlsx-prueba.ts';

// Small limits for this file, read when the upload routes are registered.
process.env.SUBIDA_MAX_FILAS = '60';
process.env.SUBIDA_MAX_MB = '2';
process.env.SUBIDA_MAX_DESCOMPRIMIDO_MB = '20';

let liderNorte: number;

const ADMIN = [...PLANTILLAS.admin];
const VENDEDOR = [...PLANTILLAS.vendedor];

prepararDemo();
beforeAll(async () => {
  liderNorte = (
    await e.db
      .insertInto('lideres')
      .values({ empresa_id: demo, nombre: 'Lider Norte' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});

let n = 0;
const icc = () => `8952333${String(100_000_000_000 + ++n).slice(-12)}`;

const subir = (s: Sesion, campos: Record<string, string>, archivo?: { nombre: string; datos: Buffer }) => {
  const f = formulario(campos, archivo);
  return e.app.inject({
    method: 'POST',
    url: '/subirArchivo',
    payload: f.payload,
    headers: { ...conToken(s.token, s.xsrf), ...f.headers },
  });
};
const xlsx = async (filas: unknown[][]) => ({ nombre: 'lineas.xlsx', datos: await libro(filas) });
const cuantas = async () =>
  Number(
    (
      await e.db
        .selectFrom('lineas')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const lineaDe = (i: string) => e.db.selectFrom('lineas').selectAll().where('icc', '=', i).executeTakeFirst();

interface Fila {
  fila: number;
  estado: string;
  celdas: { llave: string; valor: string; isCorrecto: boolean; mensaje?: string }[];
}
const malas = (f: Fila) => f.celdas.filter((c) => !c.isCorrecto).map((c) => [c.llave, c.mensaje]);

describe('POST /subirArchivo, action 1 Registrar nuevos', () => {
  it('a good file: every row written with vigencia, platform, leader and client; the counts and toast text', async () => {
    const a = icc();
    const b = icc();
    const c = icc();
    const r = await subir(
      admin,
      { accion: '1', vigencia: '2026/12/31', plataformaId: '2' },
      await xlsx([
        ADMIN,
        [a, '5512345678', 'T', 50, 'Lider Demo', 'Cliente Demo', ''],
        [b, '5512345679', 'movistar', '', 'lider demo', '', ''],
        [c, '1234567', 'AT&T', 100, '', '', '55'],
      ]),
    );
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({ total: 3, correctos: 3, erroneos: 0, duplicados: 0, arregloCompleto: true });
    expect(body.mensaje).toBe(
      texto('subidaResultado', { total: 3, correctos: 3, erroneos: 0, duplicados: 0 }),
    );
    expect(body.titulos.map((t: { llave: string }) => t.llave)).toEqual(ADMIN);
    expect(body.arreglo).toHaveLength(3);
    expect(body.arreglo.every((f: Fila) => f.celdas.every((x) => x.isCorrecto))).toBe(true);
    expect(await lineaDe(a)).toMatchObject({
      empresa_id: demo,
      dn: '5512345678',
      compania: 'T',
      monto: 50,
      lider_id: liderDemo,
      cliente_id: clienteDemo,
      fecha_vigencia: '2026-12-31',
      plataforma: 2,
      is_recargado: false,
    });
    expect(await lineaDe(b)).toMatchObject({
      compania: 'M',
      monto: null,
      lider_id: liderDemo,
      cliente_id: null,
    });
    expect(await lineaDe(c)).toMatchObject({ compania: 'A', dn: '1234567', nir: '55', lider_id: null });
  });

  it('a mixed file: each bad cell marked with its reason, the good rows written', async () => {
    const bien = icc();
    const filas = [
      ADMIN,
      [bien, '5512345678', 'T', 30, '', '', ''],
      [icc().slice(1), '5512345678', 'T', 30, '', '', ''],
      [icc(), '551234567', 'T', 30, '', '', ''],
      [icc(), '5512345678', 'Z', 30, '', '', ''],
      [icc(), '5512345678', 'T', -5, '', '', ''],
      [icc(), '5512345678', 'T', 30, 'Lider Fantasma', '', ''],
      [icc(), '5512345678', 'T', 30, 'Lider Norte', 'Cliente Demo', ''],
      [icc(), '5512345678', 'T', 30, '', '', 'abc'],
    ];
    const antes = await cuantas();
    const r = await subir(admin, { accion: '1' }, await xlsx(filas));
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({ total: 8, correctos: 1, erroneos: 7, duplicados: 0 });
    const porFila = new Map<number, Fila>(body.arreglo.map((f: Fila) => [f.fila, f]));
    expect(malas(porFila.get(2) as Fila)).toEqual([]);
    expect(malas(porFila.get(3) as Fila)).toEqual([['ICC', M.lineaIccInvalido]]);
    expect(malas(porFila.get(4) as Fila)).toEqual([['DN', M.lineaDnInvalido]]);
    expect(malas(porFila.get(5) as Fila)).toEqual([['COMPANIA', M.lineaCompaniaInvalida]]);
    expect(malas(porFila.get(6) as Fila)).toEqual([['MONTO', M.lineaMontoInvalido]]);
    expect(malas(porFila.get(7) as Fila)).toEqual([['LIDER', M.lineaLiderInvalido]]);
    expect(malas(porFila.get(8) as Fila)).toEqual([['CLIENTE', M.lineaClienteInvalido]]);
    expect(malas(porFila.get(9) as Fila)).toEqual([['NIR', M.lineaNirInvalido]]);
    expect(await cuantas()).toBe(antes + 1);
    expect(await lineaDe(bien)).toBeDefined();
  });

  it('MONTO follows the line edit rule (contracts montoLinea): up to MONTO_LINEA_MAX', async () => {
    const tope = icc();
    const r = await subir(
      admin,
      { accion: '1' },
      await xlsx([
        ADMIN,
        [tope, '5512345678', 'T', MONTO_LINEA_MAX, '', '', ''],
        [icc(), '5512345678', 'T', MONTO_LINEA_MAX + 1, '', '', ''],
      ]),
    );
    const porFila = new Map<number, Fila>(r.json().arreglo.map((f: Fila) => [f.fila, f]));
    expect(malas(porFila.get(2) as Fila)).toEqual([]);
    expect(malas(porFila.get(3) as Fila)).toEqual([['MONTO', M.lineaMontoInvalido]]);
    expect(
      peticionActualizarIcc.safeParse({
        id: 1,
        icc: tope,
        dn: '5512345678',
        compania: 'T',
        monto: MONTO_LINEA_MAX + 1,
      }).success,
    ).toBe(false);
    expect(await lineaDe(tope)).toMatchObject({ monto: MONTO_LINEA_MAX });
  });

  it('an ICC typed as a number (digits lost) is a wrong cell', async () => {
    const r = await subir(
      admin,
      { accion: '1' },
      await xlsx([ADMIN, [Number('8952333000000000001'), '5512345678', 'T']]),
    );
    expect(r.statusCode).toBe(200);
    expect(malas(r.json().arreglo[0])).toEqual([['ICC', M.lineaIccInvalido]]);
  });

  it('duplicates: repeated in the file and already in the inventory, counted and not written again', async () => {
    const existente = icc();
    await subir(admin, { accion: '1' }, await xlsx([ADMIN, [existente, '5500000001', 'T']]));
    const nuevo = icc();
    const antes = await cuantas();
    const r = await subir(
      admin,
      { accion: '1' },
      await xlsx([
        ADMIN,
        [nuevo, '5500000002', 'T'],
        [nuevo, '5500000003', 'M'],
        [existente, '5500000004', 'U'],
      ]),
    );
    const body = r.json();
    expect(body).toMatchObject({ total: 3, correctos: 1, erroneos: 0, duplicados: 2 });
    expect(malas(body.arreglo[1])).toEqual([['ICC', M.lineaDuplicadaArchivo]]);
    expect(malas(body.arreglo[2])).toEqual([['ICC', M.lineaIccExistente]]);
    expect(await cuantas()).toBe(antes + 1);
    expect(await lineaDe(nuevo)).toMatchObject({ dn: '5500000002' });
    expect(await lineaDe(existente)).toMatchObject({ dn: '5500000001' });
  });

  it("a leader uploads with the seller's template: the lines are theirs, platform ignored", async () => {
    const a = icc();
    const r = await subir(
      lider,
      { accion: '1', plataformaId: '2' },
      await xlsx([VENDEDOR, [a, '5512340000', 'T', 30, 'Cliente Demo', '']]),
    );
    expect(r.statusCode).toBe(200);
    expect(r.json().correctos).toBe(1);
    expect(await lineaDe(a)).toMatchObject({
      lider_id: liderDemo,
      cliente_id: clienteDemo,
      plataforma: null,
    });
    // The administrator's template is not the seller's.
    const otra = await subir(lider, { accion: '1' }, await xlsx([ADMIN, [icc(), '5512340000', 'T']]));
    expect(otra.statusCode).toBe(400);
    expect(otra.json().mensaje).toBe(texto('archivoEncabezados', { esperados: VENDEDOR.join(', ') }));
  });
});

describe('action 2 Reemplazar and action 3 Eliminar', () => {
  it('replaces existing lines and adds new ones: the action 2 wording, one transaction', async () => {
    const viejo = icc();
    await subir(
      admin,
      { accion: '1', vigencia: '2026/06/30' },
      await xlsx([ADMIN, [viejo, '5500000010', 'T', 30]]),
    );
    const nuevo = icc();
    const r = await subir(
      admin,
      { accion: '2' },
      await xlsx([
        ADMIN,
        [viejo, '5500000011', 'M', 70, 'Lider Norte', '', ''],
        [nuevo, '5500000012', 'T', 30],
      ]),
    );
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ total: 2, correctos: 1, duplicados: 1, erroneos: 0 });
    expect(r.json().mensaje).toBe(
      texto('subidaResultadoReemplazo', { total: 2, correctos: 1, erroneos: 0, duplicados: 1 }),
    );
    expect(r.json().mensaje).toContain('1 nuevos');
    expect(r.json().mensaje).toContain('1 Actualizados');
    expect(await lineaDe(viejo)).toMatchObject({
      dn: '5500000011',
      compania: 'M',
      monto: 70,
      lider_id: liderNorte,
      fecha_vigencia: '2026-06-30',
    });
    expect(await lineaDe(nuevo)).toBeDefined();
  });

  it("a leader cannot replace another leader's line", async () => {
    const ajena = icc();
    await subir(admin, { accion: '1' }, await xlsx([ADMIN, [ajena, '5500000020', 'T', 30, 'Lider Norte']]));
    const r = await subir(lider, { accion: '2' }, await xlsx([VENDEDOR, [ajena, '5599999999', 'M']]));
    expect(r.json()).toMatchObject({ total: 1, correctos: 0, erroneos: 1 });
    expect(malas(r.json().arreglo[0])).toEqual([['ICC', M.lineaAjena]]);
    expect(await lineaDe(ajena)).toMatchObject({ dn: '5500000020', lider_id: liderNorte });
  });

  it('deletes by ICC (administrators only); an unknown ICC is a wrong row', async () => {
    const a = icc();
    await subir(admin, { accion: '1' }, await xlsx([ADMIN, [a, '5500000030', 'T']]));
    expect((await subir(lider, { accion: '3' }, await xlsx([['ICC'], [a]]))).statusCode).toBe(403);
    const r = await subir(admin, { accion: '3' }, await xlsx([['ICC'], [a], [a], [icc()]]));
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ total: 3, correctos: 1, duplicados: 1, erroneos: 1 });
    expect(await lineaDe(a)).toBeUndefined();
  });
});

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

describe('templates', () => {
  const leer = async (datos: Buffer) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(datos as unknown as ArrayBuffer);
    const ws = wb.worksheets[0] as ExcelJS.Worksheet;
    return (ws.getRow(1).values as unknown[]).slice(1);
  };

  it('GET /get/plantilla (administrators) and /get/plantilla/vendedor, read back, and accepted as uploads', async () => {
    const r = await e.app.inject({ url: '/get/plantilla', headers: conToken(admin.token) });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    expect(await leer(r.rawPayload)).toEqual(ADMIN);
    const v = await e.app.inject({ url: '/get/plantilla/vendedor', headers: conToken(lider.token) });
    expect(await leer(v.rawPayload)).toEqual(VENDEDOR);
    expect((await e.app.inject({ url: '/get/plantilla', headers: conToken(lider.token) })).statusCode).toBe(
      403,
    );
    // The template filled in is a valid upload.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const a = icc();
    (wb.worksheets[0] as ExcelJS.Worksheet).addRow([a, '5512345678', 'Telcel', 30, 'Lider Demo', '', '']);
    const lleno = Buffer.from(await wb.xlsx.writeBuffer());
    const s = await subir(admin, { accion: '1' }, { nombre: 'plantilla.xlsx', datos: lleno });
    expect(s.json()).toMatchObject({ correctos: 1 });
  });

  it('a company with extra columns gets them in its template and may upload them', async () => {
    const bisvi = await entrar(e.app, 'admin', 'bisvi');
    const r = await e.app.inject({ url: '/get/plantilla', headers: conToken(bisvi.token) });
    const titulos = await leer(r.rawPayload);
    expect(titulos).toEqual([...ADMIN, 'FECHA_ENTREGA', 'PRODUCTO', 'FECHA_PORTADA']);
    const a = icc();
    const s = await subir(
      bisvi,
      { accion: '1' },
      await xlsx([titulos, [a, '5512345678', 'T', 30, '', '', '', '2026/01/15', 'Chip 5G', '']]),
    );
    expect(s.json()).toMatchObject({ correctos: 1 });
    expect(await lineaDe(a)).toMatchObject({
      fecha_entrega: '2026-01-15',
      producto: 'Chip 5G',
      fecha_portada: null,
    });
  });
});

describe('action 6, Nuevas Portabilidades', () => {
  const PORTAS = [...PLANTILLAS.portabilidadesAdmin];
  const portas = async () =>
    Number(
      (
        await e.db
          .selectFrom('portabilidades')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('empresa_id', '=', demo)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('writes one port-out row per valid row; bad cells, repeats and known ICCs are marked', async () => {
    const existente = await e.db
      .selectFrom('portabilidades')
      .select('icc')
      .where('empresa_id', '=', demo)
      .executeTakeFirstOrThrow();
    const [a, b, c] = [icc(), icc(), icc()];
    const antes = await portas();
    const r = await subir(
      admin,
      { accion: '6' },
      await xlsx([
        PORTAS,
        [a, 'Lider Demo', 'Cliente Uno', 'INT-1', '5511223344', 'Movistar', '1234', 100],
        [b, '', '', '', '', '', '', ''],
        [c, 'Lider Demo', '', '', '55112233', 'Nokia', '12a4', -5],
        [a, 'Lider Demo', '', '', '', '', '', ''],
        [existente.icc, '', '', '', '', '', '', ''],
      ]),
    );
    expect(r.statusCode).toBe(200);
    const cuerpo = r.json();
    expect(cuerpo).toMatchObject({ total: 5, correctos: 2, erroneos: 1, duplicados: 2 });
    expect(cuerpo.mensaje).toBe(
      texto('subidaResultado', { total: 5, correctos: 2, erroneos: 1, duplicados: 2 }),
    );
    const mala = cuerpo.arreglo.find((f: Fila) => f.fila === 4);
    const erroneas = mala.celdas.filter((c: { isCorrecto: boolean }) => !c.isCorrecto);
    expect(erroneas.map((c: { llave: string; mensaje: string }) => [c.llave, c.mensaje])).toEqual([
      ['DN_ORIGEN', M.portaDnInvalido],
      ['COMPANIA_ORIGEN', M.lineaCompaniaInvalida],
      ['NIP', M.portaNipInvalido],
      ['MONTO_RECARGA', M.lineaMontoInvalido],
    ]);
    expect(cuerpo.arreglo.find((f: Fila) => f.fila === 6).celdas[0]).toMatchObject({
      isCorrecto: false,
      mensaje: M.portaIccExistente,
    });
    expect(await portas()).toBe(antes + 2);
    const fila = await e.db
      .selectFrom('portabilidades')
      .selectAll()
      .where('icc', '=', a)
      .executeTakeFirstOrThrow();
    expect(fila).toMatchObject({
      empresa_id: demo,
      lider_nombre: 'Lider Demo',
      cliente_nombre: 'Cliente Uno',
      inter: 'INT-1',
      dn_origen: '5511223344',
      carrier_origen: 'M',
      nip: '1234',
      monto_recarga: 100,
      dn_destino: null,
    });
    // The same file again: every valid row is now a known ICC, nothing is written twice.
    const otra = await subir(admin, { accion: '6' }, await xlsx([PORTAS, [a], [b]]));
    expect(otra.json()).toMatchObject({ correctos: 0, duplicados: 2 });
    expect(await portas()).toBe(antes + 2);
  });

  it('the template has the columns the upload expects', async () => {
    const r = await e.app.inject({
      url: '/get/plantilla/portabilidadesAdmin',
      headers: conToken(admin.token),
    });
    expect(r.statusCode).toBe(200);
    expect((await leerXlsx(r.rawPayload))[0]).toEqual(PORTAS);
    const sinPermiso = await e.app.inject({
      url: '/get/plantilla/portabilidadesAdmin',
      headers: conToken(lider.token),
    });
    expect(sinPermiso.statusCode).toBe(403);
  });
});

describe('action 7, Registrar Usuarios', () => {
  const USUARIOS = [...PLANTILLAS.registroUsuarios];
  const usuario = (username: string) =>
    e.db
      .selectFrom('usuarios as u')
      .leftJoin('lideres as l', 'l.id', 'u.lider_id')
      .leftJoin('clientes as c', 'c.id', 'u.cliente_id')
      .select(['u.nivel', 'u.max_recargas', 'u.telefono', 'l.nombre as lider', 'c.nombre as cliente'])
      .where('u.empresa_id', '=', demo)
      .where('u.username', '=', username)
      .executeTakeFirst();

  it('registers each valid row as the new-user form would, and marks the rest', async () => {
    const r = await subir(
      admin,
      { accion: '7' },
      await xlsx([
        USUARIOS,
        ['vend1', 'Vendedor Uno', 'Clave.123', 2, '', '', '5512345678', 10],
        ['cli1', 'Cliente Uno', 'Clave.123', 3, 'Lider Demo', 'Cliente Demo', '', ''],
        ['cli2', 'Cliente Dos', 'Clave.123', 3, 'Lider Demo', 'Cliente Nuevo X', '', 5],
        ['cli3', 'Cliente Tres', 'Clave.123', 3, 'Lider Demo', 'cliente nuevo x', '', ''],
        ['adm', 'Otro Admin', 'Clave.123', 1, '', '', '', ''],
        ['VEND1', 'Vendedor Repetido', 'Clave.123', 2, '', '', '', ''],
        ['admin', 'Ya existe', 'Clave.123', 2, '', '', '', ''],
        ['malo', '', 'Clave.123', 3, 'Nadie', 'Alguien', 'abc', 0],
      ]),
    );
    expect(r.statusCode).toBe(200);
    const cuerpo = r.json();
    expect(cuerpo).toMatchObject({ total: 8, correctos: 4, erroneos: 2, duplicados: 2 });
    const celdas = (fila: number) =>
      cuerpo.arreglo
        .find((f: Fila) => f.fila === fila)
        .celdas.filter((c: { isCorrecto: boolean }) => !c.isCorrecto)
        .map((c: { llave: string; mensaje: string }) => [c.llave, c.mensaje]);
    expect(celdas(6)).toEqual([['NIVEL', M.administradoresDeshabilitado]]);
    expect(celdas(7)).toEqual([['USERNAME', M.usuarioRepetidoArchivo]]);
    expect(celdas(8)).toEqual([['USERNAME', texto('usuarioYaExiste', { username: 'admin' })]]);
    expect(
      celdas(9)
        .map(([llave]: [string]) => llave)
        .sort(),
    ).toEqual(['LIDER', 'MAX_RECARGAS', 'NOMBRE', 'TELEFONO'].sort());

    expect(await usuario('vend1')).toMatchObject({
      nivel: 2,
      lider: 'Vendedor Uno',
      max_recargas: 10,
      telefono: '5512345678',
    });
    expect(await usuario('cli1')).toMatchObject({ nivel: 3, lider: 'Lider Demo', cliente: 'Cliente Demo' });
    expect(await usuario('cli2')).toMatchObject({ nivel: 3, cliente: 'Cliente Nuevo X', max_recargas: 5 });
    expect(await usuario('cli3')).toMatchObject({ cliente: 'Cliente Nuevo X' });
    for (const nadie of ['adm', 'malo']) expect(await usuario(nadie)).toBeUndefined();
    const nuevos = await e.db
      .selectFrom('clientes')
      .select('id')
      .where('empresa_id', '=', demo)
      .where('nombre', '=', 'Cliente Nuevo X')
      .execute();
    expect(nuevos).toHaveLength(1);
    // The password of the file is the user's.
    await expect(entrar(e.app, 'vend1', 'demo', 'Clave.123')).resolves.toMatchObject({ nivel: 2 });
  });

  it('the template has the columns the upload expects; leaders cannot download it', async () => {
    const r = await e.app.inject({ url: '/get/plantilla/registroUsuarios', headers: conToken(admin.token) });
    expect(r.statusCode).toBe(200);
    expect((await leerXlsx(r.rawPayload))[0]).toEqual(USUARIOS);
    const otro = await e.app.inject({
      url: '/get/plantilla/registroUsuarios',
      headers: conToken(lider.token),
    });
    expect(otro.statusCode).toBe(403);
  });
});
