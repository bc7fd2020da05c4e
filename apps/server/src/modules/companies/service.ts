import { type AjustesEmpresa, ajustesEmpresa, type EmpresaPublica } from '@recargas/contracts/empresa';
import { M } from '@recargas/contracts/mensajes';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { EmpresasTable } from '../../db/schema.ts';
import { ErrorApi } from '../../lib/errores.ts';
import * as repo from './repo.ts';

export type Empresa = Selectable<EmpresasTable>;

/** The literal `login` in the URL means: guess the company from the host name (spec section 2). */
export const EMPRESA_POR_HOST = 'login';

/** A new company with its host fragments and its two platforms (seed and CLI). */
export const crear = (db: Db, empresa: Insertable<EmpresasTable>, hosts: readonly string[]) =>
  repo.insertar(db, empresa, hosts);

export const ajustesDe = (e: Empresa): AjustesEmpresa => ajustesEmpresa.parse(e.ajustes ?? {});

export async function buscar(db: Db, codigo: string, host = ''): Promise<Empresa> {
  const nombre = codigo.trim().toLowerCase();
  const hostSinPuerto = host.toLowerCase().replace(/:\d+$/, '');
  const empresa =
    nombre === EMPRESA_POR_HOST ? await repo.porHost(db, hostSinPuerto) : await repo.porCodigo(db, nombre);
  if (!empresa) throw new ErrorApi(404, M.empresaDesconocida);
  return empresa;
}

export async function porIdOError(db: Db, id: number): Promise<Empresa> {
  const empresa = await repo.porId(db, id);
  if (!empresa) throw new ErrorApi(404, M.empresaDesconocida);
  return empresa;
}

export function publica(e: Empresa): EmpresaPublica {
  const ajustes = ajustesDe(e);
  return {
    empresa: e.codigo,
    nombre: e.nombre,
    maxRecargas: e.max_recargas_sin_usuario,
    recargaSinUsuario: e.recarga_sin_usuario,
    primaryColor: e.primary_color,
    darkenColor: e.darken_color,
    accentColor: e.accent_color,
    backgroundColor: e.background_color,
    fontColor: e.font_color,
    imagenFondo: e.imagen_fondo,
    imagenFondoIn: e.imagen_fondo_in,
    izquierdoLogin: e.izquierdo_login,
    hideNav: e.hide_nav,
    image: e.image,
    barra: e.barra,
    videoFondo: ajustes.videoFondo,
    quienesSomos: ajustes.quienesSomos,
    alerta: e.alerta,
  };
}
