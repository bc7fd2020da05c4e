import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Its children `pasos` commits after it is first drawn, each in a commit of its own: a screen
 * drawn in parts holds a phone's main thread in shorter tasks than drawn whole, and a commit (DOM
 * and styles) cannot be split (issue 21: blocking time). An effect, not a deferred value: React
 * renders a deferred value at once when the render is already a transition, as a screen's first
 * is. Put it after what is drawn first, so what comes later goes below and nothing moves.
 */
export function Despues({ children, pasos = 1 }: { children: ReactNode; pasos?: number }) {
  const [listo, setListo] = useState(false);
  useEffect(() => startTransition(() => setListo(true)), []);
  if (!listo) return null;
  return pasos > 1 ? <Despues pasos={pasos - 1}>{children}</Despues> : children;
}
