import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { M } from '@recargas/contracts/mensajes';

/** A secret the server shows once (a new key, a webhook's signing secret), until closed. */
export function Secreto({ titulo, valor, cerrar }: { titulo: string; valor: string; cerrar: () => void }) {
  return (
    <Alert
      severity="warning"
      action={
        <Button color="inherit" size="small" onClick={cerrar} data-testid="cerrar-secreto">
          {M.cerrar}
        </Button>
      }
    >
      {titulo}
      <Box component="code" data-testid="secreto" sx={{ display: 'block', mt: 1, wordBreak: 'break-all' }}>
        {valor}
      </Box>
    </Alert>
  );
}
