import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { M } from '@recargas/contracts/mensajes';
import { LARGO_PANEL } from '@recargas/contracts/reciclaje/rutas';
import type { ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useSnackbar } from '../../lib/avisar.ts';
import { puede, useSesion } from '../../lib/sesion.ts';
import { CampoConBoton } from '../../ui/CampoConBoton.tsx';
import { TituloPanel } from '../../ui/TituloPanel.tsx';
import { useEstatusActivacion, useReciclarDn } from './api.ts';

/**
 * The optional administrator panels of the top-up screen (spec section 2): Estatus ICC ATT
 * (activations on, ACTIVACIONES_ATT) and Reciclar Lineas (recycling on, RECICLAR_LINEAS).
 */
export function PanelesRecargas() {
  const sesion = useSesion();
  const estatus = sesion.ajustes.activaciones && puede(sesion, 'GET /statusActivacion/{icc}');
  const reciclar = sesion.ajustes.reciclaje && puede(sesion, 'POST /api/dnReciclar/{dn}');
  if (!estatus && !reciclar) return null;
  return (
    <Stack spacing={2}>
      {estatus && <EstatusIcc />}
      {reciclar && <ReciclarLineas />}
    </Stack>
  );
}

/** A titled one-field form; the button acts on the trimmed, non-empty value. */
function Panel(props: {
  titulo: string;
  campo: string;
  etiqueta: string;
  boton: string;
  maximo: number;
  /** What the button does with the value. */
  accion: { isPending: boolean; mutate: (valor: string) => void };
  children?: ReactNode;
}) {
  const { control, handleSubmit, watch } = useForm({ defaultValues: { valor: '' } });
  const valor = watch('valor');
  const enviar = handleSubmit((v) => {
    if (v.valor.trim() !== '') props.accion.mutate(v.valor.trim());
  });
  return (
    <Paper component="form" onSubmit={enviar} noValidate sx={{ p: 2, position: 'relative' }}>
      {props.accion.isPending && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
      <TituloPanel>{props.titulo}</TituloPanel>
      <Controller
        name="valor"
        control={control}
        render={({ field }) => (
          <CampoConBoton
            size="small"
            name={props.campo}
            label={props.etiqueta}
            value={field.value}
            inputRef={field.ref}
            onChange={(e) => field.onChange(e.target.value.replace(/\D/g, ''))}
            slotProps={{ htmlInput: { maxLength: props.maximo, inputMode: 'numeric' } }}
            boton={
              <Button
                type="submit"
                variant="contained"
                disabled={props.accion.isPending || valor.trim() === ''}
              >
                {props.boton}
              </Button>
            }
          />
        )}
      />
      {props.children}
    </Paper>
  );
}

const ESTATUS = {
  titulo: M.estatusIccAtt,
  campo: 'icc-estatus',
  etiqueta: M.icc,
  boton: M.consultar,
  maximo: LARGO_PANEL.icc,
};
const RECICLAR = {
  titulo: M.reciclarLineas,
  campo: 'dn-reciclar',
  etiqueta: M.numeroTelefonico,
  boton: M.reciclar,
  maximo: LARGO_PANEL.dn,
};

function EstatusIcc() {
  const { enqueueSnackbar } = useSnackbar();
  const consulta = useEstatusActivacion(() =>
    enqueueSnackbar(M.estatusActivacionError, { variant: 'error' }),
  );
  return (
    <Panel {...ESTATUS} accion={consulta}>
      {consulta.data && (
        <Table size="small" data-testid="estatus-icc" sx={{ mt: 1 }}>
          <TableBody>
            {Object.entries(consulta.data).map(([campo, valor]) => (
              <TableRow key={campo}>
                <TableCell component="th" scope="row">
                  {campo}
                </TableCell>
                <TableCell>{valor}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Panel>
  );
}

function ReciclarLineas() {
  const { enqueueSnackbar } = useSnackbar();
  const reciclar = useReciclarDn({
    // 'Dn reciclado' for 3 s (spec section 8); on failure the server's message.
    onSuccess: (r) => enqueueSnackbar(r.mensaje, { variant: 'success', autoHideDuration: 3000 }),
    onError: (e) => enqueueSnackbar(e.message || M.errorInesperado, { variant: 'error' }),
  });
  return <Panel {...RECICLAR} accion={reciclar} />;
}
