import { createHmac } from 'node:crypto';
import { CABECERA_FIRMA } from '@recargas/contracts/integraciones';
import { M } from '@recargas/contracts/mensajes';
import type PgBoss from 'pg-boss';
import type { Ctx } from '../../contexto.ts';
import { COLAS } from '../../jobs/colas.ts';
import { ErrorApi } from '../../lib/errores.ts';
import * as repo from './repo.ts';

/** How long a delivery keeps being retried (issue 23: 24 hours), from when it was (re)opened. */
export const VENTANA_MS = 24 * 60 * 60 * 1000;
/** How long one attempt waits for the receiver. */
const ESPERA_MS = 10_000;

/** A delivery job: the delivery and when its retry window opened (ms). */
export interface TrabajoEntrega {
  entrega: number;
  desde: number;
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` (docs/api.md, Reseller API: how a receiver checks it). */
export const firma = (secreto: string, cuerpo: string, t = Math.floor(Date.now() / 1000)) =>
  `t=${t},v1=${createHmac('sha256', secreto).update(`${t}.${cuerpo}`).digest('hex')}`;

/** https only; plain http when WEBHOOKS_PERMITIR_HTTP=1 (a local receiver under test). */
export function validarUrl(url: string, permitirHttp: boolean) {
  const p = new URL(url).protocol;
  if (p !== 'https:' && !(permitirHttp && p === 'http:')) throw new ErrorApi(400, M.webhookUrlInvalida);
}

/**
 * Queues the delivery jobs (in the caller's transaction when given `db`): retried with
 * exponential backoff from WEBHOOKS_REINTENTO_S seconds; `entregar` stops after the window.
 */
export const programar = (ctx: Ctx, entregas: readonly number[], db?: PgBoss.Db) =>
  entregas.length === 0
    ? Promise.resolve()
    : ctx.boss.insert(
        entregas.map((entrega) => ({
          name: COLAS.webhook,
          data: { entrega, desde: Date.now() } satisfies TrabajoEntrega,
          retryLimit: 100,
          retryDelay: ctx.config.webhooksReintento,
          retryBackoff: true,
          // One attempt waits ESPERA_MS at most: a job a killed worker held comes back soon.
          expireInSeconds: 30,
        })),
        db ? { db } : {},
      );

/**
 * One attempt of a delivery (a job's work): the event POSTed signed; every attempt recorded. A
 * receiver's 2xx delivers it; anything else throws so pg-boss retries it, until the window
 * closes and it stays failed. A delivered one is not sent again (a repeated job, a resend race).
 */
export async function entregar(ctx: Ctx, { entrega, desde }: TrabajoEntrega): Promise<void> {
  const d = await repo.entregaParaEnviar(ctx.db, entrega);
  if (!d || d.estado === 'entregada') return;
  if (d.eliminado) {
    await repo.registrarIntento(ctx.db, entrega, {
      status: null,
      error: 'webhook eliminado',
      ms: 0,
      estado: 'fallida',
    });
    return;
  }
  const cuerpo = JSON.stringify({
    id: d.evento_id,
    tipo: d.tipo,
    creado: d.creado.toISOString(),
    datos: d.datos,
  });
  const inicio = Date.now();
  let status: number | null = null;
  let error: string | null = null;
  try {
    const r = await fetch(d.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CABECERA_FIRMA]: firma(d.secreto, cuerpo) },
      body: cuerpo,
      redirect: 'manual',
      signal: AbortSignal.timeout(ESPERA_MS),
    });
    status = r.status;
    await r.body?.cancel();
  } catch (e) {
    error = (e as Error).message.slice(0, 200);
  }
  const ok = status !== null && status >= 200 && status < 300;
  const vencida = Date.now() - desde > VENTANA_MS;
  const estado = ok ? 'entregada' : vencida ? 'fallida' : 'pendiente';
  await repo.registrarIntento(ctx.db, entrega, { status, error, ms: Date.now() - inicio, estado });
  if (estado === 'pendiente') throw new Error(`entrega ${entrega}: ${status ?? error}`);
}
