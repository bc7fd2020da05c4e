import { Children, type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Its children `pasos` commits after it is first drawn, each in a commit of its own: a screen
 * drawn in parts holds a phone's main thread in shorter tasks than drawn whole, and a commit (DOM
 * and styles) cannot be split (issue 21: blocking time). An effect, not a deferred value: React
 * renders a deferred value at once when the render is already a transition, as a screen's first
 * is. Put it after what is drawn first, so what comes later goes below and nothing moves.
 */
export function Despues({ children, pasos = 1 }: { children: ReactNode; pasos?: number }) {
  return usePasos(pasos) < pasos ? null : children;
}

/** One part of EnPartes: its children come in the same commit. */
export const Parte = ({ children }: { children: ReactNode }) => children;

/**
 * Its children one more per commit, in order (a Parte is one): a form drawn field group by field
 * group, each below the last (issue 21: blocking time on a phone).
 */
export function EnPartes({ children }: { children: ReactNode }) {
  const partes = Children.toArray(children);
  return partes.slice(0, usePasos(partes.length - 1) + 1);
}

/** The commits since the first, one more per commit (each in a transition), up to `total`. */
function usePasos(total: number) {
  const [hechos, setHechos] = useState(0);
  useEffect(() => {
    if (hechos < total) startTransition(() => setHechos(hechos + 1));
  }, [hechos, total]);
  return hechos;
}
