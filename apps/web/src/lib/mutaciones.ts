import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * What a screen does when a mutation of its feature's api.ts answers (a toast, closing a
 * dialog); the hook itself keeps the cache, reading its lists again (issue 43).
 */
export interface Avisos<R> {
  onSuccess: (r: R) => void;
  onError: (e: Error) => void;
}

/** A mutation whose success reads the lists under `releer` again, after the screen's own word. */
export function useMutacion<A, R>(mutationFn: (a: A) => Promise<R>, releer: QueryKey[], avisos: Avisos<R>) {
  const consultas = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (r: R) => {
      avisos.onSuccess(r);
      for (const queryKey of releer) void consultas.invalidateQueries({ queryKey });
    },
    onError: avisos.onError,
  });
}
