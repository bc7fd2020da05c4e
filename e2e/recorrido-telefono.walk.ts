import { recorrer } from './recorrido.ts';

/** The walk (recorrido.ts) at the 800 px mobile breakpoint. */
recorrer(800);
