import type { Carrier } from '@recargas/contracts/carriers';
import { M } from '@recargas/contracts/mensajes';
import type { Ctx } from '../../contexto.ts';
import { COLAS } from '../../jobs/colas.ts';
import type { ResultadoConsulta } from '../../providers/puerto.ts';
import * as auditoria from '../auditoria/service.ts';
import { fallar, resolver } from './cierre.ts';
import * as repo from './repo.ts';

/** Open rows decided later: by their reconciliation job, the sweep, or the daily statement. */

/** One reconciliation job per open row (the queue keeps one per key). */
export const programarReconciliacion = (ctx: Ctx, id: number, segundos?: number, solicitud?: string) =>
  ctx.boss.send(
    COLAS.reconciliar,
    { id, ...(solicitud ? { solicitud } : {}) },
    { singletonKey: String(id), ...(segundos ? { startAfter: segundos } : {}) },
  );

/**
 * Reconciles one open row (the job's work): it is never sent again, the provider is asked. A
 * row the provider never received (the send was lost, or the process died before it) fails
 * after the grace period, with no charge. Returns true when the row is decided. Rows in
 * estado enviada, written by earlier versions (which claimed a row before its send), are open
 * rows like any other.
 */
export async function reconciliar(ctx: Ctx, id: number): Promise<boolean> {
  const fila = await repo.porId(ctx.db, id);
  if (!fila || fila.estado === 'exitosa' || fila.estado === 'fallida') return true;
  await repo.contarConsulta(ctx.db, id);
  const proveedor = ctx.proveedores.de(await repo.proveedorPorId(ctx.db, fila.proveedor_id));
  const enviada = fila.enviada ?? fila.creada;
  const r = await proveedor.status(String(id), {
    dn: fila.dn,
    carrier: fila.compania as Carrier,
    monto: fila.monto,
    enviada,
    otras: async (ms) =>
      (await repo.vecinas(ctx.db, fila, enviada, ms)).map((o) => ({
        folio: o.folio,
        abierta: o.estado === 'pendiente' || o.estado === 'enviada',
      })),
  });
  if (r.estado === 'no-encontrada') {
    const edad = Date.now() - enviada.getTime();
    if (edad < ctx.config.graciaNoEncontrada * 1000) return false;
    const por = { mensaje: M.recargaNoConfirmada, falla: 'no_confirmada' } as const;
    return decidida(await fallar(ctx, fila, por, auditoria.CONCILIACION));
  }
  return decidida(await resolver(ctx, fila, r, auditoria.CONCILIACION));
}

/**
 * An open row decided by the provider's daily statement (conciliaciones): the same decision a
 * status answer gives, applied by the same rules; a row already closed is left as it is.
 */
export async function asentar(ctx: Ctx, id: number, r: ResultadoConsulta): Promise<boolean> {
  const fila = await repo.porId(ctx.db, id);
  if (!fila || fila.estado === 'exitosa' || fila.estado === 'fallida') return false;
  return decidida(await resolver(ctx, fila, r, auditoria.CONCILIACION));
}

const decidida = (r: repo.Recarga | undefined) =>
  r !== undefined && (r.estado === 'exitosa' || r.estado === 'fallida');

/** The sweep: a reconciliation job for every open row older than barridoTras (crashes, lost jobs). */
export async function barrer(ctx: Ctx) {
  const filas = await repo.abiertas(ctx.db, ctx.config.barridoTras, 1000);
  for (const { id } of filas) await programarReconciliacion(ctx, id);
  return filas.length;
}
