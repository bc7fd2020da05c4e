import { ajustesEmpresa, type Configuraciones, type Funcion } from '@recargas/contracts/empresas';
import { leerDatosSesion, type Sesion } from './sesion.ts';

/**
 * The company settings of the stored session, completed with their defaults by the contract's
 * schema. Apart from sesion.ts: the schema brings zod, which the login page does not download.
 */
function leerAjustes() {
  try {
    return ajustesEmpresa.parse(JSON.parse(localStorage.getItem('ajustes') ?? '{}'));
  } catch {
    return ajustesEmpresa.parse({});
  }
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
