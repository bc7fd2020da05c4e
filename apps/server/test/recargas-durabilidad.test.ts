import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as escritura from '../src/modules/recargas/repo-escritura.ts';
import { crearEntorno, type Entorno } from './entorno.ts';
import { porNumeroDemo, proveedorDemo } from './recargas-prueba.ts';

/**
 * Which statements of a top-up wait for the disk (issue 42): its write, before anything is sent,
 * commits durably (exactly once rests on it); its close, whose outcome the provider keeps, commits
 * without waiting. Both run in one transaction here, rolled back: the setting they leave on it is
 * the one its commit would use.
 */
let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno();
});
afterAll(() => e.cerrar());

const sincrono = async (tx: Parameters<typeof escritura.insertarYContar>[0]) =>
  (await sql<{ s: string }>`select current_setting('synchronous_commit') as s`.execute(tx)).rows[0]?.s;

it('the write commits durably and the close does not wait for the disk', async () => {
  const proveedorId = await proveedorDemo(e.db);
  const vistos: (string | undefined)[] = [];
  await e.db
    .transaction()
    .execute(async (tx) => {
      const fila = await escritura.insertarYContar(
        tx,
        porNumeroDemo(proveedorId, 'durabilidad-1', '5512345678'),
        'America/Mexico_City',
        1000,
      );
      vistos.push(await sincrono(tx));
      if (!fila) throw new Error('no se escribió');
      const cerrada = await escritura.cerrar(
        tx,
        fila,
        { estado: 'exitosa', folio: 'F1' },
        { usuarioId: null, usuario: null, ip: null },
      );
      expect(cerrada?.estado).toBe('exitosa');
      vistos.push(await sincrono(tx));
      throw new Error('deshacer');
    })
    .catch((err: Error) => {
      if (err.message !== 'deshacer') throw err;
    });
  expect(vistos).toEqual(['on', 'off']);
});
