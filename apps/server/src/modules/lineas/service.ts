import {
  COLUMNAS_EXTRA_LINEA,
  COLUMNAS_LINEA,
  type ColumnaLinea,
  type ConsultaLineas,
  type FiltrosLineas,
  type Linea,
  type PeticionActualizarIcc,
  type RespuestaLineas,
} from '@recargas/contracts/lineas';
import { M } from '@recargas/contracts/mensajes';
import { esAdministrador, NIVEL } from '@recargas/contracts/niveles';
import { montoPermitido, PERMISO_DN, PERMISO_SIN_DN } from '@recargas/contracts/recargas';
import type { Transaction } from 'kysely';
import type { Ctx } from '../../contexto.ts';
import type { Db } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { type Cursor, codificarCursor, decodificarCursor } from '../../lib/cursor.ts';
import { ErrorApi, noEncontrado, sinPermiso } from '../../lib/errores.ts';
import { type Rango, rangoMesesAtras } from '../../lib/fechas.ts';
import { comunesDe, SIN_COMUNES } from '../../lib/trigramas.ts';
import * as empresas from '../empresas/service.ts';
import type { Subidor } from '../subidas/service.ts';
import * as repo from './repo.ts';
import * as conteos from './repo-conteo.ts';
import * as reciclaje from './repo-reciclaje.ts';
import * as subidas from './repo-subidas.ts';

export type { Alcance, Cursor, FilaLinea, LineaVista, Rango } from './repo.ts';

/** Who looks at or changes the inventory: the part of the session an upload also reads. */
export type Usuario = Subidor;

/**
 * Which lines a user may see (spec section 6): administrators all of the company's, a
 * leader (level 2) only their own leader's, a client none. Undefined: nothing at all.
 */
export function alcanceDe(u: Usuario): repo.Alcance | undefined {
  if (esAdministrador(u.nivel)) return { empresaId: u.empresaId };
  if (u.nivel === NIVEL.lider && u.liderId !== null) return { empresaId: u.empresaId, liderId: u.liderId };
  return undefined;
}

/**
 * Default range of administrarBase (spec sections 2, 5 and 9): the last two months, starting
 * on the same day of the month two months back (capped at 27), ending today.
 */
export const rangoPorDefecto = (zona: string, ahora = new Date()) => rangoMesesAtras(zona, 2, ahora);

export function rangoDe(zona: string, fechaInicial?: string, fechaFinal?: string): Rango {
  const porDefecto = rangoPorDefecto(zona);
  const desde = fechaInicial ?? porDefecto.desde;
  const hasta =
    fechaFinal ?? (fechaInicial && fechaInicial > porDefecto.hasta ? fechaInicial : porDefecto.hasta);
  if (desde > hasta) throw new ErrorApi(400, M.rangoFechasInvalido);
  return { desde, hasta, zona };
}

export { codificarCursor, decodificarCursor };

/** The columns a user sees: platform for administrators; the company's extra columns with BISVI. */
export function columnasPara(u: Usuario, extras: readonly string[]): ColumnaLinea[] {
  const admin = esAdministrador(u.nivel);
  return (Object.keys(COLUMNAS_LINEA) as ColumnaLinea[]).filter((c) => {
    if (c === 'plataforma') return admin;
    if ((COLUMNAS_EXTRA_LINEA as readonly string[]).includes(c))
      return admin && u.permisos.includes('BISVI') && extras.includes(c);
    return true;
  });
}

export const puedeEditar = (u: Usuario) =>
  u.nivel !== NIVEL.cliente && u.permisos.includes('ADMINISTRAR_BASE');

/** Unlock: administrators with DESBLOQUEAR_LINEAS, and only the listed usernames where the company lists some. */
export function puedeDesbloquear(u: Usuario, usuariosDesbloqueo: readonly string[]) {
  if (!esAdministrador(u.nivel) || !u.permisos.includes('DESBLOQUEAR_LINEAS')) return false;
  return (
    usuariosDesbloqueo.length === 0 ||
    usuariosDesbloqueo.some((n) => n.toLowerCase() === u.username.toLowerCase())
  );
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function aLinea(f: repo.LineaVista): Linea {
  return {
    id: f.id,
    icc: f.icc,
    dn: f.dn,
    monto: f.monto,
    lider: f.lider_id ?? 0,
    liderNombre: f.lider_nombre ?? M.lineaSinLider,
    cliente: f.cliente_id ?? 0,
    clienteNombre: f.cliente_nombre ?? M.lineaSinCliente,
    compania: f.compania,
    subidoPor: f.subido_por_username,
    fechaSubida: f.fecha_subida.toISOString(),
    fechaActualizacion: f.fecha_actualizacion.toISOString(),
    fechaVigencia: f.fecha_vigencia,
    fechaRecarga: iso(f.fecha_recarga),
    nir: f.nir,
    plataforma: f.plataforma,
    isRecargado: f.is_recargado,
    fechaEntrega: f.fecha_entrega,
    producto: f.producto,
    fechaPortada: f.fecha_portada,
  };
}

/** The settings of the caller's company that the inventory uses. */
async function ajustesDe(db: Db, empresaId: number) {
  return empresas.ajustesDe(await empresas.porIdOError(db, empresaId));
}

/** The trigrams too common to look up, where chips on the ICC or the number need them. */
const trigramasComunes = (db: Db, f: FiltrosLineas) =>
  f.icc?.length || f.dn?.length ? comunesDe(db, 'lineas', ['icc', 'dn']) : Promise.resolve(SIN_COMUNES);

/** GET /iccs: one page of the range, scoped, filtered; the count on the first page. */
export async function listar(ctx: Ctx, u: Usuario, q: ConsultaLineas): Promise<RespuestaLineas> {
  const ajustes = await ajustesDe(ctx.db, u.empresaId);
  const rango = rangoDe(ajustes.zonaHoraria, q.fechaInicial, q.fechaFinal);
  const cursor = q.after ? decodificarCursor(q.after) : undefined;
  const filtros = q.filtros ?? {};
  const columnas = columnasPara(u, ajustes.columnasExtraLineas);
  const base = {
    titulos: columnas.map((c) => ({ llave: c, valor: COLUMNAS_LINEA[c] })),
    fechaInicial: rango.desde,
    fechaFinal: rango.hasta,
    puedeEditar: puedeEditar(u),
    puedeDesbloquear: puedeDesbloquear(u, ajustes.usuariosDesbloqueo),
  };
  const alcance = alcanceDe(u);
  if (!alcance) return { ...base, lineas: [], total: cursor ? null : 0, masDe: false, siguiente: null };
  const comunes = await trigramasComunes(ctx.db, filtros);
  const pagina = (db: Db, porFecha?: boolean) =>
    repo.pagina(db, alcance, rango, filtros, cursor, q.limit + 1, { comunes, porFecha });
  const contar = () => conteos.contar(ctx.db, alcance, rango, filtros, comunes);
  let filas: repo.LineaVista[];
  let conteo: conteos.Conteo | undefined;
  let porFecha = false;
  if (!conteos.desdeTotales(filtros) && repo.recorrible(filtros)) {
    // Chips on the ICC, number or carrier: the count says which way the page is found, and its
    // cursor carries that to the next pages. More than the bound: walking the range by date in
    // the index finds 20 soon; fewer: the trigram index finds them all (issue 25).
    conteo = cursor ? undefined : await contar();
    porFecha = cursor ? cursor.porFecha === true : conteo?.masDe === true;
    filas = await repo.conPlanPropio(ctx.db, (tx) => pagina(tx, porFecha), { porFecha });
  } else {
    // The page and its count are independent reads: side by side. Other free text (names,
    // dates): the page planned for its values.
    [filas, conteo] = await Promise.all([
      conteos.desdeTotales(filtros) ? pagina(ctx.db) : repo.conPlanPropio(ctx.db, pagina),
      cursor ? undefined : contar(),
    ]);
  }
  const hayMas = filas.length > q.limit;
  const vistas = hayMas ? filas.slice(0, q.limit) : filas;
  const ultima = vistas.at(-1);
  return {
    ...base,
    lineas: vistas.map((f) => ocultar(aLinea(f), columnas)),
    total: conteo?.total ?? null,
    masDe: conteo?.masDe ?? false,
    siguiente: hayMas && ultima ? codificarCursor({ k: ultima.k, id: ultima.id, porFecha }) : null,
  };
}

/** Columns the user does not see leave as null (platform, extra columns). */
function ocultar(l: Linea, columnas: readonly ColumnaLinea[]): Linea {
  const r = { ...l };
  if (!columnas.includes('plataforma')) r.plataforma = null;
  for (const c of COLUMNAS_EXTRA_LINEA) if (!columnas.includes(c)) r[c] = null;
  return r;
}

/**
 * The export of administrarBase (POST /excel, tipo ADMINISTRAR): the columns this user sees
 * and every row of the range and chips, as display text, in keyset batches (constant memory).
 */
export async function paraExportar(
  ctx: Ctx,
  u: Usuario,
  filtros: FiltrosLineas,
  fechas: { fechaInicial?: string | undefined; fechaFinal?: string | undefined },
) {
  const alcance = alcanceDe(u);
  if (!alcance) throw sinPermiso();
  const ajustes = await ajustesDe(ctx.db, u.empresaId);
  const rango = rangoDe(ajustes.zonaHoraria, fechas.fechaInicial, fechas.fechaFinal);
  const columnas = columnasPara(u, ajustes.columnasExtraLineas);
  const comunes = await trigramasComunes(ctx.db, filtros);
  // The next batch is read while the caller writes this one (the database works meanwhile).
  // 1,000 rows a batch: fewer rows in flight in each thread (measured 13 MiB below 5,000, same time).
  async function* filas(lote = 1000): AsyncGenerator<string[][]> {
    type Pagina = { id: number; k: string; t: string[] }[];
    const leer = (cursor: Cursor | undefined): Promise<Pagina> => {
      const p = repo.paginaTexto(
        ctx.db,
        alcance as repo.Alcance,
        rango,
        filtros,
        columnas,
        cursor,
        lote,
        comunes,
      );
      p.catch(() => {}); // awaited below; a batch left unread must not fail the process
      return p;
    };
    let siguiente: Promise<Pagina> | undefined = leer(undefined);
    while (siguiente) {
      const pagina: Pagina = await siguiente;
      const ultima = pagina.at(-1);
      siguiente = ultima && pagina.length === lote ? leer({ k: ultima.k, id: ultima.id }) : undefined;
      if (pagina.length > 0) yield pagina.map((f) => f.t);
    }
  }
  return { columnas, titulos: columnas.map((c) => COLUMNAS_LINEA[c]), rango, filas };
}

/** POST /actualizarIcc: the rules of section 5 "Line edit", within the user's scope. */
export async function actualizar(ctx: Ctx, u: Usuario, p: PeticionActualizarIcc): Promise<Linea> {
  const alcance = alcanceDe(u);
  if (!alcance || !puedeEditar(u)) throw sinPermiso();
  const actual = await repo.porId(ctx.db, u.empresaId, p.id);
  if (!actual || (alcance.liderId !== undefined && actual.lider_id !== alcance.liderId)) throw noEncontrado();
  // A leader's lines stay theirs; an administrator may reassign.
  const liderId = alcance.liderId ?? (p.lider ? p.lider : null);
  if (liderId !== null && !(await repo.liderDeEmpresa(ctx.db, u.empresaId, liderId))) {
    throw new ErrorApi(400, M.lineaLiderInvalido);
  }
  const clienteId = p.cliente ? p.cliente : null;
  // A changed amount must be one the company sells (contracts recargas.ts); an unchanged one
  // stays, and the top-up refuses it if the company no longer sells it.
  if (
    p.monto !== null &&
    p.monto !== actual.monto &&
    !montoPermitido(await ajustesDe(ctx.db, u.empresaId), p.monto)
  )
    throw new ErrorApi(400, M.montoNoPermitido);
  if (
    clienteId !== null &&
    (liderId === null || !(await repo.clienteDeLider(ctx.db, u.empresaId, liderId, clienteId)))
  ) {
    throw new ErrorApi(400, M.lineaClienteInvalido);
  }
  try {
    await repo.actualizar(ctx.db, u.empresaId, p.id, {
      icc: p.icc,
      dn: p.dn,
      compania: p.compania,
      lider_id: liderId,
      cliente_id: clienteId,
      monto: p.monto,
      nir: p.nir === '' ? null : p.nir,
    });
  } catch (e) {
    if (String((e as { constraint?: string }).constraint ?? e).includes('lineas_empresa_icc')) {
      throw new ErrorApi(409, M.lineaIccExistente);
    }
    throw e;
  }
  const vista = await repo.vistaPorId(ctx.db, u.empresaId, p.id);
  if (!vista) throw noEncontrado();
  return aLinea(vista);
}

/** Unlock a line by ICC (spec sections 4 and 6): DESBLOQUEAR_LINEAS, the company's username list. */
export async function desbloquear(ctx: Ctx, u: Usuario, icc: string): Promise<Linea> {
  const ajustes = await ajustesDe(ctx.db, u.empresaId);
  if (!puedeDesbloquear(u, ajustes.usuariosDesbloqueo)) throw sinPermiso();
  const linea = await repo.porIcc(ctx.db, u.empresaId, icc);
  if (!linea) throw noEncontrado();
  const hecha = await repo.desbloquear(ctx.db, u.empresaId, icc, undefined);
  if (!hecha) throw new ErrorApi(409, M.lineaNoDesbloqueable);
  const vista = await repo.vistaPorId(ctx.db, u.empresaId, hecha.id);
  if (!vista) throw noEncontrado();
  return aLinea(vista);
}

// --- For the top-up engine (recargas/service.ts) -------------------------------------------

type Tx = Transaction<DB>;

/** Who sends a top-up by ICC, as the inventory sees them; nivel null for the public screen. */
export interface RecargadorIcc {
  empresaId: number;
  nivel: number | null;
  permisos: readonly string[];
  liderId: number | null;
  clienteId: number | null;
}

/**
 * A top-up by ICC against the inventory (spec section 5, "Top-up by ICC"): the phone is
 * cleared unless the user holds the DN permission of the carrier; a line of the inventory
 * gives the carrier, its DN and its stored amount (the amount rule of contracts recargas.ts
 * decides between it and a chosen one). A leader or client may only top up lines of their own
 * leader (and a client, lines of no other client). An ICC not in the inventory goes on as
 * typed, without a line. A Movistar or AT&T top-up left with no DN at all (neither the line's
 * nor a typed one) goes only with MOVI_SIN_DN / ATT_SIN_DN: otherwise 'faltan datos', before
 * anything is written.
 */
export async function resolverIcc(
  db: Db,
  quien: RecargadorIcc,
  datos: { icc: string; dn: string; compania: string },
): Promise<{ dn: string; compania: string; monto: number | null; lineaId: number | null }> {
  const linea = await repo.porIcc(db, quien.empresaId, datos.icc);
  const compania = linea?.compania ?? datos.compania;
  const permiso = PERMISO_DN[compania];
  const dnPermitido = permiso !== undefined && quien.permisos.includes(permiso);
  const dnEscrito = dnPermitido ? datos.dn : '';
  if (linea && quien.nivel !== null && !esAdministrador(quien.nivel)) {
    const otroLider = linea.lider_id !== quien.liderId;
    const otroCliente =
      quien.nivel === NIVEL.cliente && linea.cliente_id !== null && linea.cliente_id !== quien.clienteId;
    if (otroLider || otroCliente) throw new ErrorApi(403, M.lineaAjena);
  }
  const dn = dnEscrito || (linea?.dn ?? '');
  const sinDn = PERMISO_SIN_DN[compania];
  if (dn === '' && sinDn !== undefined && !quien.permisos.includes(sinDn))
    throw new ErrorApi(400, M.recargaFaltanDatos);
  return { dn, compania, monto: linea?.monto ?? null, lineaId: linea?.id ?? null };
}

/** Holds a line for a top-up; false when it is already recharged (or held by another top-up). */
export const tomarParaRecarga = async (tx: Tx, id: number) =>
  (await repo.tomarParaRecarga(tx, id)) !== undefined;

export const marcarRecargada = repo.marcarRecargada;
export const liberar = repo.liberar;

// --- For recycling (reciclaje) ---------------------------------------------------------------

export type { LineaAntes, Seleccion } from './repo-reciclaje.ts';
export const porIcc = repo.porIcc;
export const pendientesPorReciclar = reciclaje.pendientes;
export const contarPendientesPorReciclar = reciclaje.contarPendientes;
export const estadoDn = reciclaje.estadoDn;
export const reciclar = reciclaje.reciclar;
export const olvidar = reciclaje.olvidar;

// --- For the users' upload (usuarios/subida.ts) and bulk blocks (masivas) -------------------

export type { LineaNueva } from './repo-subidas.ts';
export const lideresYClientes = repo.lideresYClientes;
export const insertarNuevas = subidas.insertarNuevas;
