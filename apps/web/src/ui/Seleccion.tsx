import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

/** One choice of a Seleccion: its value, the text shown, and whether it can be picked. */
export interface Opcion {
  valor: string | number;
  texto: string;
  deshabilitada?: boolean;
}

/** A select filling its grid cell, with `opciones` in the order given. */
export function Seleccion({ opciones, ...campo }: TextFieldProps & { opciones: readonly Opcion[] }) {
  return (
    <TextField select fullWidth {...campo}>
      {opciones.map((o) => (
        <MenuItem key={o.valor} value={o.valor} disabled={o.deshabilitada}>
          {o.texto}
        </MenuItem>
      ))}
    </TextField>
  );
}
