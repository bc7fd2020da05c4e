import {
  CURSOR_DIA,
  ETIQUETAS_DIFERENCIA,
  etiquetaEstadoDiferencia,
  type PeticionConciliar,
  type ResumenDia,
  TITULOS_DIAS,
  TITULOS_DIFERENCIAS,
} from '@recargas/contracts/conciliaciones';
import { ajustesEmpresa } from '@recargas/contracts/empresas';
import { fechaHora } from '@recargas/contracts/fechas';
import { M } from '@recargas/contracts/mensajes';
import type { Ctx } from '../../contexto.ts';
import { ErrorApi } from '../../lib/errores.ts';
import { hoyEn, sumarDias } from '../../lib/fechas.ts';
import { type FilaEstadoCuenta, SinEstadoCuenta } from '../../providers/puerto.ts';
import type { FilaProveedor } from '../../providers/registro.ts';
import * as empresas from '../empresas/service.ts';
import type { Exportador } from '../excel/service.ts';
import * as recargas from '../recargas/service.ts';
import { comparar, porAsentar } from './comparar.ts';
import * as repo from './repo.ts';

const noEncontrado = () => new ErrorApi(404, M.noEncontrado);

/** The company's time zone: its days (and so which day is over) are counted in it. */
const zonaDe = async (ctx: Ctx, empresaId: number) =>
  empresas.ajustesDe(await empresas.porIdOError(ctx.db, empresaId)).zonaHoraria;

/** The company's provider of a platform and its time zone; a day not yet over is refused. */
async function contexto(ctx: Ctx, empresaId: number, p: PeticionConciliar) {
  const proveedor = await repo.proveedor(ctx.db, empresaId, p.plataforma);
  if (!proveedor) throw new ErrorApi(400, M.conciliacionPlataformaInvalida);
  const zona = await zonaDe(ctx, empresaId);
  if (p.dia >= hoyEn(zona)) throw new ErrorApi(400, M.conciliacionDiaFuturo);
  return { proveedor, zona };
}

/**
 * Compares a day of a company's platform with the provider's statement and keeps the result
 * (replacing an earlier one of that day). Our top-ups still open that the statement decided are
 * settled first, by the recargas service's own rule (asentar), so they are compared as settled.
 * The day's row and its mismatches are written in one transaction.
 */
async function conciliar(
  ctx: Ctx,
  empresaId: number,
  proveedor: { id: number },
  { dia, zona }: { dia: string; zona: string },
  suyas: FilaEstadoCuenta[],
  origen: 'proveedor' | 'archivo',
) {
  const leer = () => repo.recargasDelDia(ctx.db, empresaId, proveedor.id, { desde: dia, hasta: dia, zona });
  let asentadas = 0;
  const leidas = await leer();
  const abiertas = porAsentar(leidas, suyas);
  for (const a of abiertas) if (await recargas.asentar(ctx, a.id, a.decision)) asentadas++;
  const { resumen, diferencias } = comparar(abiertas.length > 0 ? await leer() : leidas, suyas);
  const id = await ctx.db
    .transaction()
    .execute((tx) =>
      repo.guardar(
        tx,
        { empresa_id: empresaId, proveedor_id: proveedor.id, dia, origen, asentadas, ...resumen },
        diferencias,
      ),
    );
  return resumenDe((await repo.porId(ctx.db, empresaId, id)) as repo.FilaResumen);
}

/** POST /api/conciliaciones/obtener: the provider's statement of a day, asked now. */
export async function obtener(ctx: Ctx, empresaId: number, p: PeticionConciliar) {
  const { proveedor, zona } = await contexto(ctx, empresaId, p);
  const suyas = await leerDelProveedor(ctx, proveedor, p.dia, zona);
  return conciliar(ctx, empresaId, proveedor, { dia: p.dia, zona }, suyas, 'proveedor');
}

async function leerDelProveedor(ctx: Ctx, proveedor: FilaProveedor, dia: string, zona: string) {
  try {
    return await ctx.proveedores.de(proveedor).estadoDeCuenta(dia, zona);
  } catch (e) {
    if (e instanceof SinEstadoCuenta) throw new ErrorApi(409, M.conciliacionSinEstadoCuenta);
    ctx.log.warn({ err: e, proveedor: proveedor.id, dia }, 'Estado de cuenta no leído');
    throw new ErrorApi(502, M.conciliacionProveedorNoResponde);
  }
}

/** POST /api/conciliaciones/subir: an uploaded statement, already read and checked whole. */
export async function subir(ctx: Ctx, empresaId: number, p: PeticionConciliar, suyas: FilaEstadoCuenta[]) {
  const { proveedor, zona } = await contexto(ctx, empresaId, p);
  return conciliar(ctx, empresaId, proveedor, { dia: p.dia, zona }, suyas, 'archivo');
}

/**
 * Whether a day can be checked before the file is read (its platform exists, the day is over);
 * the company's zone, whose clock a statement's zone-less times are on.
 */
export const revisarPeticion = async (ctx: Ctx, empresaId: number, p: PeticionConciliar) => ({
  zona: (await contexto(ctx, empresaId, p)).zona,
});

/**
 * The nightly job: yesterday (in each company's zone) of every provider whose adapter gives a
 * statement. One provider that fails is logged and the round goes on.
 */
export async function conciliarAyer(ctx: Ctx) {
  let hechas = 0;
  for (const p of await repo.proveedoresConEmpresa(ctx.db)) {
    const zona = ajustesEmpresa.parse(p.ajustes ?? {}).zonaHoraria;
    const dia = sumarDias(hoyEn(zona), -1);
    try {
      const suyas = await ctx.proveedores.de(p).estadoDeCuenta(dia, zona);
      await conciliar(ctx, p.empresa_id, p, { dia, zona }, suyas, 'proveedor');
      hechas++;
    } catch (e) {
      if (!(e instanceof SinEstadoCuenta))
        ctx.log.warn({ err: e, proveedor: p.id, dia }, 'Conciliación nocturna');
    }
  }
  return hechas;
}

function resumenDe(f: repo.FilaResumen): ResumenDia {
  return {
    id: f.id,
    dia: f.dia,
    plataforma: f.numero,
    proveedor: f.nombre,
    origen: f.origen,
    nuestras: f.nuestras,
    suyas: f.suyas,
    // Exact decimals from the database (numeric), subtracted there: JSON numbers only to show.
    totalNuestro: Number(f.total_nuestro),
    totalSuyo: Number(f.total_suyo),
    diferencia: Number(f.diferencia),
    faltaNuestra: f.falta_nuestra,
    faltaSuya: f.falta_suya,
    monto: f.monto,
    estado: f.estado,
    asentadas: f.asentadas,
    creada: f.creada.toISOString(),
  };
}

/** GET /api/conciliaciones: the company's days, newest first, by keyset. */
export async function dias(ctx: Ctx, empresaId: number, q: { after?: string | undefined; limit: number }) {
  const m = q.after ? CURSOR_DIA.exec(q.after) : null;
  const despues = m ? { dia: m[1] as string, id: Number(m[2]) } : undefined;
  const filas = await repo.dias(ctx.db, empresaId, despues, q.limit + 1);
  const pagina = filas.slice(0, q.limit).map(resumenDe);
  const ultima = pagina.at(-1);
  return {
    filas: pagina,
    siguiente: filas.length > q.limit && ultima ? `${ultima.dia}_${ultima.id}` : null,
    total: despues ? null : await repo.contarDias(ctx.db, empresaId),
    ayer: sumarDias(hoyEn(await zonaDe(ctx, empresaId)), -1),
  };
}

/** GET /api/conciliaciones/:id: a day of the caller's company and a page of its mismatches. */
export async function dia(
  ctx: Ctx,
  empresaId: number,
  id: number,
  q: { after?: number | undefined; limit: number },
) {
  const f = await repo.porId(ctx.db, empresaId, id);
  if (!f) throw noEncontrado();
  const filas = await repo.diferencias(ctx.db, f.id, q.after, q.limit + 1);
  const pagina = filas.slice(0, q.limit);
  const r = resumenDe(f);
  return {
    dia: r,
    filas: pagina.map((d) => ({
      id: d.id,
      tipo: d.tipo,
      recarga: d.recarga_id,
      folio: d.folio,
      dn: d.dn,
      montoNuestro: d.monto_nuestro === null ? null : Number(d.monto_nuestro),
      montoSuyo: d.monto_suyo === null ? null : Number(d.monto_suyo),
      estadoNuestro: d.estado_nuestro,
      estadoSuyo: d.estado_suyo,
      hora: d.hora?.toISOString() ?? null,
    })),
    siguiente: filas.length > q.limit ? String(pagina.at(-1)?.id) : null,
    total: q.after === undefined ? r.faltaNuestra + r.faltaSuya + r.monto + r.estado : null,
  };
}

const LOTE = 1000;
const texto = (v: string | number | null) => (v === null ? '' : String(v));

/** Excel CONCILIACIONES: the days list, every page. */
export const exportarDias: Exportador = async (ctx, u) => ({
  hoja: 'Conciliaciones',
  titulos: TITULOS_DIAS,
  numericas: [1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  async *filas() {
    let after: string | undefined;
    for (;;) {
      const p = await dias(ctx, u.empresaId, { after, limit: LOTE });
      yield p.filas.map((d) =>
        [
          d.dia,
          d.plataforma,
          d.origen === 'archivo' ? M.conciliacionOrigenArchivo : M.conciliacionOrigenProveedor,
          d.nuestras,
          d.suyas,
          d.totalNuestro,
          d.totalSuyo,
          d.diferencia,
          d.faltaNuestra,
          d.faltaSuya,
          d.monto,
          d.estado,
          d.asentadas,
        ].map(texto),
      );
      if (!p.siguiente) return;
      after = p.siguiente;
    }
  },
});

/** Excel CONCILIACION: one day's mismatches (chip `conciliacion`: the day's id). */
export const exportarDia: Exportador = async (ctx, u, p) => {
  const id = Number(p.filtros.conciliacion?.[0]);
  if (!Number.isSafeInteger(id) || id < 1) throw new ErrorApi(400, M.filtrosInvalidos);
  // The day must be the caller's company's: another one's id is not found.
  await dia(ctx, u.empresaId, id, { limit: 1 });
  const zona = await zonaDe(ctx, u.empresaId);
  return {
    hoja: 'Diferencias',
    titulos: TITULOS_DIFERENCIAS,
    numericas: [1, 4, 5],
    async *filas() {
      let after: number | undefined;
      for (;;) {
        const r = await dia(ctx, u.empresaId, id, { after, limit: LOTE });
        yield r.filas.map((d) =>
          [
            ETIQUETAS_DIFERENCIA[d.tipo],
            d.recarga,
            d.folio,
            d.dn,
            d.montoNuestro,
            d.montoSuyo,
            d.estadoNuestro && etiquetaEstadoDiferencia(d.estadoNuestro),
            d.estadoSuyo && etiquetaEstadoDiferencia(d.estadoSuyo),
            fechaHora(d.hora, zona),
          ].map(texto),
        );
        if (!r.siguiente) return;
        after = Number(r.siguiente);
      }
    },
  };
};
