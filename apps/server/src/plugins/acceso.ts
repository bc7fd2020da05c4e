import { M } from '@recargas/contracts/mensajes';
import type { Nivel } from '@recargas/contracts/niveles';
import type { Permiso } from '@recargas/contracts/permisos';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { iguales } from '../lib/claves.ts';
import { ErrorApi, sinPermiso } from '../lib/errores.ts';
import { type Sesion, sesionDeToken, xsrfDe } from '../modules/auth/service.ts';

/**
 * Who may call a route, declared on every route as `config.acceso`:
 * public, or the levels allowed and the permissions all required (spec section 6).
 */
export type Acceso =
  | { publico: true }
  | {
      niveles: readonly Nivel[];
      permisos?: readonly Permiso[] /** no XSRF check (renewal) */;
      sinXsrf?: true;
    };

declare module 'fastify' {
  interface FastifyContextConfig {
    acceso?: Acceso;
  }
  interface FastifyRequest {
    sesion: Sesion;
  }
}

export const TODOS: readonly Nivel[] = [0, 1, 2, 3];
export const ADMINS: readonly Nivel[] = [0, 1];

const CAMBIAN_ESTADO = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const bearer = (req: FastifyRequest) => {
  const h = req.headers.authorization;
  return h?.startsWith('Bearer ') ? h.slice(7).trim() : undefined;
};

/**
 * The one place where levels, permissions and the anti-forgery token are checked. Runs at
 * onRequest, before the body is read, so an anonymous caller learns nothing about validation.
 * A route registered without `acceso` fails at start-up: forgetting it cannot open a route.
 */
export const acceso = fp(async (app: FastifyInstance) => {
  app.decorateRequest('sesion', null as unknown as Sesion);

  app.addHook('onRoute', (ruta) => {
    if (ruta.url.startsWith('/docs') || ruta.config?.acceso) return;
    throw new Error(`La ruta ${ruta.method} ${ruta.url} no declara config.acceso`);
  });

  app.addHook('onRequest', async (req) => {
    const regla = req.routeOptions.config.acceso;
    if (!regla || 'publico' in regla) return;
    const sesion = await sesionDeToken(app, bearer(req));
    if (!regla.niveles.includes(sesion.nivel as Nivel)) throw sinPermiso();
    if (regla.permisos?.some((p) => !sesion.permisos.includes(p))) throw sinPermiso();
    if (CAMBIAN_ESTADO.has(req.method) && !regla.sinXsrf) {
      const enviado = req.headers['x-xsrf-token'];
      if (typeof enviado !== 'string' || !iguales(enviado, xsrfDe(app.config, sesion.sid))) {
        throw new ErrorApi(403, M.xsrfInvalido);
      }
    }
    req.sesion = sesion;
  });
});
