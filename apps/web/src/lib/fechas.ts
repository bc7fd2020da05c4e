import { fechaHora, type Instante, ZONA_POR_DEFECTO } from '@recargas/contracts/fechas';

// The company's zone as the login stored it (sesionGuardada's 'ajustes'), read here without the
// session module: a list formats hundreds of dates, so the JSON is parsed only when it changes.
let guardados: string | null = null;
let zona = ZONA_POR_DEFECTO;

/** The company's time zone of the stored session; Mexico City's before a login. */
export function zonaEmpresa(): string {
  const ahora = localStorage.getItem('ajustes');
  if (ahora !== guardados) {
    guardados = ahora;
    try {
      const z: unknown = JSON.parse(ahora ?? '{}')?.zonaHoraria;
      zona = typeof z === 'string' && z ? z : ZONA_POR_DEFECTO;
    } catch {
      zona = ZONA_POR_DEFECTO;
    }
  }
  return zona;
}

/** yyyy/mm/dd HH:mm on the company's clock (lists and cells); '' for none. */
export const fechaCorta = (iso: string | null) => fechaHora(iso, zonaEmpresa(), false);

/** yyyy/mm/dd HH:mm:ss on the company's clock (movements, notifications, histories). */
export const fechaHoraEmpresa = (v: Instante | null) => fechaHora(v, zonaEmpresa());
