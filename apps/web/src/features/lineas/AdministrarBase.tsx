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
import type { RespuestaLineas } from '@recargas/contracts/lineas';
import { M, texto } from '@recargas/contracts/mensajes';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ErrorApi } from '../../lib/api.ts';
import { useSnackbar } from '../../lib/avisar.ts';
import { fechaCorta } from '../../lib/fechas.ts';
import { esAdmin, type Sesion, useSesion } from '../../lib/sesion.ts';
import { type RespuestaExcel, urlExcel } from '../../ui/BotonExcel.tsx';
import type { Filtros } from '../../ui/FiltrosChips.tsx';
import { ListaConChips } from '../../ui/ListaConChips.tsx';
import { useActualizarLinea, useDesbloquearLinea, useLineas } from './api.ts';
import { columnasLinea } from './columnas.tsx';
import { Edicion } from './edicion.ts';

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
  const { enqueueSnackbar } = useSnackbar();
  const [rango, setRango] = useState<{ desde: string; hasta: string } | null>(null);
  const [filtros, setFiltros] = useState<Filtros>({});
  const [excel, setExcel] = useState<RespuestaExcel | null>(null);
  const [generando, setGenerando] = useState(false);
  const lista = useLineas({ fechaInicial: rango?.desde, fechaFinal: rango?.hasta, filtros });
  // While other chips or dates load there is no first page: the last one keeps the columns,
  // the filter fields and the range in place.
  const [ultima, setUltima] = useState<RespuestaLineas | undefined>(undefined);
  useEffect(() => {
    if (lista.primera) setUltima(lista.primera);
  }, [lista.primera]);
  const primera = lista.primera ?? ultima;
  const { columnas, ocupado } = useColumnas(useSesion(), primera);
  const desde = rango?.desde ?? primera?.fechaInicial ?? '';
  const hasta = rango?.hasta ?? primera?.fechaFinal ?? '';
  return (
    <Paper sx={{ p: 2 }}>
      {(lista.isFetching || ocupado || generando) && <LinearProgress sx={{ mb: 1 }} />}
      <ListaConChips
        titulo={M.administrarBase}
        total={
          lista.total === null
            ? null
            : {
                texto: lista.primera?.masDe
                  ? texto('masDeEncontrados', { n: lista.total.toLocaleString('en') })
                  : texto('encontrados', { n: lista.total }),
                testId: 'lineas-total',
              }
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
        {excel && <ExcelGenerado excel={excel} />}
      </ListaConChips>
      <AvisoDosMeses />
    </Paper>
  );
}

/**
 * The inventory's columns with the inline edit and the unlock, and whether either is running.
 * The columns stay the same objects while the screen redraws: they call the latest actions
 * through a ref.
 */
function useColumnas(sesion: Sesion, primera: RespuestaLineas | undefined) {
  const { enqueueSnackbar } = useSnackbar();
  const [edicion] = useState(() => new Edicion());
  const exito = (r: { mensaje: string }) => enqueueSnackbar(r.mensaje, { variant: 'success' });
  const guardar = useActualizarLinea({
    onSuccess: (r) => {
      exito(r);
      edicion.cerrar();
    },
    onError: (e) => enqueueSnackbar(motivo(e, M.errorActualizandoLinea), { variant: 'error' }),
  });
  const desbloquear = useDesbloquearLinea({
    onSuccess: exito,
    onError: (e) => enqueueSnackbar(motivo(e, M.errorDesbloqueando), { variant: 'error' }),
  });
  const ocupado = guardar.isPending || desbloquear.isPending;
  useEffect(() => edicion.ponerOcupado(ocupado), [edicion, ocupado]);

  const acciones = useRef({ guardar: () => {}, desbloquear: (_icc: string) => {} });
  acciones.current = {
    // Section 5 "Line edit", the contract the server applies; a failing field turns red.
    guardar: () => {
      const cuerpo = edicion.revisar();
      if (cuerpo) guardar.mutate(cuerpo);
    },
    desbloquear: (icc) => desbloquear.mutate(icc),
  };
  const titulos = primera?.titulos;
  const admin = esAdmin(sesion);
  const puedeEditar = primera?.puedeEditar === true;
  const puedeDesbloquear = primera?.puedeDesbloquear === true;
  const columnas = useMemo(
    () =>
      columnasLinea({
        titulos: titulos ?? [],
        edicion,
        admin,
        puedeEditar,
        puedeDesbloquear,
        guardar: () => acciones.current.guardar(),
        desbloquear: (icc) => acciones.current.desbloquear(icc),
      }),
    [titulos, edicion, admin, puedeEditar, puedeDesbloquear],
  );
  return { columnas, ocupado };
}

/** The Excel just generated: until when it is kept, and its link to download it again. */
function ExcelGenerado({ excel }: { excel: RespuestaExcel }) {
  return (
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
  );
}

/** The two-month notice, until it is understood once in this browser. */
function AvisoDosMeses() {
  const [aviso, setAviso] = useState(() => localStorage.getItem(AVISO_VISTO) !== '1');
  const cerrarAviso = () => {
    localStorage.setItem(AVISO_VISTO, '1');
    setAviso(false);
  };
  return (
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
  );
}
