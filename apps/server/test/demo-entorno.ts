import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../src/config.ts';
import { crearEntorno, type Entorno, entrar, idEmpresa, type Sesion } from './entorno.ts';

/**
 * The set-up API test files share: one environment per file, the demo administrator, leader and
 * client logged in, the demo company and the leader and client of its user 'cliente'. Each test
 * file loads its own copy of this module, so these bindings are that file's.
 */
export let e: Entorno;
export let admin: Sesion;
export let lider: Sesion;
export let cliente: Sesion;
export let demo: number;
export let liderDemo: number;
export let clienteDemo: number;

/** Registers this file's beforeAll (environment, logins, ids) and afterAll. */
export function prepararDemo(ajustes: Partial<Config> = {}): void {
  beforeAll(async () => {
    e = await crearEntorno(ajustes);
    demo = await idEmpresa(e, 'demo');
    const u = await e.db
      .selectFrom('usuarios')
      .select(['lider_id', 'cliente_id'])
      .where('empresa_id', '=', demo)
      .where('username', '=', 'cliente')
      .executeTakeFirstOrThrow();
    liderDemo = u.lider_id as number;
    clienteDemo = u.cliente_id as number;
    admin = await entrar(e.app, 'admin');
    lider = await entrar(e.app, 'lider');
    cliente = await entrar(e.app, 'cliente');
  });
  afterAll(() => e.cerrar());
}
