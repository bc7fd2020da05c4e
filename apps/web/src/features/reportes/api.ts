import {
  API_REPORTES,
  type FilaVenta,
  type Periodo,
  type RespuestaGraficas,
  type RespuestaReportes,
} from '@recargas/contracts/reportes';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { aQuery, type Parametros, useListaPaginada } from '../../lib/lista.ts';
import { partesRango } from '../../ui/RangoFechas.tsx';

/** The sales report, paged by cursor. */
export const useVentas = (parametros: Parametros) =>
  useListaPaginada<RespuestaReportes, FilaVenta>(API_REPORTES.reportesNew, parametros, (p) => p.reportes);

/** The count of a report whose first page came without it (chips read the whole range). */
export const useTotalVentas = (parametros: Parametros, habilitada: boolean) =>
  useQuery({
    queryKey: [API_REPORTES.totalReportesNew, parametros],
    queryFn: () => api<{ total: number }>(`${API_REPORTES.totalReportesNew}?${aQuery(parametros)}`),
    enabled: habilitada,
  });

/** The amount recharged per leader and period. */
export const useGraficas = (rango: { desde: string; hasta: string }, periodo: Periodo) =>
  useQuery({
    queryKey: [API_REPORTES.graficas, rango, periodo],
    queryFn: () =>
      api<RespuestaGraficas>(
        `${API_REPORTES.graficas}?${aQuery({ ...partesRango(rango.desde, rango.hasta), periodo })}`,
      ),
  });
