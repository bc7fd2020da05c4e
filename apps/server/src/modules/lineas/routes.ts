import * as contrato from '@recargas/contracts/lineas';
import { M } from '@recargas/contracts/mensajes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rutasDe } from '../../lib/rutas.ts';
import * as lineas from './service.ts';

export const rutasLineas: FastifyPluginAsyncZod = async (app) => {
  const r = rutasDe(app, 'lineas', (req) => req.sesion);
  r.lista(
    contrato.API_LINEAS.lineas,
    'Inventario de líneas: rango de fechas, filtros por columna y paginación por cursor',
    [contrato.consultaLineas, contrato.respuestaLineas],
    lineas.listar,
  );
  // Both edits answer the line as it is now, beside their message.
  r.accion(
    contrato.API_LINEAS.actualizar,
    'Edita una línea (icc, dn, compañía, líder, cliente, monto, nir)',
    [contrato.peticionActualizarIcc, contrato.respuestaMensajeLinea],
    M.actualizadoCorrectamente,
    async (c, s, p) => ({ linea: await lineas.actualizar(c, s, p) }),
  );
  r.accion(
    contrato.API_LINEAS.desbloquear,
    'Desbloquea una línea recargada sin fecha de recarga',
    [contrato.peticionDesbloquear, contrato.respuestaMensajeLinea],
    M.lineaDesbloqueada,
    async (c, s, p) => ({ linea: await lineas.desbloquear(c, s, p.icc) }),
  );
};
