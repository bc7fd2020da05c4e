import { M } from '@recargas/contracts/mensajes';
import {
  API_USUARIOS,
  consultaClientes,
  consultaLideres,
  consultaUsuarios,
  consultaUsuariosMonto,
  filtrosUsuarios,
  peticionEditarUsuario,
  peticionEliminarUsuario,
  peticionRegistrarUsuario,
  peticionSetUsuariosMonto,
  respuestaClientes,
  respuestaLideres,
  respuestaMensajeUsuario,
  respuestaUsuarios,
  respuestaUsuariosMonto,
  usuarioFila,
} from '@recargas/contracts/usuarios';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../contexto.ts';
import { ErrorApi } from '../../lib/errores.ts';
import { esquema } from '../../lib/rutas.ts';
import { registrarExportador } from '../excel/service.ts';
import { paraExportar } from './exportar.ts';
import * as usuarios from './service.ts';

const quien = (req: FastifyRequest): usuarios.Quien => ({
  usuarioId: req.sesion.usuarioId,
  empresaId: req.sesion.empresaId,
  nivel: req.sesion.nivel,
  liderId: req.sesion.liderId,
  permisos: req.sesion.permisos,
});

export const rutasUsuarios: FastifyPluginAsyncZod = async (app) => {
  const ctx: Ctx = app;
  registrarExportador('USUARIOS', async (c, u, p) => {
    const filtros = filtrosUsuarios.safeParse(p.filtros);
    if (!filtros.success) throw new ErrorApi(400, M.filtrosInvalidos);
    return paraExportar(c, u, filtros.data);
  });

  app.post(
    API_USUARIOS.registrar,
    esquema('usuarios', 'Registra un líder (nivel 2) o un cliente (nivel 3)', {
      body: peticionRegistrarUsuario,
      response: { 200: respuestaMensajeUsuario },
    }),
    async (req) => {
      const id = await usuarios.registrar(ctx, quien(req), req.body);
      return { mensaje: M.registradoCorrectamente, id };
    },
  );

  app.post(
    API_USUARIOS.editar,
    esquema('usuarios', 'Edita un usuario; la contraseña de seis puntos no cambia', {
      body: peticionEditarUsuario,
      response: { 200: respuestaMensajeUsuario },
    }),
    async (req) => {
      await usuarios.editar(ctx, quien(req), req.body);
      return { mensaje: M.editadoCorrectamente };
    },
  );

  app.post(
    API_USUARIOS.eliminar,
    esquema('usuarios', 'Elimina un usuario (sus recargas se conservan)', {
      body: peticionEliminarUsuario,
      response: { 200: respuestaMensajeUsuario },
    }),
    async (req) => {
      await usuarios.eliminar(ctx, quien(req), req.body.id);
      return { mensaje: M.eliminadoCorrectamente };
    },
  );

  app.get(
    API_USUARIOS.usuarios,
    esquema('usuarios', 'Usuarios por páginas (keyset) con filtros por columna', {
      querystring: consultaUsuarios,
      response: { 200: respuestaUsuarios },
    }),
    async (req) => usuarios.listar(ctx, quien(req), req.query),
  );

  app.get(
    API_USUARIOS.usuario,
    esquema('usuarios', 'Un usuario, para la pantalla de edición', {
      params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
      response: { 200: usuarioFila },
    }),
    async (req) => usuarios.uno(ctx, quien(req), req.params.id),
  );

  app.get(
    API_USUARIOS.montos,
    esquema('usuarios', 'Líderes y clientes con su permiso de monto', {
      querystring: consultaUsuariosMonto,
      response: { 200: respuestaUsuariosMonto },
    }),
    async (req) => usuarios.usuariosMonto(ctx, quien(req), req.query),
  );

  app.post(
    API_USUARIOS.guardarMontos,
    esquema('usuarios', 'Activa o desactiva el permiso de monto de un usuario', {
      body: peticionSetUsuariosMonto,
      response: { 200: respuestaMensajeUsuario },
    }),
    async (req) => {
      await usuarios.guardarMonto(ctx, quien(req), req.body.username, req.body.isMonto);
      return { mensaje: M.actualizadoCorrectamente };
    },
  );

  app.get(
    API_USUARIOS.lideres,
    esquema('usuarios', 'Líderes, 10 por página, con búsqueda', {
      querystring: consultaLideres,
      response: { 200: respuestaLideres },
    }),
    async (req) => usuarios.lideres(ctx, quien(req), req.query),
  );

  app.get(
    API_USUARIOS.clientes,
    esquema('usuarios', 'Clientes (pares lider, cliente), 10 por página, con búsqueda', {
      querystring: consultaClientes,
      response: { 200: respuestaClientes },
    }),
    async (req) => usuarios.clientes(ctx, quien(req), req.query),
  );
};
