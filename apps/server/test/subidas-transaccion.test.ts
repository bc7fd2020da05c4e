import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PLANTILLAS } from '../src/modules/subidas/service.ts';
import { admin, e, prepararDemo } from './demo-entorno.ts';
import { pedir } from './peticion.ts';
import { formulario, libro } from './xlsx-prueba.ts';

/** An upload is one transaction: several write batches, all or none (issue 4). */
prepararDemo();

const iccs = (desde: number, n: number) =>
  Array.from({ length: n }, (_, i) => `8952444${String(100_000_000_000 + desde + i).slice(-12)}`);
const subir = async (filas: string[]) => {
  const f = formulario(
    { accion: '1' },
    {
      nombre: 'l.xlsx',
      datos: await libro([[...PLANTILLAS.admin], ...filas.map((i) => [i, '5512345678', 'T'])]),
    },
  );
  return pedir(e.app, admin, 'POST', '/subirArchivo', f.payload, { cabeceras: f.headers });
};
const cuantas = async () =>
  Number(
    (
      await e.db
        .selectFrom('lineas')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('icc', 'like', '8952444%')
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /subirArchivo writes all its valid rows or none', () => {
  it('2,500 rows (three write batches) are all written', async () => {
    const r = await subir(iccs(0, 2500));
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ total: 2500, correctos: 2500, arregloCompleto: false });
    expect(r.json().arreglo).toHaveLength(1000);
    expect(await cuantas()).toBe(2500);
  });

  it('a failure in the third batch leaves nothing of the first two', async () => {
    // A database refusal the file checks cannot foresee, on one row of the last batch.
    const malo = iccs(10_000, 2500)[2200] as string;
    await sql
      .raw(`create function prueba_falla() returns trigger language plpgsql as $$
        begin if new.icc = '${malo}' then raise exception 'falla de prueba'; end if; return new; end $$;
        create trigger prueba_falla before insert on lineas for each row execute function prueba_falla();`)
      .execute(e.db);
    try {
      const antes = await cuantas();
      const r = await subir(iccs(10_000, 2500));
      expect(r.statusCode).toBe(500);
      expect(await cuantas()).toBe(antes);
    } finally {
      await sql.raw('drop trigger prueba_falla on lineas; drop function prueba_falla();').execute(e.db);
    }
  });
});
