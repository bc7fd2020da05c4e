import { PERMISOS } from '@recargas/contracts/permisos';
import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { PASSWORD_DEMO } from '../src/db/seed/index.ts';
import * as usuarios from '../src/modules/usuarios/service.ts';
import { crearEntorno, type Entorno, entrar, idEmpresa, nuevoLider, type Sesion } from './entorno.ts';

/**
 * The set-up the recycling test files share: recycling and activations on in tgmex, its leader
 * 'Lider Sur' with client 'Cliente Sur', its administrator 'recicla' with every permission, and
 * the administrator of demo.
 */
export let e: Entorno;
/** tgmex is the company of the exact counts; demo only has to stay untouched by it. */
export let tgmex: number;
export let demo: number;
export let admin: Sesion;
export let adminDemo: Sesion;
export let liderId: number;
export let clienteId: number;

/** Merges `cambios` into the settings of company `empresa`. */
export const ajustar = (empresa: number, cambios: object) =>
  sql`update empresas set ajustes = coalesce(ajustes, '{}'::jsonb) || ${JSON.stringify(cambios)}::jsonb where id = ${empresa}`.execute(
    e.db,
  );

/** Registers this file's beforeAll (environment, tgmex's settings, leader, client, logins) and afterAll. */
export function prepararReciclaje(): void {
  beforeAll(async () => {
    e = await crearEntorno();
    tgmex = await idEmpresa(e, 'tgmex');
    demo = await idEmpresa(e, 'demo');
    await ajustar(tgmex, { reciclaje: true, activaciones: true });
    liderId = await nuevoLider(e, tgmex, 'Lider Sur');
    clienteId = (
      await e.db
        .insertInto('clientes')
        .values({ empresa_id: tgmex, lider_id: liderId, nombre: 'Cliente Sur' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await usuarios.crear(e.db, {
      empresaId: tgmex,
      username: 'recicla',
      nombre: 'Admin Reciclaje',
      password: PASSWORD_DEMO,
      nivel: 1,
      liderId: null,
      permisos: [...PERMISOS],
    });
    admin = await entrar(e.app, 'recicla', 'tgmex');
    adminDemo = await entrar(e.app, 'admin');
  });
  afterAll(() => e.cerrar());
}
