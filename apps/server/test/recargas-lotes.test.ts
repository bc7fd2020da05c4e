import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as repo from '../src/modules/recargas/repo-escritura.ts';
import { crearEntorno, type Entorno } from './entorno.ts';
import { porNumeroDemo, proveedorDemo } from './recargas-prueba.ts';

/**
 * The batched write of top-ups by number (repo.escribir): the calls made while two are in
 * flight go as one statement, so every case below but the first call runs through it.
 */
let e: Entorno;
let proveedorId: number;
let usuarios: { id: number; username: string }[];
beforeAll(async () => {
  e = await crearEntorno();
  proveedorId = await proveedorDemo(e.db);
  usuarios = await e.db
    .selectFrom('usuarios')
    .select(['id', 'username'])
    .where('empresa_id', '=', 1)
    .where('username', 'in', ['admin', 'lider', 'cliente', 'portas'])
    .orderBy('username')
    .execute();
});
afterAll(() => e.cerrar());

let n = 0;
const escritura = (usuarioId: number | null, clave: string, limite = 1000): repo.Escritura => ({
  fila: {
    ...porNumeroDemo(proveedorId, clave, `55${String(20_000_000 + ++n).slice(-8)}`),
    usuario_id: usuarioId,
  },
  zona: 'America/Mexico_City',
  limite,
});
const conteo = async (usuarioId: number) =>
  (
    await e.db
      .selectFrom('conteo_recargas')
      .select('n')
      .where('empresa_id', '=', 1)
      .where('usuario_id', '=', usuarioId)
      .orderBy('dia', 'desc')
      .executeTakeFirst()
  )?.n ?? 0;
const filasDe = async (claves: string[]) =>
  (await e.db.selectFrom('recargas').select('idempotencia').where('idempotencia', 'in', claves).execute())
    .length;

describe('top-ups by number written in batches', () => {
  it('each key once, each user counted by its own rows, the public screen under user 0', async () => {
    const [a, b, c] = usuarios.map((u) => u.id) as [number, number, number];
    const antes = await Promise.all([a, b, c, 0].map(conteo));
    const entradas = [
      escritura(a, 'lote-a1'),
      escritura(b, 'lote-b1'),
      escritura(a, 'lote-a2'),
      escritura(b, 'lote-b2'),
      escritura(c, 'lote-c1'),
      escritura(a, 'lote-a2'), // the same key again, in the same batch: a double click
      escritura(null, 'lote-p1'),
      escritura(c, 'lote-c2'),
      escritura(a, 'lote-a3'),
    ];
    const r = await Promise.all(entradas.map((x) => repo.escribir(e.db, x)));
    const escritas = r.map((x) => ('fila' in x ? x.fila?.idempotencia : 'error'));
    expect(escritas).toEqual([
      'lote-a1',
      'lote-b1',
      'lote-a2',
      'lote-b2',
      'lote-c1',
      undefined,
      'lote-p1',
      'lote-c2',
      'lote-a3',
    ]);
    expect(await filasDe(entradas.map((x) => x.fila.idempotencia))).toBe(8);
    const despues = await Promise.all([a, b, c, 0].map(conteo));
    expect(despues.map((d, i) => d - (antes[i] ?? 0))).toEqual([3, 2, 2, 1]);
  });

  it('a user past the limit fails only their own extra rows; the rest of the batch is written', async () => {
    const [a, b, , d] = usuarios.map((u) => u.id) as [number, number, number, number];
    const ya = await conteo(d);
    const limite = ya + 2;
    const entradas = [
      escritura(a, 'lim-a1'),
      escritura(b, 'lim-b1'),
      ...[1, 2, 3, 4].map((i) => escritura(d, `lim-d${i}`, limite)),
      escritura(a, 'lim-a2'),
      escritura(b, 'lim-b2'),
    ];
    const r = await Promise.all(entradas.map((x) => repo.escribir(e.db, x)));
    const deD = r.slice(2, 6);
    expect(deD.filter((x) => 'fila' in x && x.fila)).toHaveLength(2);
    const refusals = deD.filter((x) => 'error' in x);
    expect(refusals).toHaveLength(2);
    for (const x of refusals)
      expect(String((x as { error: unknown }).error)).toContain(repo.LIMITE_ALCANZADO);
    expect(r.filter((x, i) => (i < 2 || i > 5) && 'fila' in x && x.fila)).toHaveLength(4);
    expect(await conteo(d)).toBe(limite);
    expect(await filasDe(entradas.map((x) => x.fila.idempotencia))).toBe(6);
  });
});
