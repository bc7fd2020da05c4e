import type { RespuestaLogin } from '@recargas/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { relevarSesion } from '../../lib/api.ts';
import type { Avisos } from '../../lib/mutaciones.ts';
import { guardarSesion } from '../../lib/sesion.ts';
import { cambiarEmpresa } from './api.ts';

/**
 * Root's switch of company (POST /cambiarEmpresa): the new session is stored and every query of
 * the old company forgotten. Apart from api.ts: the login imports that file, and React Query's
 * mutation observer stays out of the login's download (issue 21).
 */
export function useCambiarEmpresa(avisos: Avisos<RespuestaLogin>) {
  const consultas = useQueryClient();
  return useMutation({
    // Calls made meanwhile wait, then go out with the new session's token (lib/api.ts).
    mutationFn: (empresa: string) =>
      relevarSesion(
        cambiarEmpresa(empresa).then((r) => {
          guardarSesion(r);
          return r;
        }),
      ),
    onSuccess: (r) => {
      consultas.clear();
      avisos.onSuccess(r);
    },
    onError: avisos.onError,
  });
}
