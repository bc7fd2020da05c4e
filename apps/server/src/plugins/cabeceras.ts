import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers, worked out once at start: with these options they are the same
 * on every answer. @fastify/helmet built a new helmet, its CSP parse included, on each request,
 * in two hooks: 5 % of the API's CPU per top-up (issue 42, scripts/perfil-pasos.mjs).
 */
export function cabecerasDe(opciones: Readonly<HelmetOptions>): Record<string, string> {
  const cabeceras: Record<string, string> = {};
  const respuesta = {
    setHeader: (nombre: string, valor: unknown) => {
      cabeceras[nombre.toLowerCase()] = String(valor);
    },
    removeHeader: (nombre: string) => {
      delete cabeceras[nombre.toLowerCase()];
    },
  };
  helmet(opciones)({} as never, respuesta as never, () => {});
  return cabeceras;
}

/** Every answer, errors and not-found included, carries the headers (set before any route runs). */
export const cabeceras = fp(async (app: FastifyInstance, opciones: HelmetOptions) => {
  const fijas = cabecerasDe(opciones);
  app.addHook('onRequest', (_req, reply, listo) => {
    reply.headers(fijas);
    listo();
  });
});
