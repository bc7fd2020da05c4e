import {
  API_ACTUALIZACIONES,
  parametroActualizacion,
  respuestaActualizacion,
  respuestaActualizaciones,
} from '@recargas/contracts/actualizaciones';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { esquema } from '../../lib/rutas.ts';
import * as notas from './service.ts';

/** Release notes: every logged-in user (the menu always shows Actualizaciones). */
export const rutasActualizaciones: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API_ACTUALIZACIONES.actualizaciones,
    esquema(
      'actualizaciones',
      "Notas de versión; la más reciente marcada 'Nuevo' hasta que el usuario la abre",
      { response: { 200: respuestaActualizaciones } },
    ),
    async () => notas.lista(app.db),
  );

  app.get(
    API_ACTUALIZACIONES.actualizacion,
    esquema('actualizaciones', 'Detalle de una nota de versión (la marca como leída para el usuario)', {
      params: parametroActualizacion,
      response: { 200: respuestaActualizacion },
    }),
    async (req) => notas.abrir(app.db, req.params.id),
  );
};
