import {
  type Actualizacion,
  API_ACTUALIZACIONES,
  type respuestaActualizaciones,
} from '@recargas/contracts/actualizaciones';
import { conParametros } from '@recargas/contracts/api';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';

/** The list of release notes, shared with the shell's 'Nuevo' badge. */
export const CONSULTA_ACTUALIZACIONES = {
  queryKey: [API_ACTUALIZACIONES.actualizaciones],
  queryFn: () => api<z.infer<typeof respuestaActualizaciones>>(API_ACTUALIZACIONES.actualizaciones),
} as const;

export const useActualizaciones = () => useQuery(CONSULTA_ACTUALIZACIONES);

/** One note; reading it marks it read on the server. */
export const useActualizacion = (id: number) =>
  useQuery({
    queryKey: [API_ACTUALIZACIONES.actualizacion, id],
    queryFn: () => api<Actualizacion>(conParametros(API_ACTUALIZACIONES.actualizacion, { id })),
  });
