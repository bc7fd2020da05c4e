import { CONTEO_LINEAS_MAX, type FiltrosLineas } from '@recargas/contracts/lineas';
import { M } from '@recargas/contracts/mensajes';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { codificarCursor, decodificarCursor } from '../src/lib/cursor.ts';
import { comunesDe, porPartesRaras, SIN_COMUNES } from '../src/lib/trigramas.ts';
import { pagina, type Rango } from '../src/modules/lineas/repo.ts';
import { contarFilas } from '../src/modules/lineas/repo-conteo.ts';
import { demo, e, liderDemo } from './demo-entorno.ts';
import { entrar } from './entorno.ts';
import { iccs, ids, prepararLineas, todas } from './lineas-entorno.ts';

/**
 * Chips on the ICC and the number are looked up by their rarer trigrams (issue 25): the trigrams
 * nearly every value holds are read from ANALYZE's sample and left out of the index lookup, and
 * the lines found are the same as matching the whole value. A page whose chips match more lines
 * than the count's bound is found walking the range by date in the index alone, and its cursor
 * says so to the next pages: the same lines, page after page, as the trigram index finds.
 */
prepararLineas();

const r: Rango = { desde: '2000-01-01', hasta: '2100-01-01', zona: 'America/Mexico_City' };
const SIN_LIMITE = 1_000_000_000;

/** Days from `desde` to `hasta` days ago, yyyy-mm-dd. */
const hace = (desde: number, hasta: number) => {
  const dia = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  return { desde: dia(desde), hasta: dia(hasta) };
};

describe('chips on ICC and number by their rarer trigrams (issue 25)', () => {
  it('leaves out the common trigrams and finds the same lines as the whole value', async () => {
    const empresaId = ids.tgmex as number;
    await sql`insert into lineas (empresa_id, icc, dn, compania, fecha_subida)
      select ${empresaId}, '8952777' || lpad(g::text, 12, '0'), '55' || lpad((g * 7919 % 100000000)::text, 8, '0'),
        'T', now() - g * interval '1 minute'
      from generate_series(1, 400) g`.execute(e.db);
    await sql`analyze lineas`.execute(e.db);
    const comunes = await comunesDe(e.db, 'lineas', ['icc', 'dn']);
    expect([...(comunes.get('icc') ?? [])]).toEqual(expect.arrayContaining(['895', '952', '000']));
    expect(comunes.get('icc')?.has('123')).toBe(false);

    const a = { empresaId };
    const valores = {
      icc: [
        '000123',
        '8952777000000000',
        '0000000001',
        '77700000000039',
        '39',
        'x',
        '0%1',
        '8952777000000000400',
      ],
      dn: ['5512', '55', '5500', '7919', '0'],
    };
    for (const [columna, lista] of Object.entries(valores)) {
      for (const v of lista) {
        const directo = await sql<{ n: string }>`select count(*) as n from lineas
          where empresa_id = ${empresaId} and ${sql.ref(columna)} ilike ${`%${v.replace(/%/g, '\\%')}%`}`.execute(
          e.db,
        );
        const filtros = { [columna]: [v] };
        const n = await contarFilas(e.db, a, r, filtros, SIN_LIMITE, comunes);
        expect({ columna, v, n }).toEqual({ columna, v, n: Number(directo.rows[0]?.n) });
        expect(await contarFilas(e.db, a, r, filtros, SIN_LIMITE, SIN_COMUNES)).toBe(n);
        const ids = async (c = SIN_COMUNES) =>
          (await pagina(e.db, a, r, filtros, undefined, 50, { comunes: c })).map((f) => f.id);
        expect(await ids(comunes)).toEqual(await ids());
      }
    }
  });

  it('looks up each run of the value between common trigrams, then the value itself', () => {
    const partes = (v: string, comunes: string[]) => {
      const c = porPartesRaras(sql`l.icc`, v, new Set(comunes));
      return c?.compile(e.db).parameters;
    };
    expect(partes('000123', ['000', '001'])).toEqual(['%0123%', '000123']);
    expect(partes('1230005', ['000'])).toEqual(['%12300%', '%005%', '1230005']);
    expect(partes('89520123', ['895', '952'])).toEqual(['%520123%', '89520123']);
    expect(partes('ABC123', ['abc'])).toEqual(['%bc123%', 'abc123']);
    // Nothing to gain: no common trigram, only common ones, or a value pg_trgm splits into words.
    expect(partes('123456', ['000'])).toBeUndefined();
    expect(partes('0000', ['000'])).toBeUndefined();
    expect(partes('00 01', ['000'])).toBeUndefined();
  });

  it('a page of many matches is walked by date: the same lines as the trigram index finds', async () => {
    const empresaId = ids.gmcel as number;
    // CONTEO_LINEAS_MAX + 60 lines match '4444', over as many minutes, two carriers, two leaders.
    await sql`insert into lineas (empresa_id, icc, dn, compania, fecha_subida)
      select ${empresaId}, '8952444' || lpad(g::text, 12, '0'), '5544440' || lpad((g % 1000)::text, 3, '0'),
        (array['T', 'M'])[1 + g % 2], now() - (g % 700) * interval '1 minute'
      from generate_series(1, ${CONTEO_LINEAS_MAX + 60}) g`.execute(e.db);
    const a = { empresaId };
    const lista = async (filtros: FiltrosLineas, porFecha: boolean) => {
      const vistas: number[] = [];
      let cursor: ReturnType<typeof decodificarCursor> | undefined;
      for (;;) {
        const f = await pagina(e.db, a, r, filtros, cursor, 37, { porFecha });
        vistas.push(...f.map((x) => x.id));
        const u = f.at(-1);
        if (f.length < 37 || !u) return vistas;
        cursor = { k: u.k, id: u.id };
      }
    };
    const casos: FiltrosLineas[] = [
      { icc: ['8952444'] },
      { dn: ['5544440'], compania: ['movi'] },
      { icc: ['0001'] },
    ];
    for (const filtros of casos) {
      const porIndice = await lista(filtros, false);
      expect(porIndice.length).toBeGreaterThan(100);
      expect(await lista(filtros, true)).toEqual(porIndice);
    }

    const gm = await entrar(e.app, 'admin', 'gmcel');
    const q = { fechaInicial: '2000/01/01', filtros: { icc: ['8952444'] } };
    const primera = (await iccs(gm, q)).json();
    expect(primera).toMatchObject({ total: CONTEO_LINEAS_MAX, masDe: true });
    expect(decodificarCursor(primera.siguiente).porFecha).toBe(true);
    const rara = (await iccs(gm, { ...q, filtros: { icc: ['8952444000000000999'] } })).json();
    expect(rara).toMatchObject({ total: 1, masDe: false, siguiente: null });
    const pocas = (await iccs(gm, { ...q, limit: 5, filtros: { icc: ['89524440000000009'] } })).json();
    expect(pocas).toMatchObject({ total: 100, masDe: false });
    expect(decodificarCursor(pocas.siguiente).porFecha).toBeUndefined();
    const vistas = (await todas(gm, q)).map((l) => l.id);
    const directas = await sql<{ id: number }>`select id from lineas
      where empresa_id = ${empresaId} and icc like '%8952444%' order by fecha_subida desc, id desc`.execute(
      e.db,
    );
    expect(vistas).toEqual(directas.rows.map((f) => f.id));
    // A cursor says only the way to read: anything else in it is refused.
    const [k, id] = JSON.parse(Buffer.from(primera.siguiente, 'base64url').toString()) as [string, number];
    const forjado = Buffer.from(JSON.stringify([k, id, 2])).toString('base64url');
    const r400 = await iccs(gm, { ...q, after: forjado });
    expect(r400.statusCode).toBe(400);
    expect(r400.json().mensaje).toBe(M.cursorInvalido);
    expect(codificarCursor({ k, id, porFecha: true })).toBe(primera.siguiente);
  });

  it('counts a number chip month by month: the lines the rows give, up to the bound', async () => {
    // 500 lines a day apart over 500 days (UTC months and both zones' days cut between them),
    // every third one the leader's, three carriers.
    await sql`insert into lineas (empresa_id, icc, dn, compania, lider_id, fecha_subida)
      select ${demo}, '8952773' || lpad(g::text, 12, '0'), '77' || lpad((g * 7919 % 100000000)::text, 8, '0'),
        (array['T', 'M', 'A'])[1 + g % 3], case when g % 3 = 0 then ${liderDemo}::int end,
        now() - g * interval '1 day' - (g % 24) * interval '1 hour'
      from generate_series(1, 500) g`.execute(e.db);
    await sql`analyze lineas`.execute(e.db);
    const comunes = await comunesDe(e.db, 'lineas', ['icc', 'dn']);
    const rangos: Rango[] = [
      { desde: '2000-01-01', hasta: '2100-01-01', zona: 'America/Mexico_City' },
      { ...hace(400, 3), zona: 'America/Mexico_City' },
      { ...hace(200, 31), zona: 'America/Tijuana' },
      { ...hace(45, 44), zona: 'America/Cancun' },
    ];
    const casos: [FiltrosLineas, number | undefined][] = [
      [{ dn: ['77'] }, undefined],
      [{ dn: ['770'] }, undefined],
      [{ dn: ['7700'] }, liderDemo],
      [{ dn: ['791'] }, undefined],
      [{ dn: ['7791'] }, undefined],
      [{ dn: ['0'] }, undefined],
      [{ dn: ['919'], compania: ['movi'] }, undefined],
      [{ dn: ['7919'], compania: ['at&t', 'telcel'] }, liderDemo],
      [{ dn: ['1'], compania: ['at&t'] }, liderDemo],
      [{ dn: ['3', '5'] }, undefined],
    ];
    let vistos = 0;
    for (const rango of rangos) {
      for (const [filtros, liderId] of casos) {
        const a = { empresaId: demo, ...(liderId === undefined ? {} : { liderId }) };
        const directo = await sql<{ n: number }>`select count(*)::int as n from lineas
          where empresa_id = ${demo} and fecha_subida >= (${rango.desde}::date)::timestamp at time zone ${rango.zona}
            and fecha_subida < (${rango.hasta}::date + 1)::timestamp at time zone ${rango.zona}
            and (${liderId ?? null}::int is null or lider_id = ${liderId ?? null}::int)
            and (${filtros.dn ?? []}::text[] = '{}' or dn like any (select '%' || x || '%' from unnest(${filtros.dn ?? []}::text[]) x))
            and (${filtros.compania ?? []}::text[] = '{}' or compania = any (${(filtros.compania ?? []).map((c) => (c === 'movi' ? 'M' : c === 'at&t' ? 'A' : 'T'))}::text[]))`.execute(
          e.db,
        );
        const n = directo.rows[0]?.n ?? 0;
        vistos += n;
        const caso = JSON.stringify({ rango, filtros, liderId });
        // With the sample's common trigrams and without (every trigram looked up by months).
        for (const c of [comunes, SIN_COMUNES])
          expect(await contarFilas(e.db, a, rango, filtros, SIN_LIMITE, c), caso).toBe(n);
        // Stopping at a bound: its count, or one past it.
        expect(await contarFilas(e.db, a, rango, filtros, 20, SIN_COMUNES), caso).toBe(Math.min(n, 21));
      }
    }
    expect(vistos).toBeGreaterThan(1000);
  });
});
