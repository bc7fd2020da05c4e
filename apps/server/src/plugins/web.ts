import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import { M } from '@recargas/contracts/mensajes';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const DIST = resolve(import.meta.dirname, '../../../web/dist');

/**
 * Serves the built single-page app from the same origin as the API. Unknown GET paths that
 * ask for HTML get index.html (the router decides); everything else gets a JSON 404.
 */
export const web = fp(async (app: FastifyInstance, opciones: { dir?: string | undefined }) => {
  const dir = opciones.dir ? resolve(opciones.dir) : DIST;
  const hayWeb = existsSync(join(dir, 'index.html'));
  if (hayWeb) {
    await app.register(fastifyStatic, { root: dir, wildcard: false, index: false });
  } else {
    app.log.warn(`No hay web compilada en ${dir}: ejecuta npm run build`);
  }
  app.setNotFoundHandler((req, reply) => {
    if (hayWeb && req.method === 'GET' && req.headers.accept?.includes('text/html')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ mensaje: M.noEncontrado });
  });
});
