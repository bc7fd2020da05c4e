import { ajustesEmpresa } from '@recargas/contracts/empresas';
import type { Sesion } from '../src/lib/sesion.ts';

/** A logged-in session: an administrator of 'demo' unless told otherwise. */
export const sesion = (s: Partial<Sesion>): Sesion => ({
  empresa: 'demo',
  token: 't',
  username: 'u',
  nombre: 'U',
  id: 1,
  lider: 0,
  isMonto: false,
  MRD: 0,
  maxRecargas: 0,
  recargaSinUsuario: false,
  nivel: 1,
  permisos: [],
  rutas: [],
  ajustes: ajustesEmpresa.parse({}),
  ...s,
});
