import { createHmac } from 'node:crypto';
import { CABECERA_FIRMA } from '@recargas/contracts/integraciones';
import { M } from '@recargas/contracts/mensajes';
import type PgBoss from 'pg-boss';
import type { Config } from '../../config.ts';
import type { Ctx } from '../../contexto.ts';
import { COLAS } from '../../jobs/colas.ts';
import { DireccionVedada, postear, revisarUrl } from '../../lib/direcciones.ts';
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

/**
 * A webhook's URL at registration: https only (plain http when WEBHOOKS_PERMITIR_HTTP=1), and a
 * host that is not, and does not resolve to, a private, loopback, link-local or otherwise
 * internal address (WEBHOOKS_PERMITIR_PRIVADAS=1 allows them: a local receiver under test). A
 * name that does not resolve yet is taken: every delivery resolves and checks it again.
 */
export async function validarUrl(
  url: string,
  c: Pick<Config, 'webhooksPermitirHttp' | 'webhooksPermitirPrivadas'>,
) {
  const u = new URL(url);
  if (u.protocol !== 'https:' && !(c.webhooksPermitirHttp && u.protocol === 'http:'))
    throw new ErrorApi(400, M.webhookUrlInvalida);
  if (!c.webhooksPermitirPrivadas && (await revisarUrl(u)) === 'vedada')
    throw new ErrorApi(400, M.webhookDireccionPrivada);
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
 * One attempt of a delivery (a job's work): the event POSTed signed, to a host resolved and
 * checked again now (lib/direcciones.ts), never following a redirect; every attempt recorded. A
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
    status = await postear(d.url, {
      cabeceras: { 'content-type': 'application/json', [CABECERA_FIRMA]: firma(d.secreto, cuerpo) },
      cuerpo,
      esperaMs: ESPERA_MS,
      privadas: ctx.config.webhooksPermitirPrivadas,
    });
  } catch (e) {
    // A refused address is recorded as a failed attempt saying nothing of what the host resolved to.
    error = e instanceof DireccionVedada ? M.entregaDireccionNoPermitida : (e as Error).message.slice(0, 200);
  }
  const ok = status !== null && status >= 200 && status < 300;
  const vencida = Date.now() - desde > VENTANA_MS;
  const estado = ok ? 'entregada' : vencida ? 'fallida' : 'pendiente';
  await repo.registrarIntento(ctx.db, entrega, { status, error, ms: Date.now() - inicio, estado });
  if (estado === 'pendiente') throw new Error(`entrega ${entrega}: ${status ?? error}`);
}
