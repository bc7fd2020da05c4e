import { CONTEO_LINEAS_MAX, type FiltrosLineas } from '@recargas/contracts/lineas';
import { M, texto } from '@recargas/contracts/mensajes';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Alcance, Rango } from '../src/modules/lineas/repo.ts';
import { contar, contarFilas, contarPorTotales, desdeTotales } from '../src/modules/lineas/repo-conteo.ts';
import * as subidas from '../src/modules/lineas/repo-subidas.ts';
import { e } from './demo-entorno.ts';
import { entrar } from './entorno.ts';
import { iccs, ids, prepararLineas } from './lineas-entorno.ts';

/**
 * 'N encontrados' of Administrar base from the day totals of lines (migration 0024) equals the
 * count of the lines themselves, for every chip on the totals' columns, in every scope, before
 * and after every kind of write; chips on free text stop at the bound and say so.
 */
prepararLineas();

const ZONA = 'America/Mexico_City';
const SIN_LIMITE = 1_000_000_000;

/** The day totals, as they are, against the lines grouped afresh: equal row for row. */
async function totalesIgualesALineas() {
  const q = (origen: string) =>
    sql.raw(`select empresa_id, to_char(dia, 'YYYY-MM-DD') as dia, lider_id, cliente_id, compania, plataforma,
        sum(n)::int as n from (${origen}) x group by 1, 2, 3, 4, 5, 6 having sum(n) <> 0 order by 1, 2, 3, 4, 5, 6`);
  const guardados = await q('select * from lineas_dia').execute(e.db);
  const frescos = await q(`select l.empresa_id,
      (l.fecha_subida at time zone coalesce(e.ajustes->>'zonaHoraria', '${ZONA}'))::date as dia,
      coalesce(l.lider_id, 0) as lider_id, coalesce(l.cliente_id, 0) as cliente_id, l.compania,
      coalesce(l.plataforma, 0) as plataforma, 1 as n
    from lineas l join empresas e on e.id = l.empresa_id`).execute(e.db);
  expect(guardados.rows.length).toBeGreaterThan(0);
  expect(guardados.rows).toEqual(frescos.rows);
}

/** Every chip the screen sends on the totals' columns, alone and combined, and none. */
function chipsDeTotales(lider: string, cliente: string): FiltrosLineas[] {
  return [
    {},
    { compania: ['telcel'] },
    { compania: ['movi', 'AT&T'] },
    { compania: ['t'] },
    { compania: ['zz'] },
    { lider: [lider.slice(0, 4)] },
    { lider: ['sin lider'] },
    { cliente: [cliente.slice(-3)] },
    { cliente: ['Sin Cliente', cliente] },
    { plataforma: ['1'] },
    { plataforma: ['2', '1'] },
    { compania: ['telcel', 'movistar'], lider: ['sin'], plataforma: ['1'] },
    { lider: [lider], cliente: ['sin'] },
  ];
}

/** Counts from totals and from lines agree for every chip, range and scope of a company. */
async function comparar(empresaId: number) {
  const lider = await e.db
    .selectFrom('lideres')
    .select(['id', 'nombre'])
    .where('empresa_id', '=', empresaId)
    .executeTakeFirst();
  const cliente = await e.db
    .selectFrom('clientes')
    .select('nombre')
    .where('empresa_id', '=', empresaId)
    .executeTakeFirst();
  const rangos: Rango[] = [
    { desde: '2000-01-01', hasta: '2100-01-01', zona: ZONA },
    {
      desde: new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10),
      hasta: '2100-01-01',
      zona: ZONA,
    },
    {
      desde: new Date().toISOString().slice(0, 10),
      hasta: new Date().toISOString().slice(0, 10),
      zona: ZONA,
    },
  ];
  const alcances: Alcance[] = [{ empresaId }, ...(lider ? [{ empresaId, liderId: lider.id }] : [])];
  let vistos = 0;
  for (const r of rangos)
    for (const a of alcances)
      for (const f of chipsDeTotales(lider?.nombre ?? 'Lider', cliente?.nombre ?? 'Cliente')) {
        expect(desdeTotales(f)).toBe(true);
        const deFilas = await contarFilas(e.db, a, r, f, SIN_LIMITE);
        expect({ f, a, r, n: await contarPorTotales(e.db, a, r, f) }).toEqual({ f, a, r, n: deFilas });
        vistos += deFilas;
      }
  return vistos;
}

describe('line day totals', () => {
  it('equal the lines of the seed, and every count with chips on their columns', async () => {
    await totalesIgualesALineas();
    expect(await comparar(ids.demo as number)).toBeGreaterThan(0);
  });

  it('follow inserts, uploads replacing by ICC, edits, deletes and a new time zone', async () => {
    const empresa = ids.gmcel as number;
    const lider = ids.liderNorte as number;
    // Many rows in one statement, over 40 days, two carriers, half a leader's.
    await sql`insert into lineas (empresa_id, icc, dn, compania, lider_id, plataforma, fecha_subida)
      select ${empresa}, '8952666' || lpad(g::text, 12, '0'), '', (array['T', 'M'])[1 + g % 2],
        null, 1 + g % 2, now() - ((g % 40) * interval '1 day')
      from generate_series(1, 3000) g`.execute(e.db);
    await totalesIgualesALineas();
    await comparar(empresa);
    await e.db.transaction().execute(async (tx) => {
      // An upload's replacement: some lines change carrier, some are new (insert + update in one).
      const filas = Array.from({ length: 200 }, (_, i) => ({
        empresa_id: empresa,
        icc: `8952666${String(i * 20 + 1).padStart(12, '0')}`,
        dn: '',
        compania: 'A',
        monto: 50,
        lider_id: null,
        cliente_id: null,
        nir: null,
        fecha_vigencia: null,
        plataforma: 2,
        subido_por: null as unknown as number,
        fecha_entrega: null,
        producto: null,
        fecha_portada: null,
      }));
      await subidas.reemplazar(tx, filas, undefined);
    });
    await sql`update lineas set lider_id = ${lider} where empresa_id = ${empresa} and icc like '8952666%' and id % 3 = 0`.execute(
      e.db,
    );
    await sql`delete from lineas where empresa_id = ${empresa} and icc like '8952666%' and id % 7 = 0`.execute(
      e.db,
    );
    await totalesIgualesALineas();
    await comparar(empresa);
    // The company moves to another time zone: its days are summed again in it.
    await sql`update empresas set ajustes = ajustes || '{"zonaHoraria": "Asia/Tokyo"}' where id = ${empresa}`.execute(
      e.db,
    );
    await totalesIgualesALineas();
    await sql`update empresas set ajustes = ajustes - 'zonaHoraria' where id = ${empresa}`.execute(e.db);
    await totalesIgualesALineas();
    await comparar(empresa);
  });

  it('a chip on free text counts the lines, and stops past the bound saying so', async () => {
    const empresa = ids.tgmex as number;
    await sql`insert into lineas (empresa_id, icc, dn, compania, fecha_subida)
      select ${empresa}, '8952555' || lpad(g::text, 12, '0'), '55' || lpad(g::text, 8, '0'), 'T', now()
      from generate_series(1, ${CONTEO_LINEAS_MAX + 5}) g`.execute(e.db);
    const r: Rango = { desde: '2000-01-01', hasta: '2100-01-01', zona: ZONA };
    expect(desdeTotales({ dn: ['55'] })).toBe(false);
    const pocas = await contarFilas(e.db, { empresaId: empresa }, r, { dn: ['5500001'] }, SIN_LIMITE);
    expect(pocas).toBeGreaterThan(0);
    expect(pocas).toBeLessThan(CONTEO_LINEAS_MAX);
    expect(await contar(e.db, { empresaId: empresa }, r, { dn: ['5500001'] })).toEqual({
      total: pocas,
      masDe: false,
    });
    expect(await contar(e.db, { empresaId: empresa }, r, { dn: ['55'], compania: ['telcel'] })).toEqual({
      total: CONTEO_LINEAS_MAX,
      masDe: true,
    });
    const tg = await entrar(e.app, 'admin', 'tgmex');
    const b = (await iccs(tg, { fechaInicial: '2000/01/01', filtros: { icc: ['8952555'] } })).json();
    expect(b).toMatchObject({ total: CONTEO_LINEAS_MAX, masDe: true });
    expect(texto('masDeEncontrados', { n: b.total.toLocaleString('en') })).toBe('más de 1,000 encontrados');
    expect(M.masDeEncontrados).toContain('{n}');
    const exacta = (await iccs(tg, { fechaInicial: '2000/01/01', filtros: { compania: ['telcel'] } })).json();
    expect(exacta.masDe).toBe(false);
    expect(exacta.total).toBeGreaterThan(CONTEO_LINEAS_MAX);
  });
});
