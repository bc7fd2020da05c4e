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
import { esquema, rutasDe } from '../../lib/rutas.ts';
import { registrarExportador } from '../excel/service.ts';
import { paraExportar } from './exportar.ts';
import * as usuarios from './service.ts';

const quien = (req: FastifyRequest): usuarios.Quien => ({
  usuarioId: req.sesion.usuarioId,
  empresaId: req.sesion.empresaId,
  nivel: req.sesion.nivel,
  liderId: req.sesion.liderId,
  permisos: req.sesion.permisos,
  username: req.sesion.username,
  ip: req.sesion.ip,
});

export const rutasUsuarios: FastifyPluginAsyncZod = async (app) => {
  const ctx: Ctx = app;
  registrarExportador('USUARIOS', async (c, u, p) => {
    const filtros = filtrosUsuarios.safeParse(p.filtros);
    if (!filtros.success) throw new ErrorApi(400, M.filtrosInvalidos);
    return paraExportar(c, u, filtros.data);
  });

  const r = rutasDe(app, 'usuarios', quien);
  r.accion(
    API_USUARIOS.registrar,
    'Registra un líder (nivel 2) o un cliente (nivel 3)',
    [peticionRegistrarUsuario, respuestaMensajeUsuario],
    M.registradoCorrectamente,
    async (c, q, p) => ({ id: await usuarios.registrar(c, q, p) }),
  );
  r.accion(
    API_USUARIOS.editar,
    'Edita un usuario; la contraseña de seis puntos no cambia',
    [peticionEditarUsuario, respuestaMensajeUsuario],
    M.editadoCorrectamente,
    usuarios.editar,
  );
  r.accion(
    API_USUARIOS.eliminar,
    'Elimina un usuario (sus recargas se conservan)',
    [peticionEliminarUsuario, respuestaMensajeUsuario],
    M.eliminadoCorrectamente,
    (c, q, p) => usuarios.eliminar(c, q, p.id),
  );
  r.lista(
    API_USUARIOS.usuarios,
    'Usuarios por páginas (keyset) con filtros por columna',
    [consultaUsuarios, respuestaUsuarios],
    usuarios.listar,
  );

  app.get(
    API_USUARIOS.usuario,
    esquema('usuarios', 'Un usuario, para la pantalla de edición', {
      params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
      response: { 200: usuarioFila },
    }),
    async (req) => usuarios.uno(ctx, quien(req), req.params.id),
  );

  r.lista(
    API_USUARIOS.montos,
    'Líderes y clientes con su permiso de monto',
    [consultaUsuariosMonto, respuestaUsuariosMonto],
    usuarios.usuariosMonto,
  );
  r.accion(
    API_USUARIOS.guardarMontos,
    'Activa o desactiva el permiso de monto de un usuario',
    [peticionSetUsuariosMonto, respuestaMensajeUsuario],
    M.actualizadoCorrectamente,
    (c, q, p) => usuarios.guardarMonto(c, q, p.username, p.isMonto),
  );
  r.lista(
    API_USUARIOS.lideres,
    'Líderes, 10 por página, con búsqueda',
    [consultaLideres, respuestaLideres],
    usuarios.lideres,
  );
  r.lista(
    API_USUARIOS.clientes,
    'Clientes (pares lider, cliente), 10 por página, con búsqueda',
    [consultaClientes, respuestaClientes],
    usuarios.clientes,
  );
};
