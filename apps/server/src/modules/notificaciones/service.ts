import { M, texto } from '@recargas/contracts/mensajes';
import type { PeticionEnviarNotificacion } from '@recargas/contracts/notificaciones';
import type { Ctx } from '../../contexto.ts';
import { COLAS } from '../../jobs/colas.ts';
import { sha256 } from '../../lib/claves.ts';
import { ErrorApi } from '../../lib/errores.ts';
import { clavesVapid } from './claves.ts';
import {
  FallaEntrega,
  type Mensaje,
  type Remitente,
  RemitenteCorreo,
  RemitenteWebPush,
} from './remitentes.ts';
import * as repo from './repo.ts';

/** Attempts of a delivery before it is given up. */
const MAX_INTENTOS = 5;

/** The senders of a process: Web Push always, e-mail when SMTP is configured. */
const remitentes = new WeakMap<object, Map<string, Remitente>>();
function remitentesDe(ctx: Ctx): Map<string, Remitente> {
  let r = remitentes.get(ctx.config);
  if (!r) {
    const c = ctx.config.notificaciones;
    r = new Map<string, Remitente>([['webpush', new RemitenteWebPush(c, () => clavesVapid(ctx))]]);
    if (c.smtp) r.set('correo', new RemitenteCorreo(c.smtp));
    remitentes.set(ctx.config, r);
  }
  return r;
}

/** POST /firebase: a browser's push subscription, kept once per browser (by endpoint). */
export async function guardarToken(
  ctx: Ctx,
  quien: { empresaId: number; usuarioId: number },
  token: unknown,
): Promise<void> {
  const s = suscripcionValida(ctx, token);
  await repo.guardarSuscripcion(ctx.db, {
    empresa_id: quien.empresaId,
    usuario_id: quien.usuarioId,
    endpoint: s.endpoint,
    p256dh: s.keys.p256dh,
    auth: s.keys.auth,
  });
}

const base64url = (v: unknown, bytes: number) =>
  typeof v === 'string' && /^[A-Za-z0-9_-]+={0,2}$/.test(v) && Buffer.from(v, 'base64url').length === bytes;

/**
 * A subscription we may post to: the endpoint is https (http only when allowed) on a push
 * service's host, so a user cannot make the server call an address of its choosing.
 */
function suscripcionValida(ctx: Ctx, token: unknown) {
  const c = ctx.config.notificaciones;
  let t = token;
  if (typeof t === 'string') {
    try {
      t = JSON.parse(t);
    } catch {
      throw new ErrorApi(400, M.tokenPushInvalido);
    }
  }
  const s = t as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } } | null;
  if (!s || typeof s.endpoint !== 'string' || s.endpoint.length > 2000)
    throw new ErrorApi(400, M.tokenPushInvalido);
  let url: URL;
  try {
    url = new URL(s.endpoint);
  } catch {
    throw new ErrorApi(400, M.tokenPushInvalido);
  }
  const protocolo = url.protocol === 'https:' || (c.pushHttp && url.protocol === 'http:');
  const host = url.hostname.toLowerCase();
  const permitido = c.pushHosts.some((h) => host === h || host.endsWith(`.${h}`));
  if (!protocolo || !permitido || url.username || url.password) throw new ErrorApi(400, M.tokenPushInvalido);
  if (!base64url(s.keys?.p256dh, 65) || !base64url(s.keys?.auth, 16))
    throw new ErrorApi(400, M.tokenPushInvalido);
  return {
    endpoint: url.toString(),
    keys: { p256dh: s.keys?.p256dh as string, auth: s.keys?.auth as string },
  };
}

/**
 * An event for the administrators of a company, exactly once per `clave`: in-app rows and the
 * deliveries (each push subscription of those administrators, each e-mail recipient of the
 * company) are written in one transaction, keyed, so a repeat of the event writes nothing; the
 * deliveries are then sent by the 'notificar' job.
 */
export const notificarAdministradores = (ctx: Ctx, empresaId: number, clave: string, m: Mensaje) =>
  notificar(ctx, empresaId, clave, m, 'administradores');

/** As notificarAdministradores, for `a` (every user: in-app and push only, no company e-mail). */
async function notificar(
  ctx: Ctx,
  empresaId: number,
  clave: string,
  m: Mensaje,
  a: 'administradores' | 'todos',
) {
  const correo = a === 'administradores' && ctx.config.notificaciones.smtp !== undefined;
  let destinatarios = 0;
  const nuevas = await ctx.db.transaction().execute(async (tx) => {
    const admins = (await repo.usuarios(tx, empresaId, a === 'administradores')).map((u) => u.id);
    destinatarios = admins.length;
    const escritas = await repo.insertarNotificaciones(
      tx,
      admins.map((usuario_id) => ({
        empresa_id: empresaId,
        usuario_id,
        clave,
        titulo: m.titulo,
        cuerpo: m.cuerpo,
      })),
    );
    const push = await repo.suscripcionesDe(tx, empresaId, admins);
    const correos = correo ? await repo.correosDe(tx, empresaId) : [];
    const comun = { empresa_id: empresaId, clave, titulo: m.titulo, cuerpo: JSON.stringify(m) };
    const entregas = await repo.insertarEntregas(tx, [
      ...push.map((s) => ({
        ...comun,
        canal: 'webpush' as const,
        destino: JSON.stringify({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }),
      })),
      ...correos.map((c) => ({ ...comun, canal: 'correo' as const, destino: c.correo })),
    ]);
    return escritas.length + entregas.length;
  });
  if (nuevas > 0)
    await ctx.boss.send(COLAS.notificar, {}, { singletonKey: 'notificar' }).catch(() => undefined);
  return { nuevas, destinatarios };
}

/**
 * POST /sendNotification: an administrator's notification to every user of the company, in-app
 * and by Web Push, once per user and subscription. The key is the browser's Idempotency-Key
 * (one per form submit) under the sender, else the request itself within the minute, so a
 * double click or a retried request sends nothing more.
 */
export async function enviar(
  ctx: Ctx,
  quien: { empresaId: number; usuarioId: number },
  p: PeticionEnviarNotificacion,
  llave: string | undefined,
) {
  const propia = llave ?? `${sha256(JSON.stringify(p))}:${Math.floor(Date.now() / 60_000)}`;
  const clave = `aviso:${quien.usuarioId}:${propia}`;
  const { destinatarios } = await notificar(
    ctx,
    quien.empresaId,
    clave,
    { titulo: p.titulo, cuerpo: p.texto, url: '/in/recargas' },
    'todos',
  );
  return { mensaje: texto('notificacionEnviada', { n: destinatarios }), destinatarios };
}

/** The 'notificar' job: sends every pending delivery once; a passing failure is retried later. */
export async function entregarPendientes(ctx: Ctx): Promise<number> {
  const porCanal = remitentesDe(ctx);
  let enviadas = 0;
  // At most 10 batches per run: a retried delivery waits for the next run (the sweep).
  for (let i = 0; i < 10; i++) {
    const lote = await repo.reclamar(ctx.db, 20);
    if (lote.length === 0) break;
    await Promise.all(
      lote.map(async (e) => {
        const remitente = porCanal.get(e.canal);
        if (!remitente) return repo.terminar(ctx.db, e.id, 'fallida', 'canal sin configurar');
        try {
          await remitente.enviar(e.destino, JSON.parse(e.cuerpo) as Mensaje);
          enviadas++;
          return repo.terminar(ctx.db, e.id, 'enviada');
        } catch (error) {
          const f = error instanceof FallaEntrega ? error : new FallaEntrega(String(error), false);
          if (f.permanente && e.canal === 'webpush') {
            await repo.borrarSuscripcion(ctx.db, (JSON.parse(e.destino) as { endpoint: string }).endpoint);
          }
          const otraVez = !f.permanente && e.intentos < MAX_INTENTOS;
          return repo.terminar(ctx.db, e.id, otraVez ? 'pendiente' : 'fallida', f.message.slice(0, 500));
        }
      }),
    );
  }
  return enviadas;
}

/** The sweep: deliveries left half-way by a crash go back to pending, and pending ones are sent. */
export async function barrer(ctx: Ctx) {
  await repo.liberarAtascadas(ctx.db, 300);
  return entregarPendientes(ctx);
}

/** GET /api/notificaciones: the user's last 20 and how many are unread. */
export async function lista(ctx: Ctx, empresaId: number, usuarioId: number) {
  const [filas, sinLeer] = await Promise.all([
    repo.lista(ctx.db, empresaId, usuarioId, 20),
    repo.sinLeer(ctx.db, empresaId, usuarioId),
  ]);
  return {
    sinLeer,
    notificaciones: filas.map((f) => ({
      id: f.id,
      titulo: f.titulo,
      cuerpo: f.cuerpo,
      creada: f.creada.toISOString(),
      leida: f.leida !== null,
    })),
  };
}

export const marcarLeidas = (ctx: Ctx, empresaId: number, usuarioId: number) =>
  repo.marcarLeidas(ctx.db, empresaId, usuarioId);

/** The public VAPID key the browser subscribes with. */
export const clavePublica = async (ctx: Ctx) => (await clavesVapid(ctx)).publicKey;
