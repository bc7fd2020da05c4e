import { M } from '@recargas/contracts/mensajes';
import type { RespuestaRecarga } from '@recargas/contracts/recargas';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useRef, useState } from 'react';
import { api, claveIdempotencia, ErrorApi } from '../../lib/api.ts';
import { sonar } from '../../ui/sonido.ts';
import { CLAVE_MOVIMIENTOS } from './api.ts';

/** Spec section 8: the top-up toast stays 150 s. */
const DURACION_AVISO = 150_000;

/**
 * One top-up at a time (spec section 4: idle → recargando → success or failure). The
 * Idempotency-Key lives until an answer arrives: a retry after a lost connection reuses it,
 * so the server sends the top-up once however many times the button is pressed.
 */
export function useRecarga(exitoPorDefecto: string = M.recargaExitosa) {
  const { enqueueSnackbar } = useSnackbar();
  const consultas = useQueryClient();
  const [recargando, setRecargando] = useState(false);
  const enCurso = useRef(false);
  const clave = useRef<string | null>(null);

  /** Returns true when the top-up succeeded (the caller then clears its form). */
  const recargar = async (ruta: string, cuerpo: unknown): Promise<boolean> => {
    if (enCurso.current) {
      enqueueSnackbar(M.recargaEnCurso, { variant: 'warning' });
      return false;
    }
    enCurso.current = true;
    setRecargando(true);
    clave.current ??= claveIdempotencia();
    let exito = false;
    try {
      const r = await api<RespuestaRecarga>(ruta, {
        cuerpo,
        cabeceras: { 'Idempotency-Key': clave.current },
        aceptar: [422],
      });
      clave.current = null;
      exito = r.estado === 'exitosa';
      // 422 is a declined top-up (estado fallida) or a reused key (only a mensaje): both errors.
      const abierta = r.estado === 'pendiente' || r.estado === 'enviada';
      const variante = exito ? 'success' : abierta ? 'info' : 'error';
      const mensaje = r.mensaje || (exito ? exitoPorDefecto : M.recargaFallida);
      enqueueSnackbar(mensaje, { variant: variante, autoHideDuration: DURACION_AVISO });
    } catch (e) {
      // Status 0 is a lost connection: keep the key so the retry is the same top-up.
      if (!(e instanceof ErrorApi) || e.status !== 0) clave.current = null;
      enqueueSnackbar(e instanceof Error ? e.message : M.recargaFallida, {
        variant: 'error',
        autoHideDuration: DURACION_AVISO,
      });
    } finally {
      enCurso.current = false;
      setRecargando(false);
      sonar(exito);
      void consultas.invalidateQueries({ queryKey: CLAVE_MOVIMIENTOS });
    }
    return exito;
  };

  /** A changed form is a different top-up: it gets a new key. */
  const olvidarClave = () => {
    clave.current = null;
  };
  return { recargar, recargando, olvidarClave };
}
