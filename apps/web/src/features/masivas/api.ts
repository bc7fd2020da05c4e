import {
  API_MASIVAS,
  type BloqueMasivo,
  type HoraLocal,
  type Programacion,
  type RespuestaBloques,
  type RespuestaLineasMasivas,
  type ventanaProgramada,
} from '@recargas/contracts/masivas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';
import { useListaPaginada } from '../../lib/lista.ts';
import { type Avisos, useMutacion } from '../../lib/mutaciones.ts';

/** While lines are queued or open, the numbers are asked for again: live progress. */
const CADA = 2000;

export const CLAVE_BLOQUES = [API_MASIVAS.bloques];
export const CLAVE_PROGRAMAS = [API_MASIVAS.programadas];
export const claveLineas = (fecha: number) => [API_MASIVAS.lineas, fecha];

/** The uploaded blocks with their progress, newest first, 20 a step. */
export const useBloques = () =>
  useListaPaginada<RespuestaBloques, BloqueMasivo>(
    API_MASIVAS.bloques,
    {},
    (p) => p.bloques,
    true,
    (paginas) => (paginas.some((p) => p.bloques.some((b) => b.enCurso > 0)) ? CADA : false),
  );

/** The lines of one block. */
export const useLineasBloque = (fecha: number) =>
  useQuery({
    queryKey: claveLineas(fecha),
    queryFn: () => api<RespuestaLineasMasivas>(`${API_MASIVAS.lineas}?fecha=${fecha}`),
    refetchInterval: (q) => (q.state.data?.lineas.some((l) => l.enCurso) ? CADA : false),
  });

export const enviarBloque = (fecha: number) =>
  api<{ mensaje: string }>(API_MASIVAS.recargarBloque, { cuerpo: { fecha } });

/** 'Recargar bloque': the whole block goes out; the blocks are read again for its progress. */
export const useRecargarBloque = (avisos: Avisos<{ mensaje: string }>) =>
  useMutacion((b: BloqueMasivo) => enviarBloque(b.fechaNumerica), [CLAVE_BLOQUES], avisos);

/** One line; a declined top-up answers 422 with its estado and mensaje. */
export const recargarLinea = (id: number) =>
  api<{ estado: string; mensaje: string }>(API_MASIVAS.recargarIndividual, {
    cuerpo: { id },
    aceptar: [422],
  });

/**
 * One line of a block recharged, answered or not: its block's lines and the blocks are read
 * again either way (a line without an answer may have gone out).
 */
export function useRecargarLinea(fecha: number) {
  const consultas = useQueryClient();
  return async (id: number) => {
    try {
      return await recargarLinea(id);
    } finally {
      void consultas.invalidateQueries({ queryKey: claveLineas(fecha) });
      void consultas.invalidateQueries({ queryKey: CLAVE_BLOQUES });
    }
  };
}

export const programarBloque = (cuerpo: z.input<typeof ventanaProgramada>) =>
  api<{ mensaje: string }>(API_MASIVAS.programar, { cuerpo });

/** A window on the company's clock: its start and its end. */
export type Ventana = { ini: HoraLocal; fin: HoraLocal };

/** Schedules a block over a window (the server spreads its lines); programmes and blocks are read again. */
export const useProgramarBloque = (bloque: BloqueMasivo, avisos: Avisos<{ mensaje: string }>) =>
  useMutacion(
    ({ ini, fin }: Ventana) =>
      programarBloque({
        identificador: bloque.fechaNumerica,
        ...{ diaIni: ini.dia, mesIni: ini.mes, anioIni: ini.anio, horaIni: ini.hora, minIni: ini.min },
        ...{ diaFin: fin.dia, mesFin: fin.mes, anioFin: fin.anio, horaFin: fin.hora, minFin: fin.min },
      }),
    [CLAVE_PROGRAMAS, CLAVE_BLOQUES],
    avisos,
  );

/** The scheduled programmes. */
export const useProgramas = () =>
  useQuery({
    queryKey: CLAVE_PROGRAMAS,
    queryFn: () => api<{ programas: Programacion[] }>(API_MASIVAS.programadas),
  });

export const cancelarProgramacion = (identificador: number) =>
  api<{ canceladas: number }>(API_MASIVAS.cancelarProgramacion, { cuerpo: { identificador } });

/** Cancels what a programme has not run yet; programmes and blocks are read again. */
export const useCancelarProgramacion = (avisos: Avisos<{ canceladas: number }>) =>
  useMutacion(
    (p: Programacion) => cancelarProgramacion(p.identificador),
    [CLAVE_PROGRAMAS, CLAVE_BLOQUES],
    avisos,
  );
