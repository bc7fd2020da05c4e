import {
  API_CARRIERS,
  peticionCambiarPlataforma,
  peticionComentarios,
  peticionPlataformaUsuario,
  respuestaComentarios,
  respuestaEmpresas,
  respuestaPlataformaCarrier,
  respuestaPlataformasEmpresa,
  respuestaRegistroPlataforma,
} from '@recargas/contracts/carriers';
import { M } from '@recargas/contracts/mensajes';
import { respuestaMensaje } from '@recargas/contracts/saldos';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { esquema } from '../../lib/rutas.ts';
import * as carriers from './service.ts';

export const rutasCarriers: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API_CARRIERS.plataformas,
    esquema('carriers', 'Plataformas de la empresa (para registrar un usuario de plataforma)', {
      response: { 200: respuestaEmpresas },
    }),
    async (req) => carriers.plataformas(app.db, req.sesion.empresaId),
  );

  app.get(
    API_CARRIERS.plataformasEmpresa,
    esquema('carriers', 'Usuarios de plataforma de la empresa', {
      response: { 200: respuestaPlataformasEmpresa },
    }),
    async (req) => carriers.usuarios(app.db, req.sesion.empresaId),
  );

  app.post(
    API_CARRIERS.plataformasEmpresa,
    esquema('carriers', 'Registrar nuevo usuario de plataforma', {
      body: peticionPlataformaUsuario,
      response: { 200: respuestaRegistroPlataforma },
    }),
    async (req) => {
      const id = await carriers.registrar(app.db, req.sesion.empresaId, req.body);
      return { mensaje: M.registradoCorrectamente, id };
    },
  );

  app.get(
    API_CARRIERS.plataformaCarrier,
    esquema('carriers', 'Usuario de plataforma de cada carrier', {
      response: { 200: respuestaPlataformaCarrier },
    }),
    async (req) => carriers.porCarrier(app.db, req.sesion.empresaId),
  );

  app.post(
    API_CARRIERS.cambiarPlataformas,
    esquema(
      'carriers',
      'Elige el usuario de plataforma de un carrier (null: el predeterminado) y el de respaldo',
      {
        body: peticionCambiarPlataforma,
        response: { 200: respuestaMensaje },
      },
    ),
    async (req) => {
      await carriers.cambiar(app.db, req.sesion, req.body);
      return { mensaje: M.actualizadoCorrectamente };
    },
  );

  // Every user: the top-up screen shows the chosen carrier's comment.
  app.get(
    API_CARRIERS.comentarios,
    esquema('carriers', 'Comentario de cada carrier', { response: { 200: respuestaComentarios } }),
    async (req) => carriers.comentarios(app.db, req.sesion.empresaId),
  );

  app.post(
    API_CARRIERS.comentarios,
    esquema('carriers', 'Guarda los comentarios por carrier', {
      body: peticionComentarios,
      response: { 200: respuestaMensaje },
    }),
    async (req) => {
      await carriers.guardarComentarios(app.db, req.sesion.empresaId, req.body);
      return { mensaje: M.comentariosGuardados };
    },
  );
};
