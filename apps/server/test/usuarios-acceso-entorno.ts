import { afterAll, beforeAll } from 'vitest';
import * as usuarios from '../src/modules/usuarios/service.ts';
import { crearEntorno, type Entorno, entrar } from './entorno.ts';
import { idDe } from './usuarios-entorno.ts';

/** The users access tests' shared set-up (usuarios-acceso and usuarios-jerarquia). */
export let e: Entorno;
export type Sesion = Awaited<ReturnType<typeof entrar>>;
export const sesiones: Record<Quien, Sesion> = {} as Record<Quien, Sesion>;
export type Quien = 'root' | 'admin' | 'lider' | 'cliente';
export type Donde = 'propia' | 'otra';

export const ids = {
  demo: 0,
  gsm: 0,
  liderDemo: 0,
  clienteDemo: 0,
  liderGsm: 0,
  clienteGsm: 0,
  usuarioGsm: 0,
};
let n = 0;
/** A number not used yet in this file's usernames and names. */
export const siguiente = () => ++n;

/** Registers this file's beforeAll (environment, the four demo logins, gsmoviles rows) and afterAll. */
export function prepararAcceso(): void {
  beforeAll(async () => {
    e = await crearEntorno();
    for (const q of ['root', 'admin', 'lider', 'cliente'] as const) sesiones[q] = await entrar(e.app, q);
    const empresa = async (codigo: string) =>
      (await e.db.selectFrom('empresas').select('id').where('codigo', '=', codigo).executeTakeFirstOrThrow())
        .id;
    ids.demo = await empresa('demo');
    ids.gsm = await empresa('gsmoviles');
    ids.liderDemo = await idDe(e.db, 'lideres', 'Lider Demo');
    ids.clienteDemo = await idDe(e.db, 'clientes', 'Cliente Demo');
    ids.liderGsm = (
      await e.db
        .insertInto('lideres')
        .values({ empresa_id: ids.gsm, nombre: 'Lider GSM' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    ids.clienteGsm = (
      await e.db
        .insertInto('clientes')
        .values({ empresa_id: ids.gsm, lider_id: ids.liderGsm, nombre: 'Cliente GSM' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    ids.usuarioGsm = await usuarios.crear(e.db, {
      empresaId: ids.gsm,
      username: 'solo_gsm',
      nombre: 'Cliente de GS Móviles',
      password: 'Clave.123',
      nivel: 3,
      liderId: ids.liderGsm,
      clienteId: ids.clienteGsm,
    });
  });
  afterAll(() => e.cerrar());
}

/** A fresh demo client of Lider Demo (a target each row may edit or delete). */
export const clienteDemoNuevo = () => {
  const k = siguiente();
  return usuarios.crear(e.db, {
    empresaId: ids.demo,
    username: `objetivo${k}`,
    nombre: `Objetivo ${k}`,
    password: 'Clave.123',
    nivel: 3,
    liderId: ids.liderDemo,
    clienteId: ids.clienteDemo,
  });
};
