import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { PeticionConciliar, ResumenDia } from '@recargas/contracts/conciliaciones';
import { M, texto } from '@recargas/contracts/mensajes';
import dayjs, { type Dayjs } from 'dayjs';
import { type ChangeEvent, useState } from 'react';
import { useSnackbar } from '../../lib/avisar.ts';
import { BARRA_ACCIONES, DIA_MINIMO, deDia, ProveedorFechas } from '../../ui/Fechas.tsx';
import { Seleccion } from '../../ui/Seleccion.tsx';
import { useConciliar } from './api.ts';
import { plataformaDe } from './formato.ts';

const ACEPTA = '.xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The day and platform to reconcile: 'Obtener del proveedor' asks the provider's statement,
 * or a statement file (.xlsx or .csv) is chosen and uploaded. The day reconciled is chosen below.
 * `ayer` is the company's yesterday (its time zone, not the browser's): the default and latest day.
 */
export function EstadoCuenta({
  ayer,
  alConciliar,
}: {
  ayer: string | undefined;
  alConciliar: (d: ResumenDia) => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  // undefined until one is picked (or cleared): the company's yesterday, once the list says it.
  const [elegido, setDia] = useState<Dayjs | null | undefined>(undefined);
  const ultimo = ayer ? dayjs(ayer) : undefined;
  const dia = elegido === undefined ? (ultimo ?? null) : elegido;
  const [plataforma, setPlataforma] = useState<1 | 2>(1);
  const { obtener, subir, ocupado } = useConciliar({
    onSuccess: (r) => {
      enqueueSnackbar(r.mensaje, { variant: 'success' });
      alConciliar(r.dia);
    },
    onError: (e) => enqueueSnackbar(e.message || M.ocurrioUnError, { variant: 'error' }),
  });
  const peticion = (): PeticionConciliar | undefined => {
    const d = deDia(dia);
    if (!d) enqueueSnackbar(M.lineaFechaInvalida, { variant: 'error' });
    return d ? { plataforma, dia: d } : undefined;
  };
  return (
    <Paper sx={{ p: 2 }} component="section" aria-label={M.conciliacionSubir}>
      <Grid container spacing={2} sx={{ alignItems: 'center' }}>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <ProveedorFechas>
            <DatePicker
              label={M.conciliacionDia}
              value={dia}
              minDate={DIA_MINIMO}
              // Only days already over are reconciled (the server says so too).
              maxDate={ultimo}
              onChange={setDia}
              slotProps={{ actionBar: BARRA_ACCIONES, textField: { fullWidth: true, name: 'dia' } }}
            />
          </ProveedorFechas>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <Seleccion
            label={M.conciliacionPlataforma}
            name="plataforma"
            value={plataforma}
            onChange={(e) => setPlataforma(Number(e.target.value) === 2 ? 2 : 1)}
            opciones={[1, 2].map((n) => ({ valor: n, texto: plataformaDe(n) }))}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Button
            variant="contained"
            disabled={ocupado}
            onClick={() => {
              const p = peticion();
              if (p) obtener.mutate(p);
            }}
          >
            {M.conciliacionObtener}
          </Button>
        </Grid>
        <ArchivoEstado
          ocupado={ocupado}
          subir={(f) => {
            const p = peticion();
            if (p) subir.mutate({ p, f });
          }}
        />
      </Grid>
    </Paper>
  );
}

/** The statement file: chosen, named, then uploaded for the day and platform above. */
function ArchivoEstado({ ocupado, subir }: { ocupado: boolean; subir: (f: File) => void }) {
  const [archivo, setArchivo] = useState<File | null>(null);
  const alElegir = (e: ChangeEvent<HTMLInputElement>) => setArchivo(e.target.files?.[0] ?? null);
  return (
    <>
      <Grid size={{ xs: 12, sm: 'auto' }}>
        <Button variant="outlined" component="label" startIcon={<UploadFileIcon />}>
          {M.conciliacionArchivo}
          <input hidden type="file" name="archivo" accept={ACEPTA} onChange={alElegir} />
        </Button>
      </Grid>
      {archivo && (
        <Grid size={{ xs: 12, sm: 'grow' }}>
          <Typography data-testid="estado-elegido" sx={{ wordBreak: 'break-all' }}>
            {texto('archivoElegido', { nombre: archivo.name })}
          </Typography>
        </Grid>
      )}
      {archivo && (
        <Grid size={{ xs: 12, sm: 'auto' }}>
          <Button variant="contained" disabled={ocupado} onClick={() => subir(archivo)}>
            {M.conciliacionSubir}
          </Button>
        </Grid>
      )}
    </>
  );
}
