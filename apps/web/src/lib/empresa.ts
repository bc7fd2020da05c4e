import type { Theme } from '@mui/material/styles';
import { conParametros } from '@recargas/contracts/api';
import type { EmpresaPublica } from '@recargas/contracts/empresas';
import { API_EMPRESAS } from '@recargas/contracts/empresas/rutas';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { api } from './api.ts';
import { temaDe } from './tema.ts';

export const claveEmpresa = (codigo: string) => [API_EMPRESAS.empresa, codigo];

/** The public theme and flags of a company (GET /getEmpresa/{name}, no auth). */
export const useEmpresa = (codigo: string) =>
  useQuery({
    queryKey: claveEmpresa(codigo),
    queryFn: () => api<EmpresaPublica>(conParametros(API_EMPRESAS.empresa, { name: codigo })),
    staleTime: 5 * 60_000,
  });

/**
 * The company of a public page (/:empresa, /:empresa/recargasUsuario) with its theme. When the
 * lookup fails the error shows for 10 s and the visitor goes to sinEmpresa (spec section 2).
 */
export function useEmpresaPublica(codigo: string): { datos?: EmpresaPublica; tema: Theme | null } {
  const consulta = useEmpresa(codigo);
  const navegar = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => {
    if (!consulta.error) return;
    enqueueSnackbar(consulta.error.message, { variant: 'error', autoHideDuration: 10_000 });
    navegar('/', { replace: true });
  }, [consulta.error, enqueueSnackbar, navegar]);
  const datos = consulta.data;
  const tema = useMemo(() => (datos ? temaDe(datos) : null), [datos]);
  return { datos, tema };
}
