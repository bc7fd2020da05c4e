import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type Linea, peticionActualizarIcc, type RespuestaLineas } from '@recargas/contracts/lineas';
import { M, texto } from '@recargas/contracts/mensajes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { ErrorApi } from '../../lib/api.ts';
import { fechaCorta } from '../../lib/fechas.ts';
import { esAdmin, useSesion } from '../../lib/sesion.ts';
import { type RespuestaExcel, urlExcel } from '../../ui/BotonExcel.tsx';
import type { Filtros } from '../../ui/FiltrosChips.tsx';
import { ListaConChips } from '../../ui/ListaConChips.tsx';
import { actualizarLinea, CLAVE_LINEAS, desbloquearLinea, useLineas } from './api.ts';
import { type Borrador, borradorDe, columnasLinea } from './columnas.tsx';

/** The two-month notice is shown once per browser (spec section 2). */
const AVISO_VISTO = 'avisoAdministrarBase';

/** A network failure has no server text: the spec's own wording then. */
const motivo = (e: Error, porDefecto: string) =>
  e instanceof ErrorApi && e.status > 0 ? e.message : porDefecto;

/**
 * /in/administrarBase: the line inventory (spec sections 2, 4, 5 and 8). The range starts as
 * the server's default (the last two months); chips, 'N encontrados', Excel, 20 rows a step,
 * inline edit and unlock where the server says the user may.
 */
export function AdministrarBase() {
  const sesion = useSesion();
  const consultas = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [rango, setRango] = useState<{ desde: string; hasta: string } | null>(null);
  const [filtros, setFiltros] = useState<Filtros>({});
  const [edicion, setEdicion] = useState<{ id: number; borrador: Borrador } | null>(null);
  const [excel, setExcel] = useState<RespuestaExcel | null>(null);
  const [generando, setGenerando] = useState(false);
  const [aviso, setAviso] = useState(() => localStorage.getItem(AVISO_VISTO) !== '1');
  const lista = useLineas({ fechaInicial: rango?.desde, fechaFinal: rango?.hasta, filtros });
  // While other chips or dates load there is no first page: the last one keeps the columns,
  // the filter fields and the range in place.
  const [ultima, setUltima] = useState<RespuestaLineas | undefined>(undefined);
  useEffect(() => {
    if (lista.primera) setUltima(lista.primera);
  }, [lista.primera]);
  const primera = lista.primera ?? ultima;
  const desde = rango?.desde ?? primera?.fechaInicial ?? '';
  const hasta = rango?.hasta ?? primera?.fechaFinal ?? '';
  const refrescar = () => consultas.invalidateQueries({ queryKey: CLAVE_LINEAS });

  const guardar = useMutation({
    mutationFn: actualizarLinea,
    onSuccess: (r) => {
      enqueueSnackbar(r.mensaje, { variant: 'success' });
      setEdicion(null);
      void refrescar();
    },
    onError: (e) => enqueueSnackbar(motivo(e, M.errorActualizandoLinea), { variant: 'error' }),
  });
  const desbloquear = useMutation({
    mutationFn: desbloquearLinea,
    onSuccess: (r) => {
      enqueueSnackbar(r.mensaje, { variant: 'success' });
      void refrescar();
    },
    onError: (e) => enqueueSnackbar(motivo(e, M.errorDesbloqueando), { variant: 'error' }),
  });
  const ocupado = guardar.isPending || desbloquear.isPending;

  /** Section 5 "Line edit", checked with the same contract the server applies. */
  const alGuardar = () => {
    if (!edicion) return;
    const b = edicion.borrador;
    const cuerpo = {
      id: edicion.id,
      icc: b.icc.trim(),
      dn: b.dn.trim(),
      compania: b.compania,
      lider: b.lider.id,
      cliente: b.cliente.id,
      monto: b.monto.trim(),
      nir: b.nir.trim(),
    };
    const revision = peticionActualizarIcc.safeParse(cuerpo);
    if (!revision.success) {
      enqueueSnackbar(revision.error.issues[0]?.message ?? M.errorActualizandoLinea, { variant: 'error' });
      return;
    }
    guardar.mutate(cuerpo);
  };

  // Built on each render: the cells read the edit draft.
  const columnas = columnasLinea({
    titulos: primera?.titulos ?? [],
    edicion,
    admin: esAdmin(sesion),
    puedeEditar: primera?.puedeEditar === true,
    puedeDesbloquear: primera?.puedeDesbloquear === true,
    ocupado,
    cambiar: (cambios) => setEdicion((e) => (e ? { ...e, borrador: { ...e.borrador, ...cambios } } : e)),
    editar: (f: Linea) => setEdicion({ id: f.id, borrador: borradorDe(f) }),
    cancelar: () => setEdicion(null),
    guardar: alGuardar,
    desbloquear: (icc) => desbloquear.mutate(icc),
  });

  const cerrarAviso = () => {
    localStorage.setItem(AVISO_VISTO, '1');
    setAviso(false);
  };

  return (
    <Paper sx={{ p: 2 }}>
      {(lista.isFetching || ocupado || generando) && <LinearProgress sx={{ mb: 1 }} />}
      <ListaConChips
        titulo={M.administrarBase}
        total={
          lista.total === null
            ? null
            : { texto: texto('encontrados', { n: lista.total }), testId: 'lineas-total' }
        }
        rango={{ desde, hasta, alCambiar: setRango }}
        chips={{ columnas: primera?.titulos ?? [], valor: filtros, alCambiar: setFiltros }}
        excel={{
          tipo: 'ADMINISTRAR',
          deshabilitado: !primera,
          alEsperar: setGenerando,
          alGenerar: (r) => {
            setExcel(r);
            enqueueSnackbar(texto('excelGenerado', { filas: r.filas, fecha: fechaCorta(r.expira) }), {
              variant: 'success',
            });
          },
        }}
        lista={lista}
        columnas={columnas}
        clave={(f) => f.id}
        testId="tabla-lineas"
      >
        {excel && (
          <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 1 }} data-testid="lineas-excel">
            <TextField
              size="small"
              label={M.excelExpira}
              name="excelExpira"
              value={fechaCorta(excel.expira)}
              slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
            />
            <Link href={urlExcel(excel.nombreArchivo)}>{M.descargarDeNuevo}</Link>
          </Stack>
        )}
      </ListaConChips>
      <Dialog open={aviso} onClose={cerrarAviso}>
        <DialogTitle>{M.avisoDosMesesTitulo}</DialogTitle>
        <DialogContent>
          <DialogContentText>{M.avisoDosMeses}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={cerrarAviso} autoFocus>
            {M.entendido}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
