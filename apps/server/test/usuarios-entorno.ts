import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../src/db/database.ts';
import { crearEntorno, type Entorno, entrar } from './entorno.ts';

/**
 * The users tests' shared set-up: one environment per test file, the demo administrator and
 * leader logged in, the demo company, leader and client ids, and the request helpers.
 */
export type Sesion = Awaited<ReturnType<typeof entrar>>;
export let e: Entorno;
export let admin: Sesion;
export let lider: Sesion;
export let demo: number;
export let liderDemo: number;
export let clienteDemo: number;

/** The id of the leader or client named `nombre`. */
export const idDe = async (db: Db, tabla: 'lideres' | 'clientes', nombre: string) =>
  (await db.selectFrom(tabla).select('id').where('nombre', '=', nombre).executeTakeFirstOrThrow()).id;

/** Registers this file's beforeAll (environment, logins, ids) and afterAll. */
export function prepararUsuarios(): void {
  beforeAll(async () => {
    e = await crearEntorno();
    admin = await entrar(e.app, 'admin');
    lider = await entrar(e.app, 'lider');
    demo = (
      await e.db.selectFrom('empresas').select('id').where('codigo', '=', 'demo').executeTakeFirstOrThrow()
    ).id;
    liderDemo = await idDe(e.db, 'lideres', 'Lider Demo');
    clienteDemo = await idDe(e.db, 'clientes', 'Cliente Demo');
  });
  afterAll(() => e.cerrar());
}

/** Chip filters as the screens send them: one `filtros` query parameter holding JSON text. */
export const filtros = (f: Record<string, unknown>) => `filtros=${encodeURIComponent(JSON.stringify(f))}`;

let n = 0;
export const nuevo = (extra: Record<string, unknown> = {}) => ({
  username: `u${++n}`,
  nombre: `Usuario ${n}`,
  password: 'Clave.123',
  confirmacion: 'Clave.123',
  nivel: 3,
  lider: String(liderDemo),
  cliente: String(clienteDemo),
  maxRecargas: 5,
  phoneNumber: '',
  ...extra,
});
export const cuentaUsuarios = async () =>
  Number(
    (
      await e.db
        .selectFrom('usuarios')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
export const fila = (username: string, empresaId = demo) =>
  e.db
    .selectFrom('usuarios')
    .selectAll()
    .where('username', '=', username)
    .where('empresa_id', '=', empresaId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
