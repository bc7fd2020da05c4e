import { conParametros } from '@recargas/contracts/api';
import { API_CARRIERS, type Carrier } from '@recargas/contracts/carriers/nombres';
import type { respuestaMovimientos } from '@recargas/contracts/recargas';
import { API_RECARGAS } from '@recargas/contracts/recargas/reglas';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';

export type Movimientos = z.infer<typeof respuestaMovimientos>;

export const CLAVE_MOVIMIENTOS = [API_RECARGAS.movimientos];

/** The last 10 movements of the user. */
export const useMovimientos = () =>
  useQuery({ queryKey: CLAVE_MOVIMIENTOS, queryFn: () => api<Movimientos>(API_RECARGAS.movimientos) });

/** Where the public top-up of a company goes. */
export const rutaSinUsuario = (empresa: string) =>
  conParametros(API_RECARGAS.recargarSinUsuario, { compania: empresa });

/** The comment of each carrier, shown under the chosen one (same query as /in/comentariosCarier). */
export const useComentariosCarrier = () =>
  useQuery({
    queryKey: [API_CARRIERS.comentarios],
    queryFn: () => api<{ carrier: Carrier; comment: string }[]>(API_CARRIERS.comentarios),
  });
