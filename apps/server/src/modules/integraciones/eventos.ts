import { randomUUID } from 'node:crypto';
import type { RecargaV1 } from '@recargas/contracts/integraciones';
import { M } from '@recargas/contracts/mensajes';
import { CODIGOS_FALLA, type CodigoFalla } from '@recargas/contracts/recargas/fallas';
import type { Ctx } from '../../contexto.ts';
import { enLotes, porBase } from '../../db/lotes.ts';
import { ejecutorDe } from '../../jobs/colas.ts';
import { caerEn } from '../../lib/fallas.ts';
import * as repo from './repo-eventos.ts';
import { programar } from './webhooks.ts';

/** A failed row's code as its close wrote it; a row failed before codes were kept: `rechazada`. */
export const codigoDe = (f: Pick<repo.FilaV1, 'estado' | 'falla'>): CodigoFalla | null =>
  f.estado !== 'fallida'
    ? null
    : CODIGOS_FALLA.includes(f.falla as CodigoFalla)
      ? (f.falla as CodigoFalla)
      : 'rechazada';

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
    codigo: codigoDe(r),
  };
}

export const etiqueta = (estado: string) =>
  estado === 'exitosa' ? M.recargaExitosa : estado === 'fallida' ? M.recargaFallida : M.recargaEnProceso;

/** The event of a decided top-up: a new id, its kind and what the API shows of the row. */
export const eventoDe = (f: repo.FilaV1, referencia: string | null) => ({
  id: randomUUID(),
  tipo: `recarga.${f.estado}`,
  datos: JSON.stringify(recargaV1(f, referencia, true, f.mensaje ?? etiqueta(f.estado))),
});

/**
 * Events written and left open (their company has webhooks): their deliveries, the
 * deliveries' jobs and the top-ups marked done, in one transaction: a crash before it leaves
 * them for the sweep.
 */
async function entregar(ctx: Ctx, abiertos: { id: string; recarga_id: number }[]) {
  if (abiertos.length === 0) return;
  await ctx.db.transaction().execute(async (tx) => {
    const entregas = await repo.entregarEventos(tx, abiertos);
    await programar(
      ctx,
      entregas.map((e) => Number(e.id)),
      ejecutorDe(tx),
    );
  });
}

/**
 * The events of decided API top-ups still without one (a reconciliation, the sweep, a row
 * decided after its answer). One statement writes them; a repeat finds the event already
 * written and adds nothing.
 */
export async function escribirEventos(ctx: Ctx, filas: readonly repo.SinEvento[]): Promise<number> {
  const unicas = [...new Map(filas.map((f) => [f.id, f])).values()];
  if (unicas.length === 0) return 0;
  const abiertos = await repo.guardarEventos(
    ctx.db,
    unicas.map((f) => ({ ...eventoDe(f, f.referencia_api), empresa_id: f.empresa_id, recarga_id: f.id })),
  );
  await entregar(ctx, abiertos);
  return unicas.length;
}

/** The events of the API top-ups among `ids` decided without one yet (a reconciliation job). */
export const generarEventos = async (ctx: Ctx, ids: readonly number[]) =>
  escribirEventos(ctx, await repo.sinEvento(ctx.db, { ids }));

/** Deliveries queued for the events closes left open, batched with the others of the moment. */
const entregarEnLote = porBase((ctx: Ctx) =>
  enLotes(async (abiertos: { id: string; recarga_id: number }[]) => {
    await entregar(ctx, abiertos);
    return abiertos.map(() => undefined);
  }),
);

/**
 * The deliveries of an event an API top-up's close left open (its company has a live webhook),
 * queued beside the answer, not before it (bench:topups): what is lost with the process is done
 * by the minute sweep (integraciones-eventos.faults.ts kills the process at this point).
 */
export function trasRespuesta(ctx: Ctx, abierto: { id: string; recarga_id: number }) {
  if (caerEn('antes-de-entregar')) return;
  entregarEnLote(ctx, abierto).catch((e: Error) => ctx.log.warn({ err: e }, 'Eventos de webhook'));
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
