import { conParametros } from '@recargas/contracts/api';
import {
  API_PORTABILIDADES,
  type DetallePorta,
  type PortOut,
  type RespuestaInventario,
  type RespuestaInventarioRuta,
  type RespuestaPortas,
} from '@recargas/contracts/portabilidades';
import { useQuery } from '@tanstack/react-query';
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
