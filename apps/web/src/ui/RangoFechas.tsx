import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { M } from '@recargas/contracts/mensajes';

/** yyyy-mm-dd of the browser's today moved by `dias`. */
export function diaLocal(dias = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + dias);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** {diaIni, mesIni, anioIni, diaFin, mesFin, anioFin} of spec section 3 from two yyyy-mm-dd. */
export function partesRango(desde: string, hasta: string) {
  const [ai, mi, di] = desde.split('-').map(Number);
  const [af, mf, df] = hasta.split('-').map(Number);
  return { diaIni: di, mesIni: mi, anioIni: ai, diaFin: df, mesFin: mf, anioFin: af };
}

/**
 * Fecha Inicial / Fecha Final. The browser's date picker commits a whole date at once, so the
 * query runs when a date is chosen (the picker closes), not on every keystroke.
 */
export function RangoFechas(props: {
  desde: string;
  hasta: string;
  alCambiar: (r: { desde: string; hasta: string }) => void;
}) {
  const campo = (nombre: 'desde' | 'hasta', etiqueta: string) => (
    <TextField
      type="date"
      size="small"
      name={nombre === 'desde' ? 'fechaInicial' : 'fechaFinal'}
      label={etiqueta}
      value={props[nombre]}
      onChange={(e) => {
        if (/^\d{4}-\d{2}-\d{2}$/.test(e.target.value))
          props.alCambiar({ ...props, [nombre]: e.target.value });
      }}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
  return (
    <Stack direction="row" spacing={1}>
      {campo('desde', M.fechaInicial)}
      {campo('hasta', M.fechaFinal)}
    </Stack>
  );
}
