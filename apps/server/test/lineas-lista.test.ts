import { M } from '@recargas/contracts/mensajes';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { LINEAS_DEMO } from '../src/db/seed/lineas.ts';
import { LINEAS_BLOQUE_DEMO } from '../src/db/seed/masivas.ts';
import { patronSubcadena } from '../src/lib/chips.ts';
import { rangoPorDefecto } from '../src/modules/lineas/service.ts';
import { admin, cliente, e, lider } from './demo-entorno.ts';
import { entrar } from './entorno.ts';
import { iccs, ids, insertarLinea, prepararLineas, todas } from './lineas-entorno.ts';
import { pedir } from './peticion.ts';

/** The lines table and GET /iccs: who sees which lines, paging, chips and refused queries. */
prepararLineas();

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
    expect((await pedir(e.app, null, 'GET', '/iccs')).statusCode).toBe(401);
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
    const r = await pedir(e.app, gm, 'POST', '/actualizarIcc', {
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
    const r = await pedir(e.app, admin, 'GET', `/iccs?${params}`);
    expect(r.statusCode).toBe(400);
    expect(r.json().mensaje).toBe(mensaje);
  });
});
