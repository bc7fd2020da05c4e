import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { M } from '@recargas/contracts/mensajes';
import { useState } from 'react';

/**
 * A secret the server shows once (a new key, a webhook's signing secret), until closed; Copiar
 * puts it on the clipboard (a phone user cannot select 60 characters reliably).
 */
export function Secreto({ titulo, valor, cerrar }: { titulo: string; valor: string; cerrar: () => void }) {
  const [copiado, setCopiado] = useState(false);
  const copiar = () => navigator.clipboard.writeText(valor).then(() => setCopiado(true));
  return (
    <Alert
      severity="warning"
      action={
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button color="inherit" size="small" onClick={copiar} data-testid="copiar-secreto">
            {copiado ? M.copiado : M.copiar}
          </Button>
          <Button color="inherit" size="small" onClick={cerrar} data-testid="cerrar-secreto">
            {M.cerrar}
          </Button>
        </Stack>
      }
    >
      {titulo}
      <Box component="code" data-testid="secreto" sx={{ display: 'block', mt: 1, wordBreak: 'break-all' }}>
        {valor}
      </Box>
    </Alert>
  );
}
