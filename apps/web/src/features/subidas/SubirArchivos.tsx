import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { accionPermitida } from '@recargas/contracts/acceso';
import { M, texto } from '@recargas/contracts/mensajes';
import {
  ACCIONES_CON_VIGENCIA,
  ACCIONES_SUBIDA,
  type AccionSubida,
  type RespuestaSubida,
} from '@recargas/contracts/subidas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { type ChangeEvent, useRef, useState } from 'react';
import { descargarArchivo, ErrorApi } from '../../lib/api.ts';
import { type SnackbarKey, useSnackbar } from '../../lib/avisar.ts';
import { esAdmin, puede, type Sesion, useSesion } from '../../lib/sesion.ts';
import { BARRA_ACCIONES, DIA_MINIMO, deDia, ProveedorFechas } from '../../ui/Fechas.tsx';
import { type Opcion, Seleccion } from '../../ui/Seleccion.tsx';
import { avanceSubida, nuevoIdAvance, PLANTILLAS, subirArchivo } from './api.ts';
import { ProgresoSubida } from './ProgresoSubida.tsx';
import { TablaResultado } from './TablaResultado.tsx';

/** The actions a user may choose: the server's rule (contracts/acceso.ts). */
export const accionesPara = (s: Sesion): AccionSubida[] =>
  (Object.keys(ACCIONES_SUBIDA).map(Number) as AccionSubida[]).filter((a) => accionPermitida(s, a));

/** The templates a user may download (spec section 7), by the server's rule for each. */
const plantillasPara = (s: Sesion) => PLANTILLAS.filter((p) => puede(s, `GET ${p.ruta}`));

const XLSX = '.xlsx';
const MIME_XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The platform an administrator may give an upload with a validity date (none: the carrier's). */
const PLATAFORMAS: Opcion[] = [
  { valor: '', texto: M.noAplica },
  { valor: '1', texto: M.recargatodo },
  { valor: '2', texto: M.pagaqui },
];
/** Upload toasts stay 30 s (spec section 9). */
const DURACION_AVISO = 30_000;
/** How often the screen asks the server how far the upload has got. */
const CADA_MS = 500;

/** /in/subirArchivos: the .xlsx upload (spec sections 2, 5, 8 and 9). */
export function SubirArchivos() {
  const sesion = useSesion();
  const admin = esAdmin(sesion);
  const consultas = useQueryClient();
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  // This screen's error toasts: a later success closes them, so no stale error stays beside it.
  const errores = useRef<SnackbarKey[]>([]);
  const avisarError = (mensaje: string, duracion?: number) =>
    errores.current.push(
      enqueueSnackbar(mensaje, {
        variant: 'error',
        ...(duracion ? { autoHideDuration: duracion } : {}),
      }),
    );
  const acciones = accionesPara(sesion);
  const [accion, setAccion] = useState<AccionSubida | ''>('');
  const [archivo, setArchivo] = useState<File | null>(null);
  const [plataforma, setPlataforma] = useState<'' | '1' | '2'>('');
  const [vigencia, setVigencia] = useState<Dayjs | null>(null);
  const [errorAccion, setErrorAccion] = useState(false);
  const [resultado, setResultado] = useState<{ accion: AccionSubida; r: RespuestaSubida } | null>(null);
  const entrada = useRef<HTMLInputElement>(null);
  // The id the server files this upload's progress under (GET /subirArchivo/avance).
  const [idAvance, setIdAvance] = useState<string | null>(null);
  const conVigencia = accion !== '' && ACCIONES_CON_VIGENCIA.includes(accion);

  const subir = useMutation({
    mutationFn: (v: { accion: AccionSubida; archivo: File; id: string }) => {
      const datos = new FormData();
      datos.append('accion', String(v.accion));
      datos.append('avance', v.id);
      // Vigencia and platform travel only for actions 1 and 2 (section 7).
      if (ACCIONES_CON_VIGENCIA.includes(v.accion)) {
        const dia = deDia(vigencia);
        if (dia) datos.append('vigencia', dia);
        if (admin) datos.append('plataformaId', plataforma || '0');
      }
      datos.append('archivo', v.archivo, v.archivo.name);
      return subirArchivo(datos);
    },
    onSuccess: (r, v) => {
      for (const k of errores.current) closeSnackbar(k);
      errores.current = [];
      const valores = {
        total: r.total,
        correctos: r.correctos,
        erroneos: r.erroneos,
        duplicados: r.duplicados,
      };
      enqueueSnackbar(texto(v.accion === 2 ? 'subidaResultadoReemplazo' : 'subidaResultado', valores), {
        variant: r.erroneos > 0 ? 'warning' : 'success',
        autoHideDuration: DURACION_AVISO,
      });
      // The result modal opens when the result has rows (section 4).
      if (r.arreglo.length > 0) setResultado({ accion: v.accion, r });
      limpiarArchivo();
      // Lines, blocks, port-outs or users changed, depending on the action.
      void consultas.invalidateQueries();
    },
    onError: (e) =>
      avisarError(e instanceof ErrorApi && e.status > 0 ? e.message : M.ocurrioUnError, DURACION_AVISO),
  });
  const avance = useQuery({
    queryKey: ['subidas', 'avance', idAvance],
    queryFn: () => avanceSubida(idAvance as string),
    enabled: subir.isPending && idAvance !== null,
    refetchInterval: CADA_MS,
  });

  const limpiarArchivo = () => {
    setArchivo(null);
    if (entrada.current) entrada.current.value = '';
  };

  const alElegir = (e: ChangeEvent<HTMLInputElement>) => {
    const elegido = e.target.files?.[0] ?? null;
    if (elegido && !elegido.name.toLowerCase().endsWith(XLSX)) {
      avisarError(M.archivoSoloXlsx);
      limpiarArchivo();
      return;
    }
    setArchivo(elegido);
  };

  const alSubir = () => {
    if (accion === '') {
      setErrorAccion(true);
      avisarError(M.seleccionaAccion);
      return;
    }
    if (!archivo) return;
    const id = nuevoIdAvance();
    setIdAvance(id);
    subir.mutate({ accion, archivo, id });
  };

  const plantilla = (ruta: string, nombre: string) =>
    descargarArchivo(ruta, nombre).catch((e: Error) => avisarError(e.message || M.ocurrioUnError));

  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {M.subirArchivos}
      </Typography>
      <Grid container spacing={2} sx={{ maxWidth: 720 }}>
        <Grid size={12}>
          <Seleccion
            name="accion"
            label={M.accion}
            value={accion}
            onChange={(e) => {
              setAccion(Number(e.target.value) as AccionSubida);
              setErrorAccion(false);
            }}
            error={errorAccion}
            helperText={errorAccion ? M.seleccionaAccion : undefined}
            slotProps={{
              select: { displayEmpty: true },
              inputLabel: { shrink: true },
            }}
            opciones={[
              { valor: '', texto: M.seleccionaUnaAccion, deshabilitada: true },
              ...acciones.map((a) => ({ valor: a, texto: `${a} ${ACCIONES_SUBIDA[a]}` })),
            ]}
          />
        </Grid>
        {conVigencia && admin && (
          <Grid size={{ xs: 12, sm: 6 }}>
            <Seleccion
              name="plataformaId"
              label={M.plataforma}
              value={plataforma}
              onChange={(e) => setPlataforma(e.target.value as '' | '1' | '2')}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              opciones={PLATAFORMAS}
            />
          </Grid>
        )}
        {conVigencia && (
          <Grid size={{ xs: 12, sm: 6 }}>
            <ProveedorFechas>
              <DatePicker
                label={M.vigencia}
                value={vigencia}
                minDate={DIA_MINIMO}
                onChange={setVigencia}
                slotProps={{ actionBar: BARRA_ACCIONES, textField: { fullWidth: true, name: 'vigencia' } }}
              />
            </ProveedorFechas>
          </Grid>
        )}
        <Grid size={12}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
            <Button variant="outlined" component="label" startIcon={<UploadFileIcon />}>
              {M.elegirArchivo}
              <input
                ref={entrada}
                hidden
                type="file"
                name="archivo"
                accept={`${XLSX},${MIME_XLSX}`}
                onChange={alElegir}
              />
            </Button>
            {archivo && (
              <Typography data-testid="archivo-elegido" sx={{ wordBreak: 'break-all' }}>
                {texto('archivoElegido', { nombre: archivo.name })}
              </Typography>
            )}
          </Stack>
        </Grid>
        {/* The upload button appears only after a file is chosen (section 2). */}
        {archivo && (
          <Grid size={12}>
            <Button variant="contained" onClick={alSubir} disabled={subir.isPending}>
              {M.subirArchivo}
            </Button>
          </Grid>
        )}
        {subir.isPending && (
          <Grid size={12}>
            <ProgresoSubida avance={avance.data} />
          </Grid>
        )}
        <Grid size={12}>
          <Typography variant="subtitle1">{M.plantillas}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexWrap: 'wrap' }}>
            {plantillasPara(sesion).map((p) => (
              <Button
                key={p.ruta}
                size="small"
                startIcon={<DownloadIcon />}
                onClick={() => void plantilla(p.ruta, p.archivo)}
              >
                {p.titulo}
              </Button>
            ))}
          </Stack>
        </Grid>
      </Grid>
      <Dialog open={resultado !== null} onClose={() => setResultado(null)} maxWidth="lg" fullWidth>
        <DialogTitle>{M.resultadoSubida}</DialogTitle>
        <DialogContent>
          {resultado && <TablaResultado accion={resultado.accion} r={resultado.r} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setResultado(null)} autoFocus>
            {M.cerrar}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
