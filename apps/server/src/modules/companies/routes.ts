import { empresaPublica } from '@recargas/contracts/empresa';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as empresas from './service.ts';

export const rutasEmpresas: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getEmpresa/:name',
    {
      config: { acceso: { publico: true } },
      schema: {
        tags: ['empresas'],
        summary: 'Tema público de una empresa (login: se adivina por el host)',
        params: z.object({ name: z.string().min(1).max(60) }),
        response: { 200: empresaPublica },
      },
    },
    async (req) => empresas.publica(await empresas.buscar(app.db, req.params.name, req.headers.host)),
  );
};
