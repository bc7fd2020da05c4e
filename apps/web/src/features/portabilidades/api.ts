import { conParametros } from '@recargas/contracts/api';
import {
  API_PORTABILIDADES,
  type DetallePorta,
  type PortOut,
  type RespuestaInventario,
  type RespuestaInventarioRuta,
  type RespuestaPortas,
} from '@recargas/contracts/portabilidades';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, claveIdempotencia } from '../../lib/api.ts';
import { type Parametros, useListaPaginada } from '../../lib/lista.ts';

/** The key of every page of the port-out list: read again after each action. */
export const CLAVE_PORTAS = [API_PORTABILIDADES.portabilidades];

/** GET /api/portOuts: the port-outs of a range and chips, 20 a step. */
export const usePortabilidades = (parametros: Parametros) =>
  useListaPaginada<RespuestaPortas, PortOut>(
    API_PORTABILIDADES.portabilidades,
    parametros,
    (p) => p.portOuts,
  );

/** Activar or Portar / Portar nuevamente. */
export const pasoPorta = (fila: PortOut, accion: 'activar' | 'portar') =>
  api<{ mensaje: string }>(API_PORTABILIDADES.activacion, {
    cuerpo: { ...fila, id: fila.id, accion, origin: 'web' },
  });

/** The row's top-up: by the engine, or external with a folio (type 3). */
export const recargarPorta = (id: number, folio?: string) =>
  api<{ mensaje: string; estado: string }>(
    folio === undefined ? API_PORTABILIDADES.recargar : API_PORTABILIDADES.recargarExterna,
    {
      cuerpo: folio === undefined ? { id } : { id, folio, type: 3 },
      cabeceras: { 'Idempotency-Key': claveIdempotencia() },
    },
  );

/** The changed fields of one row. */
export const actualizarPorta = (cuerpo: Record<string, unknown>) =>
  api<{ mensaje: string }>(API_PORTABILIDADES.portabilidades, { metodo: 'PATCH', cuerpo });

/**
 * What the screen does when a row's action answers (a toast, closing the edit). The list is read
 * again after each, done or not, and the action counts as pending until it is.
 */
interface AvisosPorta<R, V> {
  onSuccess: (r: R, v: V) => void;
  onError: (e: Error) => void;
}

function useAccionPorta<R, V>(accion: (v: V) => Promise<R>, avisos: AvisosPorta<R, V>) {
  const consultas = useQueryClient();
  return useMutation({
    mutationFn: accion,
    onSuccess: avisos.onSuccess,
    onError: avisos.onError,
    onSettled: () => consultas.invalidateQueries({ queryKey: CLAVE_PORTAS }),
  });
}

type Mensaje = { mensaje: string };

/** Activar, Portar or Portar nuevamente on a row. */
export const usePasoPorta = (avisos: AvisosPorta<Mensaje, { fila: PortOut; accion: 'activar' | 'portar' }>) =>
  useAccionPorta((v) => pasoPorta(v.fila, v.accion), avisos);

/** A row's top-up, by the engine or external with a folio. */
export const useRecargarPorta = (
  avisos: AvisosPorta<Mensaje & { estado: string }, { id: number; folio?: string }>,
) => useAccionPorta((v) => recargarPorta(v.id, v.folio), avisos);

/** A row's changed fields saved. */
export const useGuardarPorta = (avisos: AvisosPorta<Mensaje, Record<string, unknown>>) =>
  useAccionPorta(actualizarPorta, avisos);

export const detallePorta = (dn: string) =>
  api<DetallePorta>(conParametros(API_PORTABILIDADES.detalle, { dn }));

/** POST /api/portOuts/inventoryDays: inventory days by leader, or by client of a leader. */
export const useInventario = (cuerpo: Record<string, unknown>) =>
  useQuery({
    queryKey: [API_PORTABILIDADES.inventario, cuerpo],
    queryFn: () => api<RespuestaInventario>(API_PORTABILIDADES.inventario, { cuerpo }),
  });

/** POST /api/portOuts/inventoryDaysRoute: the inventory days of each breadcrumb step, same body. */
export const useInventarioRuta = (cuerpo: Record<string, unknown>) =>
  useQuery({
    queryKey: [API_PORTABILIDADES.inventarioRuta, cuerpo],
    queryFn: () => api<RespuestaInventarioRuta>(API_PORTABILIDADES.inventarioRuta, { cuerpo }),
  });
