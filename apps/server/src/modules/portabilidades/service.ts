import type { Carrier } from '@recargas/contracts/carriers';
import { M, texto } from '@recargas/contracts/mensajes';
import { NIVEL } from '@recargas/contracts/niveles';
import {
  CAMPOS_EDITABLES,
  type CampoEditable,
  type ConsultaPortas,
  type DetallePorta,
  type PeticionActualizarPorta,
  type PeticionInventario,
  type PortOut,
  type RespuestaInventario,
  type RespuestaInventarioRuta,
  type RespuestaPortas,
  type RespuestaRecargaPorta,
  siguientePaso,
} from '@recargas/contracts/portabilidades';
import { montoPermitido, TIPO_POR_DEFECTO } from '@recargas/contracts/recargas';
import type { Ctx } from '../../contexto.ts';
import { codificarCursor, decodificarCursor } from '../../lib/cursor.ts';
import { ErrorApi, noEncontrado } from '../../lib/errores.ts';
import { diaDe, rangoMesesAtras } from '../../lib/fechas.ts';
import type { Sesion } from '../auth/service.ts';
import * as empresas from '../empresas/service.ts';
import * as recargas from '../recargas/service.ts';
import * as repo from './repo.ts';
import * as repoInventario from './repo-inventario.ts';

export type { NuevaPorta } from './repo.ts';

/**
 * Default range of the port-out and inventory screens (spec section 9): from the same day of
 * the previous month (capped at 27) to today.
 */
export const rangoPorDefecto = (zona: string, ahora = new Date()) => rangoMesesAtras(zona, 1, ahora);

const ajustesDe = async (ctx: Ctx, empresaId: number) =>
  empresas.ajustesDe(await empresas.porIdOError(ctx.db, empresaId));
export const zonaDe = async (ctx: Ctx, empresaId: number) => (await ajustesDe(ctx, empresaId)).zonaHoraria;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const ABIERTAS = new Set(['pendiente', 'enviada']);

/**
 * The row as section 3 names it. A top-up that was still open when answered and succeeded later
 * (reconciliation) counts as the recharge: its row shows the date without another press.
 */
export function aPortOut(f: repo.PortaVista): PortOut {
  const recargada =
    f.fecha_recarga ?? (f.recarga_estado === 'exitosa' ? (f.recarga_terminada ?? f.actualizada) : null);
  return {
    id: f.id,
    icc: f.icc,
    leaderName: f.lider_nombre,
    clientName: f.cliente_nombre,
    inter: f.inter,
    insertedDate: f.insertada.toISOString(),
    username: f.username,
    rechargeAmount: f.monto_recarga,
    nip: f.nip,
    originCarrier: f.carrier_origen,
    destinationCarrier: f.carrier_destino,
    originDn: f.dn_origen,
    destinationDn: f.dn_destino,
    portDate: iso(f.fecha_porta),
    rechargeDate: iso(recargada),
    isPort: f.is_port ? 1 : 0,
    recargaPendiente: f.recarga_estado !== null && ABIERTAS.has(f.recarga_estado),
  };
}

async function vistaOError(ctx: Ctx, empresaId: number, id: number) {
  const f = await repo.vista(ctx.db, empresaId, id);
  if (!f) throw noEncontrado();
  return f;
}

/** GET api/portOuts: one page of the range, newest first; the count on the first page. */
export async function listar(ctx: Ctx, s: Sesion, q: ConsultaPortas): Promise<RespuestaPortas> {
  const zona = await zonaDe(ctx, s.empresaId);
  const porDefecto = rangoPorDefecto(zona);
  const desde = q.fechaInicial ?? porDefecto.desde;
  const hasta = q.fechaFinal ?? (desde > porDefecto.hasta ? desde : porDefecto.hasta);
  if (desde > hasta) throw new ErrorApi(400, M.rangoFechasInvalido);
  const rango = { desde, hasta, zona };
  const filtros = q.filtros ?? {};
  const cursor = q.after ? decodificarCursor(q.after) : undefined;
  const [filas, total] = await Promise.all([
    repo.pagina(ctx.db, s.empresaId, rango, filtros, cursor, q.limit + 1),
    cursor ? Promise.resolve(null) : repo.contar(ctx.db, s.empresaId, rango, filtros),
  ]);
  const hay = filas.length > q.limit;
  const pagina = filas.slice(0, q.limit);
  const ultima = pagina.at(-1);
  return {
    portOuts: pagina.map(aPortOut),
    total,
    siguiente: hay && ultima ? codificarCursor({ k: ultima.k, id: ultima.id }) : null,
    fechaInicial: desde,
    fechaFinal: hasta,
  };
}

/** Edit field → column. */
const COLUMNA: Record<CampoEditable, keyof repo.Cambios & keyof repo.FilaPorta> = {
  leaderName: 'lider_nombre',
  clientName: 'cliente_nombre',
  rechargeAmount: 'monto_recarga',
  originDn: 'dn_origen',
  originCarrier: 'carrier_origen',
  destinationDn: 'dn_destino',
  destinationCarrier: 'carrier_destino',
  nip: 'nip',
};
/** What a recharge (done or under way) fixes, and what a port attempt fixes. */
const FIJOS_TRAS_RECARGA: readonly CampoEditable[] = [
  'rechargeAmount',
  'destinationDn',
  'destinationCarrier',
];
const FIJOS_TRAS_PORTA: readonly CampoEditable[] = ['destinationDn'];
const FIJOS_TRAS_PORTADA: readonly CampoEditable[] = ['originDn', 'originCarrier', 'nip', 'destinationDn'];

/**
 * The update: id plus the changed fields (section 4). Nothing different from the stored row:
 * 'Ningun cambio para actualizar'. A field the row's state already relies on is refused.
 */
export async function actualizar(ctx: Ctx, s: Sesion, p: PeticionActualizarPorta) {
  const f = await vistaOError(ctx, s.empresaId, p.id);
  const cambios: repo.Cambios = {};
  const cambiados: CampoEditable[] = [];
  for (const campo of CAMPOS_EDITABLES) {
    const nuevo = p[campo];
    if (nuevo === undefined) continue;
    const valor = nuevo === '' ? null : nuevo;
    const col = COLUMNA[campo];
    if ((f[col] ?? null) === valor) continue;
    (cambios as Record<string, unknown>)[col] = valor;
    cambiados.push(campo);
  }
  if (cambiados.length === 0) throw new ErrorApi(400, M.ningunCambio);
  const actual = aPortOut(f);
  const fijos = new Set<CampoEditable>([
    ...(actual.rechargeDate || actual.recargaPendiente ? FIJOS_TRAS_RECARGA : []),
    ...(actual.portDate ? FIJOS_TRAS_PORTA : []),
    ...(actual.isPort === 1 ? FIJOS_TRAS_PORTADA : []),
  ]);
  if (cambiados.some((c) => fijos.has(c))) throw new ErrorApi(409, M.portaNoEditable);
  // A recharge amount must be one the company sells (the rule the recharge itself applies).
  if (
    cambios.monto_recarga != null &&
    !montoPermitido(await ajustesDe(ctx, s.empresaId), cambios.monto_recarga)
  )
    throw new ErrorApi(400, M.montoNoPermitido);
  await repo.actualizar(ctx.db, s.empresaId, p.id, cambios);
  return {
    mensaje: M.actualizadoCorrectamente,
    portOut: aPortOut(await vistaOError(ctx, s.empresaId, p.id)),
  };
}

/** The company's platform 1 provider: the ATT activation and portability server. */
export async function proveedorAtt(ctx: Ctx, empresaId: number) {
  const fila = await repo.proveedorPlataforma(ctx.db, empresaId, 1);
  if (!fila) throw noEncontrado();
  return ctx.proveedores.de(fila);
}

/**
 * POST api/portOuts/activacion. Activar gives the SIM its number; Portar (and Portar
 * nuevamente) asks ATT to move the origin number onto it and sets portDate, with isPort telling
 * whether it worked. Only the step the row is at is done: a stale or repeated press is refused.
 * Nothing is held locked during ATT's call; the write afterwards only applies to the state the
 * call was made from, so of two presses one wins and the other is refused.
 */
export async function activacion(ctx: Ctx, s: Sesion, p: { id: number; accion: 'activar' | 'portar' }) {
  const f = await vistaOError(ctx, s.empresaId, p.id);
  const paso = siguientePaso(aPortOut(f));
  const att = await proveedorAtt(ctx, s.empresaId);
  if (p.accion === 'activar') {
    if (paso !== 'activar') throw new ErrorApi(409, M.portaYaActivada);
    const r = await att.activar(f.icc);
    if (r.estado === 'desconocida') throw new ErrorApi(502, M.portaSinRespuestaAtt);
    if (r.estado === 'rechazada')
      throw new ErrorApi(422, texto('portaActivacionFallida', { error: r.mensaje }));
    if (!(await repo.activar(ctx.db, s.empresaId, f.id, r.dn))) throw new ErrorApi(409, M.portaYaActivada);
    return { mensaje: M.iccActivado, portOut: aPortOut(await vistaOError(ctx, s.empresaId, f.id)) };
  }
  if (paso === 'activar') throw new ErrorApi(409, M.aunNoPortar);
  if (paso !== 'portar' && paso !== 'portarNuevamente') throw new ErrorApi(409, M.portaYaPortada);
  if (!f.dn_origen || !f.carrier_origen || !f.nip || !f.dn_destino)
    throw new ErrorApi(400, M.portaFaltanDatos);
  const r = await att.portar({
    icc: f.icc,
    dnDestino: f.dn_destino,
    dnOrigen: f.dn_origen,
    carrierOrigen: f.carrier_origen,
    nip: f.nip,
  });
  if (r.estado === 'desconocida') throw new ErrorApi(502, M.portaSinRespuestaAtt);
  const aceptada = r.estado === 'aceptada';
  const escrita = await repo.registrarPorta(ctx.db, s.empresaId, f.id, f.fecha_porta, {
    is_port: aceptada,
    mensaje_porta: aceptada ? r.referencia : r.mensaje,
  });
  if (!escrita) throw new ErrorApi(409, M.portaYaPortada);
  const portOut = aPortOut(await vistaOError(ctx, s.empresaId, f.id));
  if (!aceptada) throw new ErrorApi(422, texto('portaPortaFallida', { error: r.mensaje }), { portOut });
  return { mensaje: M.iccPortado, portOut };
}

/**
 * POST api/portOuts/transactions and foreignTransactions: the recharge of a ported row through
 * the top-up engine. The idempotency key is the row's attempt (`p:<id>:<n>`), not the request:
 * any number of presses of one attempt, by any button or tab, is one top-up. A failed attempt
 * moves the row to the next key; an open one answers its state until it is decided.
 */
export async function recargar(
  ctx: Ctx,
  s: Sesion,
  id: number,
  folio?: string,
): Promise<{ status: 200 | 202 | 422; cuerpo: RespuestaRecargaPorta }> {
  const f = await vistaOError(ctx, s.empresaId, id);
  const actual = aPortOut(f);
  const paso = siguientePaso(actual);
  if (paso === 'recargada') throw new ErrorApi(409, M.portaYaRecargada);
  if (paso !== 'recargar') throw new ErrorApi(409, M.aunNoRecargar);
  if (!f.dn_destino || !f.monto_recarga || !f.carrier_destino) throw new ErrorApi(400, M.recargaFaltanDatos);
  const externa = folio !== undefined;
  const intento = f.intentos_recarga;
  const r = await recargas.recargar(
    ctx,
    s,
    {
      icc: '',
      dn: f.dn_destino,
      compania: f.carrier_destino as Carrier,
      montoGuardado: f.monto_recarga,
      tipo: externa ? 'externa' : TIPO_POR_DEFECTO,
      ...(externa ? { folioExterno: folio } : {}),
    },
    { clave: `p:${f.id}:${intento}`, huella: null },
    externa ? recargas.TIPO_RECARGA.externa : recargas.TIPO_RECARGA.normal,
  );
  const { estado } = r.cuerpo;
  await repo.anotarRecarga(ctx.db, s.empresaId, f.id, r.cuerpo.id, estado === 'exitosa');
  if (estado === 'fallida') await repo.siguienteIntento(ctx.db, s.empresaId, f.id, intento);
  const portOut = aPortOut(await vistaOError(ctx, s.empresaId, f.id));
  // An external attempt may meet a normal one of the same key (or the reverse): the answer is
  // that top-up's, worded by its own kind.
  const suya = r.cuerpo.folio !== null && folio !== undefined && r.cuerpo.folio === folio;
  const mensaje =
    estado === 'exitosa'
      ? externa && suya
        ? M.portaRecargaExternaExitosa
        : M.portaRecargaExitosa
      : r.cuerpo.mensaje;
  return { status: r.status as 200 | 202 | 422, cuerpo: { ...r.cuerpo, mensaje, portOut } };
}

/** GET api/portOuts/{dn}: ATT's detail of a ported number of the company. */
export async function detalle(ctx: Ctx, s: Sesion, dn: string): Promise<DetallePorta> {
  const f = await repo.portadaPorDn(ctx.db, s.empresaId, dn);
  if (!f) throw new ErrorApi(404, M.detalleFallido);
  const r = await (await proveedorAtt(ctx, s.empresaId)).detallePorta(dn);
  if (r.estado !== 'encontrado') throw new ErrorApi(502, M.detalleFallido);
  return r.detalle;
}

function diaOpcional(d: number | undefined, m: number | undefined, a: number | undefined) {
  if (d === undefined && m === undefined && a === undefined) return undefined;
  if (d === undefined || m === undefined || a === undefined)
    throw new ErrorApi(400, M.inventarioRangoIncompleto);
  const r = diaDe(d, m, a);
  if (!r) throw new ErrorApi(400, M.lineaFechaInvalida);
  return r;
}

/**
 * The range and leader of an inventory query. Both dates or neither (the default range); a
 * leader (level 2) is always held to its own leader; an administrator sees leaders, or one
 * leader's clients when leaderName is sent.
 */
async function alcanceInventario(ctx: Ctx, s: Sesion, p: PeticionInventario) {
  const zona = await zonaDe(ctx, s.empresaId);
  const inicial = diaOpcional(p.initialDay, p.initialMonth, p.initialYear);
  const final = diaOpcional(p.finalDay, p.finalMonth, p.finalYear);
  if ((inicial === undefined) !== (final === undefined)) throw new ErrorApi(400, M.inventarioRangoIncompleto);
  const porDefecto = rangoPorDefecto(zona);
  const desde = inicial ?? porDefecto.desde;
  const hasta = final ?? porDefecto.hasta;
  if (desde > hasta) throw new ErrorApi(400, M.rangoFechasInvalido);
  let lider = p.leaderName;
  if (s.nivel >= NIVEL.lider) {
    lider =
      s.liderId === null
        ? undefined
        : (await repoInventario.lider(ctx.db, s.empresaId, { id: s.liderId }))?.nombre;
    if (lider === undefined) throw new ErrorApi(404, M.inventarioLiderNoExiste);
  } else if (lider !== undefined && !(await repoInventario.lider(ctx.db, s.empresaId, { nombre: lider }))) {
    throw new ErrorApi(404, M.inventarioLiderNoExiste);
  }
  return { rango: { desde, hasta, zona }, lider };
}

/** POST api/portOuts/inventoryDays: per leader, or per client of one leader. */
export async function inventario(ctx: Ctx, s: Sesion, p: PeticionInventario): Promise<RespuestaInventario> {
  const { rango, lider } = await alcanceInventario(ctx, s, p);
  const { desde, hasta } = rango;
  const filas = await repoInventario.inventario(ctx.db, s.empresaId, rango, {
    lider,
    monto: p.monto,
    filtros: p.filtros,
  });
  return {
    inventario: filas.map((f, i) => ({
      numero: i + 1,
      ...f,
      idLider: f.idLider === null ? null : Number(f.idLider),
    })),
    leaderName: lider ?? null,
    isLider: lider === undefined,
    fechaInicial: desde,
    fechaFinal: hasta,
  };
}

/** One breadcrumb step: the sums of the rows it shows, and their days at the range's pace. */
function pasoDe(
  tipo: 'empresa' | 'lider',
  nombre: string,
  filas: repoInventario.FilaInventarioSql[],
  dias: number,
) {
  const suma = (k: 'entregados' | 'recargados' | 'portabilidades' | 'total') =>
    filas.reduce((n, f) => n + Number(f[k]), 0);
  const movidos = suma('recargados') + suma('portabilidades');
  const texto = (k: 'entregados' | 'recargados' | 'portabilidades' | 'total') => String(suma(k));
  return {
    tipo,
    nombre,
    entregados: texto('entregados'),
    recargados: texto('recargados'),
    portabilidades: texto('portabilidades'),
    total: texto('total'),
    // As each row's: NA when nothing moved.
    inventoryDays: movidos === 0 ? M.na : String(Math.ceil((suma('total') * dias) / movidos)),
  };
}

/**
 * POST api/portOuts/inventoryDaysRoute: the inventory days of each step of the screen's route
 * (breadcrumb) with the filters of inventoryDays: the company (administrators), then the leader
 * whose clients are shown. Each step sums the rows that step lists, so chips narrow it alike.
 */
export async function inventarioRuta(
  ctx: Ctx,
  s: Sesion,
  p: PeticionInventario,
): Promise<RespuestaInventarioRuta> {
  const { rango, lider } = await alcanceInventario(ctx, s, p);
  const dias = repoInventario.diasDe(rango);
  const filasDe = (l: string | undefined) =>
    repoInventario.inventario(ctx.db, s.empresaId, rango, { lider: l, monto: p.monto, filtros: p.filtros });
  const ruta = [];
  if (s.nivel < NIVEL.lider) ruta.push(pasoDe('empresa', M.todos, await filasDe(undefined), dias));
  if (lider !== undefined) ruta.push(pasoDe('lider', lider, await filasDe(lider), dias));
  return { ruta, fechaInicial: rango.desde, fechaFinal: rango.hasta };
}

/** New port-out rows (the upload's action 6 writes them through here), in the caller's transaction. */
export const insertar = repo.insertar;
