import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ESQUEMA_SEGURIDAD } from '@recargas/contracts/integraciones';
import { webhooksOpenApi } from '@recargas/contracts/integraciones/api-v1';
import { M } from '@recargas/contracts/mensajes';
import { errorDeValidacion } from '@recargas/contracts/mensajes/validacion';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { abrirLectura } from './db/lectura.ts';
import { iniciarColas } from './jobs/colas.ts';
import { registrarTrabajadores } from './jobs/trabajadores.ts';
import { idDeSolicitud, REDACTAR } from './lib/bitacora.ts';
import { ESQUEMA_SESION, transformarRuta } from './lib/openapi.ts';
import { rutasActualizaciones } from './modules/actualizaciones/routes.ts';
import { rutasAuditoria } from './modules/auditoria/routes.ts';
import { rutasAuth } from './modules/auth/routes.ts';
import { rutasCarriers } from './modules/carriers/routes.ts';
import { rutasConciliaciones } from './modules/conciliaciones/routes.ts';
import { rutasEmpresas } from './modules/empresas/routes.ts';
import { rutasExcel } from './modules/excel/routes.ts';
import { rutasIntegraciones } from './modules/integraciones/routes.ts';
import { rutasLineas } from './modules/lineas/routes.ts';
import { rutasMasivas } from './modules/masivas/routes.ts';
import { rutasNotificaciones } from './modules/notificaciones/routes.ts';
import { rutasPortabilidades } from './modules/portabilidades/routes.ts';
import { rutasRecargas } from './modules/recargas/routes.ts';
import { rutasReciclaje } from './modules/reciclaje/routes.ts';
import { rutasReportes } from './modules/reportes/routes.ts';
import { rutasSaldos } from './modules/saldos/routes.ts';
import { rutasSubidas } from './modules/subidas/routes.ts';
import { rutasUsuarios } from './modules/usuarios/routes.ts';
import { acceso } from './plugins/acceso.ts';
import { cabeceras } from './plugins/cabeceras.ts';
import { compresion } from './plugins/compresion.ts';
import { errores } from './plugins/errores.ts';
import { limites } from './plugins/limites.ts';
import { conToken, metricas } from './plugins/metricas.ts';
import { erroresDeConexion, erroresDelEnrutador, texto } from './plugins/texto.ts';
import { sinCache, web } from './plugins/web.ts';
import { RegistroProveedores } from './providers/registro.ts';
import { registrarAreas } from './registros.ts';

// Validation messages from the catalogue, never zod's wording: they reach the user inside `mensaje`.
z.config({ customError: errorDeValidacion });

/** The whole HTTP application over an open database; tests use it through inject or listen. */
export async function construirApp(config: Config, db: Db): Promise<FastifyInstance> {
  registrarAreas();
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: REDACTAR,
    },
    bodyLimit: 1024 * 1024,
    // A hop count trusts that many proxies in front (Fastify's own number trusts none).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_direccion: string, salto: number) => salto < (config.trustProxy as number)
        : config.trustProxy,
    frameworkErrors: erroresDelEnrutador,
    // The caller's X-Request-Id when it is sane, else a UUID (ids restarted at req-1 per process).
    requestIdHeader: false,
    genReqId: idDeSolicitud,
    clientErrorHandler: erroresDeConexion,
    // While it drains (SIGTERM), a request that arrives on a connection already open (a proxy's
    // keep-alive connection) is served: Fastify's default 503 reached the user in a rolling
    // upgrade (bench:upgrade), as Caddy cannot send it elsewhere. New connections are refused.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  // Answered on every reply, errors and 404s included, so a user's report can be found in the logs.
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  const lectura = await abrirLectura(config);
  if (lectura) {
    app.decorate('lectura', lectura);
    app.addHook('onClose', lectura.cerrar);
  }
  app.decorate('config', config);
  app.decorate('proveedores', new RegistroProveedores(config, app.log));
  const boss = await iniciarColas(db, { trabajador: config.trabajadores, log: app.log });
  app.decorate('boss', boss);
  app.addHook('onClose', () => boss.stop({ graceful: false, wait: true }));
  if (config.trabajadores) await registrarTrabajadores(app);

  await app.register(errores);
  // Before any route: it hooks each route as it is added.
  await app.register(compresion);
  await app.register(sinCache);
  await app.register(texto);
  await app.register(cabeceras, {
    // HSTS and the https upgrade only where the site is served over TLS (COOKIE_SECURE=1).
    hsts: config.cookieSecure,
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'https:'],
        'media-src': ["'self'", 'https:'],
        'upgrade-insecure-requests': config.cookieSecure ? [] : null,
      },
    },
  });
  await app.register(cookie);
  // A client that hung up before its request got here has no address left to count it by (the
  // rate limiter would throw): the answer goes nowhere, so say so plainly.
  app.addHook('onRequest', async (req, reply) => {
    if (!req.ip) return reply.code(400).send({ mensaje: M.conexionCerrada });
  });
  await app.register(limites);
  await app.register(swagger, {
    openapi: {
      // 3.1: JSON Schema 2020-12 (what zod writes) and a `webhooks` section for the signed events.
      openapi: '3.1.0',
      info: { title: 'Portal de recargas', version: '1.1.0' },
      webhooks: webhooksOpenApi(config.webhooksReintento),
      // Relative: the document is served by the portal it describes, whatever its address.
      servers: [{ url: '/' }],
      // The screens' session by default; public routes and /v1 (an API key in X-Api-Key) say otherwise.
      security: [{ [ESQUEMA_SESION]: [] }],
      components: {
        securitySchemes: {
          [ESQUEMA_SESION]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          [ESQUEMA_SEGURIDAD]: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        },
      },
    },
    transform: transformarRuta,
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiHooks: { onRequest: conToken(config.docsToken, config.produccion) },
  });
  await app.register(metricas);

  await app.register(async (api) => {
    await api.register(acceso);
    await api.register(rutasEmpresas);
    await api.register(rutasAuth);
    await api.register(rutasRecargas);
    await api.register(rutasSaldos);
    await api.register(rutasUsuarios);
    await api.register(rutasLineas);
    await api.register(rutasSubidas);
    await api.register(rutasExcel);
    await api.register(rutasReportes);
    await api.register(rutasPortabilidades);
    await api.register(rutasReciclaje);
    await api.register(rutasCarriers);
    await api.register(rutasMasivas);
    await api.register(rutasActualizaciones);
    await api.register(rutasNotificaciones);
    await api.register(rutasIntegraciones);
    await api.register(rutasConciliaciones);
    await api.register(rutasAuditoria);
  });

  await app.register(web, { dir: config.webDir });
  return app;
}
