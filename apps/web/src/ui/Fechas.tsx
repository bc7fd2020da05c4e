import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { esES } from '@mui/x-date-pickers/locales';
import type { PickersActionBarAction } from '@mui/x-date-pickers/PickersActionBar';
import { M } from '@recargas/contracts/mensajes';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/es-mx';
import type { ReactNode } from 'react';

/** The picker format of spec section 9 (yyyy/mm/dd), and the 24-hour time beside it. */
export const FORMATO_DIA = 'YYYY/MM/DD';
export const FORMATO_DIA_HORA = 'YYYY/MM/DD HH:mm';
/** The oldest day a picker takes (the seed's years start at 2010): year 0026 is not a date here. */
export const DIA_MINIMO = dayjs('2010-01-01');

/** The seed's action bar (spec section 9): Cancelar and Seleccionar; a day chosen closes it too. */
export const BARRA_ACCIONES: { actions: PickersActionBarAction[] } = { actions: ['cancel', 'accept'] };

const TEXTOS = {
  ...esES.components.MuiLocalizationProvider.defaultProps.localeText,
  cancelButtonLabel: M.cancelar,
  okButtonLabel: M.seleccionar,
};

/** dayjs of a yyyy-mm-dd, null for none. */
export const aDia = (v: string | null | undefined): Dayjs | null => (v ? dayjs(v) : null);

/** yyyy-mm-dd of a complete date the pickers accept (from DIA_MINIMO on), else null. */
export const deDia = (d: Dayjs | null): string | null =>
  d?.isValid() && !d.isBefore(DIA_MINIMO, 'day') ? d.format('YYYY-MM-DD') : null;

/** Every picker of the portal: dayjs in es-MX, the catalogue's labels, yyyy/mm/dd. */
export function ProveedorFechas({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale="es-mx"
      localeText={TEXTOS}
      dateFormats={{ keyboardDate: FORMATO_DIA, keyboardDateTime24h: FORMATO_DIA_HORA }}
    >
      {children}
    </LocalizationProvider>
  );
}
