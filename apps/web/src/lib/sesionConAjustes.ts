import type { AjustesEmpresa, Configuraciones, Funcion } from '@recargas/contracts/empresas';
import { AJUSTES_POR_DEFECTO } from '@recargas/contracts/empresas/defectos';
import { leerDatosSesion, type Sesion } from './sesion.ts';

/**
 * The company settings of the stored session over their defaults: the server sends them whole
 * (its schema filled them in), the defaults cover a session stored before a setting existed.
 * No schema here: zod is not in the shell's download (issue 21).
 */
function leerAjustes(): AjustesEmpresa {
  try {
    const guardados: unknown = JSON.parse(localStorage.getItem('ajustes') ?? '{}');
    if (guardados && typeof guardados === 'object')
      return { ...AJUSTES_POR_DEFECTO, ...guardados } as AjustesEmpresa;
  } catch {
    // A damaged copy: the defaults, as for no copy.
  }
  return { ...AJUSTES_POR_DEFECTO };
}

/** The whole stored session, settings included: what the shell and its screens read. */
export function leerSesion(): Sesion | null {
  const datos = leerDatosSesion();
  return datos && { ...datos, ajustes: leerAjustes() };
}

/** The company's features as /in/configuraciones just saved them: the menu and the screens read them here. */
export function guardarFunciones(f: Pick<Configuraciones, Funcion>): void {
  const { recargaSinUsuario, ...enAjustes } = f;
  localStorage.setItem('recargaSinUsuario', recargaSinUsuario ? '1' : '0');
  localStorage.setItem('ajustes', JSON.stringify({ ...leerAjustes(), ...enAjustes }));
}
