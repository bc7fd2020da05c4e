import type { AjustesEmpresa } from '@recargas/contracts/empresas';
import { PERMISOS } from '@recargas/contracts/permisos';
import * as carriers from '../modules/carriers/service.ts';
import * as empresas from '../modules/empresas/service.ts';
import * as masivas from '../modules/masivas/service.ts';
import * as portabilidades from '../modules/portabilidades/service.ts';
import * as usuarios from '../modules/usuarios/service.ts';
import type { Db } from './database.ts';

/** Password of every demo user (README lists the logins). */
export const PASSWORD_DEMO = 'Demo.2026';

interface EmpresaSemilla {
  codigo: string;
  nombre: string;
  colores: [primary: string, darken: string, accent: string];
  hosts: string[];
  recargaSinUsuario?: boolean;
  ajustes?: Partial<AjustesEmpresa>;
  alerta?: string;
}

/**
 * The companies the spec names, each with its own theme and the behaviour the spec ties to it,
 * as data. The same rows in every fresh database.
 */
export const EMPRESAS: EmpresaSemilla[] = [
  {
    codigo: 'demo',
    nombre: 'Recargas Demo',
    colores: ['#408080', '#2d5a5a', '#408080'],
    hosts: ['localhost', '127.0.0.1', 'demo'],
    recargaSinUsuario: true,
    ajustes: { reciclaje: true, activaciones: true },
    alerta: 'Bienvenido al portal de demostración: los datos se reinician con cada instalación.',
  },
  {
    codigo: 'tonodigital',
    nombre: 'Tono Digital',
    colores: ['#1565c0', '#0d47a1', '#ffb300'],
    hosts: ['tonodigital', 'tono'],
    ajustes: { usuariosDesbloqueo: ['admin', 'soporte', 'operaciones'] },
  },
  {
    codigo: 'gmcel',
    nombre: 'GM Cel',
    colores: ['#c62828', '#8e0000', '#ffca28'],
    hosts: ['gmcel'],
    ajustes: { usuariosDesbloqueo: ['admin', 'soporte', 'operaciones'] },
  },
  {
    codigo: 'gsmoviles',
    nombre: 'GS Móviles',
    colores: ['#2e7d32', '#1b5e20', '#ff7043'],
    hosts: ['gsmoviles'],
    ajustes: { topeRecargasClientes: 5 },
  },
  {
    codigo: 'teletrial',
    nombre: 'Teletrial',
    colores: ['#6a1b9a', '#38006b', '#26c6da'],
    hosts: ['teletrial'],
    ajustes: { topeRecargasClientes: 5 },
  },
  {
    codigo: 'vcell',
    nombre: 'VCell',
    colores: ['#ef6c00', '#b53d00', '#5c6bc0'],
    hosts: ['vcell'],
    ajustes: { programacion: true, columnaExtraMasivas: true },
  },
  {
    codigo: 'tgmex',
    nombre: 'TG México',
    colores: ['#00838f', '#005662', '#d81b60'],
    hosts: ['tgmex'],
    ajustes: { ocultarMontoNoAdmin: true, reporteReducido: true },
  },
  {
    codigo: 'discovery',
    nombre: 'Discovery',
    colores: ['#283593', '#001064', '#00bfa5'],
    hosts: ['discovery'],
    ajustes: {
      rangoVentasExento: true,
      quienesSomos: {
        vision: 'Ser la red de recargas más confiable de México.',
        mision: 'Dar a cada punto de venta recargas al instante, sin fallas y con soporte cercano.',
      },
    },
  },
  {
    codigo: 'bisvi',
    nombre: 'Bisvi',
    colores: ['#ad1457', '#78002e', '#7cb342'],
    hosts: ['bisvi'],
    ajustes: { columnasExtraLineas: ['fechaEntrega', 'producto', 'fechaPortada'] },
  },
];

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
        ajustes: JSON.stringify(e.ajustes ?? {}),
        alerta: e.alerta ?? null,
      },
      e.hosts,
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
  await masivas.sembrar(db, ids.demo as number, 1);
  if (ids.vcell) await masivas.sembrar(db, ids.vcell, 2);
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
  await carriers.sembrar(db, empresaId);
  await sembrarRecargas(db, empresaId);
  await portabilidades.sembrar(db, empresaId);
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

/** Demo inventory lines: how many, and the days back their uploads spread over. */
export const LINEAS_DEMO = 300;

/**
 * Inventory lines of `demo` for administrarBase (issue 4): the same values in every fresh
 * database (a fixed pseudo-random sequence), uploaded over the last ~75 days so most fall in
 * the screen's default two-month range. Two thirds belong to the demo leader (some to its
 * client), a tenth are recharged, and a few are recharged without a date (they can be unlocked).
 */
async function sembrarLineas(db: Db, empresaId: number, liderId: number, clienteId: number) {
  const admin = await db
    .selectFrom('usuarios')
    .select('id')
    .where('empresa_id', '=', empresaId)
    .where('username', '=', 'admin')
    .executeTakeFirstOrThrow();
  let x = 20260401;
  const azar = () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
  const companias = ['T', 'M', 'U', 'A', 'V', 'B'];
  const montos = [30, 50, 70, 100, 200];
  const ahora = Date.now();
  const filas = Array.from({ length: LINEAS_DEMO }, (_, i) => {
    const subida = new Date(ahora - Math.floor(azar() * 75 * 86_400_000));
    const delLider = azar() < 0.67;
    const recargada = i % 10 === 3;
    const sinFecha = i % 50 === 7;
    // One line in fifteen had a 30-day validity, mostly run out: the bulk recycling list.
    const dias = i % 15 === 5 ? 30 : 180;
    const vigencia = new Date(subida.getTime() + dias * 86_400_000).toISOString().slice(0, 10);
    return {
      empresa_id: empresaId,
      icc: `8952140${String(100_000_000_000 + i * 7919).slice(-12)}`,
      dn: i % 12 === 0 ? '' : `55${String(20_000_000 + i * 3571).slice(-8)}`,
      monto: montos[Math.floor(azar() * montos.length)] ?? 30,
      lider_id: delLider ? liderId : null,
      cliente_id: delLider && azar() < 0.4 ? clienteId : null,
      compania: companias[Math.floor(azar() * companias.length)] ?? 'T',
      subido_por: admin.id,
      fecha_subida: subida,
      fecha_actualizacion: subida,
      fecha_vigencia: vigencia,
      fecha_recarga: recargada ? new Date(Math.min(ahora, subida.getTime() + 86_400_000)) : null,
      nir: i % 12 === 0 ? '55' : null,
      plataforma: i % 5 === 0 ? 2 : 1,
      is_recargado: recargada || sinFecha,
    };
  });
  await db.insertInto('lineas').values(filas).execute();
}

export const RECARGAS_DEMO = 600;

/**
 * A year of top-up history in `demo` for the sales report and the charts: fixed pseudo-random
 * rows by the demo admin, leader and client, a few of them on inventory lines (origin columns).
 * They are history only: the daily limit counters are not touched.
 */
async function sembrarRecargas(db: Db, empresaId: number) {
  const usuarios = await db
    .selectFrom('usuarios')
    .select(['id', 'lider_id', 'cliente_id'])
    .where('empresa_id', '=', empresaId)
    .where('username', 'in', ['admin', 'lider', 'cliente'])
    .execute();
  const proveedores = await db
    .selectFrom('proveedores')
    .select('id')
    .where('empresa_id', '=', empresaId)
    .execute();
  const lineas = await db
    .selectFrom('lineas')
    .select(['id', 'icc', 'dn'])
    .where('empresa_id', '=', empresaId)
    .limit(40)
    .execute();
  let x = 20261123;
  const azar = () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
  const elegir = <T>(lista: readonly T[]) => lista[Math.floor(azar() * lista.length)] as T;
  const ahora = Date.now();
  const filas = Array.from({ length: RECARGAS_DEMO }, (_, i) => {
    // Denser in recent weeks, so the report's default 10 days has rows.
    const dias = i < 60 ? azar() * 10 : azar() * 365;
    const creada = new Date(ahora - Math.floor(dias * 86_400_000));
    const u = elegir(usuarios);
    const linea = i % 15 === 0 ? elegir(lineas) : undefined;
    const exitosa = azar() < 0.85;
    return {
      empresa_id: empresaId,
      usuario_id: u.id,
      idempotencia: `demo-${i}`,
      proveedor_id: elegir(proveedores).id,
      icc: linea?.icc ?? '',
      dn: linea?.dn || `55${String(30_000_000 + i * 7717).slice(-8)}`,
      compania: elegir(['T', 'M', 'U', 'A', 'V', 'B']),
      monto: elegir([30, 50, 70, 100, 200]),
      tipo: 'todito',
      tipo_recarga: 1,
      estado: exitosa ? ('exitosa' as const) : ('fallida' as const),
      mensaje: exitosa ? 'Recarga exitosa' : 'Número no válido para recarga',
      folio: exitosa ? String(500_000 + i) : null,
      lider_id: u.lider_id,
      cliente_id: u.cliente_id,
      dia: creada.toISOString().slice(0, 10),
      creada,
      enviada: creada,
      terminada: creada,
      linea_id: linea?.id ?? null,
    };
  });
  await db.insertInto('recargas').values(filas).execute();
}
