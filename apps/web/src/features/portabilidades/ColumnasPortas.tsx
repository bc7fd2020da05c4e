import EditIcon from '@mui/icons-material/Edit';
import SyncIcon from '@mui/icons-material/Sync';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { CARRIERS, CODIGOS_CARRIER, etiquetaCarrier } from '@recargas/contracts/carriers';
import { M } from '@recargas/contracts/mensajes';
import {
  type CampoEditable,
  CLAVES_PORTA,
  COLUMNAS_PORTA,
  type PortOut,
  siguientePaso,
} from '@recargas/contracts/portabilidades';
import { LIMITES_RECARGA } from '@recargas/contracts/recargas';
import type { ReactNode } from 'react';
import { fechaCorta } from '../../lib/fechas.ts';
import { CampoConBoton } from '../../ui/CampoConBoton.tsx';
import type { Columna } from '../../ui/TablaInfinita.tsx';
import type { Edicion } from './edicion.ts';

/** A phone card's first line: the ICC, the number, the amount and the date (issue 41). */
const PRIMERA: Partial<Record<string, number>> = {
  icc: 1,
  destinationDn: 2,
  rechargeAmount: 3,
  insertedDate: 4,
};

const nombreCarrier = (c: string | null) => (c ? etiquetaCarrier(c) : null);
/** Missing originCarrier, originDn, rechargeAmount, nip and inter show 'NA' (section 3). */
const na = (v: string | number | null) => (v === null || v === '' ? M.na : String(v));

/** Why a step's button is missing, on one line: wrapped, it made every row four lines tall. */
const SinPaso = ({ texto }: { texto: string }) => <span style={{ whiteSpace: 'nowrap' }}>{texto}</span>;

/** What the table reads (the edit, the folio, whether a call is pending) and what its buttons do. */
export interface TablaPortas {
  edicion: Edicion | null;
  folio: string;
  ocupado: boolean;
  /** The Editar column shows only below level 2 (section 2). */
  editable: boolean;
  alCambiarCampo: (c: CampoEditable, valor: string) => void;
  alCambiarFolio: (folio: string) => void;
  alPaso: (fila: PortOut, accion: 'activar' | 'portar') => void;
  alRecargar: (fila: PortOut) => void;
  alRecargarExterna: (fila: PortOut) => void;
  alDetalle: (dn: string) => void;
  alEditar: (fila: PortOut) => void;
  alGuardar: () => void;
}

const enEdicion = (t: TablaPortas, f: PortOut) => t.edicion?.id === f.id;

/** A data cell: its value, or its field while its row is being edited (carriers by a select). */
function campo(t: TablaPortas, f: PortOut, c: CampoEditable, mostrar: ReactNode): ReactNode {
  if (!t.edicion || !enEdicion(t, f)) return mostrar;
  const esCarrier = c === 'originCarrier' || c === 'destinationCarrier';
  return (
    <TextField
      size="small"
      select={esCarrier}
      name={`editar-${c}`}
      value={t.edicion.borrador[c]}
      onChange={(e) => t.alCambiarCampo(c, e.target.value)}
      sx={{ minWidth: esCarrier ? 120 : 110 }}
      slotProps={{ htmlInput: { 'aria-label': COLUMNAS_PORTA[c] } }}
    >
      {esCarrier && <MenuItem value="">{M.na}</MenuItem>}
      {esCarrier &&
        CODIGOS_CARRIER.map((k) => (
          <MenuItem key={k} value={k}>
            {CARRIERS[k]}
          </MenuItem>
        ))}
    </TextField>
  );
}

/** A step's button, off while any call is pending. */
const boton = (t: TablaPortas, etiqueta: string, alPulsar: () => void) => (
  <Button
    size="small"
    variant="contained"
    disabled={t.ocupado}
    onClick={alPulsar}
    sx={{ whiteSpace: 'nowrap' }}
  >
    {etiqueta}
  </Button>
);

/** The row's data, each column drawn by its kind: editable text, carrier, date, yes/no. */
function columnasDatos(t: TablaPortas): Columna<PortOut>[] {
  return CLAVES_PORTA.map((llave): Columna<PortOut> => {
    const valor = COLUMNAS_PORTA[llave];
    switch (llave) {
      case 'leaderName':
      case 'clientName':
      case 'destinationDn':
        return { llave, valor, celda: (f) => campo(t, f, llave, f[llave] ?? '') };
      case 'originDn':
      case 'nip':
      case 'rechargeAmount':
        return { llave, valor, celda: (f) => campo(t, f, llave, na(f[llave])) };
      case 'originCarrier':
        return { llave, valor, celda: (f) => campo(t, f, llave, na(nombreCarrier(f.originCarrier))) };
      case 'destinationCarrier':
        return { llave, valor, celda: (f) => campo(t, f, llave, nombreCarrier(f.destinationCarrier) ?? '') };
      case 'inter':
        return { llave, valor, celda: (f) => na(f.inter) };
      case 'insertedDate':
      case 'portDate':
      case 'rechargeDate':
        return { llave, valor, celda: (f) => fechaCorta(f[llave]) };
      case 'isPort':
        return { llave, valor, celda: (f) => (f.isPort === 1 ? M.si : M.no) };
      default:
        return { llave, valor };
    }
  }).map((c) => ({ ...c, primera: PRIMERA[c.llave] }));
}

/** The Recargar cell: the engine's button, or the folio and its button while the row is edited. */
function celdaRecargar(t: TablaPortas, f: PortOut): ReactNode {
  const p = siguientePaso(f);
  if (p === 'recargada') return '';
  if (p !== 'recargar') return <SinPaso texto={M.aunNoRecargar} />;
  if (enEdicion(t, f))
    return (
      <CampoConBoton
        centrado
        size="small"
        name="folio"
        label={M.folio}
        value={t.folio}
        onChange={(e) => t.alCambiarFolio(e.target.value.slice(0, LIMITES_RECARGA.folio))}
        sx={{ width: 120 }}
        boton={boton(t, M.recargarExternamente, () => t.alRecargarExterna(f))}
      />
    );
  return boton(t, M.recargar, () => t.alRecargar(f));
}

/** The flow's steps (section 4): Activar, Portar, Recargar, Detalles. */
function columnasAcciones(t: TablaPortas): Columna<PortOut>[] {
  return [
    {
      llave: 'accionActivar',
      accion: true,
      valor: M.activar,
      celda: (f) => (siguientePaso(f) === 'activar' ? boton(t, M.activar, () => t.alPaso(f, 'activar')) : ''),
    },
    {
      // Before activation the row has no number to port to: the seed says so in the cell (section 2).
      llave: 'accionPortar',
      accion: true,
      valor: M.portar,
      celda: (f) => {
        const p = siguientePaso(f);
        if (p === 'activar') return <SinPaso texto={M.aunNoPortar} />;
        if (p === 'portar') return boton(t, M.portar, () => t.alPaso(f, 'portar'));
        if (p === 'portarNuevamente') return boton(t, M.portarNuevamente, () => t.alPaso(f, 'portar'));
        return '';
      },
    },
    { llave: 'accionRecargar', accion: true, valor: M.recargar, celda: (f) => celdaRecargar(t, f) },
    {
      llave: 'accionDetalles',
      accion: true,
      valor: M.detalles,
      celda: (f) =>
        f.portDate && f.destinationDn ? (
          <Button size="small" variant="outlined" onClick={() => t.alDetalle(f.destinationDn as string)}>
            {M.detalles}
          </Button>
        ) : (
          ''
        ),
    },
  ];
}

/** Editar, or its save button while the row is edited. */
const columnaEditar = (t: TablaPortas): Columna<PortOut> => ({
  llave: 'editar',
  valor: M.colEditar,
  accion: true,
  celda: (f) =>
    enEdicion(t, f) ? (
      <IconButton aria-label={M.guardar} onClick={t.alGuardar} disabled={t.ocupado} color="primary">
        <SyncIcon />
      </IconButton>
    ) : (
      <IconButton aria-label={M.colEditar} disabled={t.ocupado} onClick={() => t.alEditar(f)}>
        <EditIcon />
      </IconButton>
    ),
});

/**
 * The port-out table's columns, built on each render: the cells read the edit draft and the
 * pending calls. The row's buttons sit beside its ICC and number, not 1,500 px to their right
 * (issue 41).
 */
export function columnasPortas(t: TablaPortas): Columna<PortOut>[] {
  const base = columnasDatos(t);
  const identidad = base.filter((c) => c.primera === 1 || c.primera === 2);
  const editar = t.editable ? [columnaEditar(t)] : [];
  return [...editar, ...identidad, ...columnasAcciones(t), ...base.filter((c) => !identidad.includes(c))];
}
