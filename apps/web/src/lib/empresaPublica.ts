import type { Theme } from '@mui/material/styles';
import { conParametros } from '@recargas/contracts/api';
import type { EmpresaPublica } from '@recargas/contracts/empresas';
import { API_EMPRESAS } from '@recargas/contracts/empresas/rutas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from './api.ts';
import { CLAVE_MARCO } from './sesionGuardada.ts';
import { temaDe } from './tema.ts';

/** Navigation state of a page that arrives with a message to show (an unknown company's error). */
export interface EstadoConAviso {
  aviso?: string;
}

export const claveEmpresa = (codigo: string) => [API_EMPRESAS.empresa, codigo];

/** What /in/*'s frame draws (app/MarcoPrevio.tsx, public/marco.js): the theme's colours, computed. */
export interface DatosMarco {
  empresa: string;
  nombre: string;
  alerta: string | null;
  primario: string;
  sobrePrimario: string;
  fondo: string;
  texto: string;
}

export function marcoDe(codigo: string, e: EmpresaPublica): DatosMarco {
  const { primary, background, text } = temaDe(e).palette;
  return {
    empresa: codigo,
    nombre: e.nombre,
    alerta: e.alerta,
    primario: primary.main,
    sobrePrimario: primary.contrastText,
    fondo: background.default,
    texto: text.primary,
  };
}

/** The stored copy of that company's frame, if the last company answer was its own. */
export function leerMarco(codigo: string): DatosMarco | undefined {
  try {
    const m = JSON.parse(localStorage.getItem(CLAVE_MARCO) ?? 'null') as DatosMarco | null;
    return m?.empresa === codigo ? m : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The query of a company's public theme and flags (GET /getEmpresa/{name}, no auth). Each answer
 * replaces the stored copy of the frame, so the next /in/* load paints the notice before its
 * modules (public/marco.js; issue 21: LCP).
 */
export const consultaEmpresa = (codigo: string) => ({
  queryKey: claveEmpresa(codigo),
  queryFn: async () => {
    const e = await api<EmpresaPublica>(conParametros(API_EMPRESAS.empresa, { name: codigo }));
    // A full or refused storage (private browsing) costs only the early frame, not the company.
    try {
      localStorage.setItem(CLAVE_MARCO, JSON.stringify(marcoDe(codigo, e)));
    } catch {}
    return e;
  },
  staleTime: 5 * 60_000,
});

/**
 * The company of a public page (/:empresa, /:empresa/recargasUsuario) with its theme. When the
 * lookup fails the visitor goes to sinEmpresa, which shows the error for 10 s (spec section 2).
 * Read through the query cache, not useQuery: the login's download has no toasts and no query
 * observer (issue 21), and the shell's useEmpresa finds the answer cached.
 */
export function useEmpresaPublica(codigo: string): { datos?: EmpresaPublica; tema: Theme | null } {
  const consultas = useQueryClient();
  const navegar = useNavigate();
  const [leida, setLeida] = useState(() => ({
    codigo,
    datos: consultas.getQueryData<EmpresaPublica>(claveEmpresa(codigo)),
  }));
  useEffect(() => {
    let vigente = true;
    consultas.fetchQuery(consultaEmpresa(codigo)).then(
      (datos) => vigente && setLeida({ codigo, datos }),
      (e: Error) => {
        if (vigente) navegar('/', { replace: true, state: { aviso: e.message } satisfies EstadoConAviso });
      },
    );
    return () => {
      vigente = false;
    };
  }, [consultas, codigo, navegar]);
  const datos = leida.codigo === codigo ? leida.datos : undefined;
  const tema = useMemo(() => (datos ? temaDe(datos) : null), [datos]);
  return { datos, tema };
}
