import type { FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Ctx } from '../contexto.ts';

/**
 * A route's options with its OpenAPI schema: the area's tag, a Spanish summary and the zod
 * schemas (body, querystring, params, response), whose types the route's handler receives.
 */
export const esquema = <S extends object>(tag: string, summary: string, partes: S) => ({
  schema: { tags: [tag], summary, ...partes },
});

type App = Parameters<FastifyPluginAsyncZod>[0];
/** Options whose schemas stay generic: the helpers below give the handler its parsed types. */
type Opciones = { schema: FastifySchema };

/**
 * The two shapes most routes of an area share, each declared in one call: `quien` turns the
 * request into what the area's services take after ctx (the session, or a view of it).
 */
export function rutasDe<U>(app: App, tag: string, quien: (req: FastifyRequest) => U) {
  const ctx: Ctx = app;
  return {
    /** GET with a querystring: answers what the service returns for the parsed query. */
    lista<Q extends z.ZodType, R extends z.ZodType>(
      ruta: string,
      summary: string,
      [querystring, respuesta]: [Q, R],
      servicio: (ctx: Ctx, quien: U, consulta: z.output<Q>) => Promise<z.output<R>>,
    ) {
      const opciones: Opciones = esquema(tag, summary, { querystring, response: { 200: respuesta } });
      app.get(ruta, opciones, async (req) => servicio(ctx, quien(req), req.query as z.output<Q>));
    },
    /** POST with a body: answers `mensaje`, plus the fields the service returns, if any. */
    accion<B extends z.ZodType>(
      ruta: string,
      summary: string,
      [body, respuesta]: [B, z.ZodType],
      mensaje: string,
      servicio: (ctx: Ctx, quien: U, cuerpo: z.output<B>) => Promise<unknown>,
    ) {
      const opciones: Opciones = esquema(tag, summary, { body, response: { 200: respuesta } });
      app.post(ruta, opciones, async (req) => {
        const hecho = await servicio(ctx, quien(req), req.body as z.output<B>);
        // A service that returns nothing answers the message alone.
        return { mensaje, ...(typeof hecho === 'object' ? hecho : {}) };
      });
    },
  };
}
