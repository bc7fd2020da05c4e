/**
 * A route's options with its OpenAPI schema: the area's tag, a Spanish summary and the zod
 * schemas (body, querystring, params, response), whose types the route's handler receives.
 */
export const esquema = <S extends object>(tag: string, summary: string, partes: S) => ({
  schema: { tags: [tag], summary, ...partes },
});
