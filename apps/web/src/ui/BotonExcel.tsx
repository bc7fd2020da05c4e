import Button from '@mui/material/Button';
import { API_EXCEL, type PeticionExcel, TIEMPO_EXCEL_MS } from '@recargas/contracts/excel';
import { M, texto } from '@recargas/contracts/mensajes';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../lib/api.ts';
import { useSnackbar } from '../lib/avisar.ts';
import { fechaCorta } from '../lib/fechas.ts';

/** POST /excel's answer (contracts respuestaExcel). */
export interface RespuestaExcel {
  nombreArchivo: string;
  /** ISO time after which the file is deleted. */
  expira: string;
  filas: number;
}

/** Where the browser downloads a generated file (no bearer header: the name grants it). */
export const urlExcel = (nombre: string) => `${API_EXCEL.descargar}?nombre=${encodeURIComponent(nombre)}`;

export interface PropsExcel {
  tipo: PeticionExcel['tipo'];
  /** The screen's range, where it has one. */
  fechas?: { fechaInicial: string; fechaFinal: string } | undefined;
  /** The screen's chips, so the file has the rows the screen lists. */
  filtros?: Record<string, string[]>;
  deshabilitado?: boolean;
  /** After the file is made, before the browser is sent to it (the screen then tells the user itself). */
  alGenerar?: (r: RespuestaExcel) => void;
  /** While the file is being made. */
  alEsperar?: (esperando: boolean) => void;
}

/**
 * 'Generar Excel' (section 7, POST /excel): the file is made on the server, then the browser
 * is sent to its download URL, with a toast of how many rows it has (unless the screen takes the
 * answer, `alGenerar`); a failure says 'No se pudo crear el excel' and why. It waits 600,000 ms.
 */
export function BotonExcel(props: PropsExcel) {
  const { enqueueSnackbar } = useSnackbar();
  const generar = useMutation({
    mutationFn: () =>
      api<RespuestaExcel>(API_EXCEL.generar, {
        cuerpo: {
          tipo: props.tipo,
          fechas: props.fechas ?? {},
          filtros: Object.fromEntries(Object.entries(props.filtros ?? {}).filter(([, v]) => v.length > 0)),
        },
        tiempoMaximo: TIEMPO_EXCEL_MS,
      }),
    onSuccess: (r) => {
      if (props.alGenerar) props.alGenerar(r);
      else
        enqueueSnackbar(texto('excelGenerado', { filas: r.filas, fecha: fechaCorta(r.expira) }), {
          variant: 'success',
        });
      window.location.assign(urlExcel(r.nombreArchivo));
    },
    onError: (e) => enqueueSnackbar(`${M.excelFallido}: ${e.message}`, { variant: 'error' }),
  });
  const { alEsperar } = props;
  useEffect(() => alEsperar?.(generar.isPending), [alEsperar, generar.isPending]);
  return (
    <Button
      variant="outlined"
      onClick={() => generar.mutate()}
      disabled={generar.isPending || props.deshabilitado === true}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {M.generarExcel}
    </Button>
  );
}
