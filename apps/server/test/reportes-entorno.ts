import type { RespuestaReportes } from '@recargas/contracts/reportes';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { hoyEn, sumarDias } from '../src/lib/fechas.ts';
import { crearEntorno, type Entorno, entrar } from './entorno.ts';
import { pedir } from './peticion.ts';

/** The report tests' shared set-up: one environment per file, tokens, and top-up rows written by hand. */
export let e: Entorno;
export const tokens: Record<string, string> = {};
export let xsrfAdmin = '';
export const ZONA = 'America/Mexico_City';
export const hoy = () => hoyEn(ZONA);

/** A top-up row written straight into the table, `diasAtras` days ago at local noon. */
export async function recarga(
  empresa: string,
  diasAtras: number,
  extra: Partial<{
    usuario: string;
    dn: string;
    folio: string;
    mensaje: string;
    monto: number;
    estado: string;
    linea: number;
  }> = {},
) {
  const emp = await e.db
    .selectFrom('empresas')
    .select('id')
    .where('codigo', '=', empresa)
    .executeTakeFirstOrThrow();
  const prov = await e.db
    .selectFrom('proveedores')
    .select('id')
    .where('empresa_id', '=', emp.id)
    .where('numero', '=', 1)
    .executeTakeFirstOrThrow();
  const u = await e.db
    .selectFrom('usuarios')
    .select(['id', 'lider_id', 'cliente_id'])
    .where('empresa_id', '=', emp.id)
    .where('username', '=', extra.usuario ?? 'admin')
    .executeTakeFirstOrThrow();
  const dia = sumarDias(hoy(), -diasAtras);
  await sql`insert into recargas (empresa_id, usuario_id, idempotencia, proveedor_id, icc, dn, compania, monto, tipo,
      tipo_recarga, estado, mensaje, folio, lider_id, cliente_id, dia, creada, linea_id)
    values (${emp.id}, ${u.id}, ${`k${Math.random()}`}, ${prov.id}, '', ${extra.dn ?? '5500000000'}, 'T',
      ${extra.monto ?? 50}, 'todito', 1, ${extra.estado ?? 'exitosa'}, ${extra.mensaje ?? 'Recarga exitosa'},
      ${extra.folio ?? null}, ${u.lider_id}, ${u.cliente_id}, ${dia}::date,
      (${dia}::date + time '12:00') at time zone ${ZONA}, ${extra.linea ?? null})`.execute(e.db);
  // History written by hand, which the app never does: the day is summed again when next asked.
  await sql`delete from ventas_dia_hechos where empresa_id = ${emp.id} and dia = ${dia}::date`.execute(e.db);
  await sql`delete from ventas_dia where empresa_id = ${emp.id} and dia = ${dia}::date`.execute(e.db);
  await sql`delete from ventas_chips_dia where empresa_id = ${emp.id} and dia = ${dia}::date`.execute(e.db);
  for (const tabla of ['ventas_chips_hora', 'ventas_hora', 'ventas_hora_hechos'])
    await sql`delete from ${sql.table(tabla)} where empresa_id = ${emp.id}
      and hora >= ${dia}::date - 1 and hora < ${dia}::date + 2`.execute(e.db);
}

/**
 * Top-ups of demo, `n` of them at instants `t` of g (default: over the last 50 days): every
 * carrier, status (or `estado`), amount and number pattern.
 */
export async function generar(
  n = 600,
  t = sql`now() - (g % 50) * interval '1 day' - (g % 17) * interval '1 hour'`,
  estado = sql`case when g % 5 = 0 then 'fallida' else 'exitosa' end`,
) {
  await sql`insert into recargas (empresa_id, usuario_id, idempotencia, proveedor_id, icc, dn, compania, monto,
      tipo, tipo_recarga, estado, mensaje, folio, lider_id, cliente_id, dia, creada)
    select e.id, u.id, 'chips-' || gen_random_uuid(), p.id, '8952' || lpad(g::text, 15, '0'),
      '55' || lpad(((g * 7919) % 100000000)::text, 8, '0'), (array['T','M','U','A','V','B'])[1 + g % 6],
      (array[30, 50, 100])[1 + g % 3], 'todito', 1 + g % 2, ${estado},
      case when g % 5 = 0 then 'Saldo insuficiente' else 'Recarga exitosa' end, 'F' || g, u.lider_id, u.cliente_id,
      (t at time zone ${ZONA})::date, t
    from generate_series(1, ${n}) g
    cross join lateral (select ${t} as t) x
    join empresas e on e.codigo = 'demo'
    join usuarios u on u.empresa_id = e.id and u.username = (array['admin', 'lider', 'cliente'])[1 + g % 3]
    join proveedores p on p.empresa_id = e.id and p.numero = 1 + g % 2`.execute(e.db);
}

/** The hour of the day now in ZONA, 0 to 23. */
export const horaLocal = () =>
  Number(new Intl.DateTimeFormat('en-US', { timeZone: ZONA, hour: 'numeric', hourCycle: 'h23' }).format());

/** Empties the top-ups, and with them the day totals. */
export async function sinRecargas() {
  await sql`delete from recargas`.execute(e.db);
  await sql`delete from ventas_dia_hechos`.execute(e.db);
  await sql`delete from ventas_dia`.execute(e.db);
  await sql`delete from ventas_chips_dia`.execute(e.db);
  await sql`delete from ventas_chips_hora`.execute(e.db);
  await sql`delete from ventas_hora_hechos`.execute(e.db);
  await sql`delete from ventas_hora`.execute(e.db);
}

export const partes = (dia: string, sufijo: 'Ini' | 'Fin') => {
  const [a, m, d] = dia.split('-');
  return `dia${sufijo}=${Number(d)}&mes${sufijo}=${Number(m)}&anio${sufijo}=${a}`;
};

export async function reporte(usuario: string, query = '') {
  const r = await pedir(e.app, { token: tokens[usuario] as string }, 'GET', `/reportes?${query}`);
  return { status: r.statusCode, cuerpo: r.json() as RespuestaReportes & { mensaje?: string } };
}

/** GET /reportes/total: the count a page with chips leaves out. */
export async function totalDe(usuario: string, query = '') {
  const r = await pedir(e.app, { token: tokens[usuario] as string }, 'GET', `/reportes/total?${query}`);
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as { total: number }).total;
}
export const chips = (f: object) => `filtros=${encodeURIComponent(JSON.stringify(f))}`;

/** Registers this file's beforeAll (environment, logins, no top-ups) and afterAll. */
export function prepararReportes(): void {
  beforeAll(async () => {
    e = await crearEntorno();
    for (const u of ['admin', 'lider', 'cliente']) tokens[u] = (await entrar(e.app, u)).token;
    const admin = await entrar(e.app, 'admin');
    tokens.admin = admin.token;
    xsrfAdmin = admin.xsrf;
    tokens.gmcel = (await entrar(e.app, 'admin', 'gmcel')).token;
    await sinRecargas();
  });
  afterAll(() => e.cerrar());
}
