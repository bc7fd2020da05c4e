import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { M, texto } from '@recargas/contracts/mensajes';
import { type AvanceSubida, ETAPAS_SUBIDA } from '@recargas/contracts/subidas';

/**
 * The upload in course: the server's stage and percentage (GET /subirArchivo/avance); before
 * the server has the file, 'Subiendo archivo…' with a bar that only moves.
 */
export function ProgresoSubida({ avance }: { avance: AvanceSubida | undefined }) {
  const etapa = avance?.etapa ?? null;
  return (
    <>
      <Typography variant="body2" role="status" data-testid="subida-etapa">
        {etapa === null
          ? M.subiendoArchivo
          : texto('avanceSubida', { etapa: ETAPAS_SUBIDA[etapa], porcentaje: avance?.porcentaje ?? 0 })}
      </Typography>
      {etapa === null ? (
        // Keys: a new bar, not the moving one turned determinate halfway through its animation.
        <LinearProgress key="sin-etapa" data-testid="subida-progreso" aria-label={M.subiendoArchivo} />
      ) : (
        <LinearProgress
          key="con-etapa"
          data-testid="subida-progreso"
          variant="determinate"
          value={avance?.porcentaje ?? 0}
          aria-label={ETAPAS_SUBIDA[etapa]}
        />
      )}
    </>
  );
}
