import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { accionPermitida } from '@recargas/contracts/acceso';
import { M, texto } from '@recargas/contracts/mensajes';
import { ACCIONES_SUBIDA, type AccionSubida } from '@recargas/contracts/subidas';
import type { Dayjs } from 'dayjs';
import { type ChangeEvent, useRef, useState } from 'react';
import { descargarArchivo } from '../../lib/api.ts';
import { puede, type Sesion } from '../../lib/sesion.ts';
import { BARRA_ACCIONES, DIA_MINIMO, ProveedorFechas } from '../../ui/Fechas.tsx';
import { type Opcion, Seleccion } from '../../ui/Seleccion.tsx';
import { PLANTILLAS } from './api.ts';

/** The pieces of the upload form (SubirArchivos.tsx): action, validity, file and templates. */

/** The actions a user may choose: the server's rule (contracts/acceso.ts). */
export const accionesPara = (s: Sesion): AccionSubida[] =>
  (Object.keys(ACCIONES_SUBIDA).map(Number) as AccionSubida[]).filter((a) => accionPermitida(s, a));

const XLSX = '.xlsx';
const MIME_XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The platform an administrator may give an upload with a validity date (none: the carrier's). */
const PLATAFORMAS: Opcion[] = [
  { valor: '', texto: M.noAplica },
  { valor: '1', texto: M.recargatodo },
  { valor: '2', texto: M.pagaqui },
];
const SIN_ENCOGER = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/** The action select; `error` after Subir without one. */
export function SelectorAccion(p: {
  sesion: Sesion;
  accion: AccionSubida | '';
  error: boolean;
  alElegir: (a: AccionSubida) => void;
}) {
  return (
    <Seleccion
      name="accion"
      label={M.accion}
      value={p.accion}
      onChange={(e) => p.alElegir(Number(e.target.value) as AccionSubida)}
      error={p.error}
      helperText={p.error ? M.seleccionaAccion : undefined}
      slotProps={SIN_ENCOGER}
      opciones={[
        { valor: '', texto: M.seleccionaUnaAccion, deshabilitada: true },
        ...accionesPara(p.sesion).map((a) => ({ valor: a, texto: `${a} ${ACCIONES_SUBIDA[a]}` })),
      ]}
    />
  );
}

/** Platform (administrators) and Vigencia, for actions 1 and 2 (section 7). */
export function OpcionesVigencia(p: {
  admin: boolean;
  plataforma: '' | '1' | '2';
  setPlataforma: (v: '' | '1' | '2') => void;
  vigencia: Dayjs | null;
  setVigencia: (v: Dayjs | null) => void;
}) {
  return (
    <>
      {p.admin && (
        <Grid size={{ xs: 12, sm: 6 }}>
          <Seleccion
            name="plataformaId"
            label={M.plataforma}
            value={p.plataforma}
            onChange={(e) => p.setPlataforma(e.target.value as '' | '1' | '2')}
            slotProps={SIN_ENCOGER}
            opciones={PLATAFORMAS}
          />
        </Grid>
      )}
      <Grid size={{ xs: 12, sm: 6 }}>
        <ProveedorFechas>
          <DatePicker
            label={M.vigencia}
            value={p.vigencia}
            minDate={DIA_MINIMO}
            onChange={p.setVigencia}
            slotProps={{ actionBar: BARRA_ACCIONES, textField: { fullWidth: true, name: 'vigencia' } }}
          />
        </ProveedorFechas>
      </Grid>
    </>
  );
}

/** The chosen file: only an .xlsx (else `avisarError`), cleared after each upload. */
export function useArchivo(avisarError: (m: string) => void) {
  const [archivo, setArchivo] = useState<File | null>(null);
  const entrada = useRef<HTMLInputElement>(null);
  const limpiar = () => {
    setArchivo(null);
    if (entrada.current) entrada.current.value = '';
  };
  const alElegir = (e: ChangeEvent<HTMLInputElement>) => {
    const elegido = e.target.files?.[0] ?? null;
    if (elegido && !elegido.name.toLowerCase().endsWith(XLSX)) {
      avisarError(M.archivoSoloXlsx);
      limpiar();
      return;
    }
    setArchivo(elegido);
  };
  return { archivo, entrada, limpiar, alElegir };
}

/** 'Elegir archivo' and the chosen file's name. */
export function ElegirArchivo({ a }: { a: ReturnType<typeof useArchivo> }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
      <Button variant="outlined" component="label" startIcon={<UploadFileIcon />}>
        {M.elegirArchivo}
        <input
          ref={a.entrada}
          hidden
          type="file"
          name="archivo"
          accept={`${XLSX},${MIME_XLSX}`}
          onChange={a.alElegir}
        />
      </Button>
      {a.archivo && (
        <Typography data-testid="archivo-elegido" sx={{ wordBreak: 'break-all' }}>
          {texto('archivoElegido', { nombre: a.archivo.name })}
        </Typography>
      )}
    </Stack>
  );
}

/** The templates a user may download (spec section 7), by the server's rule for each. */
export function Plantillas({ sesion, avisarError }: { sesion: Sesion; avisarError: (m: string) => void }) {
  const plantilla = (ruta: string, nombre: string) =>
    descargarArchivo(ruta, nombre).catch((e: Error) => avisarError(e.message || M.ocurrioUnError));
  return (
    <>
      <Typography variant="subtitle1">{M.plantillas}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexWrap: 'wrap' }}>
        {PLANTILLAS.filter((p) => puede(sesion, `GET ${p.ruta}`)).map((p) => (
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
    </>
  );
}
