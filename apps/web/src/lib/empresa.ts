import type { EmpresaPublica } from '@recargas/contracts/empresas';
import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

/** The public theme and flags of a company (GET /getEmpresa/{name}, no auth). */
export const useEmpresa = (codigo: string) =>
  useQuery({
    queryKey: ['empresa', codigo],
    queryFn: () => api<EmpresaPublica>(`/getEmpresa/${encodeURIComponent(codigo)}`),
    staleTime: 5 * 60_000,
  });
