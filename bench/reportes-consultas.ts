import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { Db } from '../apps/server/src/db/database.ts';

/** The requests bench:reports times, as paths of the API; the keyset one needs a first page. */

const partes = (diasAtras: number, sufijo: 'Ini' | 'Fin') => {
  const d = new Date(Date.now() - diasAtras * 86_400_000);
  return `dia${sufijo}=${d.getDate()}&mes${sufijo}=${d.getMonth() + 1}&anio${sufijo}=${d.getFullYear()}`;
};
const rango = (dias: number) => `${partes(dias, 'Ini')}&${partes(0, 'Fin')}`;
const chips = `filtros=${encodeURIComponent(JSON.stringify({ compania: ['telcel', 'movistar'], dn: ['551'] }))}`;
const numero = `filtros=${encodeURIComponent(JSON.stringify({ dn: ['5512345'] }))}`;

export type Respuesta = {
  reportes?: unknown[];
  total?: number;
  siguiente?: string | null;
  lideres?: unknown[];
};
export type Pedir = (ruta: string) => Promise<Respuesta>;

/** GET `ruta` as `token`: its body; anything but 2xx throws. */
export const pedidor =
  (api: string, token: string): Pedir =>
  async (ruta) => {
    const r = await fetch(`${api}${ruta}`, { headers: { authorization: `Bearer ${token}` } });
    if (!r.ok) throw new Error(`${ruta}: ${r.status} ${await r.text()}`);
    return (await r.json()) as Respuesta;
  };

/** A case's path, or how to make it: the keyset page's cursor comes from asking its first page. */
export type Ruta = string | (() => Promise<string>);
export const resolver = (r: Ruta) => (typeof r === 'string' ? r : r());

/** Each case's name and path, in the order bench:reports asks them. */
export function consultasReportes(pedir: Pedir): [string, Ruta][] {
  const despues = async () => (await pedir(`/reportes?${rango(400)}&limit=100`)).siguiente ?? '';
  return [
    ['400 days, first 100 rows', `/reportes?${rango(400)}&limit=100`],
    ['93 days, first 100 rows', `/reportes?${rango(93)}&limit=100`],
    ['93 days + 2 chips (compañía OR, AND dn), first 100', `/reportes?${rango(93)}&${chips}&limit=100`],
    ['400 days + 2 chips, first 100', `/reportes?${rango(400)}&${chips}&limit=100`],
    ['93 days + a 7-digit number chip, first 100', `/reportes?${rango(93)}&${numero}&limit=100`],
    ['400 days + a 7-digit number chip, first 100', `/reportes?${rango(400)}&${numero}&limit=100`],
    ['total apart, 93 days + 2 chips', `/reportes/total?${rango(93)}&${chips}`],
    ['total apart, 400 days + 2 chips', `/reportes/total?${rango(400)}&${chips}`],
    [
      '400 days, second page (keyset, no count)',
      async () => `/reportes?${rango(400)}&limit=100&after=${await despues()}`,
    ],
    ['charts, 400 days, anual', `/graficas?${rango(400)}&periodo=anual`],
    ['charts, 400 days, mensual', `/graficas?${rango(400)}&periodo=mensual`],
    ['charts, 400 days, semanal', `/graficas?${rango(400)}&periodo=semanal`],
    ['charts, 93 days, diario', `/graficas?${rango(93)}&periodo=diario`],
  ];
}

/** ms of one request. */
export async function medirRuta(pedir: Pedir, ruta: string) {
  const t = performance.now();
  await pedir(ruta);
  return performance.now() - t;
}

/** `n` rows spread evenly over the last 730 days for one company, generated inside PostgreSQL. */
export async function generarRecargas(db: Db, empresaId: number, n: number) {
  // In slices: one statement must end within the pool's statement limit (10 s by default).
  for (let desde = 1; desde <= n; desde += TROZO) await generarTrozo(db, empresaId, n, desde);
}

const TROZO = 50_000;

async function generarTrozo(db: Db, empresaId: number, n: number, desde: number) {
  await sql`insert into recargas (empresa_id, usuario_id, idempotencia, proveedor_id, icc, dn, compania, monto,
      tipo, tipo_recarga, estado, mensaje, folio, lider_id, dia, creada)
    select ${empresaId}, u.ids[1 + g % array_length(u.ids, 1)], 'b' || g, p.id, '',
      '55' || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0'),
      (array['T','M','U','A','V','B'])[1 + g % 6], (array[30,50,70,100,200])[1 + g % 5], 'todito', 1,
      case when g % 7 = 0 then 'fallida' else 'exitosa' end, 'Recarga exitosa', g::text,
      l.ids[1 + g % array_length(l.ids, 1)], (t at time zone 'America/Mexico_City')::date, t
    from generate_series(${desde}::int, ${Math.min(n, desde + TROZO - 1)}::int) g
    cross join lateral (select now() - (g::float / ${n}) * interval '730 days' as t) as tiempo
    cross join (select array_agg(id) ids from usuarios where empresa_id = ${empresaId}) u
    cross join (select coalesce(array_agg(id), array[null::int]) ids from lideres where empresa_id = ${empresaId}) l
    cross join (select min(id) id from proveedores where empresa_id = ${empresaId}) p`.execute(db);
}
