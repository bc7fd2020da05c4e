/** Part of the catalogue M (../mensajes.ts): moving between the screens of the shell (spec sections 2 and 6). */
export const MENSAJES_NAVEGACION = {
  /** (propio) why a refused route went to the login or to the first allowed screen */ sinAccesoSeccion:
    'No tienes acceso a esa sección',
  /** (propio) the shell's first Tab stop */ saltarContenido: 'Saltar al contenido',
} as const;
