import { M } from '@recargas/contracts/mensajes';
import { NIVEL } from '@recargas/contracts/niveles';
import {
  avisosRangoVentas,
  CLAVES_VENTAS,
  COLUMNAS_VENTAS,
  type ConsultaReportes,
  OMITIDAS_REDUCIDO,
  type Periodo,
  type RespuestaGraficas,
  type RespuestaReportes,
} from '@recargas/contracts/reportes';
import type { Ctx } from '../../contexto.ts';
import { paraLeer } from '../../db/lectura.ts';
import { plazoLargo } from '../../db/plazos.ts';
import { hayChips } from '../../lib/chips.ts';
import { ErrorApi, sinPermiso } from '../../lib/errores.ts';
import { conDiagonales, diaDe, hoyEn, rangoMesesAtras, sumarDias } from '../../lib/fechas.ts';
import type { Sesion } from '../auth/service.ts';
import { ajustesDe, porIdOError } from '../empresas/service.ts';
import * as repo from './repo.ts';
import * as ventasChips from './ventasChips.ts';
import * as ventasDia from './ventasDia.ts';

/** Spec section 5: empty dates mean about 10 days back to today. */
const DIAS_POR_DEFECTO = 10;

type Partes = Pick<ConsultaReportes, 'diaIni' | 'mesIni' | 'anioIni' | 'diaFin' | 'mesFin' | 'anioFin'>;

function dia(
  d: number | undefined,
  m: number | undefined,
  a: number | undefined,
  porDefecto: string,
): string {
  if (d === undefined && m === undefined && a === undefined) return porDefecto;
  const r = d !== undefined && m !== undefined && a !== undefined ? diaDe(d, m, a) : undefined;
  if (!r) throw new ErrorApi(400, M.lineaFechaInvalida);
  return r;
}

export function rangoDe(q: Partes, zona: string, ahora = new Date()): repo.Rango {
  const hoy = hoyEn(zona, ahora);
  const desde = dia(q.diaIni, q.mesIni, q.anioIni, sumarDias(hoy, -DIAS_POR_DEFECTO));
  const hasta = dia(q.diaFin, q.mesFin, q.anioFin, hoy);
  if (hasta < desde) throw new ErrorApi(400, M.fechaFinalMenor);
  return { desde, hasta, zona };
}

/**
 * The company's range policy (avisosRangoVentas, the browser's rule too). It is data, so a company
 * can be given wider ranges: queries are indexed and paged.
 */
function aplicarPolitica(r: repo.Rango, ajustes: ReturnType<typeof ajustesDe>, ahora = new Date()) {
  const avisos = avisosRangoVentas(r, hoyEn(r.zona, ahora), ajustes);
  if (avisos.length > 0) throw new ErrorApi(400, avisos.join('\n'));
}

/**
 * The nightly job: for every company, the days its reports may reach (its policy's oldest
 * start) are summed, so that nobody's first report of the day waits for it.
 */
export async function sumarVentasDia(ctx: Pick<Ctx, 'db' | 'config'>) {
  const empresas = await ctx.db.selectFrom('empresas').selectAll().execute();
  for (const e of empresas) {
    const ajustes = ajustesDe(e);
    const hoy = hoyEn(ajustes.zonaHoraria);
    const desde = sumarDias(hoy, -ajustes.politicaVentas.antiguedadMaxDias);
    // A company's first night may sum years of top-ups in one statement: long work's limit.
    await ctx.db.transaction().execute(async (tx) => {
      await plazoLargo(tx, ctx.config.baseDeDatos);
      await ventasDia.completar(tx, e.id, { desde, hasta: hoy, zona: ajustes.zonaHoraria });
    });
  }
  await ventasChips.limpiar(ctx.db);
  await ventasDia.limpiar(ctx.db);
}

/** Who asks: the session, or the user of an export. */
type Quien = Pick<Sesion, 'empresaId' | 'usuarioId' | 'nivel' | 'liderId'> & { permisos: readonly string[] };

/**
 * Level 2 sees its leader's rows, level 3 its own; administrators may narrow to a leader. The
 * platform filter is RECARGAS_PLATAFORMA's (contracts/permisos.ts).
 */
function alcanceDe(s: Quien, q: Pick<ConsultaReportes, 'plataforma' | 'idLider'>): repo.Alcance {
  if (q.plataforma !== undefined && !s.permisos.includes('RECARGAS_PLATAFORMA')) throw sinPermiso();
  const a: repo.Alcance = { empresaId: s.empresaId, plataforma: q.plataforma };
  if (s.nivel === NIVEL.lider) a.liderId = s.liderId ?? -1;
  else if (s.nivel === NIVEL.cliente) a.usuarioId = s.usuarioId;
  else if (q.idLider) a.liderId = q.idLider;
  return a;
}

interface Cursor extends repo.Posicion {
  /** Rows before this page, and the total (null: asked apart), so numbering stays descending across pages. */
  vistos: number;
  total: number | null;
}
const codificar = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decodificar(t: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(t, 'base64url').toString()) as Cursor;
    if (
      typeof c.creada === 'string' &&
      !Number.isNaN(Date.parse(c.creada)) &&
      /^\d{1,19}$/.test(c.id) &&
      Number.isInteger(c.vistos) &&
      (c.total === null || Number.isInteger(c.total))
    )
      return c;
  } catch {}
  throw new ErrorApi(400, M.filtrosInvalidos);
}

export function titulosVentas(reducido: boolean) {
  return CLAVES_VENTAS.filter((c) => !reducido || !OMITIDAS_REDUCIDO.includes(c)).map((llave) => ({
    llave,
    valor: COLUMNAS_VENTAS[llave],
  }));
}

/**
 * Where a report reads (the replica of DATABASE_URL_LECTURA within its bound, else the primary)
 * and writes the sums it keeps (the primary), with the seconds its rows may lag.
 */
async function donde(ctx: Ctx) {
  const { db, retrasoS } = await paraLeer(ctx);
  return { destinos: { escribe: ctx.db, lee: db }, retrasoS };
}

/** What the page and its total share: the company's settings, the range (policy applied) and the scope. */
async function consulta(ctx: Ctx, s: Sesion, q: Omit<ConsultaReportes, 'after' | 'limit'>) {
  const ajustes = ajustesDe(await porIdOError(ctx.db, s.empresaId));
  const rango = rangoDe(q, ajustes.zonaHoraria);
  aplicarPolitica(rango, ajustes);
  return { ajustes, rango, alcance: alcanceDe(s, q), filtros: q.filtros ?? {} };
}

export async function reportes(ctx: Ctx, s: Sesion, q: ConsultaReportes): Promise<RespuestaReportes> {
  const { ajustes, rango, alcance, filtros } = await consulta(ctx, s, q);
  const cursor = q.after ? decodificar(q.after) : undefined;
  // A count with chips reads every row of the range (a chip is any substring of what a column
  // shows): the page does not wait for it, it is asked apart (totalReportes). Without chips it
  // comes from day totals, and the two independent reads run side by side.
  const { destinos, retrasoS } = await donde(ctx);
  const [total, filas] = await Promise.all([
    cursor ? cursor.total : hayChips(filtros) ? null : repo.contar(destinos, alcance, rango, filtros),
    repo.pagina(destinos.lee, alcance, rango, filtros, cursor, q.limit + 1),
  ]);
  const vistos = cursor?.vistos ?? 0;
  const hay = filas.length > q.limit;
  const pagina = filas.slice(0, q.limit);
  const ultima = pagina.at(-1);
  return {
    titulos: titulosVentas(ajustes.reporteReducido),
    reportes: pagina.map(({ creada: _c, id: _i, ...f }, i) => ({
      numero: total === null ? null : total - vistos - i,
      ...f,
    })),
    total,
    siguiente:
      hay && ultima
        ? codificar({ creada: ultima.creada, id: ultima.id, vistos: vistos + pagina.length, total })
        : null,
    fechaInicial: conDiagonales(rango.desde),
    fechaFinal: conDiagonales(rango.hasta),
    retrasoS,
  };
}

/** GET /reportes/total: the count the first page leaves out when chips are set. */
export async function totalReportes(ctx: Ctx, s: Sesion, q: Omit<ConsultaReportes, 'after' | 'limit'>) {
  const { rango, alcance, filtros } = await consulta(ctx, s, q);
  return { total: await repo.contar((await donde(ctx)).destinos, alcance, rango, filtros) };
}

/** Default chart range: the last 12 months (the old screen's fixed 2019/04/02–2021/04/02 is dropped). */
export async function graficas(
  ctx: Ctx,
  s: Sesion,
  q: Partes & { periodo: Periodo },
): Promise<RespuestaGraficas> {
  const ajustes = ajustesDe(await porIdOError(ctx.db, s.empresaId));
  const sinFechas = q.diaIni === undefined && q.mesIni === undefined && q.anioIni === undefined;
  const rango = rangoDe(q, ajustes.zonaHoraria);
  // Without dates, the company's default: graficasMeses months back (docs/api.md, Sales report and charts).
  if (sinFechas) rango.desde = rangoMesesAtras(ajustes.zonaHoraria, ajustes.graficasMeses).desde;
  const { destinos, retrasoS } = await donde(ctx);
  const filas = await ventasDia.graficas(destinos, s.empresaId, rango, q.periodo);
  const lideres = new Map<number, RespuestaGraficas['lideres'][number]>();
  for (const f of filas) {
    let l = lideres.get(f.idLider);
    if (!l) {
      l = { idLider: f.idLider, lider: f.lider, username: f.username, puntos: [] };
      lideres.set(f.idLider, l);
    }
    l.puntos.push({ periodo: f.periodo, monto: Number(f.monto), recargas: Number(f.recargas) });
  }
  return { lideres: [...lideres.values()], retrasoS };
}

const LOTE_EXPORTACION = 2000;

/**
 * Excel VENTAS: the same rows as the screen (range policy, scope, chips), numbered the same
 * way, read by keyset in batches so a year of top-ups never sits in memory at once.
 */
export async function paraExportar(
  ctx: Ctx,
  u: Quien,
  filtros: ConsultaReportes['filtros'],
  fechas: { fechaInicial?: string | undefined; fechaFinal?: string | undefined },
) {
  const ajustes = ajustesDe(await porIdOError(ctx.db, u.empresaId));
  const partes = (dia: string | undefined, sufijo: 'Ini' | 'Fin') => {
    if (!dia) return {};
    const [a, m, d] = dia.split('-').map(Number);
    return { [`dia${sufijo}`]: d, [`mes${sufijo}`]: m, [`anio${sufijo}`]: a };
  };
  const rango = rangoDe(
    { ...partes(fechas.fechaInicial, 'Ini'), ...partes(fechas.fechaFinal, 'Fin') },
    ajustes.zonaHoraria,
  );
  aplicarPolitica(rango, ajustes);
  const alcance = alcanceDe(u, {});
  const f = filtros ?? {};
  const titulos = titulosVentas(ajustes.reporteReducido);
  const { destinos } = await donde(ctx);
  const total = await repo.contar(destinos, alcance, rango, f);
  return {
    titulos: ['#', ...titulos.map((t) => t.valor)],
    numericas: [0, 1 + titulos.findIndex((t) => t.llave === 'monto')],
    async *filas() {
      let despues: repo.Posicion | undefined;
      let vistos = 0;
      for (;;) {
        const lote = await repo.pagina(destinos.lee, alcance, rango, f, despues, LOTE_EXPORTACION);
        if (lote.length === 0) return;
        yield lote.map((fila, i) => [
          String(total - vistos - i),
          ...titulos.map((t) => String(fila[t.llave as keyof typeof fila] ?? '')),
        ]);
        vistos += lote.length;
        const ultima = lote.at(-1);
        if (!ultima || lote.length < LOTE_EXPORTACION) return;
        despues = { creada: ultima.creada, id: ultima.id };
      }
    },
  };
}
