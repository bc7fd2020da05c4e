import EditIcon from '@mui/icons-material/Edit';
import SyncIcon from '@mui/icons-material/Sync';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CARRIERS, CODIGOS_CARRIER, etiquetaCarrier } from '@recargas/contracts/carriers';
import { M, texto } from '@recargas/contracts/mensajes';
import {
  CAMPOS_EDITABLES,
  type CampoEditable,
  CLAVES_PORTA,
  COLUMNAS_PORTA,
  type DetallePorta,
  type PortOut,
  siguientePaso,
} from '@recargas/contracts/portabilidades';
import { LIMITES_RECARGA } from '@recargas/contracts/recargas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useSnackbar } from '../../lib/avisar.ts';
import { fechaCorta } from '../../lib/fechas.ts';
import { useSesion } from '../../lib/sesion.ts';
import { CampoConBoton } from '../../ui/CampoConBoton.tsx';
import type { Filtros } from '../../ui/FiltrosChips.tsx';
import { ListaConChips } from '../../ui/ListaConChips.tsx';
import { diaLocal } from '../../ui/RangoFechas.tsx';
import type { Columna } from '../../ui/TablaInfinita.tsx';
import {
  actualizarPorta,
  CLAVE_PORTAS,
  detallePorta,
  pasoPorta,
  recargarPorta,
  usePortabilidades,
} from './api.ts';

/** Default start (spec section 9): the same day of the previous month, capped at 27. */
export function inicioMesAnterior(): string {
  const hoy = new Date();
  const d = new Date(hoy.getFullYear(), hoy.getMonth() - 1, Math.min(hoy.getDate(), 27));
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A phone card's first line: the ICC, the number, the amount and the date (issue 41). */
const PRIMERA: Partial<Record<string, number>> = {
  icc: 1,
  destinationDn: 2,
  rechargeAmount: 3,
  insertedDate: 4,
};

const COLUMNAS_CHIPS = CLAVES_PORTA.map((llave) => ({ llave, valor: COLUMNAS_PORTA[llave] }));

const nombreCarrier = (c: string | null) => (c ? etiquetaCarrier(c) : null);
/** Missing originCarrier, originDn, rechargeAmount, nip and inter show 'NA' (section 3). */
const na = (v: string | number | null) => (v === null || v === '' ? M.na : String(v));

/** Why a step's button is missing, on one line: wrapped, it made every row four lines tall. */
const SinPaso = ({ texto }: { texto: string }) => <span style={{ whiteSpace: 'nowrap' }}>{texto}</span>;

type Borrador = Record<CampoEditable, string>;
const borradorDe = (f: PortOut): Borrador => ({
  leaderName: f.leaderName ?? '',
  clientName: f.clientName ?? '',
  rechargeAmount: f.rechargeAmount === null ? '' : String(f.rechargeAmount),
  originDn: f.originDn ?? '',
  originCarrier: f.originCarrier ?? '',
  destinationDn: f.destinationDn ?? '',
  destinationCarrier: f.destinationCarrier ?? '',
  nip: f.nip ?? '',
});

/** Only the fields that differ from the copy kept when editing began (section 4). */
function cambiosDe(original: Borrador, borrador: Borrador): Record<string, string | number | null> {
  const cambios: Record<string, string | number | null> = {};
  for (const c of CAMPOS_EDITABLES) {
    const v = borrador[c].trim();
    if (v === original[c]) continue;
    cambios[c] = v === '' ? null : c === 'rechargeAmount' && /^\d+$/.test(v) ? Number(v) : v;
  }
  return cambios;
}

/** /in/portabilidades: the port-out rows with their flow (spec sections 2, 4 and 8). */
export function Portabilidades() {
  const sesion = useSesion();
  const consultas = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [rango, setRango] = useState({ desde: inicioMesAnterior(), hasta: diaLocal() });
  const [filtros, setFiltros] = useState<Filtros>({});
  const [edicion, setEdicion] = useState<{ id: number; original: Borrador; borrador: Borrador } | null>(null);
  const [folio, setFolio] = useState('');
  const [detalle, setDetalle] = useState<{ dn: string; datos: DetallePorta | null } | null>(null);
  const lista = usePortabilidades({ fechaInicial: rango.desde, fechaFinal: rango.hasta, filtros });
  const editable = sesion.nivel < 2;
  const refrescar = () => consultas.invalidateQueries({ queryKey: CLAVE_PORTAS });
  const aviso = (mensaje: string, variant: 'success' | 'error' | 'info') =>
    enqueueSnackbar(mensaje, { variant });

  const paso = useMutation({
    mutationFn: (v: { fila: PortOut; accion: 'activar' | 'portar' }) => pasoPorta(v.fila, v.accion),
    onSuccess: (r) => aviso(r.mensaje, 'success'),
    onError: (e) => aviso(e.message, 'error'),
    onSettled: refrescar,
  });
  const recarga = useMutation({
    mutationFn: (v: { id: number; folio?: string }) => recargarPorta(v.id, v.folio),
    onSuccess: (r, v) => {
      aviso(r.mensaje, r.estado === 'exitosa' ? 'success' : 'info');
      if (v.folio !== undefined) {
        setEdicion(null);
        setFolio('');
      }
    },
    onError: (e) => aviso(`${M.portaRecargaFallida}: ${e.message}`, 'error'),
    onSettled: refrescar,
  });
  const guardar = useMutation({
    mutationFn: actualizarPorta,
    onSuccess: (r) => {
      aviso(r.mensaje, 'success');
      setEdicion(null);
    },
    onError: (e) => aviso(`${M.actualizarFallido} ${e.message}`, 'error'),
    onSettled: refrescar,
  });
  const ocupado = paso.isPending || recarga.isPending || guardar.isPending;

  const verDetalle = async (dn: string) => {
    setDetalle({ dn, datos: null });
    try {
      const datos = await detallePorta(dn);
      setDetalle((d) => (d?.dn === dn ? { dn, datos } : d));
    } catch {
      // The modal closes (section 8).
      setDetalle(null);
      aviso(M.detalleFallido, 'error');
    }
  };

  const alGuardar = () => {
    if (!edicion) return;
    const cambios = cambiosDe(edicion.original, edicion.borrador);
    if (Object.keys(cambios).length === 0) {
      aviso(M.ningunCambio, 'info');
      setEdicion(null);
      return;
    }
    guardar.mutate({ id: edicion.id, ...cambios });
  };

  // Built on each render: the cells read the edit draft and the pending calls.
  const columnas = ((): Columna<PortOut>[] => {
    const enEdicion = (f: PortOut) => edicion?.id === f.id;
    const campo = (f: PortOut, c: CampoEditable, mostrar: ReactNode): ReactNode => {
      if (!edicion || !enEdicion(f)) return mostrar;
      const esCarrier = c === 'originCarrier' || c === 'destinationCarrier';
      return (
        <TextField
          size="small"
          select={esCarrier}
          name={`editar-${c}`}
          value={edicion.borrador[c]}
          onChange={(e) => setEdicion({ ...edicion, borrador: { ...edicion.borrador, [c]: e.target.value } })}
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
    };
    const boton = (etiqueta: string, alPulsar: () => void) => (
      <Button
        size="small"
        variant="contained"
        disabled={ocupado}
        onClick={alPulsar}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {etiqueta}
      </Button>
    );
    const base: Columna<PortOut>[] = CLAVES_PORTA.map((llave): Columna<PortOut> => {
      const valor = COLUMNAS_PORTA[llave];
      switch (llave) {
        case 'leaderName':
        case 'clientName':
        case 'destinationDn':
          return { llave, valor, celda: (f) => campo(f, llave, f[llave] ?? '') };
        case 'originDn':
        case 'nip':
        case 'rechargeAmount':
          return { llave, valor, celda: (f) => campo(f, llave, na(f[llave])) };
        case 'originCarrier':
          return { llave, valor, celda: (f) => campo(f, llave, na(nombreCarrier(f.originCarrier))) };
        case 'destinationCarrier':
          return { llave, valor, celda: (f) => campo(f, llave, nombreCarrier(f.destinationCarrier) ?? '') };
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
    const acciones: Columna<PortOut>[] = [
      {
        llave: 'accionActivar',
        accion: true,
        valor: M.activar,
        celda: (f) =>
          siguientePaso(f) === 'activar'
            ? boton(M.activar, () => paso.mutate({ fila: f, accion: 'activar' }))
            : '',
      },
      {
        // Before activation the row has no number to port to: the seed says so in the cell (section 2).
        llave: 'accionPortar',
        accion: true,
        valor: M.portar,
        celda: (f) => {
          const p = siguientePaso(f);
          if (p === 'activar') return <SinPaso texto={M.aunNoPortar} />;
          if (p === 'portar') return boton(M.portar, () => paso.mutate({ fila: f, accion: 'portar' }));
          if (p === 'portarNuevamente')
            return boton(M.portarNuevamente, () => paso.mutate({ fila: f, accion: 'portar' }));
          return '';
        },
      },
      {
        llave: 'accionRecargar',
        accion: true,
        valor: M.recargar,
        celda: (f) => {
          const p = siguientePaso(f);
          if (p === 'recargada') return '';
          if (p !== 'recargar') return <SinPaso texto={M.aunNoRecargar} />;
          if (enEdicion(f))
            return (
              <CampoConBoton
                centrado
                size="small"
                name="folio"
                label={M.folio}
                value={folio}
                onChange={(e) => setFolio(e.target.value.slice(0, LIMITES_RECARGA.folio))}
                sx={{ width: 120 }}
                boton={boton(M.recargarExternamente, () => {
                  if (folio.trim() === '') aviso(`${M.portaRecargaFallida}: ${M.sinFolio}`, 'error');
                  else recarga.mutate({ id: f.id, folio: folio.trim() });
                })}
              />
            );
          return boton(M.recargar, () => recarga.mutate({ id: f.id }));
        },
      },
      {
        llave: 'accionDetalles',
        accion: true,
        valor: M.detalles,
        celda: (f) =>
          f.portDate && f.destinationDn ? (
            <Button
              size="small"
              variant="outlined"
              onClick={() => void verDetalle(f.destinationDn as string)}
            >
              {M.detalles}
            </Button>
          ) : (
            ''
          ),
      },
    ];
    // The Editar column shows only below level 2 (section 2).
    const editar: Columna<PortOut>[] = editable
      ? [
          {
            llave: 'editar',
            valor: M.colEditar,
            accion: true,
            celda: (f) =>
              enEdicion(f) ? (
                <IconButton aria-label={M.guardar} onClick={alGuardar} disabled={ocupado} color="primary">
                  <SyncIcon />
                </IconButton>
              ) : (
                <IconButton
                  aria-label={M.colEditar}
                  disabled={ocupado}
                  onClick={() => {
                    const copia = borradorDe(f);
                    setEdicion({ id: f.id, original: copia, borrador: copia });
                    setFolio('');
                  }}
                >
                  <EditIcon />
                </IconButton>
              ),
          },
        ]
      : [];
    // The row's buttons beside its ICC and number, not 1,500 px to their right (issue 41).
    const identidad = base.filter((c) => c.primera === 1 || c.primera === 2);
    return [...editar, ...identidad, ...acciones, ...base.filter((c) => !identidad.includes(c))];
  })();

  const filasDetalle: [string, keyof DetallePorta][] = [
    [M.telefonoAPortar, 'telefonoAPortar'],
    [M.telefonoDestino, 'telefonoDestino'],
    [M.fechaDeCreacion, 'fechaCrea'],
    [M.fechaDeModificacion, 'fechaModifica'],
    [M.refExterna, 'refExterna1'],
    [M.estado, 'estado'],
    [M.comentarios, 'comentarios'],
  ];

  return (
    <Paper sx={{ p: 2 }}>
      {(lista.isFetching || ocupado) && <LinearProgress sx={{ mb: 1 }} />}
      <ListaConChips
        titulo={M.portabilidades}
        total={
          lista.total === null
            ? null
            : { texto: texto('registros', { n: lista.total }), testId: 'portas-total' }
        }
        rango={{ ...rango, alCambiar: setRango }}
        chips={{ columnas: COLUMNAS_CHIPS, valor: filtros, alCambiar: setFiltros }}
        excel={{ tipo: 'PORTAS' }}
        lista={lista}
        columnas={columnas}
        clave={(f) => f.id}
        testId="tabla-portas"
      />
      <Dialog open={detalle !== null} onClose={() => setDetalle(null)} maxWidth="sm" fullWidth>
        <DialogTitle>{M.detallePortabilidad}</DialogTitle>
        <DialogContent>
          {detalle?.datos ? (
            <Table size="small" data-testid="detalle-porta">
              <TableBody>
                {filasDetalle.map(([titulo, llave]) => (
                  <TableRow key={llave}>
                    <TableCell sx={{ fontWeight: 'bold' }}>{titulo}</TableCell>
                    <TableCell>
                      {llave === 'fechaCrea' || llave === 'fechaModifica'
                        ? fechaCorta(detalle.datos?.[llave] ?? null)
                        : detalle.datos?.[llave]}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }} data-testid="detalle-espera">
              <CircularProgress size={28} />
              <Typography>{M.esperaDetalleAtt}</Typography>
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDetalle(null)}>{M.cerrar}</Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
