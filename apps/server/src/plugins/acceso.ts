import { alternativas, ENDPOINTS, type Endpoint, puedeLlamar } from '@recargas/contracts/acceso';
import { CABECERA_PERMISOS, huellaPermisos } from '@recargas/contracts/auth/rutas';
import { M } from '@recargas/contracts/mensajes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorApi, sinPermiso } from '../lib/errores.ts';
import { type Sesion, sesionDeToken, xsrfValido } from '../modules/auth/service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set at start-up from ENDPOINTS (contracts/acceso.ts): the route's key there. */
    endpoint?: Endpoint;
    /**
     * The session may be taken from memory (auth/service.ts `sesionDeToken`): only for a route
     * whose write checks it in its own statement and that reads it anew for anything else (the
     * top-ups by number, recargas/service.ts).
     */
    sesionEnMemoria?: boolean;
  }
  interface FastifyRequest {
    sesion: Sesion;
  }
}

const CAMBIAN_ESTADO = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const bearer = (req: FastifyRequest) => {
  const h = req.headers.authorization;
  return h?.startsWith('Bearer ') ? h.slice(7).trim() : undefined;
};

/** A route's key in ENDPOINTS: its method and its path with {parameters}, as in the OpenAPI. */
const claveDe = (metodo: string, url: string) =>
  `${metodo === 'HEAD' ? 'GET' : metodo} ${url.replace(/:(\w+)/g, '{$1}')}`;

/**
 * The one place where levels, permissions, the route whitelist and the anti-forgery token are
 * checked, from the table in contracts/acceso.ts that the browser reads too. Runs at onRequest,
 * before the body is read, so an anonymous caller learns nothing about validation. A route
 * missing from the table fails at start-up: forgetting it cannot open a route.
 */
export const acceso = fp(async (app: FastifyInstance) => {
  app.decorateRequest('sesion', null as unknown as Sesion);

  app.addHook('onRoute', (ruta) => {
    if (ruta.url.startsWith('/docs')) return;
    const metodos = Array.isArray(ruta.method) ? ruta.method : [ruta.method];
    const claves = metodos.map((m) => claveDe(m, ruta.url));
    const clave = claves.find((c): c is Endpoint => c in ENDPOINTS);
    if (!clave || claves.length > 1) throw new Error(`La ruta ${claves.join(', ')} no está en ENDPOINTS`);
    ruta.config = { ...ruta.config, endpoint: clave };
  });

  app.addHook('onRequest', async (req, reply) => {
    const endpoint = req.routeOptions.config.endpoint;
    if (!endpoint) throw sinPermiso();
    if (alternativas(ENDPOINTS[endpoint]).length === 0) return;
    let sesion = await sesionDeToken(app, bearer(req), req.routeOptions.config.sesionEnMemoria === true);
    // A refusal is decided on the session read anew: the one in memory may predate a change.
    if (sesion.releer && !puedeLlamar(sesion, endpoint)) sesion = await sesion.releer();
    // The caller's address (TRUST_PROXY honoured) goes with the session: the audit trail records it;
    // the request's id goes into the jobs it starts.
    // The answer's permissions fingerprint is the session's the request ends with, read anew or not.
    const permitida = (s: Sesion): Sesion => {
      if (!puedeLlamar(s, endpoint)) throw sinPermiso();
      reply.header(CABECERA_PERMISOS, huellaPermisos(s.permisos, s.isMonto));
      return { ...s, ip: req.ip, solicitud: req.id };
    };
    const { releer } = sesion;
    req.sesion = { ...permitida(sesion), releer: releer && (async () => permitida(await releer())) };
    if (CAMBIAN_ESTADO.has(req.method) && !xsrfValido(app.config, sesion.sid, req.headers['x-xsrf-token'])) {
      throw new ErrorApi(403, M.xsrfInvalido);
    }
  });
});
