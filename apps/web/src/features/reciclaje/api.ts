import { conParametros } from '@recargas/contracts/api';
import type { Linea } from '@recargas/contracts/lineas';
import type { EstatusActivacion, RespuestaPendientes } from '@recargas/contracts/reciclaje';
import { API_RECICLAJE } from '@recargas/contracts/reciclaje/rutas';
import { api } from '../../lib/api.ts';
import { useListaPaginada } from '../../lib/lista.ts';

/** The key of every page of the pending list: read again after each decision. */
export const CLAVE_PENDIENTES = [API_RECICLAJE.pendientes];

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

export const estatusActivacion = (icc: string) =>
  api<EstatusActivacion>(conParametros(API_RECICLAJE.estatusActivacion, { icc }));
