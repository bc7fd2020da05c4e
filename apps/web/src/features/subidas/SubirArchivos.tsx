import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { M } from '@recargas/contracts/mensajes';
import { ACCIONES_CON_VIGENCIA, type AccionSubida } from '@recargas/contracts/subidas';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { esAdmin, useSesion } from '../../lib/sesion.ts';
import { nuevoIdAvance, useAvisosSubida, useSubida } from './api.ts';
import { ElegirArchivo, OpcionesVigencia, Plantillas, SelectorAccion, useArchivo } from './CamposSubida.tsx';
import { DialogoResultado } from './DialogoResultado.tsx';
import { ProgresoSubida } from './ProgresoSubida.tsx';

/**
 * /in/subirArchivos: the .xlsx upload (spec sections 2, 5, 8 and 9): the form here, its pieces
 * in CamposSubida.tsx, the request and its progress in useSubida.ts, the result in
 * DialogoResultado.tsx.
 */
export function SubirArchivos() {
  const sesion = useSesion();
  const admin = esAdmin(sesion);
  const avisos = useAvisosSubida();
  const [accion, setAccion] = useState<AccionSubida | ''>('');
  const [errorAccion, setErrorAccion] = useState(false);
  const [plataforma, setPlataforma] = useState<'' | '1' | '2'>('');
  const [vigencia, setVigencia] = useState<Dayjs | null>(null);
  const a = useArchivo((m) => avisos.avisarError(m));
  const subida = useSubida({ admin, vigencia, plataforma, avisos, alTerminar: a.limpiar });

  const alSubir = () => {
    if (accion === '') {
      setErrorAccion(true);
      avisos.avisarError(M.seleccionaAccion);
      return;
    }
    if (a.archivo) subida.enviar(accion, a.archivo, nuevoIdAvance());
  };

  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {M.subirArchivos}
      </Typography>
      <Grid container spacing={2} sx={{ maxWidth: 720 }}>
        <Grid size={12}>
          <SelectorAccion
            sesion={sesion}
            accion={accion}
            error={errorAccion}
            alElegir={(elegida) => {
              setAccion(elegida);
              setErrorAccion(false);
            }}
          />
        </Grid>
        {accion !== '' && ACCIONES_CON_VIGENCIA.includes(accion) && (
          <OpcionesVigencia {...{ admin, plataforma, setPlataforma, vigencia, setVigencia }} />
        )}
        <Grid size={12}>
          <ElegirArchivo a={a} />
        </Grid>
        {/* The upload button appears only after a file is chosen (section 2). */}
        {a.archivo && (
          <Grid size={12}>
            <Button variant="contained" onClick={alSubir} disabled={subida.pendiente}>
              {M.subirArchivo}
            </Button>
          </Grid>
        )}
        {subida.pendiente && (
          <Grid size={12}>
            <ProgresoSubida avance={subida.avance} />
          </Grid>
        )}
        <Grid size={12}>
          <Plantillas sesion={sesion} avisarError={avisos.avisarError} />
        </Grid>
      </Grid>
      <DialogoResultado
        resultado={subida.resultado}
        cerrar={subida.cerrar}
        avisarError={avisos.avisarError}
      />
    </Paper>
  );
}
