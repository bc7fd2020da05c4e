import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { M, texto } from '@recargas/contracts/mensajes';
import { avisosRangoVentas, type FilaVenta } from '@recargas/contracts/reportes';
import { useMemo, useState } from 'react';
import { ErrorApi } from '../../lib/api.ts';
import { pesos } from '../../lib/pesos.ts';
import { useSesion } from '../../lib/sesion.ts';
import type { Filtros } from '../../ui/FiltrosChips.tsx';
import { ListaConChips } from '../../ui/ListaConChips.tsx';
import { diaLocal, partesRango } from '../../ui/RangoFechas.tsx';
import type { Columna } from '../../ui/TablaInfinita.tsx';
import { AvisoRetraso } from './AvisoRetraso.tsx';
import { useTotalVentas, useVentas } from './api.ts';

/** A phone card's first line: the number, the amount, the status and the date (issue 41). */
const PRIMERA: Partial<Record<string, number>> = { dn: 1, monto: 2, estatus: 3, fecha: 4 };

/** /in/ventas: the sales report (spec section 2), paged 20 at a time, numbered downwards. */
export function Ventas() {
  const [rango, setRango] = useState({ desde: diaLocal(-10), hasta: diaLocal() });
  const [filtros, setFiltros] = useState<Filtros>({});
  const [aviso, setAviso] = useState<string | null>(null);
  // The company's range rule, checked before asking: a refused range only warns (spec section 5).
  const { ajustes } = useSesion();
  const [avisosRango, setAvisosRango] = useState<string[]>([]);
  const parametros = { ...partesRango(rango.desde, rango.hasta), filtros };
  const lista = useVentas(parametros);
  // With chips the first page comes without its count (it reads the whole range): it is asked
  // next, and the numbers fill in when it arrives.
  const aparte = useTotalVentas(parametros, lista.primera?.total === null);
  const total = lista.total ?? aparte.data?.total ?? null;
  // The range policy answers 400: shown in the modal, and nothing is listed (spec section 5).
  const errorRango =
    lista.error instanceof ErrorApi && lista.error.status === 400 ? lista.error.message : null;
  const titulos = lista.primera?.titulos;
  // Numbered downwards from the total by the row's place in the list (no copy of the loaded rows).
  const columnas = useMemo<Columna<FilaVenta>[]>(
    () => [
      {
        llave: 'numero',
        valor: '#',
        celda: (f: FilaVenta, i: number) => f.numero ?? (total === null ? '…' : total - i),
      },
      ...(titulos ?? []).map((t) => ({
        llave: t.llave,
        valor: t.valor,
        primera: PRIMERA[t.llave],
        ...(t.llave === 'monto' && { celda: (f: FilaVenta) => pesos(f.monto) }),
      })),
    ],
    [titulos, total],
  );

  return (
    <Paper sx={{ p: 2 }}>
      {(lista.isFetching || aparte.isFetching) && <LinearProgress sx={{ mb: 1 }} />}
      <AvisoRetraso segundos={lista.primera?.retrasoS} />
      <ListaConChips
        titulo={M.ventas}
        total={total === null ? null : { texto: texto('registros', { n: total }), testId: 'ventas-total' }}
        rango={{
          ...rango,
          alCambiar: (r) => {
            const avisos = avisosRangoVentas(r, diaLocal(), ajustes);
            setAvisosRango(avisos);
            if (avisos.length > 0) return;
            setRango(r);
            setAviso(null);
          },
        }}
        chips={{ columnas: titulos ?? [], valor: filtros, alCambiar: setFiltros }}
        excel={{ tipo: 'VENTAS' }}
        // A range refused by the policy lists nothing: its message shows in the modal below.
        lista={{ ...lista, filas: errorRango ? [] : lista.filas, error: errorRango ? null : lista.error }}
        columnas={columnas}
        clave={(_f, i) => i}
        testId="tabla-ventas"
      />
      <DialogoRango
        avisos={avisosRango.length > 0 ? avisosRango : (errorRango?.split('\n') ?? [])}
        abierto={avisosRango.length > 0 || (Boolean(errorRango) && aviso !== errorRango)}
        contacto={ajustes.contactoVentas}
        alCerrar={() => {
          setAvisosRango([]);
          setAviso(errorRango);
        }}
      />
    </Paper>
  );
}

/** The range dialog: the rule's warnings, and whom to ask for a wider range (spec sections 5 and 9). */
function DialogoRango(props: {
  avisos: string[];
  abierto: boolean;
  contacto: { email: string; telefono: string } | null;
  alCerrar: () => void;
}) {
  return (
    <Dialog open={props.abierto} onClose={props.alCerrar} aria-describedby="avisos-rango">
      <DialogContent id="avisos-rango">
        {props.avisos.map((l) => (
          <DialogContentText key={l} color="error">
            {l}
          </DialogContentText>
        ))}
        <DialogContentText sx={{ mt: 2 }}>{M.contactaVentas}</DialogContentText>
        {props.contacto && (
          <DialogContentText data-testid="contacto-ventas">
            {texto('contactoVentas', { email: props.contacto.email, phone: props.contacto.telefono })}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        {/* Not autofocused: the Enter that accepts a range and opens this would press it. */}
        <Button onClick={props.alCerrar}>{M.cerrar}</Button>
      </DialogActions>
    </Dialog>
  );
}
