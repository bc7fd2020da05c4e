import { API_LINEAS, type Linea, type RespuestaLineas } from '@recargas/contracts/lineas';
import { api } from '../../lib/api.ts';
import { type Parametros, useListaPaginada } from '../../lib/lista.ts';
import { type Avisos, useMutacion } from '../../lib/mutaciones.ts';

/** The key of every page of the inventory: refreshed after an edit or an unlock. */
export const CLAVE_LINEAS = [API_LINEAS.lineas];

/** GET /iccs: the inventory of a range and chips, 20 lines a step. */
export const useLineas = (parametros: Parametros) =>
  useListaPaginada<RespuestaLineas, Linea>(API_LINEAS.lineas, parametros, (p) => p.lineas);

export const actualizarLinea = (cuerpo: Record<string, unknown>) =>
  api<{ mensaje: string }>(API_LINEAS.actualizar, { cuerpo });

export const desbloquearLinea = (icc: string) =>
  api<{ mensaje: string }>(API_LINEAS.desbloquear, { cuerpo: { icc } });

type Mensaje = { mensaje: string };
/** A line's edit saved; every page of the inventory is read again. */
export const useActualizarLinea = (avisos: Avisos<Mensaje>) =>
  useMutacion(actualizarLinea, [CLAVE_LINEAS], avisos);
/** A line unlocked; every page of the inventory is read again. */
export const useDesbloquearLinea = (avisos: Avisos<Mensaje>) =>
  useMutacion(desbloquearLinea, [CLAVE_LINEAS], avisos);
