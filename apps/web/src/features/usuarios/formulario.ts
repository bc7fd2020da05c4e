import { M } from '@recargas/contracts/mensajes';
import { NIVEL } from '@recargas/contracts/niveles';
import {
  type FormularioUsuario,
  MAX_RECARGAS_EDICION,
  MAX_RECARGAS_POR_DEFECTO,
  PASSWORD_SIN_CAMBIO,
  puedeEditarUsuario,
  SIN_LIDER,
  type UsuarioFila,
} from '@recargas/contracts/usuarios';
import { esAdmin, type Sesion, tienePermiso } from '../../lib/sesion.ts';

export type Modo = 'registrar' | 'consultar';

export const NOMBRE_NIVEL: Record<number, string> = {
  [NIVEL.lider]: M.tipoVendedorLider,
  [NIVEL.cliente]: M.tipoCliente,
};

/** User type options of spec section 6: Vendedor/Lider for administrators, Cliente with USUARIO_CLIENTE. */
export function tiposPara(s: Sesion) {
  const tipos: { nivel: number; nombre: string }[] = [];
  if (esAdmin(s)) tipos.push({ nivel: NIVEL.lider, nombre: M.tipoVendedorLider });
  if (tienePermiso(s, 'USUARIO_CLIENTE')) tipos.push({ nivel: NIVEL.cliente, nombre: M.tipoCliente });
  return tipos;
}

/** The default new-user level (section 6): 3 for a level-2 creator; the first type offered otherwise. */
const nivelPorDefecto = (s: Sesion) =>
  s.nivel === NIVEL.lider ? NIVEL.cliente : (tiposPara(s)[0]?.nivel ?? NIVEL.cliente);

export const vacio = (s: Sesion): FormularioUsuario => ({
  username: '',
  nombre: '',
  password: '',
  confirmacion: '',
  nivel: nivelPorDefecto(s),
  lider: null,
  cliente: null,
  phoneNumber: '',
  maxRecargas: String(MAX_RECARGAS_POR_DEFECTO),
});

/** The edit form of a user: password and confirmation as six dots (spec section 4). */
export const deUsuario = (u: UsuarioFila): FormularioUsuario => ({
  username: u.username,
  nombre: u.nombre,
  password: PASSWORD_SIN_CAMBIO,
  confirmacion: PASSWORD_SIN_CAMBIO,
  nivel: u.nivel,
  lider: u.liderId ? { id: u.liderId, nombre: u.lider } : null,
  cliente: u.clienteId ? { id: u.clienteId, nombre: u.cliente } : null,
  phoneNumber: u.phoneNumber === 'null' ? '' : u.phoneNumber,
  maxRecargas: String(u.maxRecargas || MAX_RECARGAS_EDICION),
});

/** Whether the caller may edit this user: the list's pencil, by the server's rule (contracts/usuarios.ts). */
export const puedeEscribir = (s: Sesion, u: UsuarioFila) =>
  puedeEditarUsuario({ id: s.id, nivel: s.nivel, liderId: s.lider || null, permisos: s.permisos }, u);

/** The body of POST /registrarUsuario or /editarUsuario; the six dots are not sent (spec section 4). */
export function cuerpo(f: FormularioUsuario, id: number | undefined) {
  const sinCambio = id !== undefined && f.password === PASSWORD_SIN_CAMBIO;
  const cliente = f.nivel === NIVEL.cliente ? f.cliente : null;
  return {
    ...(id === undefined ? { username: f.username.trim() } : { id }),
    nombre: f.nombre.trim(),
    ...(sinCambio ? {} : { password: f.password, confirmacion: f.confirmacion }),
    nivel: f.nivel,
    // 'Sin lider' (or none chosen) is sent as '0' (spec section 5).
    lider: String(f.lider?.id ?? SIN_LIDER),
    cliente: String(cliente && !cliente.nuevo ? cliente.id : 0),
    ...(cliente?.nuevo ? { clienteNuevo: cliente.nombre } : {}),
    maxRecargas: Number(f.maxRecargas),
    phoneNumber: f.phoneNumber.trim(),
  };
}
