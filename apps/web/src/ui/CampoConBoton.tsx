import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';

/**
 * A text field with its button beside it: a form of one value, or a value typed in a table cell.
 * `separacion` is the row's MUI spacing; `centrado` lines the button up with a small field's middle.
 */
export function CampoConBoton({
  boton,
  separacion = 1,
  centrado = false,
  ...campo
}: TextFieldProps & { boton: ReactNode; separacion?: number; centrado?: boolean }) {
  return (
    <Stack direction="row" spacing={separacion} alignItems={centrado ? 'center' : 'flex-start'}>
      <TextField {...campo} />
      {boton}
    </Stack>
  );
}
