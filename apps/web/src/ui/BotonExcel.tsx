import Button from '@mui/material/Button';
import type { PeticionExcel } from '@recargas/contracts/excel';
import { M } from '@recargas/contracts/mensajes';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { api } from '../lib/api.ts';

/**
 * 'Generar Excel' (section 7, POST /excel): the file is made on the server, then the browser
 * is sent to its download URL; a failure says 'No se pudo crear el excel' and why.
 */
export function BotonExcel(props: {
  tipo: PeticionExcel['tipo'];
  /** The screen's range, where it has one. */
  fechas?: { fechaInicial: string; fechaFinal: string };
  /** The screen's chips, so the file has the rows the screen lists. */
  filtros?: Record<string, string[]>;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const generar = useMutation({
    mutationFn: () =>
      api<{ nombreArchivo: string }>('/excel', {
        cuerpo: { tipo: props.tipo, fechas: props.fechas ?? {}, filtros: props.filtros ?? {} },
      }),
    onSuccess: (r) =>
      window.location.assign(`/excel/descargar?nombre=${encodeURIComponent(r.nombreArchivo)}`),
    onError: (e) => enqueueSnackbar(`${M.excelFallido}: ${e.message}`, { variant: 'error' }),
  });
  return (
    <Button variant="outlined" onClick={() => generar.mutate()} disabled={generar.isPending}>
      {M.generarExcel}
    </Button>
  );
}
