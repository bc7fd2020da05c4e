import { randomUUID } from 'node:crypto';
import type { RecargaV1 } from '@recargas/contracts/integraciones';
import { M } from '@recargas/contracts/mensajes';
import type { Ctx } from '../../contexto.ts';
import { enLotes } from '../../db/lotes.ts';
import { ejecutorDe } from '../../jobs/colas.ts';
import { caerEn } from '../../lib/fallas.ts';
import * as repo from './repo-eventos.ts';
import { programar } from './webhooks.ts';

/** A top-up row as the API shows it: an old 'enviada' is still 'pendiente'. */
export function recargaV1(
  r: repo.FilaV1,
  referencia: string | null,
  verMonto: boolean,
  mensaje: string,
): RecargaV1 {
  return {
    id: r.id,
    estado: r.estado === 'enviada' ? 'pendiente' : r.estado,
    mensaje,
    folio: r.folio ?? r.folio_externo,
    dn: r.dn,
    icc: r.icc,
    compania: r.compania,
    monto: verMonto ? r.monto : null,
    referencia,
    creada: r.creada.toISOString(),
  };
}

export const etiqueta = (estado: string) =>
  estado === 'exitosa' ? M.recargaExitosa : estado === 'fallida' ? M.recargaFallida : M.recargaEnProceso;

/**
 * The events of decided API top-ups still without one (a request, a reconciliation, the sweep).
 * One statement writes them; where the company has webhooks, their deliveries and the
 * deliveries' jobs follow in one transaction, which also marks the top-ups done: a crash in
 * between leaves them for the sweep. A repeat finds the event already written and adds nothing.
 */
export async function escribirEventos(ctx: Ctx, filas: readonly repo.SinEvento[]): Promise<number> {
  const unicas = [...new Map(filas.map((f) => [f.id, f])).values()];
  if (unicas.length === 0) return 0;
  const abiertos = await repo.guardarEventos(
    ctx.db,
    unicas.map((f) => ({
      id: randomUUID(),
      empresa_id: f.empresa_id,
      recarga_id: f.id,
      tipo: `recarga.${f.estado}`,
      datos: JSON.stringify(recargaV1(f, f.referencia_api, true, f.mensaje ?? etiqueta(f.estado))),
    })),
  );
  if (abiertos.length > 0)
    await ctx.db.transaction().execute(async (tx) => {
      const entregas = await repo.entregarEventos(tx, abiertos);
      await programar(
        ctx,
        entregas.map((e) => Number(e.id)),
        ejecutorDe(tx),
      );
    });
  return unicas.length;
}

/** The events of the API top-ups among `ids` decided without one yet (a reconciliation job). */
export const generarEventos = async (ctx: Ctx, ids: readonly number[]) =>
  escribirEventos(ctx, await repo.sinEvento(ctx.db, { ids }));

/** Events of top-ups decided in requests, batched with the others of the moment (db/lotes.ts). */
const lotesEventos = new WeakMap<Ctx['db'], (f: repo.SinEvento) => Promise<void>>();

/**
 * The event of a top-up its request decided, written beside the answer, not before it
 * (bench:topups): one lost with the process is written by a repeat of the key or by the
 * minute sweep (integraciones-eventos.faults.ts kills the process at this point).
 */
export function eventoTrasRespuesta(ctx: Ctx, fila: repo.SinEvento) {
  if (caerEn('antes-del-evento')) return;
  let lote = lotesEventos.get(ctx.db);
  if (!lote) {
    lote = enLotes(async (filas: repo.SinEvento[]) => {
      await escribirEventos(ctx, filas);
      return filas.map(() => undefined);
    });
    lotesEventos.set(ctx.db, lote);
  }
  lote(fila).catch((e: Error) => ctx.log.warn({ err: e }, 'Eventos de webhook'));
}

/** The sweep (every minute): events of API top-ups decided since, whatever decided them. */
export async function barrer(ctx: Ctx) {
  for (let despues = 0; ; ) {
    const pagina = await repo.sinEvento(ctx.db, { despues, limite: 500 });
    const ultima = pagina.at(-1);
    if (!ultima) return;
    await escribirEventos(ctx, pagina);
    despues = ultima.id;
  }
}
