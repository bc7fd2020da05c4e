import type { Carrier } from '@recargas/contracts/carriers';
import { type AjustesEmpresa, ajustesEmpresa } from '@recargas/contracts/empresas';
import { M, texto } from '@recargas/contracts/mensajes';
import { NIVEL } from '@recargas/contracts/niveles';
import {
  montoDeRecarga,
  puedeCambiarPlataforma,
  TIPO_EXTERNA,
  veMontoMovimientos,
} from '@recargas/contracts/recargas';
import type { Transaction } from 'kysely';
import type { Ctx } from '../../contexto.ts';
import type { DB } from '../../db/schema.ts';
import * as enlaces from '../../lib/enlaces.ts';
import { ErrorApi } from '../../lib/errores.ts';
import * as lineas from '../lineas/service.ts';
import { fallar, type HacerEvento, resolver } from './cierre.ts';
import { type Llave, primera } from './idempotencia.ts';
import { programarReconciliacion } from './reconciliacion.ts';
import type { FilaEmpresa } from './repo.ts';
import * as repo from './repo.ts';
import * as escritura from './repo-escritura.ts';
import { type Destino, enviarEnOrden, ningunaLaTomo } from './respaldo.ts';
import { mensajeExito, respuestaDe } from './respuesta.ts';

export { cupoDelDia, movimientos, recargasPorId } from './consulta.ts';
export { type Llave, llaveDe } from './idempotencia.ts';
export { asentar, barrer, reconciliar } from './reconciliacion.ts';
export type { Recarga } from './repo.ts';
export { SIN_EVENTO } from './repo-escritura.ts';

/** An undone upload put deleted lines back: their top-ups point at them again (subidas/tramos.ts). */
export const reenlazarLineas = (tx: Transaction<DB>, borradas: string, vueltas: number[]) =>
  enlaces.reenlazarLineas(tx, 'recargas', borradas, vueltas);

/** Kinds of top-up row. */
export const TIPO_RECARGA = { normal: 1, sinUsuario: 2, externa: TIPO_EXTERNA } as const;

/**
 * Who asks for a top-up, as read in this request (the session, or `solicitanteDe`): `usuarioId`
 * and `maxRecargas` null for the public screen, whose limit is the company's.
 */
export interface Solicitante {
  empresaId: number;
  usuarioId: number | null;
  nivel: number | null;
  permisos: readonly string[];
  /** Permiso Monto: may choose the amount (recargas.ts `puedeElegirMonto`); false for the public screen. */
  isMonto: boolean;
  liderId: number | null;
  clienteId: number | null;
  maxRecargas: number | null;
  /** The company's `version` when this was read: the cached company is used if not older. */
  versionEmpresa: number;
  /** The request's IP, for the audit trail (none: a job's top-up). */
  ip?: string | undefined;
  /** The request's id, carried into the reconciliation job it may start (its log lines). */
  solicitud?: string | undefined;
  /** The session and the user's version, for a session taken from memory (`releer` present). */
  sid?: string;
  versionUsuario?: number;
  /** A session taken from memory (auth/service.ts): read anew, and the route checked again. */
  releer?: (() => Promise<Solicitante>) | undefined;
}

/** A user's Solicitante read now, for a top-up asked without a session (a block's line). */
export async function solicitanteDe(
  ctx: Ctx,
  q: Pick<Solicitante, 'empresaId' | 'nivel' | 'permisos' | 'ip' | 'solicitud'> & { usuarioId: number },
): Promise<Solicitante> {
  const c = await repo.cuenta(ctx.db, q.empresaId, q.usuarioId);
  if (!c) throw new ErrorApi(404, M.noEncontrado);
  return {
    ...q,
    isMonto: c.is_monto,
    liderId: c.lider_id,
    clienteId: c.cliente_id,
    maxRecargas: c.max_recargas,
    versionEmpresa: c.version,
  };
}

/** What a top-up needs of its company, parsed once per version. */
interface EmpresaRecargas {
  version: number;
  ajustes: AjustesEmpresa;
  maxSinUsuario: number;
  proveedores: FilaEmpresa['proveedores'];
  carriers: Record<string, repo.PlataformaElegida>;
  respaldos: Record<string, repo.PlataformaElegida>;
}

/** Companies as last read, per database handle: a company changes a few times a day, and its
 * `version` says when (migration 0014). */
const empresasLeidas = new WeakMap<Ctx['db'], Map<number, EmpresaRecargas>>();

/** The company as of `version` or later: from memory, or read once more. */
async function empresaDe(ctx: Ctx, empresaId: number, version: number): Promise<EmpresaRecargas> {
  let leidas = empresasLeidas.get(ctx.db);
  if (!leidas) {
    leidas = new Map();
    empresasLeidas.set(ctx.db, leidas);
  }
  const guardada = leidas.get(empresaId);
  if (guardada && guardada.version >= version) return guardada;
  const f = await repo.empresa(ctx.db, empresaId);
  if (!f) throw new ErrorApi(404, M.noEncontrado);
  const leida = {
    version: f.version,
    ajustes: ajustesEmpresa.parse(f.ajustes),
    maxSinUsuario: f.max_sin_usuario,
    proveedores: f.proveedores,
    carriers: f.carriers,
    respaldos: f.respaldos,
  };
  leidas.set(empresaId, leida);
  return leida;
}

/** The platform a top-up of `compania` goes to first (integraciones' catalogue of amounts). */
export async function plataformaDe(ctx: Ctx, quien: Solicitante, compania: Carrier) {
  const e = await empresaDe(ctx, quien.empresaId, quien.versionEmpresa);
  return e.carriers[compania]?.proveedor ?? e.proveedores[1];
}

export interface DatosRecarga {
  icc: string;
  dn: string;
  compania: Carrier;
  /** The amount the caller chose, as sent (undefined: none): the amount rule judges it. */
  monto?: unknown;
  /** The amount stored with what is recharged (a bulk line, a port-out): not a choice. */
  montoGuardado?: number | null;
  plataforma?: 1 | 2 | undefined;
  tipo: string;
  /** External top-up: recorded with its folio, never sent to our provider. */
  folioExterno?: string;
}

/**
 * A top-up, exactly once: the row (estado pendiente) is written and counted against the daily
 * limit by one statement; only then is the provider called, by this caller alone: the statement
 * inserts for one caller per key, and nothing else ever sends a row. A repeat of the key returns
 * the first row's answer and sends nothing. An outcome still unknown after the send gets a
 * reconciliation job; a crash before that is found by the sweep.
 */
export async function recargar(
  ctx: Ctx,
  quien: Solicitante,
  datos: DatosRecarga,
  llave: Llave,
  tipoRecarga: number,
  api?: DelApi,
) {
  const pedido = { datos, llave, tipoRecarga, api };
  let fila = quien.releer && (await deMemoria(ctx, quien, pedido));
  if (!fila) {
    // 401 or 403 if the session is gone or may no longer top up.
    if (quien.releer) quien = await quien.releer();
    fila = await recargarFila(ctx, quien, pedido);
  }
  const { ajustes } = await empresaDe(ctx, quien.empresaId, quien.versionEmpresa);
  const ver = veMontoMovimientos(ajustes, { nivel: quien.nivel ?? NIVEL.cliente, permisos: quien.permisos });
  // The row too: the API writes its event from it (integraciones/service.ts).
  return { ...respuestaDe(fila, ver), fila };
}

/**
 * An API top-up (integraciones): linked to its key by its write, and its close writes its
 * webhook event, built by `evento` from the row as the close leaves it.
 */
export interface DelApi {
  enlace: { llave_id: number; referencia: string | null };
  evento: HacerEvento;
}

/** The row as the top-up leaves it; `evento_abierto`: an event its close left to deliver. */
type Resultado = repo.Recarga & { evento_abierto?: string | null };

/** What a top-up asks, besides who asks it (`recargar`'s arguments). */
interface Pedido {
  datos: DatosRecarga;
  llave: Llave;
  tipoRecarga: number;
  api: DelApi | undefined;
}

async function recargarFila(
  ctx: Ctx,
  quien: Solicitante,
  { datos, llave, tipoRecarga, api }: Pedido,
): Promise<Resultado> {
  const { clave, huella } = llave;
  let p: Preparada;
  try {
    p = await preparar(ctx, quien, datos, llave, tipoRecarga);
  } catch (e) {
    // A refused repeat of a key already written (the rules or the line changed since): the
    // first answer stands, as for any repeat; otherwise the refusal, with nothing written.
    const previa = e instanceof ErrorApi && (await repo.buscarPorClave(ctx.db, quien.empresaId, clave));
    if (previa) return primera(previa, huella);
    throw e;
  }
  const { limite, zona, destinos } = p;
  const nueva = { ...p.nueva, enlace: api?.enlace };
  let fila: escritura.FilaEscrita | undefined;
  try {
    fila = nueva.linea_id
      ? await insertarConLinea(ctx, { ...nueva, linea_id: nueva.linea_id }, zona, limite)
      : await porNumero(ctx, { fila: nueva, zona, limite });
  } catch (e) {
    if (limiteAlcanzado(e)) {
      throw new ErrorApi(429, texto('limiteRecargasDia', { max: limite }), {}, 'limite_diario');
    }
    throw e;
  }
  if (!fila) return primera(await repo.porClave(ctx.db, quien.empresaId, clave), huella);
  return tras(ctx, fila, destinos, quien, api);
}

/** A row just written: sent, unless it was written decided (an external top-up). */
function tras(ctx: Ctx, fila: escritura.FilaEscrita, destinos: Destino[], quien: Solicitante, api?: DelApi) {
  if (fila.estado === 'exitosa') return fila;
  // Only a link left open has an event to write (its company has a live webhook).
  return enviar(ctx, fila, destinos, quien, fila.con_evento ? api?.evento : undefined);
}

/**
 * A top-up on a session taken from memory: only a write by number goes ahead on it, and that
 * statement writes only if the session is still live with the user's and the company's versions
 * the rules were applied with. Anything else (a refusal, a top-up by ICC, a repeated key, a
 * limit, a changed session) answers undefined, having written nothing, and the top-up is made
 * again on the session read anew.
 */
async function deMemoria(
  ctx: Ctx,
  quien: Solicitante,
  { datos, llave, tipoRecarga, api }: Pedido,
): Promise<Resultado | undefined> {
  // A top-up by ICC writes in a transaction of its own (insertarConLinea): read its line once, there.
  if (datos.icc !== '') return undefined;
  // A refusal (ErrorApi) is decided again on the session read anew; a failure of the database is not.
  const p = await preparar(ctx, quien, datos, llave, tipoRecarga).catch((e: unknown) => {
    if (e instanceof ErrorApi) return undefined;
    throw e;
  });
  if (!p || quien.sid === undefined || quien.versionUsuario === undefined) return undefined;
  const sesion = { sid: quien.sid, version_usuario: quien.versionUsuario, version_empresa: p.versionEmpresa };
  const fila = await porNumero(ctx, {
    fila: { ...p.nueva, enlace: api?.enlace, sesion },
    zona: p.zona,
    limite: p.limite,
  }).catch((e: unknown) => {
    if (limiteAlcanzado(e)) return undefined;
    throw e;
  });
  return fila && tras(ctx, fila, p.destinos, quien, api);
}

/**
 * The row a top-up will write, and where it goes: every rule applied (platform switch, the
 * inventory line of an ICC, the DN, the amount of contracts recargas.ts), reading only.
 */
async function preparar(
  ctx: Ctx,
  quien: Solicitante,
  datos: DatosRecarga,
  { clave, huella }: Llave,
  tipoRecarga: number,
) {
  const usuario = quien.nivel === null ? null : { ...quien, nivel: quien.nivel };
  // The platform switch is for administrators with PLATAFORMAS; otherwise the carrier's chosen
  // platform user decides (below), else platform 1.
  const conmutada = puedeCambiarPlataforma(usuario) && datos.plataforma !== undefined;
  const empresa = await empresaDe(ctx, quien.empresaId, quien.versionEmpresa);
  const plataforma = empresa.proveedores[conmutada ? (datos.plataforma ?? 1) : 1];
  if (!plataforma) throw new ErrorApi(404, M.noEncontrado);
  const ajustes = empresa.ajustes;
  const externa = tipoRecarga === TIPO_RECARGA.externa;
  // By ICC the inventory line gives the number, carrier and stored amount (spec section 5).
  const porIcc =
    datos.icc !== ''
      ? await lineas.resolverIcc(ctx.db, quien, { icc: datos.icc, dn: datos.dn, compania: datos.compania })
      : undefined;
  const monto = montoDeRecarga(ajustes, usuario, {
    elegido: datos.monto,
    guardado: datos.montoGuardado ?? porIcc?.monto,
  });
  if ('mensaje' in monto) throw new ErrorApi(monto.status, monto.mensaje, {}, monto.codigo);
  const compania = porIcc ? porIcc.compania : datos.compania;
  const elegida = conmutada || externa ? undefined : empresa.carriers[compania];
  const proveedor = elegida?.proveedor ?? plataforma;
  // The carrier's second platform, when it is another account (the switch chooses one alone).
  const respaldo = conmutada || externa ? undefined : empresa.respaldos[compania];
  const destinos: Destino[] = [
    { proveedor, plataformaUsuarioId: elegida?.id ?? null, usuario: elegida?.usuario },
    ...(respaldo && respaldo.proveedor.id !== proveedor.id
      ? [{ proveedor: respaldo.proveedor, plataformaUsuarioId: respaldo.id, usuario: respaldo.usuario }]
      : []),
  ];
  const nueva: escritura.NuevaRecarga = {
    empresa_id: quien.empresaId,
    usuario_id: quien.usuarioId,
    idempotencia: clave,
    huella,
    proveedor_id: proveedor.id,
    plataforma_usuario_id: elegida?.id ?? null,
    icc: datos.icc,
    dn: porIcc ? porIcc.dn : datos.dn,
    compania,
    monto: monto.monto,
    tipo: datos.tipo,
    tipo_recarga: tipoRecarga,
    folio_externo: datos.folioExterno ?? null,
    lider_id: quien.liderId,
    cliente_id: quien.clienteId,
    estado: externa ? 'exitosa' : 'pendiente',
    mensaje: externa ? mensajeExito(tipoRecarga) : null,
    linea_id: porIcc?.lineaId ?? null,
  };
  return {
    nueva,
    limite: quien.maxRecargas ?? empresa.maxSinUsuario,
    zona: ajustes.zonaHoraria,
    destinos,
    versionEmpresa: empresa.version,
  };
}
type Preparada = Awaited<ReturnType<typeof preparar>>;

/** A write refused by the daily limit's check (the counter's constraint). */
const limiteAlcanzado = (e: unknown) =>
  (e as { constraint?: string }).constraint === escritura.LIMITE_ALCANZADO ||
  String(e).includes(escritura.LIMITE_ALCANZADO);

/** The write of a top-up by number, batched with the others of the moment (escritura.escribir). */
async function porNumero(ctx: Ctx, e: escritura.Escritura) {
  const r = await escritura.escribir(ctx.db, e);
  if ('error' in r) throw r.error;
  return r.fila;
}

/**
 * The write of a top-up of an inventory line, in one transaction: the line is taken (only a
 * line not yet recharged), the row written and counted; an external top-up, already decided,
 * marks the line recharged at once. A repeat of a key answers undefined (the first row stands),
 * also when it waited for the first one's lock on the line.
 */
async function insertarConLinea(
  ctx: Ctx,
  f: escritura.NuevaRecarga & { linea_id: number },
  zona: string,
  limite: number,
) {
  return ctx.db.transaction().execute(async (tx) => {
    if (await repo.buscarPorClave(tx, f.empresa_id, f.idempotencia)) return undefined;
    if (!(await lineas.tomarParaRecarga(tx, f.linea_id))) {
      if (await repo.buscarPorClave(tx, f.empresa_id, f.idempotencia)) return undefined;
      throw new ErrorApi(409, M.lineaYaRecargada, {}, 'linea_ya_recargada');
    }
    const fila = await escritura.insertarYContar(tx, f, zona, limite);
    if (fila && f.estado === 'exitosa') await lineas.marcarRecargada(tx, f.linea_id);
    return fila;
  });
}

/**
 * The one send of a row, by the caller that wrote it, through its platforms in order
 * (respaldo.ts); returns the row as it then stands. A row no platform took fails (nothing was
 * sent); an unknown outcome schedules the row's reconciliation, which only ever asks.
 */
async function enviar(
  ctx: Ctx,
  fila: repo.Recarga,
  destinos: Destino[],
  origen: Pick<Solicitante, 'ip' | 'solicitud'>,
  evento: HacerEvento | undefined,
): Promise<Resultado> {
  // The trail names the user who asked (the public screen: no user) and from where.
  const quien = {
    usuarioId: fila.usuario_id,
    usuario: fila.usuario_id ? null : M.actorSinUsuario,
    ip: origen.ip ?? null,
  };
  const e = await enviarEnOrden(ctx, fila, destinos);
  if (ningunaLaTomo(e)) {
    const por = { mensaje: M.plataformaNoDisponible, falla: 'proveedor_no_disponible' } as const;
    return (await fallar(ctx, e.fila, por, quien, evento)) ?? e.fila;
  }
  const decidida = await resolver(ctx, e.fila, e.r, quien, evento);
  if (!decidida) await programarReconciliacion(ctx, fila.id, ctx.config.reconciliarTras, origen.solicitud);
  return decidida ?? e.fila;
}
