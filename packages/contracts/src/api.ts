/**
 * Each area's contract exports its API paths as `API_<AREA>` (Fastify syntax, `:param`): the
 * server registers its routes on them and the browser's `features/<area>/api.ts` calls them.
 */
export type Parametros = Record<string, string | number>;

/** A path with its `:param` parts filled in, each encoded: `/api/usuarios/:id` → `/api/usuarios/7`. */
export function conParametros(ruta: string, parametros: Parametros): string {
  return ruta.replace(/:(\w+)/g, (_, nombre: string) => {
    const valor = parametros[nombre];
    if (valor === undefined) throw new Error(`Falta el parámetro ${nombre} de ${ruta}`);
    return encodeURIComponent(String(valor));
  });
}
