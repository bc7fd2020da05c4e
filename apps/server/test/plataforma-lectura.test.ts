import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { abrirDb, type Db } from '../src/db/database.ts';
import { Lectura } from '../src/db/lectura.ts';
import { migrar } from '../src/db/migrate.ts';
import { sembrar } from '../src/db/seed/index.ts';
import { baseDeDatosNueva, crearEntorno, type Entorno, entrar } from './entorno.ts';
import { pedir } from './peticion.ts';
import { puertoLibre } from './proceso.ts';

/**
 * Issue 46, item 3: reports, charts and exports read from DATABASE_URL_LECTURA while its delay
 * stays within LECTURA_RETRASO_MAX_S, and say that delay; past it, or silent, the primary.
 */
const primaria = { nombre: 'primaria' } as unknown as Db;
const replica = { nombre: 'replica' } as unknown as Db;

describe('choosing where reports read', () => {
  it('the replica within its bound, with its delay; over it, failing or silent: the primary', async () => {
    const con = (medir: () => Promise<number>) => new Lectura(replica, 30, medir);
    expect(await con(async () => 12).elegir(primaria)).toEqual({ db: replica, retrasoS: 12 });
    expect(await con(async () => 0).elegir(primaria)).toEqual({ db: replica, retrasoS: 0 });
    expect(await con(async () => 31).elegir(primaria)).toEqual({ db: primaria, retrasoS: 0 });
    expect(await con(() => Promise.reject(new Error('ECONNREFUSED'))).elegir(primaria)).toEqual({
      db: primaria,
      retrasoS: 0,
    });
    const t = Date.now();
    expect(await con(() => new Promise(() => {})).elegir(primaria)).toEqual({ db: primaria, retrasoS: 0 });
    expect(Date.now() - t).toBeLessThan(5000);
  });

  it('the delay is read once per 2 s, one reading at a time', async () => {
    let lecturas = 0;
    let ahora = 0;
    const l = new Lectura(
      replica,
      30,
      async () => {
        lecturas++;
        return 5;
      },
      () => ahora,
    );
    await Promise.all([l.elegir(primaria), l.elegir(primaria), l.elegir(primaria)]);
    ahora = 1999;
    await l.elegir(primaria);
    expect(lecturas).toBe(1);
    ahora = 2000;
    await l.elegir(primaria);
    expect(lecturas).toBe(2);
  });
});

// Two databases of one server: the "replica" a copy whose top-ups were all removed, so a report
// that shows none was read there. Only where there is a PostgreSQL server to make them on.
describe.skipIf(!process.env.DATABASE_URL)('reports with DATABASE_URL_LECTURA (PostgreSQL)', () => {
  const cerrar: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cerrar.reverse()) await c();
  });

  const rango = 'diaIni=1&mesIni=1&anioIni=2000';
  const ventas = async (e: Entorno) => {
    const admin = await entrar(e.app, 'admin');
    const r = await pedir(e.app, admin, 'GET', '/reportesNew');
    const g = await pedir(e.app, admin, 'GET', `/graficas?${rango}&periodo=anual`);
    return { total: r.json().total, retrasoS: r.json().retrasoS, graficas: g.json() };
  };

  it('read from the replica when it answers; from the primary when it does not', async () => {
    const copia = await baseDeDatosNueva();
    const db = await abrirDb({ databaseUrl: copia.url, dataDir: 'memory://' });
    cerrar.push(copia.borrar, () => db.destroy());
    await migrar(db);
    await sembrar(db);
    await sql`truncate recargas cascade`.execute(db);
    await sql`truncate ventas_dia`.execute(db);

    const conReplica = await crearEntorno({ databaseUrlLectura: copia.url, lecturaRetrasoMaxS: 30 });
    cerrar.push(conReplica.cerrar);
    const enPrimaria = await conReplica.db
      .selectFrom('recargas')
      .select((b) => b.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(enPrimaria.n)).toBeGreaterThan(0);
    // The first report sums its days now, on the primary: the replica may not have them yet, so
    // that read is the primary's. The next one reads the replica, which has no top-ups at all.
    const primera = await ventas(conReplica);
    expect(primera.total).toBeGreaterThan(0);
    const leidas = await ventas(conReplica);
    expect(leidas).toMatchObject({ total: 0, retrasoS: 0, graficas: { lideres: [], retrasoS: 0 } });

    const sinRespuesta = await crearEntorno({
      databaseUrlLectura: `postgres://postgres@127.0.0.1:${await puertoLibre()}/nada`,
      lecturaRetrasoMaxS: 30,
    });
    cerrar.push(sinRespuesta.cerrar);
    const primarias = await ventas(sinRespuesta);
    expect(primarias.total).toBeGreaterThan(0);
    expect(primarias.graficas.lideres.length).toBeGreaterThan(0);
  });
});
