import { randomBytes } from 'node:crypto';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { type Endpoint, puedeLlamar } from '@recargas/contracts/acceso';
import {
  FORMATO_LLAVE,
  inicioLlave,
  type PeticionLlave,
  puedeActuarComo,
} from '@recargas/contracts/integraciones';
import { M, texto } from '@recargas/contracts/mensajes';
import type { Ctx } from '../../contexto.ts';
import { aleatorio, iguales, sha256 } from '../../lib/claves.ts';
import { ErrorApi, noEncontrado, sinPermiso } from '../../lib/errores.ts';
import type * as recargas from '../recargas/service.ts';
import * as usuarios from '../usuarios/service.ts';
import { auditarLlave, auditarWebhook } from './auditados.ts';
import * as repo from './repo.ts';
import { programar, validarUrl } from './webhooks.ts';

/** The administrator who manages keys and webhooks (the session, as the routes pass it). */
export type Admin = usuarios.Quien;

// ---- Keys

/** A key's allowed ranges, parsed once per list of ranges. */
const rangos = new Map<string, BlockList>();
function rangosDe(ips: readonly string[]): BlockList {
  const clave = ips.join(',');
  let b = rangos.get(clave);
  if (!b) {
    b = new BlockList();
    for (const r of ips) agregarRango(b, r);
    rangos.set(clave, b);
  }
  return b;
}

function agregarRango(b: BlockList, rango: string) {
  const [ip = '', bits] = rango.split('/');
  const tipo = isIPv4(ip) ? 'ipv4' : isIPv6(ip) ? 'ipv6' : undefined;
  const n = bits === undefined ? (tipo === 'ipv4' ? 32 : 128) : Number(bits);
  if (!tipo || !Number.isInteger(n) || n < 0 || n > (tipo === 'ipv4' ? 32 : 128))
    throw new ErrorApi(400, texto('ipsInvalidas', { ip: rango }));
  b.addSubnet(ip, n, tipo);
}

/** Whether `ip` (as Fastify read it, TRUST_PROXY honoured) is in the key's ranges; none: any. */
function ipPermitida(ips: readonly string[], ip: string): boolean {
  if (ips.length === 0) return true;
  const sinMapeo = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  const b = rangosDe(ips);
  return isIPv4(sinMapeo) ? b.check(sinMapeo, 'ipv4') : b.check(sinMapeo, 'ipv6');
}

/** POST /api/llaves: a key acting as a user of the company, not above the creator's level. */
export async function crearLlave(ctx: Ctx, q: Admin, p: PeticionLlave) {
  const u = await usuarios.uno(ctx, q, p.usuario);
  if (!puedeActuarComo(q, u)) throw sinPermiso();
  for (const r of p.ips) agregarRango(new BlockList(), r);
  const prefijo = randomBytes(6).toString('hex');
  const secreto = aleatorio(32);
  const fila = { usuario_id: p.usuario, nombre: p.nombre, prefijo, ips: p.ips, prueba: p.prueba };
  const id = await ctx.db.transaction().execute(async (tx) => {
    const k = await repo.crearLlave(tx, { ...fila, empresa_id: q.empresaId, secreto_hash: sha256(secreto) });
    await auditarLlave(tx, q, k.id, null, { ...fila, prefijo: `${inicioLlave(p.prueba)}${prefijo}_…` });
    return k.id;
  });
  return { id, llave: `${inicioLlave(p.prueba)}${prefijo}_${secreto}` };
}

export const llaves = async (ctx: Ctx, q: Admin) => ({
  llaves: (await repo.llaves(ctx.db, q.empresaId)).map((k) => ({
    id: k.id,
    nombre: k.nombre,
    prefijo: `${inicioLlave(k.prueba)}${k.prefijo}_…`,
    usuario: k.usuario_id,
    username: k.username,
    ips: k.ips,
    creada: k.creada.toISOString(),
    ultimoUso: k.ultimo_uso?.toISOString() ?? null,
    revocada: k.revocada?.toISOString() ?? null,
    prueba: k.prueba,
  })),
});

export async function revocarLlave(ctx: Ctx, q: Admin, id: number) {
  await ctx.db.transaction().execute(async (tx) => {
    const k = await repo.revocarLlave(tx, q.empresaId, id);
    if (!k) throw noEncontrado();
    await auditarLlave(
      tx,
      q,
      id,
      { nombre: k.nombre, revocada: false },
      { nombre: k.nombre, revocada: true },
    );
  });
  const leidas = llavesLeidas.get(ctx.db);
  for (const [prefijo, l] of leidas ?? []) if (l.k.id === id) leidas?.delete(prefijo);
}

/**
 * Live keys as last read, per database handle, for LLAVE_VIGENTE_MS: a key's burst of calls
 * reads it once (bench:topups: one batched round trip fewer per top-up, as sessions have). A
 * revocation in this process drops it at once; one in another process, or a change of the
 * key's user, applies from the next read. The secret is checked on every call.
 */
const LLAVE_VIGENTE_MS = 2000;
const llavesLeidas = new WeakMap<Ctx['db'], Map<string, { k: repo.LlaveActiva; hasta: number }>>();

async function llaveLeida(ctx: Ctx, prefijo: string) {
  let leidas = llavesLeidas.get(ctx.db);
  if (!leidas) {
    leidas = new Map();
    llavesLeidas.set(ctx.db, leidas);
  }
  const ahora = Date.now();
  const guardada = leidas.get(prefijo);
  if (guardada && guardada.hasta > ahora) return guardada.k;
  const k = await repo.llaveActiva(ctx.db, prefijo);
  // Only live keys are kept (unknown prefixes cannot fill it), and the expired ones go now and then.
  if (leidas.size > 10_000) for (const [p, l] of leidas) if (l.hasta <= ahora) leidas.delete(p);
  if (k) leidas.set(prefijo, { k, hasta: ahora + LLAVE_VIGENTE_MS });
  else leidas.delete(prefijo);
  return k;
}

/** Who a `/v1` call acts as: the key's user, as read at most LLAVE_VIGENTE_MS ago. */
export interface LlamanteApi extends recargas.Solicitante {
  llaveId: number;
  usuarioId: number;
  nivel: number;
  rutas: string[];
  maxRecargas: number;
  /** A sandbox key (`rk_test_…`): its top-ups go to the in-process simulator only (prueba-v1.ts). */
  prueba: boolean;
}

const llaveInvalida = () => new ErrorApi(401, M.llaveApiInvalida, {}, 'llave_invalida');
/** Last use written at most once a minute per key (a column for the screen, not an audit). */
const usoMarcado = new Map<number, number>();

/**
 * X-Api-Key -> the key's user, for the `/v1` route `endpoint`: a live key of a live user, called
 * from its allowed ranges, whose user may make the screen call the route stands for.
 */
export async function autenticar(
  ctx: Ctx,
  cabecera: unknown,
  ip: string,
  actuaComo: Endpoint,
): Promise<LlamanteApi> {
  const m = typeof cabecera === 'string' ? FORMATO_LLAVE.exec(cabecera) : null;
  if (!m?.[2] || !m[3]) throw llaveInvalida();
  const k = await llaveLeida(ctx, m[2]);
  // A test key shown as a live one (or the reverse) is not that key.
  if (!k || k.prueba !== (m[1] !== undefined) || !iguales(k.secreto_hash, sha256(m[3])))
    throw llaveInvalida();
  if (!ipPermitida(k.ips, ip)) throw new ErrorApi(403, M.llaveApiIpNoPermitida, {}, 'ip_no_permitida');
  const quien: LlamanteApi = {
    llaveId: k.id,
    empresaId: k.empresa_id,
    usuarioId: k.usuario_id,
    nivel: k.nivel,
    permisos: k.permisos,
    rutas: k.rutas,
    isMonto: k.is_monto,
    liderId: k.lider_id,
    clienteId: k.cliente_id,
    maxRecargas: k.max_recargas,
    versionEmpresa: k.version,
    ip,
    prueba: k.prueba,
  };
  if (!puedeLlamar(quien, actuaComo)) throw sinPermiso();
  const ahora = Date.now();
  if ((usoMarcado.get(k.id) ?? 0) < ahora - 60_000) {
    usoMarcado.set(k.id, ahora);
    await repo.marcarUso(ctx.db, k.id);
  }
  return quien;
}

// ---- /v1 (its top-ups: recargas-v1.ts, lista-v1.ts, prueba-v1.ts; carriers: catalogo-v1.ts)

export { barrer, generarEventos, recargaV1 } from './eventos.ts';
// For recargas' write and close statements: the SQL of this module's tables on a top-up's path.
export { enlazarDesde, eventosDesde, SIN_EVENTO } from './repo-enlaces.ts';

// ---- Webhooks

export async function crearWebhook(ctx: Ctx, q: Admin, url: string) {
  await validarUrl(url, ctx.config);
  const secreto = `whsec_${aleatorio(32)}`;
  const id = await ctx.db.transaction().execute(async (tx) => {
    const w = await repo.crearWebhook(tx, { empresa_id: q.empresaId, url, secreto });
    await auditarWebhook(tx, q, w.id, null, { url });
    return w.id;
  });
  return { id, secreto };
}

export const webhooks = async (ctx: Ctx, q: Admin) => ({
  webhooks: (await repo.webhooks(ctx.db, q.empresaId)).map((w) => ({
    id: w.id,
    url: w.url,
    creado: w.creado.toISOString(),
  })),
});

export async function eliminarWebhook(ctx: Ctx, q: Admin, id: number) {
  await ctx.db.transaction().execute(async (tx) => {
    const w = await repo.eliminarWebhook(tx, q.empresaId, id);
    if (!w) throw noEncontrado();
    await auditarWebhook(tx, q, id, { url: w.url }, null);
  });
}

export const entregas = async (ctx: Ctx, q: Admin) => ({
  entregas: (await repo.entregas(ctx.db, q.empresaId, 200)).map((d) => ({
    id: Number(d.id),
    webhook: d.webhook_id,
    url: d.url,
    evento: d.evento_id,
    tipo: d.tipo,
    estado: d.estado,
    intentos: d.intentos,
    ultimoStatus: d.ultimo_status,
    ultimoError: d.ultimo_error,
    creada: d.creada.toISOString(),
  })),
});

/** POST /api/webhooks/entregas/{id}/reenviar: the delivery again, with a new 24-hour window. */
export async function reenviar(ctx: Ctx, q: Admin, id: number) {
  const d = await repo.reabrirEntrega(ctx.db, q.empresaId, id);
  if (!d) throw noEncontrado();
  await programar(ctx, [Number(d.id)]);
}
