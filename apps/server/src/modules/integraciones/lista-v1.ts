import { instanteDeReloj } from '@recargas/contracts/fechas';
import type { ConsultaV1, RecargaV1 } from '@recargas/contracts/integraciones';
import { M } from '@recargas/contracts/mensajes';
import { veMontoMovimientos } from '@recargas/contracts/recargas';
import type { Ctx } from '../../contexto.ts';
import { decodificarCursor, paginaDe } from '../../lib/cursor.ts';
import { ErrorApi } from '../../lib/errores.ts';
import { sumarDias } from '../../lib/fechas.ts';
import * as empresas from '../empresas/service.ts';
import { codigoDe, etiqueta, recargaV1 } from './eventos.ts';
import * as repo from './repo.ts';
import type { LlamanteApi } from './service.ts';

/**
 * GET /v1/recargas as a list (issue 44): keyset pages of the key user's top-ups, newest first,
 * and the failure code POST's answer is given here (recargas-v1.ts builds it without one).
 */

/** An instant of the query: a day is its start in the company's zone (`hasta`: the next day's). */
function instante(texto: string | undefined, zona: string, fin: boolean): Date | undefined {
  if (texto === undefined) return undefined;
  if (texto.length > 10) return new Date(texto);
  return new Date(instanteDeReloj(fin ? sumarDias(texto, 1) : texto, zona));
}

/** The open states a 'pendiente' asks for: an old 'enviada' row is still open. */
const ESTADOS = {
  pendiente: ['pendiente', 'enviada'],
  exitosa: ['exitosa'],
  fallida: ['fallida'],
} as const;

/** One page, read with one row more to know whether another follows. */
export async function listar(ctx: Ctx, quien: LlamanteApi, c: ConsultaV1) {
  // A sandbox key's top-ups are never stored: it has none to list.
  if (quien.prueba) return { recargas: [], siguiente: null };
  const ajustes = empresas.ajustesDe(await empresas.porIdOError(ctx.db, quien.empresaId));
  const desde = instante(c.desde, ajustes.zonaHoraria, false);
  const hasta = instante(c.hasta, ajustes.zonaHoraria, true);
  if (desde && hasta && hasta <= desde) throw new ErrorApi(400, M.rangoFechasInvalido);
  const filas = await repo.paginaV1(ctx.db, {
    empresaId: quien.empresaId,
    usuarioId: quien.usuarioId,
    desde,
    hasta,
    estados: c.estado ? ESTADOS[c.estado] : undefined,
    cursor: c.despues ? decodificarCursor(c.despues) : undefined,
    n: c.limite + 1,
  });
  const { pagina, siguiente } = paginaDe(filas, c.limite);
  const referencias = new Map(
    (
      await repo.enlaces(
        ctx.db,
        quien.empresaId,
        pagina.map((f) => f.id),
      )
    ).map((e) => [e.recarga_id, e.referencia]),
  );
  const ver = veMontoMovimientos(ajustes, quien);
  return {
    recargas: pagina.map((f) =>
      recargaV1(f, referencias.get(f.id) ?? null, ver, f.mensaje ?? etiqueta(f.estado)),
    ),
    siguiente,
  };
}

/** A POST answer with its `codigo`: read from the row when it failed (a replay too), else null. */
export async function conCodigo(ctx: Ctx, quien: LlamanteApi, r: Omit<RecargaV1, 'codigo'>) {
  if ('codigo' in r) return r as RecargaV1;
  if (r.estado !== 'fallida') return { ...r, codigo: null };
  const f = await repo.fallaDe(ctx.db, quien.empresaId, r.id);
  return { ...r, codigo: codigoDe(f ?? { estado: 'fallida', falla: null }) };
}
