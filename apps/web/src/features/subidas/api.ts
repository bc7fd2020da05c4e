import { M, texto } from '@recargas/contracts/mensajes';
import {
  ACCIONES_CON_VIGENCIA,
  type AccionSubida,
  API_SUBIDAS,
  type AvanceSubida,
  type RespuestaSubida,
} from '@recargas/contracts/subidas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { api, ErrorApi } from '../../lib/api.ts';
import { type SnackbarKey, useSnackbar } from '../../lib/avisar.ts';
import { deDia } from '../../ui/Fechas.tsx';

/** POST /subirArchivo: the multipart form (accion, archivo, vigencia, plataformaId). */
export const subirArchivo = (datos: FormData) => api<RespuestaSubida>(API_SUBIDAS.subir, { cuerpo: datos });

/** The templates of section 7, each with the file name it downloads as. */
export const PLANTILLAS = [
  { ruta: API_SUBIDAS.plantilla, archivo: 'plantilla.xlsx', titulo: M.plantillaAdministrador },
  { ruta: API_SUBIDAS.plantillaVendedor, archivo: 'plantilla-vendedor.xlsx', titulo: M.plantillaVendedor },
  {
    ruta: API_SUBIDAS.plantillaPortabilidades,
    archivo: 'plantilla-portabilidades.xlsx',
    titulo: M.plantillaPortabilidades,
  },
  { ruta: API_SUBIDAS.plantillaUsuarios, archivo: 'plantilla-usuarios.xlsx', titulo: M.plantillaUsuarios },
] as const;

/** GET /subirArchivo/avance: how far the caller's upload `id` has got. */
export const avanceSubida = (id: string) =>
  api<AvanceSubida>(`${API_SUBIDAS.avance}?id=${encodeURIComponent(id)}`);

/** A fresh id for one upload's progress; getRandomValues also works over plain http. */
export const nuevoIdAvance = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');

/** Upload toasts stay 30 s (spec section 9). */
const DURACION_AVISO = 30_000;
/** How often the screen asks the server how far the upload has got. */
const CADA_MS = 500;

/** The result the modal shows: the action it answered and the server's answer. */
export interface ResultadoSubida {
  accion: AccionSubida;
  r: RespuestaSubida;
}

/**
 * The screen's error toasts: a later success closes them, so no stale error stays beside it.
 */
export function useAvisosSubida() {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const errores = useRef<SnackbarKey[]>([]);
  const avisarError = (mensaje: string, duracion?: number) =>
    errores.current.push(
      enqueueSnackbar(mensaje, { variant: 'error', ...(duracion ? { autoHideDuration: duracion } : {}) }),
    );
  const avisarResultado = (accion: AccionSubida, r: RespuestaSubida) => {
    for (const k of errores.current) closeSnackbar(k);
    errores.current = [];
    const valores = {
      total: r.total,
      correctos: r.correctos,
      erroneos: r.erroneos,
      duplicados: r.duplicados,
    };
    enqueueSnackbar(texto(accion === 2 ? 'subidaResultadoReemplazo' : 'subidaResultado', valores), {
      variant: r.erroneos > 0 ? 'warning' : 'success',
      autoHideDuration: DURACION_AVISO,
    });
  };
  return { avisarError, avisarResultado };
}

/**
 * POST /subirArchivo with its progress (GET /subirArchivo/avance, by an id the form sends): the
 * toast of the counts, the result for the modal, and the queries the upload changed refreshed.
 */
export function useSubida(o: {
  admin: boolean;
  vigencia: Dayjs | null;
  plataforma: '' | '1' | '2';
  avisos: ReturnType<typeof useAvisosSubida>;
  alTerminar: () => void;
}) {
  const consultas = useQueryClient();
  const [resultado, setResultado] = useState<ResultadoSubida | null>(null);
  // The id the server files this upload's progress under.
  const [idAvance, setIdAvance] = useState<string | null>(null);
  const subir = useMutation({
    mutationFn: (v: { accion: AccionSubida; archivo: File; id: string }) => {
      const datos = new FormData();
      datos.append('accion', String(v.accion));
      datos.append('avance', v.id);
      // Vigencia and platform travel only for actions 1 and 2 (section 7).
      if (ACCIONES_CON_VIGENCIA.includes(v.accion)) {
        const dia = deDia(o.vigencia);
        if (dia) datos.append('vigencia', dia);
        if (o.admin) datos.append('plataformaId', o.plataforma || '0');
      }
      datos.append('archivo', v.archivo, v.archivo.name);
      return subirArchivo(datos);
    },
    onSuccess: (r, v) => {
      o.avisos.avisarResultado(v.accion, r);
      // The result modal opens when the result has rows (section 4).
      if (r.arreglo.length > 0) setResultado({ accion: v.accion, r });
      o.alTerminar();
      // Lines, blocks, port-outs or users changed, depending on the action.
      void consultas.invalidateQueries();
    },
    onError: (e) =>
      o.avisos.avisarError(
        e instanceof ErrorApi && e.status > 0 ? e.message : M.ocurrioUnError,
        DURACION_AVISO,
      ),
  });
  const avance = useQuery({
    queryKey: ['subidas', 'avance', idAvance],
    queryFn: () => avanceSubida(idAvance as string),
    enabled: subir.isPending && idAvance !== null,
    refetchInterval: CADA_MS,
  });
  const enviar = (accion: AccionSubida, archivo: File, id: string) => {
    setIdAvance(id);
    subir.mutate({ accion, archivo, id });
  };
  return {
    enviar,
    pendiente: subir.isPending,
    avance: avance.data,
    resultado,
    cerrar: () => setResultado(null),
  };
}
