import type { Endpoint } from './acceso.ts';

/** Permission keys of spec section 6: both naming sets, plus administrarBase. */
export const PERMISOS = [
  // Set A
  'RECARGAS_MASIVAS',
  'RETROALIMENTACION_LIDER',
  'MONTO_LIDER',
  'MOVI_SIN_DN',
  'ATT_SIN_DN',
  'GRAFICAS',
  'PORTABILIDADES',
  'USUARIO_CLIENTE',
  'INVENTARIO',
  'RECARGA_EXTERNA',
  'RECARGAS_CARRIER',
  'RECARGAS_PLATAFORMA',
  'PERMISO_MONTOS',
  'RECICLADO_MASIVO',
  // Set B
  'PLATAFORMAS',
  'RECICLAR_LINEAS',
  'ACTIVACIONES_ATT',
  'MOVI_DN',
  'ATT_DN',
  'BISVI',
  'DESBLOQUEAR_LINEAS',
  // Edit column of administrarBase
  'ADMINISTRAR_BASE',
] as const;

export type Permiso = (typeof PERMISOS)[number];

export const esPermiso = (valor: string): valor is Permiso => (PERMISOS as readonly string[]).includes(valor);

/** Endpoints that several permissions' services check (QUE_PERMITE, BANDERAS). */
const RECARGA = ['POST /checkOut', 'POST /foreignCheckOut'] as const satisfies readonly Endpoint[];
const SUBIDA = ['POST /subirArchivo'] as const satisfies readonly Endpoint[];
/** Where a leader with USUARIO_CLIENTE creates, edits, removes or uploads clients. */
const GESTION_DE_CLIENTES = [
  'POST /registrarUsuario',
  'POST /editarUsuario',
  'POST /eliminarUsuario',
  ...SUBIDA,
] as const satisfies readonly Endpoint[];
/** The sales report, its totals and its Excel (RECARGAS_PLATAFORMA filters them). */
const VENTAS = [
  'GET /reportes',
  'GET /reportesNew',
  'GET /reportes/total',
  'GET /reportesNew/total',
  'POST /excel',
] as const satisfies readonly Endpoint[];

/**
 * What each permission allows, and the endpoints whose service checks it beyond the route's
 * own rule (ENDPOINTS in acceso.ts says which routes require it outright; `comprueban` derives
 * both). Where the spec names a permission without saying what it does, the meaning written
 * here is the one the server enforces.
 */
export const QUE_PERMITE: Record<Permiso, { permite: string; enServicio?: readonly Endpoint[] }> = {
  RECARGAS_MASIVAS: {
    permite: 'Recargas masivas: bloques, su programación y la acción 4 de Subir archivos.',
    enServicio: SUBIDA,
  },
  RETROALIMENTACION_LIDER: {
    permite: 'Un líder sube archivos de líneas (acciones 1 y 2) y descarga su plantilla.',
    enServicio: SUBIDA,
  },
  MONTO_LIDER: {
    permite:
      'Un líder ve el monto de sus movimientos donde la empresa lo oculta a quien no es administrador.',
    enServicio: ['GET /movimientos'],
  },
  MOVI_SIN_DN: {
    permite: 'Una recarga por ICC de Movistar puede ir sin ningún DN (ni el de la línea ni uno escrito).',
    enServicio: RECARGA,
  },
  ATT_SIN_DN: {
    permite: 'Una recarga por ICC de AT&T puede ir sin ningún DN (ni el de la línea ni uno escrito).',
    enServicio: RECARGA,
  },
  GRAFICAS: { permite: 'Gráficas de ventas por líder (administradores).' },
  PORTABILIDADES: {
    permite:
      'Portabilidades: lista, edición, activación, recarga, detalle, su Excel y la acción 6 de Subir archivos.',
    enServicio: SUBIDA,
  },
  USUARIO_CLIENTE: {
    permite: 'Crear y editar clientes (nivel 3); un líder con él administra a sus clientes (Mis clientes).',
    enServicio: GESTION_DE_CLIENTES,
  },
  INVENTARIO: { permite: 'Días de inventario por líder y cliente (no clientes).' },
  RECARGA_EXTERNA: { permite: 'Recarga externa con folio (tipo 3) en la pantalla de recargas.' },
  RECARGAS_CARRIER: { permite: 'Plataforma y usuario por carrier, usuarios de plataforma y comentarios.' },
  RECARGAS_PLATAFORMA: {
    permite: 'Filtrar el reporte de ventas (y su Excel) por plataforma.',
    enServicio: VENTAS,
  },
  PERMISO_MONTOS: { permite: 'Ver y cambiar el Permiso Monto (isMonto) de los usuarios.' },
  RECICLADO_MASIVO: { permite: 'Reciclado masivo: lista de líneas por reciclar, reciclar y olvidar.' },
  PLATAFORMAS: {
    permite: 'Un administrador elige la plataforma (1 o 2) de una recarga; sin él decide el carrier.',
    enServicio: ['POST /checkOut'],
  },
  RECICLAR_LINEAS: { permite: 'Panel Reciclar Lineas de la pantalla de recargas (administradores).' },
  ACTIVACIONES_ATT: { permite: 'Panel Estatus ICC ATT de la pantalla de recargas (administradores).' },
  MOVI_DN: {
    permite: 'Escribir el DN junto con el ICC en una recarga de Movistar (si no, se usa el de la línea).',
    enServicio: RECARGA,
  },
  ATT_DN: {
    permite: 'Escribir el DN junto con el ICC en una recarga de AT&T (si no, se usa el de la línea).',
    enServicio: RECARGA,
  },
  BISVI: {
    permite: 'Columnas extra de la empresa en Administrar base y su Excel (administradores).',
    enServicio: ['GET /iccs', 'POST /excel'],
  },
  DESBLOQUEAR_LINEAS: {
    permite:
      'Desbloquear una línea recargada sin fecha de recarga (administradores; la empresa puede limitarlo a ciertos usuarios).',
    enServicio: ['GET /iccs'],
  },
  ADMINISTRAR_BASE: {
    permite: 'Columna de edición de Administrar base: editar ICC, DN, compañía, líder, cliente y monto.',
  },
};

/** Per-user flags and company settings that decide access, with the endpoints that read them. */
export const BANDERAS = {
  isMonto: {
    permite:
      'Permiso Monto del usuario: elegir el monto de una recarga (de la lista de la empresa). Sin él, el monto es el de la línea o el de la empresa por defecto.',
    enServicio: RECARGA,
  },
  enviarMonto: {
    permite: 'Ajuste de la empresa: se puede elegir el monto de una recarga. Apagado, nadie lo elige.',
    enServicio: RECARGA,
  },
  rutas: {
    permite:
      'Lista blanca de pantallas del usuario: solo llama a los endpoints de esas pantallas (ENDPOINTS_DE_PANTALLA) y a los del menú (SIEMPRE).',
    enServicio: [],
  },
} as const satisfies Record<string, { permite: string; enServicio: readonly Endpoint[] }>;
