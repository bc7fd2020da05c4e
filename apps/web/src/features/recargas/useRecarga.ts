import { M } from '@recargas/contracts/mensajes';
import type { RespuestaRecarga } from '@recargas/contracts/recargas';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { api, claveIdempotencia, ErrorApi } from '../../lib/api.ts';
import { useSnackbar } from '../../lib/avisar.ts';
import { sonar } from '../../ui/sonido.ts';
import { CLAVE_MOVIMIENTOS } from './api.ts';
import { type ResultadoRecarga, textoResultado } from './PanelResultado.tsx';

/** Spec section 8: the top-up toast stays 150 s. */
const DURACION_AVISO = 150_000;

/** What a top-up sends: the number, the carrier and, when chosen, the amount. */
export interface CuerpoRecarga {
  icc: string;
  dn: string;
  compania: string;
  monto?: number;
  [otro: string]: unknown;
}

/**
 * One top-up at a time (spec section 4: idle → recargando → success or failure). The
 * Idempotency-Key lives until an answer arrives: a retry after a lost connection reuses it,
 * so the server sends the top-up once however many times the button is pressed. The latest
 * result is kept for the result panel; its toast names the number, carrier, amount and folio.
 */
export function useRecarga(exitoPorDefecto: string = M.recargaExitosa) {
  const { enqueueSnackbar } = useSnackbar();
  const consultas = useQueryClient();
  const [recargando, setRecargando] = useState(false);
  const [resultado, setResultado] = useState<ResultadoRecarga | null>(null);
  const enCurso = useRef(false);
  const clave = useRef<string | null>(null);

  /** Returns true when the top-up succeeded (the caller then clears its form). */
  const recargar = async (ruta: string, cuerpo: CuerpoRecarga): Promise<boolean> => {
    if (enCurso.current) {
      enqueueSnackbar(M.recargaEnCurso, { variant: 'warning' });
      return false;
    }
    enCurso.current = true;
    setRecargando(true);
    clave.current ??= claveIdempotencia();
    // Without an answer (lost connection, reused key) the panel names what was sent.
    const enviado = {
      icc: cuerpo.icc,
      dn: cuerpo.dn,
      compania: cuerpo.compania,
      monto: cuerpo.monto ?? null,
    };
    let r: ResultadoRecarga;
    try {
      const a = await api<RespuestaRecarga | { mensaje: string }>(ruta, {
        cuerpo,
        cabeceras: { 'Idempotency-Key': clave.current },
        aceptar: [422],
      });
      clave.current = null;
      // 422 is a declined top-up (estado fallida) or a reused key (only a mensaje): both errors.
      r =
        'estado' in a
          ? { ...a, mensaje: a.mensaje || (a.estado === 'exitosa' ? exitoPorDefecto : M.recargaFallida) }
          : { ...enviado, estado: 'fallida', mensaje: a.mensaje || M.recargaFallida, folio: null };
    } catch (e) {
      // No answer (a lost connection, a server that failed): the top-up may have gone out, so it
      // shows as in process and the key stays: Recargar again asks for the same one (issue 41).
      const sinRespuesta = e instanceof ErrorApi && (e.status === 0 || e.status >= 500);
      if (!sinRespuesta) clave.current = null;
      const mensaje = e instanceof Error ? e.message : M.recargaFallida;
      r = { ...enviado, estado: sinRespuesta ? 'pendiente' : 'fallida', mensaje, folio: null };
    } finally {
      enCurso.current = false;
      setRecargando(false);
      void consultas.invalidateQueries({ queryKey: CLAVE_MOVIMIENTOS });
    }
    const exito = r.estado === 'exitosa';
    const variante = exito ? 'success' : r.estado === 'fallida' ? 'error' : 'info';
    setResultado(r);
    sonar(exito);
    enqueueSnackbar(textoResultado(r), { variant: variante, autoHideDuration: DURACION_AVISO });
    return exito;
  };

  /** A changed form is a different top-up: it gets a new key. */
  const olvidarClave = () => {
    clave.current = null;
  };
  return { recargar, recargando, resultado, olvidarClave };
}
