import { recorrer } from './recorrido.ts';

/** The walk (recorrido.ts) at the desktop width. */
recorrer(1280);
