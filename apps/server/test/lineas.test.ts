import { M } from '@recargas/contracts/mensajes';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_DEMO } from '../src/db/seed/index.ts';
import { LINEAS_DEMO } from '../src/db/seed/lineas.ts';
import { LINEAS_BLOQUE_DEMO } from '../src/db/seed/masivas.ts';
import { patronSubcadena } from '../src/lib/chips.ts';
import { rangoPorDefecto } from '../src/modules/lineas/service.ts';
import * as usuarios from '../src/modules/usuarios/service.ts';
import { conToken, crearEntorno, type Entorno, entrar } from './entorno.ts';

type Sesion = Awaited<ReturnType<typeof entrar>>;
interface LineaApi {
  id: number;
  icc: string;
  dn: string;
  compania: string;
  lider: number;
  liderNombre: string;
  isRecargado: boolean;
  plataforma: number | null;
  fechaRecarga: string | null;
}

let e: Entorno;
let admin: Sesion;
let lider: Sesion;
let cliente: Sesion;
let ids: Record<string, number>;

const empresaId = async (codigo: string) =>
  (await e.db.selectFrom('empresas').select('id').where('codigo', '=', codigo).executeTakeFirstOrThrow()).id;

const iccs = (s: Sesion, q: Record<string, string | number | object> = {}) => {
  const params = new URLSearchParams(
    Object.entries(q).map(([k, v]): [string, string] => [
      k,
      typeof v === 'object' ? JSON.stringify(v) : String(v),
    ]),
  );
  return e.app.inject({ url: `/iccs?${params}`, headers: conToken(s.token) });
};
const post = (s: Sesion, url: string, payload: object) =>
  e.app.inject({ method: 'POST', url, payload, headers: conToken(s.token, s.xsrf) });

/** Every page of a query, following `siguiente`. */
async function todas(s: Sesion, q: Record<string, string | number | object>) {
  const filas: LineaApi[] = [];
  let after: string | null = null;
  let paginas = 0;
  do {
    const r = await iccs(s, { ...q, ...(after ? { after } : {}) });
    expect(r.statusCode).toBe(200);
    const b = r.json();
    filas.push(...b.lineas);
    after = b.siguiente;
    paginas++;
  } while (after && paginas < 10_000);
  return filas;
}

let icc = 0;
const iccNuevo = () => `8952999${String(100_000_000_000 + ++icc).slice(-12)}`;

async function insertarLinea(
  empresa: number,
  campos: Partial<{
    icc: string;
    dn: string;
    compania: string;
    lider_id: number | null;
    cliente_id: number | null;
    is_recargado: boolean;
    fecha_recarga: Date | null;
    producto: string | null;
    fecha_subida: Date;
  }> = {},
) {
  return (
    await e.db
      .insertInto('lineas')
      .values({ empresa_id: empresa, icc: iccNuevo(), dn: '5599000000', compania: 'T', monto: 50, ...campos })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

beforeAll(async () => {
  e = await crearEntorno();
  ids = { demo: await empresaId('demo'), gmcel: await empresaId('gmcel'), tgmex: await empresaId('tgmex') };
  // A second leader in demo, whose user may edit (ADMINISTRAR_BASE).
  const otro = await e.db
    .insertInto('lideres')
    .values({ empresa_id: ids.demo as number, nombre: 'Lider Norte' })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids.liderNorte = otro.id;
  await usuarios.crear(e.db, {
    empresaId: ids.demo as number,
    username: 'norte',
    nombre: 'Lider Norte',
    password: PASSWORD_DEMO,
    nivel: 2,
    liderId: otro.id,
    permisos: ['ADMINISTRAR_BASE'],
  });
  admin = await entrar(e.app, 'admin');
  lider = await entrar(e.app, 'lider');
  cliente = await entrar(e.app, 'cliente');
});
afterAll(() => e.cerrar());

describe('the lines table', () => {
  it('seeds the demo inventory, one ICC per company', async () => {
    const n = await e.db
      .selectFrom('lineas')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('empresa_id', '=', ids.demo as number)
      .executeTakeFirstOrThrow();
    // The seed's demo bulk block brings its lines into the inventory too.
    expect(Number(n.n)).toBe(LINEAS_DEMO + LINEAS_BLOQUE_DEMO);
    const una = await e.db
      .selectFrom('lineas')
      .select('icc')
      .where('empresa_id', '=', ids.demo as number)
      .executeTakeFirstOrThrow();
    await expect(insertarLinea(ids.demo as number, { icc: una.icc })).rejects.toThrow();
    // The same ICC in another company is another line.
    expect(await insertarLinea(ids.gmcel as number, { icc: una.icc })).toBeGreaterThan(0);
  });

  it('the default range is the last two months, the start day capped at 27', () => {
    expect(rangoPorDefecto('America/Mexico_City', new Date('2026-03-31T18:00:00Z'))).toEqual({
      desde: '2026-01-27',
      hasta: '2026-03-31',
    });
    expect(rangoPorDefecto('America/Mexico_City', new Date('2026-01-10T18:00:00Z'))).toEqual({
      desde: '2025-11-10',
      hasta: '2026-01-10',
    });
  });

  it('escapes LIKE wildcards', () => {
    expect(patronSubcadena('5%_\\')).toBe('%5\\%\\_\\\\%');
  });
});

describe('GET /iccs', () => {
  it('an administrator gets 20 rows newest first, the count of the range and the platform column', async () => {
    const r = await iccs(admin);
    expect(r.statusCode).toBe(200);
    const b = r.json();
    const { desde } = rangoPorDefecto('America/Mexico_City');
    const esperado = await e.db
      .selectFrom('lineas')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('empresa_id', '=', ids.demo as number)
      .where('fecha_subida', '>=', sql<Date>`(${desde}::date)::timestamp at time zone 'America/Mexico_City'`)
      .executeTakeFirstOrThrow();
    expect(b.total).toBe(Number(esperado.n));
    expect(b.total).toBeGreaterThan(200);
    expect(b.lineas).toHaveLength(20);
    expect(b.siguiente).toEqual(expect.any(String));
    const fechas = b.lineas.map((l: { fechaSubida: string }) => l.fechaSubida);
    expect([...fechas].sort().reverse()).toEqual(fechas);
    expect(b.titulos.map((t: { llave: string }) => t.llave)).toContain('plataforma');
    expect(b.fechaInicial).toBe(desde);
    expect(b).toMatchObject({ puedeEditar: true, puedeDesbloquear: true });
  });

  it('a leader (level 2) sees only their own leader lines, without the platform column', async () => {
    const demoLider = await e.db
      .selectFrom('usuarios')
      .select('lider_id')
      .where('username', '=', 'lider')
      .where('empresa_id', '=', ids.demo as number)
      .executeTakeFirstOrThrow();
    const filas = await todas(lider, { fechaInicial: '2000/01/01', limit: 100 });
    const propias = await e.db
      .selectFrom('lineas')
      .select('id')
      .where('empresa_id', '=', ids.demo as number)
      .where('lider_id', '=', demoLider.lider_id)
      .execute();
    expect(filas.length).toBe(propias.length);
    expect(filas.length).toBeGreaterThan(50);
    expect(filas.every((l) => l.lider === demoLider.lider_id && l.plataforma === null)).toBe(true);
    const r = (await iccs(lider)).json();
    expect(r.titulos.map((t: { llave: string }) => t.llave)).not.toContain('plataforma');
    expect(r).toMatchObject({ puedeEditar: false, puedeDesbloquear: false });
  });

  it('a client (level 3) cannot open the inventory', async () => {
    const r = await iccs(cliente);
    expect(r.statusCode).toBe(403);
    expect(r.json().mensaje).toBe(M.sinPermiso);
    expect((await e.app.inject({ url: '/iccs' })).statusCode).toBe(401);
  });

  it("another company's lines are never visible", async () => {
    const gm = await entrar(e.app, 'admin', 'gmcel');
    const propia = await insertarLinea(ids.gmcel as number, { dn: '5500000001' });
    const filas = await todas(gm, { fechaInicial: '2000/01/01', limit: 100 });
    const enGmcel = await e.db
      .selectFrom('lineas')
      .select('id')
      .where('empresa_id', '=', ids.gmcel as number)
      .execute();
    expect(filas.map((l) => l.id).sort()).toEqual(enGmcel.map((l) => l.id).sort());
    expect(filas.map((l) => l.id)).toContain(propia);
    // Nor through the edit of an id of demo.
    const deDemo = await e.db
      .selectFrom('lineas')
      .select(['id', 'icc'])
      .where('empresa_id', '=', ids.demo as number)
      .executeTakeFirstOrThrow();
    const r = await post(gm, '/actualizarIcc', {
      id: deDemo.id,
      icc: '8952000000000000001',
      dn: '5512345678',
      compania: 'T',
    });
    expect(r.statusCode).toBe(404);
  });

  it('pages past 10,000 rows with tied upload times, without duplicates or gaps', async () => {
    const empresa = ids.tgmex as number;
    await sql`insert into lineas (empresa_id, icc, dn, compania, fecha_subida)
      select ${empresa}, '8952777' || lpad(g::text, 12, '0'), '', 'T',
        date_trunc('hour', now()) - ((g % 40) * interval '1 hour')
      from generate_series(1, 10500) g`.execute(e.db);
    const tg = await entrar(e.app, 'admin', 'tgmex');
    const primera = (await iccs(tg, { limit: 100 })).json();
    expect(primera.total).toBe(10500);
    const filas = await todas(tg, { limit: 100 });
    expect(filas).toHaveLength(10500);
    expect(new Set(filas.map((l) => l.id)).size).toBe(10500);
    const claves = filas.map((l) => [(l as unknown as { fechaSubida: string }).fechaSubida, l.id] as const);
    for (let i = 1; i < claves.length; i++) {
      const [fa, ia] = claves[i - 1] as readonly [string, number];
      const [fb, ib] = claves[i] as readonly [string, number];
      expect(fa > fb || (fa === fb && ia > ib)).toBe(true);
    }
  });

  it('chips: OR inside a column, AND across columns, case-insensitive, wildcards literal', async () => {
    const gm = await entrar(e.app, 'admin', 'gmcel');
    const empresa = ids.gmcel as number;
    const a = await insertarLinea(empresa, { compania: 'T', dn: '3311110000' });
    const b = await insertarLinea(empresa, { compania: 'M', dn: '3311120000' });
    const c = await insertarLinea(empresa, { compania: 'A', dn: '3311130000' });
    const d = await insertarLinea(empresa, { compania: 'M', dn: '4411140000' });
    const ids_ = async (filtros: object) =>
      (await todas(gm, { filtros, limit: 100 })).map((l) => l.id).sort((x, y) => x - y);
    expect(await ids_({ compania: ['TELCEL', 'movi'] })).toEqual(expect.arrayContaining([a, b, d]));
    expect(await ids_({ compania: ['TELCEL', 'movi'] })).not.toContain(c);
    expect(await ids_({ compania: ['TELCEL', 'movi'], dn: ['3311'] })).toEqual([a, b]);
    expect(await ids_({ dn: ['331112', '331113'] })).toEqual([b, c]);
    expect(await ids_({ dn: ['3311'], compania: ['at&t'] })).toEqual([c]);
    // '_' and '%' match themselves only: no DN holds them.
    expect(await ids_({ dn: ['_'] })).toEqual([]);
    expect(await ids_({ dn: ['%'] })).toEqual([]);
    const conPorciento = await insertarLinea(empresa, { producto: 'Chip 50%_x' });
    expect(await ids_({ producto: ['50%_'] })).toEqual([conPorciento]);
    expect(await ids_({ lider: ['sin lider'], dn: ['4411'] })).toEqual([d]);
    const total = (await iccs(gm, { filtros: { dn: ['3311'] } })).json().total;
    expect(total).toBe(3);
  });

  it.each([
    [{ fechaInicial: '2026/05/10', fechaFinal: '2026/05/01' }, M.rangoFechasInvalido],
    [{ fechaInicial: '10/05/2026' }, M.lineaFechaInvalida],
    [{ fechaInicial: '2026/02/30' }, M.lineaFechaInvalida],
    [{ filtros: '{no es json' }, M.filtrosInvalidos],
    [{ filtros: JSON.stringify({ columnaQueNoExiste: ['x'] }) }, M.filtrosInvalidos],
    [{ filtros: JSON.stringify({ dn: 'x' }) }, M.filtrosInvalidos],
    [{ filtros: JSON.stringify({ dn: ['a\u0000b'] }) }, M.filtrosInvalidos],
    [{ after: 'basura' }, M.cursorInvalido],
  ])('refuses %j with a Spanish message', async (q, mensaje) => {
    const params = new URLSearchParams(q as Record<string, string>);
    const r = await e.app.inject({ url: `/iccs?${params}`, headers: conToken(admin.token) });
    expect(r.statusCode).toBe(400);
    expect(r.json().mensaje).toBe(mensaje);
  });
});

describe('POST /actualizarIcc', () => {
  const cuerpo = (id: number, cambios: object = {}) => ({
    id,
    icc: '8952140000000000077',
    dn: '5512345678',
    compania: 'M',
    lider: 0,
    cliente: 0,
    monto: 100,
    nir: '',
    ...cambios,
  });

  it.each([
    [{ icc: '' }, M.lineaCamposVacios],
    [{ dn: '' }, M.lineaCamposVacios],
    [{ icc: '895214000000000007' }, M.lineaIccInvalido],
    [{ icc: '89521400000000000777' }, M.lineaIccInvalido],
    [{ icc: '89521400000000000a7' }, M.lineaIccInvalido],
    [{ dn: '551234567' }, M.lineaDnInvalido],
    [{ dn: '55123456a8' }, M.lineaDnInvalido],
    [{ compania: 'X' }, M.lineaCompaniaInvalida],
    [{ lider: 99_999_999_999 }, M.lineaLiderInvalido],
    [{ cliente: 99_999_999_999 }, M.lineaClienteInvalido],
    [{ monto: 10_000_000_000 }, M.lineaMontoInvalido],
    [{ monto: 0 }, M.lineaMontoInvalido],
  ])('refuses %j with the spec message and changes nothing', async (cambios, mensaje) => {
    const id = await insertarLinea(ids.demo as number);
    const antes = await e.db.selectFrom('lineas').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const r = await post(admin, '/actualizarIcc', cuerpo(id, cambios));
    expect(r.statusCode).toBe(400);
    expect(r.json().mensaje).toBe(mensaje);
    expect(
      await e.db.selectFrom('lineas').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    ).toEqual(antes);
  });

  it('saves a valid edit: Actualizado correctamente, fields and update date changed', async () => {
    const id = await insertarLinea(ids.demo as number);
    const antes = await e.db.selectFrom('lineas').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const r = await post(
      admin,
      '/actualizarIcc',
      cuerpo(id, { icc: '8952140000000000101', lider: ids.liderNorte }),
    );
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      mensaje: M.actualizadoCorrectamente,
      linea: { icc: '8952140000000000101', compania: 'M', monto: 100, liderNombre: 'Lider Norte' },
    });
    const despues = await e.db
      .selectFrom('lineas')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(despues).toMatchObject({ icc: '8952140000000000101', dn: '5512345678', lider_id: ids.liderNorte });
    expect(despues.fecha_actualizacion.getTime()).toBeGreaterThanOrEqual(antes.fecha_actualizacion.getTime());
  });

  it('a DN shorter than 10 digits is valid with a nir', async () => {
    const id = await insertarLinea(ids.demo as number);
    const r = await post(
      admin,
      '/actualizarIcc',
      cuerpo(id, { icc: '8952140000000000102', dn: '1234567', nir: '55' }),
    );
    expect(r.statusCode).toBe(200);
    expect(r.json().linea).toMatchObject({ dn: '1234567', nir: '55' });
  });

  it('an ICC another line holds is refused (409)', async () => {
    const id = await insertarLinea(ids.demo as number);
    const otra = await insertarLinea(ids.demo as number);
    const iccOtra = (
      await e.db.selectFrom('lineas').select('icc').where('id', '=', otra).executeTakeFirstOrThrow()
    ).icc;
    const r = await post(admin, '/actualizarIcc', cuerpo(id, { icc: iccOtra }));
    expect(r.statusCode).toBe(409);
    expect(r.json().mensaje).toBe(M.lineaIccExistente);
  });

  it('a client of another leader, or an unknown leader, is refused', async () => {
    const id = await insertarLinea(ids.demo as number);
    const clienteDemo = await e.db.selectFrom('clientes').select('id').executeTakeFirstOrThrow();
    const r = await post(
      admin,
      '/actualizarIcc',
      cuerpo(id, { icc: '8952140000000000103', lider: ids.liderNorte, cliente: clienteDemo.id }),
    );
    expect(r.json().mensaje).toBe(M.lineaClienteInvalido);
    const r2 = await post(admin, '/actualizarIcc', cuerpo(id, { icc: '8952140000000000103', lider: 999999 }));
    expect(r2.json().mensaje).toBe(M.lineaLiderInvalido);
  });

  it('needs ADMINISTRAR_BASE; a leader edits only their own lines and cannot give them away', async () => {
    const deDemo = await insertarLinea(ids.demo as number, { lider_id: null });
    const sinPermiso = await post(lider, '/actualizarIcc', cuerpo(deDemo));
    expect(sinPermiso.statusCode).toBe(403);
    const norte = await entrar(e.app, 'norte');
    expect(
      (await post(norte, '/actualizarIcc', cuerpo(deDemo, { icc: '8952140000000000104' }))).statusCode,
    ).toBe(404);
    const suya = await insertarLinea(ids.demo as number, { lider_id: ids.liderNorte });
    const r = await post(norte, '/actualizarIcc', cuerpo(suya, { icc: '8952140000000000105', lider: 0 }));
    expect(r.statusCode).toBe(200);
    expect(r.json().linea.lider).toBe(ids.liderNorte);
  });
});

describe('POST /desbloquearIcc', () => {
  const iccDe = async (id: number) =>
    (await e.db.selectFrom('lineas').select('icc').where('id', '=', id).executeTakeFirstOrThrow()).icc;

  it('unlocks a recharged line without a recharge date: Línea desbloqueada, isRecargado false', async () => {
    const id = await insertarLinea(ids.demo as number, { is_recargado: true });
    const r = await post(admin, '/desbloquearIcc', { icc: await iccDe(id) });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ mensaje: M.lineaDesbloqueada, linea: { isRecargado: false } });
    expect(
      (await e.db.selectFrom('lineas').select('is_recargado').where('id', '=', id).executeTakeFirstOrThrow())
        .is_recargado,
    ).toBe(false);
  });

  it('refuses a line with a recharge date, or not recharged (409)', async () => {
    const conFecha = await insertarLinea(ids.demo as number, {
      is_recargado: true,
      fecha_recarga: new Date(),
    });
    const libre = await insertarLinea(ids.demo as number);
    for (const id of [conFecha, libre]) {
      const r = await post(admin, '/desbloquearIcc', { icc: await iccDe(id) });
      expect(r.statusCode).toBe(409);
      expect(r.json().mensaje).toBe(M.lineaNoDesbloqueable);
    }
    expect(
      (
        await e.db
          .selectFrom('lineas')
          .select('is_recargado')
          .where('id', '=', conFecha)
          .executeTakeFirstOrThrow()
      ).is_recargado,
    ).toBe(true);
  });

  it('needs DESBLOQUEAR_LINEAS and, where the company lists usernames, one of them', async () => {
    const id = await insertarLinea(ids.demo as number, { is_recargado: true });
    expect((await post(lider, '/desbloquearIcc', { icc: await iccDe(id) })).statusCode).toBe(403);
    await e.db
      .updateTable('empresas')
      .set({ ajustes: JSON.stringify({ usuariosDesbloqueo: ['soporte'] }) })
      .where('id', '=', ids.demo as number)
      .execute();
    try {
      const r = await post(admin, '/desbloquearIcc', { icc: await iccDe(id) });
      expect(r.statusCode).toBe(403);
      expect((await iccs(admin)).json().puedeDesbloquear).toBe(false);
      await e.db
        .updateTable('empresas')
        .set({ ajustes: JSON.stringify({ usuariosDesbloqueo: ['ADMIN'] }) })
        .where('id', '=', ids.demo as number)
        .execute();
      expect((await post(admin, '/desbloquearIcc', { icc: await iccDe(id) })).statusCode).toBe(200);
    } finally {
      await e.db
        .updateTable('empresas')
        .set({ ajustes: JSON.stringify({ reciclaje: true, activaciones: true }) })
        .where('id', '=', ids.demo as number)
        .execute();
    }
  });

  it("cannot unlock another company's line", async () => {
    const id = await insertarLinea(ids.gmcel as number, { is_recargado: true });
    const r = await post(admin, '/desbloquearIcc', { icc: await iccDe(id) });
    expect(r.statusCode).toBe(404);
  });
});

describe('generated bad input', () => {
  const texto = fc.oneof(
    fc.string({ maxLength: 60 }),
    fc.constantFrom('\u0000', '%', '_', '\\', "'; drop table lineas; --", '\ud800', '9'.repeat(40), ''),
  );
  const valor = fc.oneof(
    texto,
    fc.integer(),
    fc.double(),
    fc.constant(null),
    fc.boolean(),
    fc.array(texto, { maxLength: 3 }),
  );

  it('GET /iccs with generated queries never answers 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            fechaInicial: texto,
            fechaFinal: texto,
            filtros: fc.oneof(
              texto,
              fc
                .dictionary(fc.constantFrom('icc', 'dn', 'lider', 'compania', 'x'), valor)
                .map((d) => JSON.stringify(d)),
            ),
            after: texto,
            limit: fc.oneof(texto, fc.integer()),
          },
          { requiredKeys: [] },
        ),
        async (q) => {
          const params = new URLSearchParams(
            Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]),
          );
          const r = await e.app.inject({ url: `/iccs?${params}`, headers: conToken(admin.token) });
          expect(r.statusCode, JSON.stringify(q)).toBeLessThan(500);
          if (r.statusCode >= 400) expect(r.json().mensaje).toEqual(expect.any(String));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('POST /actualizarIcc and /desbloquearIcc with generated bodies never answer 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            id: valor,
            icc: valor,
            dn: valor,
            compania: valor,
            lider: valor,
            cliente: valor,
            monto: valor,
            nir: valor,
          },
          { requiredKeys: [] },
        ),
        async (cuerpo) => {
          for (const url of ['/actualizarIcc', '/desbloquearIcc']) {
            const r = await post(admin, url, cuerpo);
            expect(r.statusCode, `${url} ${JSON.stringify(cuerpo)}`).toBeLessThan(500);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
