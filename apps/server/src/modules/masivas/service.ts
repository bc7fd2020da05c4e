import { randomUUID } from 'node:crypto';
import type { Carrier } from '@recargas/contracts/carriers';
import {
  type BloqueMasivo,
  horaLocalDe,
  horaLocalEn,
  type LineaMasiva,
  type Programacion,
  type RespuestaLineasMasivas,
  reglaVentana,
  type VentanaProgramada,
} from '@recargas/contracts/masivas';
import { M, texto } from '@recargas/contracts/mensajes';
import { TIPO_POR_DEFECTO } from '@recargas/contracts/recargas';
import type PgBoss from 'pg-boss';
import type { Ctx } from '../../contexto.ts';
import { COLAS, ejecutorDe } from '../../jobs/colas.ts';
import { decodificarCursor, paginaDe } from '../../lib/cursor.ts';
import { ErrorApi } from '../../lib/errores.ts';
import { diaDe } from '../../lib/fechas.ts';
import * as empresas from '../empresas/service.ts';
import * as notificaciones from '../notificaciones/service.ts';
import * as recargas from '../recargas/service.ts';
import { escribirBloque, type FilaBloque } from './bloques.ts';
import * as repo from './repo.ts';

export { escribirBloque, type FilaBloque, MAX_LINEAS_BLOQUE } from './bloques.ts';

/** Who presses: the top-ups of a block are made in this user's name (limits, history). */
export interface Quien {
  empresaId: number;
  usuarioId: number;
  nivel: number;
  permisos: readonly string[];
  /** The request's address: the trail of the top-ups it asks (a job's too) records it. */
  ip?: string | undefined;
  /** The request's id: the jobs it queues log it. */
  solicitud?: string | undefined;
}

/** One job per line: the attempt it was queued for, and who asked (from where: the trail's IP). */
export interface TrabajoLinea extends Omit<Quien, 'permisos'> {
  id: number;
  intento: number;
  permisos: string[];
  programacionId?: number;
}

/** A queued line counts as running this long after its time (a lost job frees it after that). */
const MARGEN_COLA_SEG = 600;
// --- Blocks ----------------------------------------------------------------------------

/**
 * A block from the rows of an upload of action 4 (all or nothing): lines new to the inventory
 * are added to it (uploaded by `usuarioId`), and the block keeps each row. Answers the block.
 */
export async function crearBloque(
  ctx: Ctx,
  empresaId: number,
  usuarioId: number | null,
  filas: FilaBloque[],
) {
  const fecha = await escribirBloque(ctx.db, empresaId, usuarioId, filas);
  return resumen(ctx, empresaId, fecha);
}

const aBloque = (r: repo.ResumenBloque): BloqueMasivo => ({
  lineas: r.lineas,
  recargadas: r.recargadas,
  monto: r.monto,
  fecha: r.fecha,
  fechaNumerica: r.fecha_numerica,
  disable: r.recargadas === r.lineas || r.en_curso > 0,
  enCurso: r.en_curso,
  porEnviar: r.por_enviar,
  montoPorEnviar: r.monto_por_enviar,
});

async function resumen(ctx: Ctx, empresaId: number, fecha: number) {
  const r = (await repo.resumenes(ctx.db, empresaId, { fecha }))[0];
  if (!r) throw new ErrorApi(404, M.bloqueNoEncontrado);
  return aBloque(r);
}

const ajustes = async (ctx: Ctx, empresaId: number) =>
  empresas.ajustesDe(await empresas.porIdOError(ctx.db, empresaId));

/** A table's titles in the order of `columnas` (row field: its heading). */
const titulosDe = (columnas: Record<string, string>) =>
  Object.entries(columnas).map(([llave, valor]) => ({ llave, valor }));

/** GET /api/bloqueRecargasMasivas: keyset pages, newest block first; the count on the first. */
export async function bloques(ctx: Ctx, empresaId: number, q: { after?: string; limit: number }) {
  const cursor = q.after ? decodificarCursor(q.after) : undefined;
  const [filas, total, a] = await Promise.all([
    repo.resumenes(ctx.db, empresaId, { cursor, limite: q.limit + 1 }),
    cursor ? null : repo.contarBloques(ctx.db, empresaId),
    ajustes(ctx, empresaId),
  ]);
  const { pagina, siguiente } = paginaDe(filas, q.limit);
  const titulos = titulosDe({ lineas: M.lineas, recargadas: M.recargadas, monto: M.monto, fecha: M.fecha });
  return { titulos, bloques: pagina.map(aBloque), programacion: a.programacion, total, siguiente };
}

const aLinea = (l: repo.VistaLinea): LineaMasiva => ({
  id: l.id,
  icc: l.icc,
  dn: l.dn,
  monto: l.monto,
  compania: l.compania,
  nombre: l.nombre,
  fecha: l.fecha,
  isRecargado: l.estado === 'exitosa',
  enCurso: l.en_cola || l.estado === 'pendiente' || l.estado === 'enviada',
  mensaje: l.estado === 'fallida' ? (l.mensaje_recarga ?? M.recargaFallida) : l.mensaje,
});

/** GET /api/recargasMasivas?fecha: the lines of a block; the last column only where the company shows it. */
export async function lineasDeBloque(
  ctx: Ctx,
  empresaId: number,
  fecha: number,
): Promise<RespuestaLineasMasivas> {
  const bloque = await resumen(ctx, empresaId, fecha);
  const b = await repo.bloquePorFecha(ctx.db, empresaId, fecha);
  if (!b) throw new ErrorApi(404, M.bloqueNoEncontrado);
  const [filas, a] = await Promise.all([repo.lineasDe(ctx.db, empresaId, b.id), ajustes(ctx, empresaId)]);
  const titulos = titulosDe({
    icc: M.icc,
    dn: M.dn,
    monto: M.monto,
    compania: M.compania,
    nombre: M.nombre,
    fecha: M.fecha,
    isRecargado: M.recargado,
    ...(a.columnaExtraMasivas ? { mensaje: M.extraMasivas } : {}),
  });
  return { titulos, bloque, lineas: filas.map(aLinea) };
}

// --- Recharging ------------------------------------------------------------------------

/**
 * Decides, under the lines' locks, which lines get a job: not recharged, not open, not queued;
 * a failed attempt moves to the next key. Jobs are written in the same transaction as the marks.
 */
async function encolarLineas(
  ctx: Ctx,
  q: Quien,
  filtro: { bloqueId: number },
  programa?: {
    crear: (
      n: number,
      tx: Parameters<typeof repo.encolar>[0],
    ) => Promise<{ id: number; tiempos: (n: number) => Date[] }>;
  },
) {
  return ctx.db.transaction().execute(async (tx) => {
    const filas = await repo.paraRecargar(tx, q.empresaId, filtro);
    const libres = filas.filter((f) => !f.en_cola && (f.estado === null || f.estado === 'fallida'));
    if (libres.length === 0) return { n: 0, programacionId: undefined };
    const p = programa ? await programa.crear(libres.length, tx) : undefined;
    const tiempos = p?.tiempos(libres.length);
    const marcas: repo.Encolada[] = libres.map((f, i) => ({
      id: f.id,
      intento: f.estado === 'fallida' ? f.intento + 1 : f.intento,
      trabajo: randomUUID(),
      para: tiempos?.[i] ?? null,
    }));
    await repo.encolar(tx, marcas, p?.id ?? null, MARGEN_COLA_SEG);
    const trabajos: PgBoss.JobInsert<TrabajoLinea>[] = marcas.map((m) => ({
      id: m.trabajo,
      name: COLAS.masiva,
      data: {
        id: m.id,
        empresaId: q.empresaId,
        intento: m.intento,
        usuarioId: q.usuarioId,
        nivel: q.nivel,
        permisos: [...q.permisos],
        ...(p ? { programacionId: p.id } : {}),
        ...(q.ip ? { ip: q.ip } : {}),
        ...(q.solicitud ? { solicitud: q.solicitud } : {}),
      },
      ...(m.para ? { startAfter: m.para } : {}),
    }));
    for (let i = 0; i < trabajos.length; i += 2000)
      await ctx.boss.insert(trabajos.slice(i, i + 2000), { db: ejecutorDe(tx) });
    return { n: marcas.length, programacionId: p?.id };
  });
}

async function bloqueOError(ctx: Ctx, empresaId: number, fecha: number) {
  const b = await repo.bloquePorFecha(ctx.db, empresaId, fecha);
  if (!b) throw new ErrorApi(404, M.bloqueNoEncontrado);
  return b;
}

/** POST /api/recargarBloque: one job per line still to recharge; a second press queues nothing twice. */
export async function recargarBloque(ctx: Ctx, q: Quien, fecha: number) {
  const b = await bloqueOError(ctx, q.empresaId, fecha);
  const { n } = await encolarLineas(ctx, q, { bloqueId: b.id });
  return {
    mensaje: n > 0 ? texto('bloqueEnCola', { n }) : M.bloqueSinPendientes,
    encoladas: n,
    bloque: await resumen(ctx, q.empresaId, fecha),
  };
}

/** A line as the engine's request: its stored amount is no choice, and must be one the company sells. */
const datosDe = (l: { icc: string; dn: string; compania: string; monto: number | null }) => ({
  icc: l.icc,
  dn: l.dn,
  compania: l.compania as Carrier,
  montoGuardado: l.monto,
  tipo: TIPO_POR_DEFECTO,
});

/**
 * POST /api/recargarIndividual: one line now, answered like a top-up. A failed attempt moves
 * to the next key first; an open or successful one answers its own state (sends nothing).
 */
export async function recargarIndividual(ctx: Ctx, q: Quien, id: number) {
  const intento = await ctx.db.transaction().execute(async (tx) => {
    const f = (await repo.paraRecargar(tx, q.empresaId, { id }))[0];
    if (!f) throw new ErrorApi(404, M.lineaMasivaNoEncontrada);
    if (f.estado === 'fallida' && (await repo.siguienteIntento(tx, f.id, f.intento))) return f.intento + 1;
    return f.intento;
  });
  const l = await repo.paraTrabajo(ctx.db, q.empresaId, id);
  if (!l) throw new ErrorApi(404, M.lineaMasivaNoEncontrada);
  let r: Awaited<ReturnType<typeof recargas.recargar>>;
  try {
    r = await recargas.recargar(
      ctx,
      await recargas.solicitanteDe(ctx, q),
      datosDe(l),
      { clave: repo.claveLinea(id, intento), huella: null },
      recargas.TIPO_RECARGA.normal,
    );
  } catch (e) {
    if (e instanceof ErrorApi) await repo.terminar(ctx.db, id, intento, e.message);
    throw e;
  }
  const vista = await repo.lineaPorId(ctx.db, q.empresaId, id);
  if (!vista) throw new ErrorApi(404, M.lineaMasivaNoEncontrada);
  return { status: r.status, cuerpo: { ...r.cuerpo, linea: aLinea(vista) } };
}

/**
 * The job of one line: the engine with the attempt's key, so a job run twice (two workers, an
 * expired job, a retry) meets the same top-up row. A refusal of the engine (limit, line already
 * recharged) is kept on the line; any other error fails the job for pg-boss to retry.
 */
export async function procesarLinea(ctx: Ctx, d: TrabajoLinea) {
  const l = await repo.paraTrabajo(ctx.db, d.empresaId, d.id);
  if (!l || l.intento !== d.intento) return;
  if (d.programacionId !== undefined && l.cancelada) return;
  const { empresaId, usuarioId, nivel, permisos, ip, solicitud } = d;
  let rechazo: string | null = null;
  try {
    await recargas.recargar(
      ctx,
      await recargas.solicitanteDe(ctx, { empresaId, usuarioId, nivel, permisos, ip, solicitud }),
      datosDe(l),
      { clave: repo.claveLinea(d.id, d.intento), huella: null },
      recargas.TIPO_RECARGA.normal,
    );
  } catch (e) {
    if (!(e instanceof ErrorApi)) throw e;
    rechazo = e.message;
  }
  await repo.terminar(ctx.db, d.id, d.intento, rechazo);
  await avisarSiTermino(ctx, empresaId, l.fecha_numerica);
}

/**
 * 'Bloque de recargas terminado' for the company's administrators once every line of the block
 * has an outcome (recharged, failed or refused; none queued or open). Keyed by the block and how many it recharged, so each outcome is announced
 * once however many jobs see it, and a rerun that recharges more is announced again.
 */
async function avisarSiTermino(ctx: Ctx, empresaId: number, fecha: number) {
  const r = (await repo.resumenes(ctx.db, empresaId, { fecha }))[0];
  if (!r || r.sin_decidir > 0) return;
  await notificaciones.notificarAdministradores(ctx, empresaId, `bloque:${r.id}:${r.recargadas}`, {
    titulo: M.asuntoBloqueTerminado,
    cuerpo: texto('bloqueTerminado', { fecha: r.fecha, recargadas: r.recargadas, lineas: r.lineas }),
    url: '/in/recargasMasivas',
  });
}

/** A top-up decided by reconciliation: when it was a block line's, the block may be done now. */
export async function alDecidirRecarga(ctx: Ctx, recargaId: number) {
  const l = await repo.lineaDeRecarga(ctx.db, recargaId);
  if (l) await avisarSiTermino(ctx, l.empresa_id, l.fecha_numerica);
}

// --- Scheduling ------------------------------------------------------------------------

/** The company's settings, when it schedules at all. */
async function conProgramacion(ctx: Ctx, empresaId: number) {
  const a = await ajustes(ctx, empresaId);
  if (!a.programacion) throw new ErrorApi(403, M.programacionNoDisponible);
  return a;
}

const aProgramacion = (p: repo.VistaProgramacion): Programacion => ({
  identificador: p.id,
  fecha: p.fecha,
  fechaNumerica: p.fecha_numerica,
  inicio: p.inicio,
  fin: p.fin,
  lineas: p.lineas,
  pendientes: p.pendientes,
  montoPendiente: p.monto_pendiente,
});

/** Evenly spread instants in [inicio, fin): the i-th of n at inicio + i·(fin − inicio)/n. */
export const repartir = (inicio: Date, fin: Date, n: number) => {
  const paso = (fin.getTime() - inicio.getTime()) / n;
  return Array.from({ length: n }, (_, i) => new Date(inicio.getTime() + Math.floor(i * paso)));
};

/**
 * POST /api/cambiaTiempoAutomatico: the lines of the block still to recharge, spread evenly
 * over the window (company time zone) as delayed jobs. Messages of spec section 5.
 */
export async function programar(ctx: Ctx, q: Quien, v: VentanaProgramada) {
  const { zonaHoraria } = await conProgramacion(ctx, q.empresaId);
  const local = { ini: horaLocalDe(v, 'Ini'), fin: horaLocalDe(v, 'Fin') };
  if (!local.ini || !local.fin) throw new ErrorApi(400, M.todosLosCamposLlenos);
  for (const { dia, mes, anio } of [local.ini, local.fin])
    if (!diaDe(dia, mes, anio))
      throw new ErrorApi(400, texto('fechaInexistente', { fecha: `${anio}/${mes}/${dia}` }));
  // The browser's rule (contracts), on the company's clock.
  const regla = reglaVentana(local.ini, local.fin, horaLocalEn(zonaHoraria));
  if (regla) throw new ErrorApi(400, M[regla]);
  const inicio = await repo.instanteLocal(ctx.db, q.empresaId, local.ini);
  const fin = await repo.instanteLocal(ctx.db, q.empresaId, local.fin);
  if (!inicio || !fin) throw new ErrorApi(404, M.noEncontrado);
  const b = await bloqueOError(ctx, q.empresaId, v.identificador);
  // A window begun this minute spreads what remains of it.
  const desde = new Date(Math.max(inicio.getTime(), Date.now()));
  const { n, programacionId } = await encolarLineas(
    ctx,
    q,
    { bloqueId: b.id },
    {
      crear: async (lineas, tx) => {
        const p = await repo.crearProgramacion(tx, {
          empresa_id: q.empresaId,
          bloque_id: b.id,
          usuario_id: q.usuarioId,
          inicio,
          fin,
          lineas,
        });
        return { id: p.id, tiempos: (k) => repartir(desde, fin, k) };
      },
    },
  );
  if (n === 0 || programacionId === undefined) throw new ErrorApi(409, M.sinLineasPorProgramar);
  const p = (await repo.programaciones(ctx.db, q.empresaId, programacionId))[0];
  if (!p) throw new ErrorApi(404, M.noEncontrado);
  return { mensaje: M.recargasProgramadas, programacion: aProgramacion(p) };
}

/** GET /api/getRecargasProgramadas: live programmes of the company (none without the feature). */
export async function programas(ctx: Ctx, empresaId: number) {
  // Without the feature there is nothing to list (scheduling itself answers 403).
  if (!(await ajustes(ctx, empresaId)).programacion) return { programas: [] };
  return { programas: (await repo.programaciones(ctx.db, empresaId)).map(aProgramacion) };
}

/** POST /api/cancelarProgramacion: what has not run stays unsent; 'No se pudo cancelar.' otherwise. */
export async function cancelarProgramacion(ctx: Ctx, empresaId: number, id: number) {
  await conProgramacion(ctx, empresaId);
  const trabajos = await ctx.db.transaction().execute((tx) => repo.cancelar(tx, empresaId, id));
  if (!trabajos) throw new ErrorApi(409, M.noSePudoCancelar);
  // The jobs too (a job that starts anyway finds its programme cancelled and sends nothing).
  for (let i = 0; i < trabajos.length; i += 1000)
    await ctx.boss.cancel(COLAS.masiva, trabajos.slice(i, i + 1000));
  return { mensaje: texto('programacionCancelada', { n: trabajos.length }), canceladas: trabajos.length };
}
