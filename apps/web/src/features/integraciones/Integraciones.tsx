import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { M } from '@recargas/contracts/mensajes';
import { Llaves } from './Llaves.tsx';
import { Webhooks } from './Webhooks.tsx';

/**
 * /in/integraciones (issue 23; no such screen in the spec, its texts are our own): the company's
 * API keys and webhooks, for administrators (levels 0 and 1).
 */
export function Integraciones() {
  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      <Typography variant="h5" component="h1">
        {M.integraciones}
      </Typography>
      <Llaves />
      <Webhooks />
    </Stack>
  );
}
