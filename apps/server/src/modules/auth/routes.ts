import {
  API_AUTH,
  credenciales,
  peticionCambiarEmpresa,
  quienSoy,
  respuestaEmpresas,
  respuestaLogin,
  respuestaPasoLogin,
  respuestaPermisos,
  respuestaQr,
  respuestaToken,
  verificacion2fa,
} from '@recargas/contracts/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { esquema } from '../../lib/rutas.ts';
import { COOKIE_DISPOSITIVO, RUTAS_DISPOSITIVO, VIDA_DISPOSITIVO } from './dispositivos.ts';
import * as auth from './service.ts';

const COOKIE_RENOVACION = 'rt';
const RUTA_RENOVACION = API_AUTH.renovarToken;
const respuestasLogin = { 200: respuestaLogin, 401: respuestaPasoLogin };

/** Who is logging in: the address (TRUST_PROXY honoured) and the browser's device cookie. */
const cliente = (req: FastifyRequest) => ({ ip: req.ip, dispositivo: req.cookies[COOKIE_DISPOSITIVO] });

export const rutasAuth: FastifyPluginAsyncZod = async (app) => {
  /**
   * Sets the renewal cookie (httpOnly), the XSRF-TOKEN cookie the browser echoes and, after a
   * login, the device cookie (httpOnly, one copy per login path: a cookie has one path).
   */
  const entregar = (reply: FastifyReply, s: auth.SesionNueva) => {
    const comunes = {
      secure: app.config.cookieSecure,
      sameSite: 'strict',
      maxAge: app.config.sessionTtl,
    } as const;
    reply.setCookie(COOKIE_RENOVACION, s.renovacion, { ...comunes, httpOnly: true, path: RUTA_RENOVACION });
    reply.setCookie('XSRF-TOKEN', s.xsrf, { ...comunes, httpOnly: false, path: '/' });
    if (s.dispositivo) {
      const dispositivo = { ...comunes, maxAge: VIDA_DISPOSITIVO, httpOnly: true };
      for (const path of RUTAS_DISPOSITIVO)
        reply.setCookie(COOKIE_DISPOSITIVO, s.dispositivo, { ...dispositivo, path });
    }
    return s.respuesta;
  };

  app.post(
    API_AUTH.iniciarSesion,
    esquema('auth', 'Inicio de sesión', { body: credenciales, response: respuestasLogin }),
    async (req, reply) => entregar(reply, await auth.iniciarSesion(app, req.body, cliente(req))),
  );

  app.post(
    API_AUTH.configurarDosPasos,
    esquema('auth', 'Nuevo QR de verificación en dos pasos', {
      body: credenciales,
      response: { 200: respuestaQr },
    }),
    async (req) => auth.configurarDosPasos(app, req.body, cliente(req)),
  );

  app.post(
    API_AUTH.verificarDosPasos,
    esquema('auth', 'Código de verificación en dos pasos', {
      body: verificacion2fa,
      response: respuestasLogin,
    }),
    async (req, reply) => entregar(reply, await auth.verificarDosPasos(app, req.body, cliente(req))),
  );

  app.post(
    RUTA_RENOVACION,
    esquema('auth', 'Renueva el token expirado', { response: { 200: respuestaToken } }),
    async (req) =>
      auth.renovar(app, req.cookies[COOKIE_RENOVACION], req.headers['x-xsrf-token'] as string | undefined),
  );

  app.post(
    API_AUTH.cerrarSesion,
    esquema('auth', 'Cierra la sesión', { response: { 204: z.null() } }),
    async (req, reply) => {
      await auth.cerrarSesion(app, req.sesion);
      reply.clearCookie(COOKIE_RENOVACION, { path: RUTA_RENOVACION });
      reply.clearCookie('XSRF-TOKEN', { path: '/' });
      return reply.code(204).send(null);
    },
  );

  app.get(
    API_AUTH.quienSoy,
    esquema('auth', 'Usuario de la sesión', { response: { 200: quienSoy } }),
    async (req) => {
      const s = req.sesion;
      return {
        id: s.usuarioId,
        nivel: s.nivel,
        nombre: s.nombre,
        lider: s.liderId ?? 0,
        username: s.username,
        empresa: s.empresa,
      };
    },
  );

  app.get(
    API_AUTH.cambiarEmpresa,
    esquema('auth', 'Empresas en las que root puede trabajar', { response: { 200: respuestaEmpresas } }),
    async () => auth.empresasParaCambiar(app),
  );

  app.post(
    API_AUTH.cambiarEmpresa,
    esquema(
      'auth',
      'Root (nivel 0) cambia la empresa de su sesión sin volver a iniciar sesión: nueva sesión, token y tema de esa empresa',
      { body: peticionCambiarEmpresa, response: { 200: respuestaLogin } },
    ),
    async (req, reply) =>
      entregar(reply, await auth.cambiarEmpresa(app, req.sesion, req.body.empresa, req.ip)),
  );

  app.get(
    API_AUTH.permisos,
    esquema('auth', 'Permisos del usuario', { response: { 200: respuestaPermisos } }),
    async (req) => ({ permisos: req.sesion.permisos, isMonto: req.sesion.isMonto }),
  );
};
