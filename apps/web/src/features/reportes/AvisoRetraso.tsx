import { Typography } from '@mui/material';
import { texto } from '@recargas/contracts/mensajes';

/**
 * Said above a report or a chart read from the read replica while it lags (issue 46): the last
 * seconds of top-ups may not be in it yet. Nothing when the rows are current.
 */
export function AvisoRetraso({ segundos }: { segundos: number | undefined }) {
  if (!segundos) return null;
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      role="status"
      data-testid="aviso-retraso"
      sx={{ mb: 1 }}
    >
      {texto('datosConRetraso', { segundos })}
    </Typography>
  );
}
