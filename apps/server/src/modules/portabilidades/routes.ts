import { M } from '@recargas/contracts/mensajes';
import {
  API_PORTABILIDADES,
  consultaPortas,
  detallePorta,
  filtrosPortas,
  peticionActivacion,
  peticionActualizarPorta,
  peticionInventario,
  peticionTransaccionExternaPorta,
  peticionTransaccionPorta,
  respuestaAccionPorta,
  respuestaInventario,
  respuestaInventarioRuta,
  respuestaPortas,
  respuestaRecargaPorta,
} from '@recargas/contracts/portabilidades';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../contexto.ts';
import { ErrorApi } from '../../lib/errores.ts';
import { esquema } from '../../lib/rutas.ts';
import { registrarExportador } from '../excel/service.ts';
import { paraExportarInventario, paraExportarPortas } from './exportar.ts';
import * as portas from './service.ts';

const respuestasRecarga = {
  200: respuestaRecargaPorta,
  202: respuestaRecargaPorta,
  422: respuestaRecargaPorta,
};
/** Accepted for the money calls' convention; the row's attempt is the key that counts. */
const cabeceras = z.object({ 'idempotency-key': z.string().max(100).optional() }).passthrough();

export const rutasPortabilidades: FastifyPluginAsyncZod = async (app) => {
  const ctx: Ctx = app;

  // Excel PORTAS and InventoryDays through POST /excel (the exports module writes the file).
  registrarExportador('PORTAS', async (c, u, p) => {
    const filtros = filtrosPortas.safeParse(p.filtros);
    if (!filtros.success) throw new ErrorApi(400, M.filtrosInvalidos);
    return {
      hoja: 'Portabilidades',
      numericas: [],
      ...(await paraExportarPortas(c, u, p.fechas, filtros.data)),
    };
  });
  registrarExportador('InventoryDays', async (c, u, p) => ({
    hoja: 'Inventario',
    numericas: [0, 4, 5, 6, 8, 9],
    ...(await paraExportarInventario(c, u, p.fechas)),
  }));

  app.get(
    API_PORTABILIDADES.portabilidades,
    esquema('portabilidades', 'Portabilidades: rango de fechas, filtros y paginación por cursor', {
      querystring: consultaPortas,
      response: { 200: respuestaPortas },
    }),
    async (req) => portas.listar(ctx, req.sesion, req.query),
  );

  app.patch(
    API_PORTABILIDADES.portabilidades,
    esquema('portabilidades', 'Actualiza una portabilidad: id y solo los campos cambiados', {
      body: peticionActualizarPorta,
      response: { 200: respuestaAccionPorta },
    }),
    async (req) => portas.actualizar(ctx, req.sesion, req.body),
  );

  app.post(
    API_PORTABILIDADES.activacion,
    esquema('portabilidades', 'Activar (da número al icc) o Portar / Portar nuevamente, según la acción', {
      body: peticionActivacion,
      response: { 200: respuestaAccionPorta },
    }),
    async (req) => portas.activacion(ctx, req.sesion, req.body),
  );

  app.post(
    API_PORTABILIDADES.recargar,
    esquema('portabilidades', 'Recarga de una portabilidad por el motor de recargas (una sola vez)', {
      headers: cabeceras,
      body: peticionTransaccionPorta,
      response: respuestasRecarga,
    }),
    async (req, reply) => {
      const r = await portas.recargar(ctx, req.sesion, req.body.id);
      return reply.code(r.status).send(r.cuerpo);
    },
  );

  app.post(
    API_PORTABILIDADES.recargarExterna,
    esquema('portabilidades', 'Recarga externa de una portabilidad con folio (tipo 3)', {
      headers: cabeceras,
      body: peticionTransaccionExternaPorta,
      response: respuestasRecarga,
    }),
    async (req, reply) => {
      const r = await portas.recargar(ctx, req.sesion, req.body.id, req.body.folio);
      return reply.code(r.status).send(r.cuerpo);
    },
  );

  app.post(
    API_PORTABILIDADES.inventario,
    // Inventory: the permission and a level other than 3 (section 6).
    esquema('portabilidades', 'Días de inventario por líder, o por cliente de un líder', {
      body: peticionInventario,
      response: { 200: respuestaInventario },
    }),
    async (req) => portas.inventario(ctx, req.sesion, req.body),
  );

  app.post(
    API_PORTABILIDADES.inventarioRuta,
    esquema(
      'portabilidades',
      'Días de inventario de cada paso de la ruta de la pantalla (Todos y el líder abierto), con los filtros de inventoryDays',
      {
        description:
          'Mismo cuerpo que inventoryDays (fechas, leaderName, monto, filtros). Responde un paso por nivel ' +
          'de la ruta: la empresa (Todos, solo administradores) y, si se abrió un líder, ese líder; cada paso ' +
          'suma las filas que esa vista lista. Un líder (nivel 2) recibe solo su propio líder.',
        body: peticionInventario,
        response: { 200: respuestaInventarioRuta },
      },
    ),
    async (req) => portas.inventarioRuta(ctx, req.sesion, req.body),
  );

  app.get(
    API_PORTABILIDADES.detalle,
    esquema('portabilidades', 'Detalle de la portabilidad de un número en el servidor de ATT', {
      params: z.object({ dn: z.string().regex(/^\d{10}$/, M.portaDnInvalido) }),
      response: { 200: detallePorta },
    }),
    async (req) => portas.detalle(ctx, req.sesion, req.params.dn),
  );
};
