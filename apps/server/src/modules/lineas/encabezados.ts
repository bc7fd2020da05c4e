import { M, texto } from '@recargas/contracts/mensajes';
import { esAdministrador } from '@recargas/contracts/niveles';
import type { AccionSubida } from '@recargas/contracts/subidas';
import type { Ctx } from '../../contexto.ts';
import { ErrorApi } from '../../lib/errores.ts';
import * as empresas from '../empresas/service.ts';
import * as subidas from '../subidas/service.ts';
import type { Usuario } from './service.ts';

/** Extra columns of companies that show them (company setting columnasExtraLineas). */
export const EXTRAS: Record<string, 'fechaEntrega' | 'producto' | 'fechaPortada'> = {
  FECHA_ENTREGA: 'fechaEntrega',
  PRODUCTO: 'producto',
  FECHA_PORTADA: 'fechaPortada',
};

/** The extra columns the company shows, as headers: after the administrator's template's. */
export async function extrasDeEmpresa(ctx: Ctx, u: Pick<Usuario, 'empresaId'>): Promise<string[]> {
  const empresa = await empresas.porIdOError(ctx.db, u.empresaId);
  const deEmpresa = empresas.ajustesDe(empresa).columnasExtraLineas as readonly string[];
  return Object.entries(EXTRAS)
    .filter(([, clave]) => deEmpresa.includes(clave))
    .map(([h]) => h);
}

/**
 * Actions 1 to 4: the headers the uploader's template has (the administrator's or the seller's);
 * the company's extra columns may follow an administrator's. Action 3 only needs ICC first.
 */
export async function revisarEncabezados(
  ctx: Ctx,
  u: Usuario,
  encabezados: string[],
  accion: AccionSubida,
): Promise<string[]> {
  const admin = esAdministrador(u.nivel);
  const extras = await extrasDeEmpresa(ctx, u);
  const dados = encabezados.map(subidas.normalizarEncabezado);
  while (dados.length > 0 && dados.at(-1) === '') dados.pop();
  const base: readonly string[] = admin ? subidas.PLANTILLAS.admin : subidas.PLANTILLAS.vendedor;
  if (dados.length === 0) throw new ErrorApi(400, M.archivoVacio);
  if (accion === 3) {
    if (dados[0] !== 'ICC') throw new ErrorApi(400, texto('archivoEncabezados', { esperados: 'ICC' }));
    return dados;
  }
  const extrasPermitidas = admin ? extras : [];
  const ok =
    base.every((h, i) => dados[i] === h) &&
    dados.slice(base.length).every((h, i, resto) => extrasPermitidas.includes(h) && resto.indexOf(h) === i);
  if (!ok) {
    throw new ErrorApi(
      400,
      texto('archivoEncabezados', { esperados: [...base, ...extrasPermitidas].join(', ') }),
    );
  }
  return dados;
}
