import { PERMISOS } from '@recargas/contracts/permisos';
import * as empresas from '../../modules/empresas/service.ts';
import * as usuarios from '../../modules/usuarios/service.ts';
import type { Db } from '../database.ts';
import { sembrarCarriers } from './carriers.ts';
import { contactoDe, EMPRESAS } from './empresas.ts';
import { sembrarLineas } from './lineas.ts';
import { sembrarBloque } from './masivas.ts';
import { sembrarPortabilidades } from './portabilidades.ts';
import { sembrarRecargas } from './recargas.ts';

/** Password of every demo user (README lists the logins). */
export const PASSWORD_DEMO = 'Demo.2026';

/** Fills an empty database with the demo data; does nothing when a company exists. */
export async function sembrar(db: Db): Promise<boolean> {
  const hay = await db.selectFrom('empresas').select('id').limit(1).executeTakeFirst();
  if (hay) return false;
  const ids: Record<string, number> = {};
  for (const e of EMPRESAS) {
    const id = await empresas.crear(
      db,
      {
        codigo: e.codigo,
        nombre: e.nombre,
        primary_color: e.colores[0],
        darken_color: e.colores[1],
        accent_color: e.colores[2],
        recarga_sin_usuario: e.recargaSinUsuario ?? false,
        // Every seeded company has a sales contact for the range dialog of Ventas.
        ajustes: JSON.stringify({ contactoVentas: contactoDe(e.codigo), ...e.ajustes }),
        alerta: e.alerta ?? null,
      },
      e.hosts,
      // Demo data only: production never seeds (config.ts), and refuses the simulator anyway.
      'simulador',
    );
    ids[e.codigo] = id;
    await usuarios.crear(db, {
      empresaId: id,
      username: 'admin',
      nombre: `Administrador ${e.nombre}`,
      password: PASSWORD_DEMO,
      nivel: 1,
      maxRecargas: 100000,
      isMonto: true,
      permisos: PERMISOS,
    });
  }
  await sembrarDemo(db, ids.demo as number);
  // A bulk top-up block in demo and in vcell (the company with scheduling).
  await sembrarBloque(db, ids.demo as number, 1);
  if (ids.vcell) await sembrarBloque(db, ids.vcell, 2);
  return true;
}

/** Users of every level in `demo`, with a leader and a client, and two whitelisted operators. */
async function sembrarDemo(db: Db, empresaId: number) {
  const lider = await db
    .insertInto('lideres')
    .values({ empresa_id: empresaId, nombre: 'Lider Demo' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const cliente = await db
    .insertInto('clientes')
    .values({ empresa_id: empresaId, lider_id: lider.id, nombre: 'Cliente Demo' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const base = { empresaId, password: PASSWORD_DEMO };
  await usuarios.crear(db, {
    ...base,
    username: 'root',
    nombre: 'Root Demo',
    nivel: 0,
    maxRecargas: 100000,
    isMonto: true,
    permisos: PERMISOS,
  });
  await usuarios.crear(db, {
    ...base,
    username: 'lider',
    nombre: 'Lider Demo',
    nivel: 2,
    liderId: lider.id,
    maxRecargas: 500,
    permisos: ['USUARIO_CLIENTE', 'INVENTARIO', 'RETROALIMENTACION_LIDER', 'MOVI_DN', 'ATT_DN'],
  });
  await usuarios.crear(db, {
    ...base,
    username: 'cliente',
    nombre: 'Cliente Demo',
    nivel: 3,
    liderId: lider.id,
    clienteId: cliente.id,
    maxRecargas: 50,
  });
  await sembrarLineas(db, empresaId, lider.id, cliente.id);
  await sembrarCarriers(db, empresaId);
  await sembrarRecargas(db, empresaId);
  await sembrarPortabilidades(db, empresaId);
  // Fixed users limited by the route whitelist (spec section 2, Login).
  await usuarios.crear(db, {
    ...base,
    username: 'portas',
    nombre: 'Operador de portabilidades',
    nivel: 1,
    permisos: ['PORTABILIDADES'],
    rutas: ['recargas', 'portabilidades'],
  });
  await usuarios.crear(db, {
    ...base,
    username: 'capturista',
    nombre: 'Capturista de líneas',
    nivel: 1,
    permisos: ['ADMINISTRAR_BASE'],
    rutas: ['administrarBase'],
  });
}
