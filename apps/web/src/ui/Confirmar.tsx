import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { M } from '@recargas/contracts/mensajes';
import { useId } from 'react';

/**
 * The question asked before money moves in bulk (issue 41): what will happen, named with its
 * count and amount, then 'Volver' (focused: an Enter does not send) or the action's own button.
 * Nothing is done until that button is pressed.
 */
export function Confirmar(props: {
  titulo: string;
  mensaje: string;
  boton: string;
  alConfirmar: () => void;
  alCerrar: () => void;
}) {
  const id = useId();
  return (
    <Dialog open onClose={props.alCerrar} aria-labelledby={`${id}t`} aria-describedby={`${id}m`}>
      <DialogTitle id={`${id}t`}>{props.titulo}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}m`} data-testid="confirmar-mensaje">
          {props.mensaje}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.alCerrar} autoFocus>
          {M.volver}
        </Button>
        <Button variant="contained" onClick={props.alConfirmar} data-testid="confirmar-si">
          {props.boton}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
