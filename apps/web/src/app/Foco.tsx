import Box from '@mui/material/Box';
import { M } from '@recargas/contracts/mensajes';
import { type RefObject, useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** The id of the shell's <main>: the skip link's target. */
export const CONTENIDO = 'contenido';

/**
 * Moves focus to the screen's title (or its main region) unless the screen focused a field itself;
 * from the main region itself it moves on to the title.
 */
function enfocarContenido(principal: HTMLElement | null): void {
  const activo = document.activeElement;
  if (!principal || (activo !== principal && principal.contains(activo))) return;
  const titulo = principal.querySelector<HTMLElement>('h1');
  if (titulo && !titulo.hasAttribute('tabindex')) titulo.tabIndex = -1;
  (titulo ?? principal).focus({ preventScroll: true });
}

/**
 * A screen whose code is still downloading has no title yet: focus goes to the main region now
 * and on to the title when it appears (unless the user moved the focus meanwhile).
 */
function enfocarAlAparecer(principal: HTMLElement | null): (() => void) | undefined {
  enfocarContenido(principal);
  if (!principal || principal.querySelector('h1')) return;
  const observador = new MutationObserver(() => {
    if (!principal.querySelector('h1')) return;
    observador.disconnect();
    const activo = document.activeElement;
    if (activo === principal || activo === document.body || !activo) enfocarContenido(principal);
  });
  observador.observe(principal, { childList: true, subtree: true });
  return () => observador.disconnect();
}

/**
 * After login and on every change of screen, focus goes to the main content: a keyboard or
 * screen-reader user starts on the screen's title, not on the body before the whole menu. A
 * page loaded from its address (or Back) keeps the browser's start, where the skip link is the
 * first Tab stop.
 */
export function useFocoAlNavegar(principal: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const tipo = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of screen
  useEffect(() => {
    if (tipo !== 'POP') return enfocarAlAparecer(principal.current);
  }, [pathname, tipo, principal]);
}

/** 'Saltar al contenido': the shell's first Tab stop, shown only while it has the focus. */
export function SaltarAlContenido() {
  return (
    <Box
      component="a"
      href={`#${CONTENIDO}`}
      data-testid="saltar-contenido"
      onClick={(e) => {
        e.preventDefault();
        const principal = document.getElementById(CONTENIDO);
        principal?.focus();
      }}
      sx={{
        position: 'fixed',
        left: 8,
        top: -64,
        zIndex: (t) => t.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 'bold',
        boxShadow: 3,
        '&:focus': { top: 8 },
      }}
    >
      {M.saltarContenido}
    </Box>
  );
}
