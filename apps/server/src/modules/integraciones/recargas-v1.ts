import type { PeticionV1Recarga } from '@recargas/contracts/integraciones';
import { M } from '@recargas/contracts/mensajes';
import { veMontoMovimientos } from '@recargas/contracts/recargas';
import type { Ctx } from '../../contexto.ts';
import { ErrorApi, noEncontrado } from '../../lib/errores.ts';
import * as empresas from '../empresas/service.ts';
import * as recargas from '../recargas/service.ts';
import { etiqueta, eventoDe, recargaV1, trasRespuesta } from './eventos.ts';
import * as repo from './repo.ts';
import type { LlamanteApi } from './service.ts';

/**
 * The /v1 calls on top-ups, apart from service.ts: they call recargas, whose statements take this
 * module's SQL from service.ts (repo-enlaces.ts), so service.ts imports recargas for types only.
 */

/** The unique index of a company's references (migration 0038). */
const REFERENCIA_UNICA = 'recargas_api_referencia_unica';

/**
 * POST /v1/recargas: the screens' top-up (recargas.recargar: rules, limits, amounts and exactly
 * once) under the request's Idempotency-Key, scoped to the company: a retry through a rotated
 * key, or another key of the company, replays the first answer and charges nothing more (the
 * same key with another body stays a conflict: the fingerprint). A `referencia` another top-up
 * of the company has is 409: the row's write links it, and the index refuses the second link
 * with the whole write, so of two concurrent requests one wins and nothing of the other stays.
 * The row's close writes its event; one decided later gets its event then.
 */
export async function recargar(ctx: Ctx, quien: LlamanteApi, p: PeticionV1Recarga, clave: unknown) {
  if (typeof clave !== 'string') throw new ErrorApi(400, M.idempotenciaRequerida);
  const llave = recargas.llaveDe(clave, 'v1/recargas', { usuarioId: quien.usuarioId, origen: '' }, p);
  const datos = { icc: p.icc, dn: p.dn, compania: p.compania, monto: p.monto, tipo: 'todito' };
  const referencia = p.referencia ?? null;
  const r = await recargas
    .recargar(ctx, quien, datos, { ...llave, clave: `v1:${clave}` }, recargas.TIPO_RECARGA.normal, {
      enlace: { llave_id: quien.llaveId, referencia },
      evento: (f) => eventoDe(f, referencia),
    })
    .catch((e: unknown) => {
      const violada = (e as { constraint?: string }).constraint ?? String(e);
      if (violada.includes(REFERENCIA_UNICA)) throw new ErrorApi(409, M.referenciaRepetida);
      throw e;
    });
  if (r.fila.evento_abierto) trasRespuesta(ctx, { id: r.fila.evento_abierto, recarga_id: r.fila.id });
  const c = r.cuerpo;
  return {
    status: r.status,
    cuerpo: {
      ...c,
      estado: c.estado === 'enviada' ? ('pendiente' as const) : c.estado,
      referencia,
    },
  };
}

/** Top-ups of the key's user by id (another user's or company's: not found). */
async function mostrar(ctx: Ctx, quien: LlamanteApi, ids: number[]) {
  const filas = (await recargas.recargasPorId(ctx, ids, quien.empresaId)).filter(
    (f) => f.usuario_id === quien.usuarioId,
  );
  const referencias = new Map(
    (
      await repo.enlaces(
        ctx.db,
        quien.empresaId,
        filas.map((f) => f.id),
      )
    ).map((e) => [e.recarga_id, e.referencia]),
  );
  const ajustes = empresas.ajustesDe(await empresas.porIdOError(ctx.db, quien.empresaId));
  const ver = veMontoMovimientos(ajustes, quien);
  return filas
    .sort((a, b) => b.id - a.id)
    .map((f) => recargaV1(f, referencias.get(f.id) ?? null, ver, f.mensaje ?? etiqueta(f.estado)));
}

export async function recarga(ctx: Ctx, quien: LlamanteApi, id: number) {
  const [r] = await mostrar(ctx, quien, [id]);
  if (!r) throw noEncontrado();
  return r;
}

export async function porReferencia(ctx: Ctx, quien: LlamanteApi, referencia: string) {
  const ids = await repo.porReferencia(ctx.db, quien.empresaId, quien.usuarioId, referencia);
  return {
    recargas: await mostrar(
      ctx,
      quien,
      ids.map((i) => i.recarga_id),
    ),
  };
}

export const saldo = (ctx: Ctx, quien: LlamanteApi) => recargas.cupoDelDia(ctx, quien);
