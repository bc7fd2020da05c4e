import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { M } from '@recargas/contracts/mensajes';
import type { RespuestaSubida } from '@recargas/contracts/subidas';
import { useMemo, useState } from 'react';
import { descargarArchivo } from '../../lib/api.ts';
import { urlExcel } from '../../ui/BotonExcel.tsx';
import type { ResultadoSubida } from './api.ts';
import { TablaResultado } from './TablaResultado.tsx';

type FilaSubida = RespuestaSubida['arreglo'][number];
const conError = (f: FilaSubida) => f.celdas.some((c) => !c.isCorrecto);

/**
 * The rows to list: those with a wrong cell first (issue 41: 800 'Correcto' rows hid the 3 bad
 * ones), each group in sheet order; only those with `soloErrores`.
 */
export function filasResultado(r: RespuestaSubida, soloErrores: boolean): FilaSubida[] {
  const malas = r.arreglo.filter(conError);
  return soloErrores ? malas : [...malas, ...r.arreglo.filter((f) => !conError(f))];
}

/**
 * The upload's result (section 4): the rows, the 'Solo errores' filter and the .xlsx of the
 * rejected rows the server stored (every one, also those beyond the table's 1,000).
 */
export function DialogoResultado(p: {
  resultado: ResultadoSubida | null;
  cerrar: () => void;
  avisarError: (m: string) => void;
}) {
  const [soloErrores, setSoloErrores] = useState(false);
  const r = p.resultado?.r;
  const filas = useMemo(() => (r ? filasResultado(r, soloErrores) : []), [r, soloErrores]);
  const archivo = r?.archivoRechazadas;
  const descargar = (nombre: string) =>
    descargarArchivo(urlExcel(nombre), 'filas-rechazadas.xlsx').catch((e: Error) =>
      p.avisarError(e.message || M.ocurrioUnError),
    );
  return (
    <Dialog open={p.resultado !== null} onClose={p.cerrar} maxWidth="lg" fullWidth>
      <DialogTitle>{M.resultadoSubida}</DialogTitle>
      <DialogContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ mb: 1 }}
          alignItems={{ sm: 'center' }}
        >
          <FormControlLabel
            control={<Switch checked={soloErrores} onChange={(_, v) => setSoloErrores(v)} />}
            label={M.soloErrores}
          />
          {archivo && (
            <Button size="small" startIcon={<DownloadIcon />} onClick={() => void descargar(archivo)}>
              {M.descargarRechazadas}
            </Button>
          )}
        </Stack>
        {p.resultado && <TablaResultado accion={p.resultado.accion} r={p.resultado.r} filas={filas} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={p.cerrar} autoFocus>
          {M.cerrar}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
