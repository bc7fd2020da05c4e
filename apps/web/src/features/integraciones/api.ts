import { conParametros } from '@recargas/contracts/api';
import {
  API_INTEGRACIONES,
  type PeticionLlave,
  type respuestaEntregas,
  type respuestaLlaveCreada,
  type respuestaLlaves,
  type respuestaWebhookCreado,
  type respuestaWebhooks,
} from '@recargas/contracts/integraciones';
import { API_USUARIOS, type respuestaUsuarios } from '@recargas/contracts/usuarios';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';
import { type Avisos, useMutacion } from '../../lib/mutaciones.ts';

const API = API_INTEGRACIONES;
export type Llave = z.infer<typeof respuestaLlaves>['llaves'][number];
export type Entrega = z.infer<typeof respuestaEntregas>['entregas'][number];

export const useLlaves = () =>
  useQuery({ queryKey: [API.llaves], queryFn: () => api<z.infer<typeof respuestaLlaves>>(API.llaves) });
export const useWebhooks = () =>
  useQuery({ queryKey: [API.webhooks], queryFn: () => api<z.infer<typeof respuestaWebhooks>>(API.webhooks) });
/** Deliveries change on their own (retries): asked again every 10 s while the screen is open. */
export const useEntregas = () =>
  useQuery({
    queryKey: [API.entregas],
    queryFn: () => api<z.infer<typeof respuestaEntregas>>(API.entregas),
    refetchInterval: 10_000,
  });
/** The users a key may act as: the first 100 of the company, as the users screen lists them. */
export const useUsuariosParaLlave = () =>
  useQuery({
    queryKey: [API_USUARIOS.usuarios, 'llaves'],
    queryFn: () => api<z.infer<typeof respuestaUsuarios>>(`${API_USUARIOS.usuarios}?limit=100`),
  });

export const crearLlave = (p: PeticionLlave) =>
  api<z.infer<typeof respuestaLlaveCreada>>(API.llaves, { cuerpo: p });
export const revocarLlave = (id: number) =>
  api<{ mensaje: string }>(conParametros(API.llave, { id }), { metodo: 'DELETE' });
export const crearWebhook = (url: string) =>
  api<z.infer<typeof respuestaWebhookCreado>>(API.webhooks, { cuerpo: { url } });
export const eliminarWebhook = (id: number) =>
  api<{ mensaje: string }>(conParametros(API.webhook, { id }), { metodo: 'DELETE' });
export const reenviarEntrega = (id: number) =>
  api<{ mensaje: string }>(conParametros(API.reenviar, { id }), { metodo: 'POST', cuerpo: {} });

type Mensaje = { mensaje: string };
/** A new webhook (its secret comes once in the answer); the webhooks are read again. */
export const useCrearWebhook = (avisos: Avisos<z.infer<typeof respuestaWebhookCreado>>) =>
  useMutacion(crearWebhook, [[API.webhooks]], avisos);
export const useEliminarWebhook = (avisos: Avisos<Mensaje>) =>
  useMutacion(eliminarWebhook, [[API.webhooks]], avisos);
/** A delivery sent again; the deliveries are read again. */
export const useReenviarEntrega = (avisos: Avisos<Mensaje>) =>
  useMutacion(reenviarEntrega, [[API.entregas]], avisos);
/** A new API key (its secret comes once in the answer); the keys are read again. */
export const useCrearLlave = (avisos: Avisos<z.infer<typeof respuestaLlaveCreada>>) =>
  useMutacion(crearLlave, [[API.llaves]], avisos);
export const useRevocarLlave = (avisos: Avisos<Mensaje>) => useMutacion(revocarLlave, [[API.llaves]], avisos);
