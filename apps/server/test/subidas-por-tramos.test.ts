import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANTILLAS } from '../src/modules/subidas/service.ts';
import { crearEntorno, type Entorno, entrar } from './entorno.ts';
import { pedir } from './peticion.ts';
import { formulario, libro } from './xlsx-prueba.ts';

/**
 * Issue 17: a long upload must not stop the server on the embedded database, and must still be
 * all or nothing. There (PGlite, one connection) it is written chunk by chunk (subidas/tramos.ts)
 * and a failure undoes the chunks written; on PostgreSQL it is one transaction. The failure
 * cases run on both; the request answered mid-upload only on PGlite (on PostgreSQL other
 * requests have connections of their own).
 */
let e: Entorno;
let admin: Awaited<ReturnType<typeof entrar>>;
let demo: number;
const embebida = !process.env.DATABASE_URL;

beforeAll(async () => {
  e = await crearEntorno();
  admin = await entrar(e.app, 'admin');
  demo = (
    await e.db.selectFrom('empresas').select('id').where('codigo', '=', 'demo').executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => e.cerrar());

/** `n` ICCs of one prefix (7 digits), from `desde`. */
const iccs = (prefijo: string, n: number, desde = 0) =>
  Array.from({ length: n }, (_, i) => `${prefijo}${String(100_000_000_000 + desde + i).slice(-12)}`);

const subir = async (
  accion: string,
  filas: unknown[][],
  encabezados: readonly string[] = PLANTILLAS.admin,
) => {
  const f = formulario({ accion }, { nombre: 's.xlsx', datos: await libro([[...encabezados], ...filas]) });
  return pedir(e.app, admin, 'POST', '/subirArchivo', f.payload, { cabeceras: f.headers });
};
const lineasDe = (iccs: string[], dn: string) => iccs.map((i) => [i, dn, 'T', 50]);

/** The lines of a prefix as they stand, every column a screen or an undo could change. */
const foto = async (prefijo: string) =>
  (
    await sql<Record<string, unknown>>`select id, icc, dn, compania, monto, lider_id, cliente_id, nir,
        fecha_vigencia, plataforma, fecha_entrega, producto, fecha_portada, fecha_subida, fecha_actualizacion,
        subido_por, is_recargado
      from lineas where icc like ${`${prefijo}%`} order by icc`.execute(e.db)
  ).rows;

/** A database refusal no check of the file can foresee, on one ICC, for the test's duration. */
async function conFalla<T>(tabla: 'lineas' | 'portabilidades', icc: string, hacer: () => Promise<T>) {
  await sql
    .raw(`create function prueba_falla() returns trigger language plpgsql as $$
      begin
        if (tg_op = 'DELETE' and old.icc = '${icc}') or (tg_op <> 'DELETE' and new.icc = '${icc}') then
          raise exception 'falla de prueba';
        end if;
        if tg_op = 'DELETE' then return old; end if;
        return new;
      end $$;
      create trigger prueba_falla before insert or update or delete on ${tabla}
        for each row execute function prueba_falla();`)
    .execute(e.db);
  try {
    return await hacer();
  } finally {
    await sql.raw(`drop trigger prueba_falla on ${tabla}; drop function prueba_falla();`).execute(e.db);
  }
}

describe('an upload that fails in its last chunk leaves everything as it was (2,500 rows, 3 chunks)', () => {
  it('action 2: the lines replaced in the first chunks get their values back, the new ones go', async () => {
    const todas = iccs('8952601', 2500);
    const existentes = todas.filter((_, i) => i % 2 === 0);
    expect((await subir('1', lineasDe(existentes, '5512345678'))).json()).toMatchObject({ correctos: 1250 });
    const antes = await foto('8952601');
    const r = await conFalla('lineas', todas[2200] as string, () =>
      subir('2', lineasDe(todas, '5587654321')),
    );
    expect(r.statusCode).toBe(500);
    expect(await foto('8952601')).toEqual(antes);
  });

  it('action 3: the lines deleted in the first chunks come back with their ids and their top-ups', async () => {
    const todas = iccs('8952602', 2500);
    expect((await subir('1', lineasDe(todas, '5512345678'))).json()).toMatchObject({ correctos: 2500 });
    const primera = await e.db
      .selectFrom('lineas')
      .select(['id', 'icc', 'dn'])
      .where('icc', '=', todas[3] as string)
      .executeTakeFirstOrThrow();
    const recargas = (await e.db.selectFrom('recargas').select('id').orderBy('id').limit(2).execute()).map(
      (f) => f.id,
    );
    await e.db.updateTable('recargas').set({ linea_id: primera.id }).where('id', 'in', recargas).execute();
    await e.db
      .insertInto('reciclajes')
      .values({ empresa_id: demo, linea_id: primera.id, icc: primera.icc, dn: primera.dn, accion: 'olvidar' })
      .execute();
    const antes = await foto('8952602');
    const r = await conFalla('lineas', todas[2200] as string, () =>
      subir(
        '3',
        todas.map((i) => [i]),
        ['ICC'],
      ),
    );
    expect(r.statusCode).toBe(500);
    expect(await foto('8952602')).toEqual(antes);
    const enlazadas = await e.db
      .selectFrom('recargas')
      .select('id')
      .where('linea_id', '=', primera.id)
      .execute();
    expect(enlazadas.map((f) => f.id).sort()).toEqual(recargas);
    const reciclada = await e.db
      .selectFrom('reciclajes')
      .select('linea_id')
      .where('icc', '=', primera.icc)
      .execute();
    expect(reciclada).toEqual([{ linea_id: primera.id }]);
  });

  it('action 6: no port-out row of the first chunks stays', async () => {
    const todas = iccs('8952603', 2500);
    const filas = todas.map((i) => [i, 'Lider', 'Cliente', 'X', '5512345678', 'Telcel', '1234', 50]);
    const cuantas = () =>
      e.db
        .selectFrom('portabilidades')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('icc', 'like', '8952603%')
        .executeTakeFirstOrThrow();
    const r = await conFalla('portabilidades', todas[2200] as string, () =>
      subir('6', filas, PLANTILLAS.portabilidadesAdmin),
    );
    expect(r.statusCode).toBe(500);
    expect(Number((await cuantas()).n)).toBe(0);
    // Nothing of it is left to undo, and the same file then goes in whole.
    expect(await e.db.selectFrom('subidas_en_curso').selectAll().execute()).toEqual([]);
    expect(await e.db.selectFrom('subidas_deshacer').selectAll().execute()).toEqual([]);
    expect((await subir('6', filas, PLANTILLAS.portabilidadesAdmin)).json()).toMatchObject({
      correctos: 2500,
    });
  });
});

describe.skipIf(!embebida)('the embedded database during a long upload', () => {
  it('a request made while the upload writes is answered before the upload ends', async () => {
    const direccion = await e.app.listen({ port: 0, host: '127.0.0.1' });
    const todas = iccs('8952604', 10_000);
    const cuantas = async () =>
      Number(
        (
          await e.db
            .selectFrom('lineas')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('icc', 'like', '8952604%')
            .executeTakeFirstOrThrow()
        ).n,
      );
    let terminada = false;
    const subida = subir('1', lineasDe(todas, '5512345678')).then((r) => {
      terminada = true;
      return r;
    });
    // The upload is writing once its first rows show (each look waits its turn on the connection).
    let vistas = 0;
    while (!terminada && vistas === 0) {
      vistas = await cuantas();
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(vistas).toBeGreaterThan(0);
    expect(vistas).toBeLessThan(todas.length);
    // Over a real socket: the event loop must get turns between chunks to even read the request.
    const salud = await fetch(`${direccion}/ready`);
    expect(salud.status).toBe(200);
    expect(terminada).toBe(false);
    const r = await subida;
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ total: 10_000, correctos: 10_000 });
    expect(await cuantas()).toBe(10_000);
  }, 60_000);
});
