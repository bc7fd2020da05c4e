import { conParametros } from '@recargas/contracts/api';
import type { Linea } from '@recargas/contracts/lineas';
import type { EstatusActivacion, RespuestaPendientes } from '@recargas/contracts/reciclaje';
import { API_RECICLAJE } from '@recargas/contracts/reciclaje/rutas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { useListaPaginada } from '../../lib/lista.ts';
import { type Avisos, useMutacion } from '../../lib/mutaciones.ts';

/** The key of every page of the pending list: read again after each decision. */
const CLAVE_PENDIENTES = [API_RECICLAJE.pendientes];

/** GET the lines pending recycling, oldest expiry first, 20 a step. */
export const usePendientes = () =>
  useListaPaginada<RespuestaPendientes, Linea>(API_RECICLAJE.pendientes, {}, (p) => p.lineas);

/** Reciclar Todas. */
export const reciclarTodas = () => api<{ mensaje: string }>(API_RECICLAJE.pendientes, { metodo: 'POST' });

/** Reciclar or Olvidar one pending number. */
export const decidirPendiente = (dn: string, accion: 'reciclar' | 'olvidar') =>
  api<{ mensaje: string }>(conParametros(API_RECICLAJE.decidir, { dn }), { cuerpo: { accion } });

/** The Reciclar Lineas panel: a number of the inventory, pending or not. */
export const reciclarDn = (dn: string) =>
  api<{ mensaje: string }>(conParametros(API_RECICLAJE.reciclarDn, { dn }), { metodo: 'POST' });

const estatusActivacion = (icc: string) =>
  api<EstatusActivacion>(conParametros(API_RECICLAJE.estatusActivacion, { icc }));

type Mensaje = { mensaje: string };
/** One row's Reciclar or Olvidar, or Reciclar Todas. */
export type Decision = { dn: string; accion: 'reciclar' | 'olvidar' } | { todas: true };

/**
 * A decision of Reciclado masivo. Either way the list is read again: a row someone else decided
 * leaves it too.
 */
export function useDecidirPendiente(avisos: Avisos<Mensaje>) {
  const consultas = useQueryClient();
  return useMutation({
    mutationFn: (d: Decision) => ('todas' in d ? reciclarTodas() : decidirPendiente(d.dn, d.accion)),
    ...avisos,
    onSettled: () => consultas.invalidateQueries({ queryKey: CLAVE_PENDIENTES }),
  });
}

/** Reciclar Lineas' number; a pending one leaves the pending list. */
export const useReciclarDn = (avisos: Avisos<Mensaje>) => useMutacion(reciclarDn, [CLAVE_PENDIENTES], avisos);

/** Estatus ICC ATT: a read, but asked on the button, one ICC at a time; it caches nothing. */
export const useEstatusActivacion = (onError: () => void) =>
  useMutation({ mutationFn: estatusActivacion, onError });
