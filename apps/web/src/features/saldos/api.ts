import type { respuestaAlertas, respuestaMinimos, respuestaSaldos } from '@recargas/contracts/saldos';
import { API_SALDOS } from '@recargas/contracts/saldos/rutas';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';
import { claveEmpresa } from '../../lib/empresa.ts';
import { type Avisos, useMutacion } from '../../lib/mutaciones.ts';

export type Minimos = z.infer<typeof respuestaMinimos>;

/** Provider balances (Recargatodo, Pagaqui). */
export const useSaldos = () =>
  useQuery({
    queryKey: [API_SALDOS.saldos],
    queryFn: () => api<z.infer<typeof respuestaSaldos>>(API_SALDOS.saldos),
  });

/** The saved minimum amounts that raise a low-balance alert. */
export const useMinimos = () =>
  useQuery({ queryKey: [API_SALDOS.minimos], queryFn: () => api<Minimos>(API_SALDOS.minimos) });

type Mensaje = { mensaje: string };

const guardarMinimos = (minimos: { id: 1 | 2; minimo: string }[]) =>
  api<Mensaje>(API_SALDOS.minimos, { metodo: 'PATCH', cuerpo: { minimos } });

/** Saving the minimum amounts; the saved ones are read again. */
export const useGuardarMinimos = (avisos: Avisos<Mensaje>) =>
  useMutacion(guardarMinimos, [[API_SALDOS.minimos]], avisos);

/** The open low-balance alerts the shell shows, asked again every minute. */
export const useAlertasSaldo = (habilitada: boolean) =>
  useQuery({
    queryKey: [API_SALDOS.alertas],
    queryFn: () => api<z.infer<typeof respuestaAlertas>>(API_SALDOS.alertas),
    enabled: habilitada,
    refetchInterval: 60_000,
  });

/** 'Máximo de recargas al día' of the top-up without a user. */
const guardarMaxSinUsuario = (maxRecargas: number) =>
  api<Mensaje>(API_SALDOS.configSinUsuario, { cuerpo: { maxRecargas } });

/** Saving that maximum; the company's flags, which carry it, are read again. */
export const useGuardarMaxSinUsuario = (empresa: string, avisos: Avisos<Mensaje>) =>
  useMutacion(guardarMaxSinUsuario, [claveEmpresa(empresa)], avisos);
