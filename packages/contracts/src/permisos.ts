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
