import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { M, texto } from '@recargas/contracts/mensajes';
import {
  type CampoEditable,
  CLAVES_PORTA,
  COLUMNAS_PORTA,
  type PortOut,
} from '@recargas/contracts/portabilidades';
import { useState } from 'react';
import { useSnackbar } from '../../lib/avisar.ts';
import { useSesion } from '../../lib/sesion.ts';
import type { Filtros } from '../../ui/FiltrosChips.tsx';
import { ListaConChips } from '../../ui/ListaConChips.tsx';
import { diaLocal } from '../../ui/RangoFechas.tsx';
import { useGuardarPorta, usePasoPorta, usePortabilidades, useRecargarPorta } from './api.ts';
import { columnasPortas } from './ColumnasPortas.tsx';
import { DialogoDetallePorta, useDetallePorta } from './DialogoDetallePorta.tsx';
import { borradorDe, cambiosDe, type Edicion } from './edicion.ts';

/** Default start (spec section 9): the same day of the previous month, capped at 27. */
export function inicioMesAnterior(): string {
  const hoy = new Date();
  const d = new Date(hoy.getFullYear(), hoy.getMonth() - 1, Math.min(hoy.getDate(), 27));
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const COLUMNAS_CHIPS = CLAVES_PORTA.map((llave) => ({ llave, valor: COLUMNAS_PORTA[llave] }));

/** The row being edited and the external top-up's folio typed in it. */
function useEdicionPorta() {
  const [edicion, setEdicion] = useState<Edicion | null>(null);
  const [folio, setFolio] = useState('');
  return {
    edicion,
    setEdicion,
    folio,
    setFolio,
    editar: (f: PortOut) => {
      const copia = borradorDe(f);
      setEdicion({ id: f.id, original: copia, borrador: copia });
      setFolio('');
    },
    cambiarCampo: (c: CampoEditable, valor: string) =>
      setEdicion((e) => e && { ...e, borrador: { ...e.borrador, [c]: valor } }),
    /** Done after an external top-up: the row leaves edit mode, the folio is cleared. */
    terminar: () => {
      setEdicion(null);
      setFolio('');
    },
  };
}

type Aviso = (mensaje: string, variant: 'success' | 'error' | 'info') => void;

/** The rows' calls, each with its toast; `ocupado` while any waits for its answer. */
function useAccionesPortas(aviso: Aviso, e: ReturnType<typeof useEdicionPorta>) {
  const paso = usePasoPorta({
    onSuccess: (r) => aviso(r.mensaje, 'success'),
    onError: (error) => aviso(error.message, 'error'),
  });
  const recarga = useRecargarPorta({
    onSuccess: (r, v) => {
      aviso(r.mensaje, r.estado === 'exitosa' ? 'success' : 'info');
      if (v.folio !== undefined) e.terminar();
    },
    onError: (error) => aviso(`${M.portaRecargaFallida}: ${error.message}`, 'error'),
  });
  const guardar = useGuardarPorta({
    onSuccess: (r) => {
      aviso(r.mensaje, 'success');
      e.setEdicion(null);
    },
    onError: (error) => aviso(`${M.actualizarFallido} ${error.message}`, 'error'),
  });
  /** Saves only the changed fields; nothing changed says so and leaves edit mode. */
  const alGuardar = () => {
    if (!e.edicion) return;
    const cambios = cambiosDe(e.edicion.original, e.edicion.borrador);
    if (Object.keys(cambios).length === 0) {
      aviso(M.ningunCambio, 'info');
      e.setEdicion(null);
      return;
    }
    guardar.mutate({ id: e.edicion.id, ...cambios });
  };
  const alRecargarExterna = (f: PortOut) => {
    if (e.folio.trim() === '') aviso(`${M.portaRecargaFallida}: ${M.sinFolio}`, 'error');
    else recarga.mutate({ id: f.id, folio: e.folio.trim() });
  };
  const ocupado = paso.isPending || recarga.isPending || guardar.isPending;
  return { paso, recarga, ocupado, alGuardar, alRecargarExterna };
}

/** /in/portabilidades: the port-out rows with their flow (spec sections 2, 4 and 8). */
export function Portabilidades() {
  const sesion = useSesion();
  const { enqueueSnackbar } = useSnackbar();
  const [rango, setRango] = useState({ desde: inicioMesAnterior(), hasta: diaLocal() });
  const [filtros, setFiltros] = useState<Filtros>({});
  const e = useEdicionPorta();
  const lista = usePortabilidades({ fechaInicial: rango.desde, fechaFinal: rango.hasta, filtros });
  const aviso: Aviso = (mensaje, variant) => enqueueSnackbar(mensaje, { variant });
  const detalle = useDetallePorta(() => aviso(M.detalleFallido, 'error'));
  const { paso, recarga, ocupado, alGuardar, alRecargarExterna } = useAccionesPortas(aviso, e);
  const columnas = columnasPortas({
    edicion: e.edicion,
    folio: e.folio,
    ocupado,
    editable: sesion.nivel < 2,
    alCambiarCampo: e.cambiarCampo,
    alCambiarFolio: e.setFolio,
    alPaso: (fila, accion) => paso.mutate({ fila, accion }),
    alRecargar: (f) => recarga.mutate({ id: f.id }),
    alRecargarExterna,
    alDetalle: (dn) => void detalle.ver(dn),
    alEditar: e.editar,
    alGuardar,
  });

  return (
    <Paper sx={{ p: 2 }}>
      {(lista.isFetching || ocupado) && <LinearProgress sx={{ mb: 1 }} />}
      <ListaConChips
        titulo={M.portabilidades}
        total={
          lista.total === null
            ? null
            : { texto: texto('registros', { n: lista.total }), testId: 'portas-total' }
        }
        rango={{ ...rango, alCambiar: setRango }}
        chips={{ columnas: COLUMNAS_CHIPS, valor: filtros, alCambiar: setFiltros }}
        excel={{ tipo: 'PORTAS' }}
        lista={lista}
        columnas={columnas}
        clave={(f) => f.id}
        testId="tabla-portas"
      />
      <DialogoDetallePorta detalle={detalle.detalle} alCerrar={detalle.cerrar} />
    </Paper>
  );
}
