import type { RespuestaLogin } from '@recargas/contracts/auth';
import { huellaPermisos } from '@recargas/contracts/auth/rutas';
import type { AjustesEmpresa } from '@recargas/contracts/empresas';
import type { ContextoMenu } from '@recargas/contracts/menu';

/**
 * The local session data of spec section 3, kept in localStorage under the spec's keys
 * (permisos joined by a hyphen), plus the route whitelist and company settings the menu needs.
 * Plain storage, no rule table: the login and the API client import it, not sesion.ts (issue 21).
 */
const CLAVES = [
  'empresa',
  'maxRecargas',
  'recargaSinUsuario',
  'nivel',
  'isMonto',
  'username',
  'MRD',
  'token',
  'permisos',
  'id',
  'nombre',
  'lider',
  'rutas',
  'ajustes',
] as const;

export interface Sesion extends ContextoMenu {
  empresa: string;
  token: string;
  username: string;
  nombre: string;
  id: number;
  lider: number;
  isMonto: boolean;
  MRD: number;
  maxRecargas: number;
  ajustes: AjustesEmpresa;
}

export function guardarSesion(r: RespuestaLogin): void {
  const valores: Record<(typeof CLAVES)[number], string> = {
    empresa: r.empresa,
    maxRecargas: String(r.maxRecargas),
    recargaSinUsuario: r.recargaSinUsuario ? '1' : '0',
    nivel: String(r.nivel),
    isMonto: r.isMonto ? '1' : '0',
    username: r.username,
    MRD: String(r.MRD),
    token: r.token,
    permisos: r.permisos.join('-'),
    id: String(r.id),
    nombre: r.nombre,
    lider: String(r.lider),
    rutas: r.rutas.join('-'),
    ajustes: JSON.stringify(r.ajustes),
  };
  for (const c of CLAVES) localStorage.setItem(c, valores[c]);
}

export function guardarToken(token: string): void {
  localStorage.setItem('token', token);
}

/** Told when the stored session changes under an open shell (permissions read again). */
export const SESION_CAMBIADA = 'sesion-cambiada';

/**
 * The permissions and Permiso Monto of GET /api/permisos (after login, on token renewal, when an
 * answer names others): an administrator's change reaches the open session; the shell draws its
 * menu and screens again.
 */
export function guardarPermisos(p: { permisos: readonly string[]; isMonto: boolean }): void {
  const ahora = p.permisos.join('-');
  const monto = p.isMonto ? '1' : '0';
  const igual = localStorage.getItem('permisos') === ahora && localStorage.getItem('isMonto') === monto;
  if (igual || !localStorage.getItem('token')) return;
  localStorage.setItem('permisos', ahora);
  localStorage.setItem('isMonto', monto);
  window.dispatchEvent(new Event(SESION_CAMBIADA));
}

/** The stored session's CABECERA_PERMISOS fingerprint, to compare with an answer's. */
export const huellaGuardada = () =>
  huellaPermisos(
    (localStorage.getItem('permisos') ?? '').split('-').filter(Boolean),
    localStorage.getItem('isMonto') === '1',
  );

/** The company of the last session of this tab: Back after logout lands on its login. */
const ULTIMA_EMPRESA = 'ultimaEmpresa';
export const ultimaEmpresa = (): string | null => sessionStorage.getItem(ULTIMA_EMPRESA);

/**
 * The copy of the company's name, notice and colours that public/marco.js draws on /in/* before
 * any module has run (lib/empresaPublica.ts writes it; issue 21: LCP).
 */
export const CLAVE_MARCO = 'marco';

/** Logout removes every key (token, level, id, name, company, permissions, no-user flag...). */
export function borrarSesion(): void {
  const empresa = localStorage.getItem('empresa');
  if (empresa) sessionStorage.setItem(ULTIMA_EMPRESA, empresa);
  for (const c of [...CLAVES, CLAVE_MARCO]) localStorage.removeItem(c);
}

const lista = (v: string | null) => (v ? v.split('-') : []);

/**
 * The stored session without its company settings, by plain checks: the login reads it with no
 * zod in its download (issue 21); the shell adds the settings (sesionConAjustes.ts).
 */
export function leerDatosSesion(): Omit<Sesion, 'ajustes'> | null {
  const token = localStorage.getItem('token');
  const empresa = localStorage.getItem('empresa');
  if (!token || !empresa) return null;
  const numero = (c: string) => Number(localStorage.getItem(c) ?? 0);
  return {
    empresa,
    token,
    username: localStorage.getItem('username') ?? '',
    nombre: localStorage.getItem('nombre') ?? '',
    id: numero('id'),
    lider: numero('lider'),
    nivel: numero('nivel'),
    isMonto: localStorage.getItem('isMonto') === '1',
    MRD: numero('MRD'),
    maxRecargas: numero('maxRecargas'),
    recargaSinUsuario: localStorage.getItem('recargaSinUsuario') === '1',
    permisos: lista(localStorage.getItem('permisos')),
    rutas: lista(localStorage.getItem('rutas')),
  };
}
