import Stack from '@mui/material/Stack';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { diaEn } from '@recargas/contracts/fechas';
import { M } from '@recargas/contracts/mensajes';
import type { Dayjs } from 'dayjs';
import { type FocusEvent, type KeyboardEvent, useState } from 'react';
import { zonaEmpresa } from '../lib/fechas.ts';
import { aDia, BARRA_ACCIONES, DIA_MINIMO, deDia, ProveedorFechas } from './Fechas.tsx';

/**
 * yyyy-mm-dd of the company's today moved by `dias`: the server cuts days in its zone (issue 41),
 * so a default range agrees with it from a browser on another clock.
 */
export function diaLocal(dias = 0): string {
  const hoy = diaEn(Date.now(), zonaEmpresa());
  return new Date(Date.parse(`${hoy}T00:00:00Z`) + dias * 86_400_000).toISOString().slice(0, 10);
}

/** {diaIni, mesIni, anioIni, diaFin, mesFin, anioFin} of spec section 3 from two yyyy-mm-dd. */
export function partesRango(desde: string, hasta: string) {
  const [ai, mi, di] = desde.split('-').map(Number);
  const [af, mf, df] = hasta.split('-').map(Number);
  return { diaIni: di, mesIni: mi, anioIni: ai, diaFin: df, mesFin: mf, anioFin: af };
}

type Borrador = { desde: Dayjs | null; hasta: Dayjs | null };
type Rango = { desde: string; hasta: string };

/**
 * Fecha Inicial / Fecha Final on MUI X pickers (yyyy/mm/dd, Cancelar/Seleccionar). What is typed
 * is a draft: the screen hears of a range only when it is complete and valid and is accepted
 * (Seleccionar, Enter or leaving the field), so a half-typed date asks nothing.
 */
export function RangoFechas(props: Rango & { alCambiar: (r: Rango) => void }) {
  const [borrador, setBorrador] = useState<Borrador>({ desde: aDia(props.desde), hasta: aDia(props.hasta) });
  const [visto, setVisto] = useState<Rango>(props);
  const [mostrarError, setMostrarError] = useState(false);
  // A range from the screen (its default, or the server's) replaces the draft.
  if (visto.desde !== props.desde || visto.hasta !== props.hasta) {
    setVisto({ desde: props.desde, hasta: props.hasta });
    setBorrador({ desde: aDia(props.desde), hasta: aDia(props.hasta) });
  }
  const desde = deDia(borrador.desde);
  const hasta = deDia(borrador.hasta);
  const alReves = desde !== null && hasta !== null && hasta < desde;

  const aceptar = (b: Borrador) => {
    const d = deDia(b.desde);
    const h = deDia(b.hasta);
    const valido = d !== null && h !== null && h >= d;
    setMostrarError(!valido);
    if (valido && (d !== props.desde || h !== props.hasta)) props.alCambiar({ desde: d, hasta: h });
  };

  const campo = (llave: keyof Borrador, etiqueta: string) => {
    const error = mostrarError && (llave === 'desde' ? !desde : !hasta || alReves);
    return (
      <DatePicker
        label={etiqueta}
        value={borrador[llave]}
        minDate={DIA_MINIMO}
        // A day clicked is a draft too: Seleccionar (or Enter) asks, Cancelar goes back.
        closeOnSelect={false}
        onChange={(v) => setBorrador((b) => ({ ...b, [llave]: v }))}
        // MUI also "accepts" each valid edit typed in the field: only the picker's own counts.
        onAccept={(v, c) => {
          if (c.source === 'view') aceptar({ ...borrador, [llave]: v });
        }}
        slotProps={{
          actionBar: BARRA_ACCIONES,
          textField: {
            size: 'small',
            name: llave === 'desde' ? 'fechaInicial' : 'fechaFinal',
            sx: { width: 175 },
            error,
            helperText: error
              ? deDia(borrador[llave]) === null
                ? M.lineaFechaInvalida
                : M.fechaFinalMenor
              : undefined,
            // Moving between the field's own sections is not leaving it.
            onBlur: (e: FocusEvent) => {
              if (!e.currentTarget.contains(e.relatedTarget as Node | null)) aceptar(borrador);
            },
            onKeyDown: (e: KeyboardEvent) => {
              if (e.key === 'Enter') aceptar(borrador);
            },
          },
        }}
      />
    );
  };
  return (
    <ProveedorFechas>
      <Stack direction="row" spacing={1} alignItems="flex-start">
        {campo('desde', M.fechaInicial)}
        {campo('hasta', M.fechaFinal)}
      </Stack>
    </ProveedorFechas>
  );
}
