import { sql } from 'kysely';
import { type FilaEstadoCuenta, pesosDe } from '../src/providers/estado-cuenta.ts';
import { admin, e } from './demo-entorno.ts';
import { type Sesion, simuladorDe } from './entorno.ts';
import { pedir } from './peticion.ts';
import { formulario, libro } from './xlsx-prueba.ts';

/** Helpers of the reconciliation tests (conciliaciones-*.test.ts). */

const ZONA = 'America/Mexico_City';
const MONTOS = [30, 50, 70, 100, 200];
let n = 0;
const dnNuevo = () => `55${String(40_000_000 + ++n).slice(-8)}`;

/**
 * `cuantas` top-ups of demo's platform 1 that happened on `dia` (long before the demo's history):
 * sent at that day's noon, company time. `abiertas` more are left pendiente (the provider took
 * them, the answer was lost).
 */
export const recargasDelDia = (dia: string, cuantas: number, abiertas = 0) =>
  recargasEn(Date.parse(`${dia}T18:00:00Z`), cuantas, abiertas);

/**
 * Top-ups sent at `instante`: the simulator's clock is set back to it while they are sent, and
 * our rows are moved to it (their day as the insert writes it, in the company's zone).
 */
export async function recargasEn(instante: number, cuantas: number, abiertas = 0) {
  const sim = await simuladorDe(e, 'demo', 1);
  sim.configurar({ desfaseRelojMs: Date.now() - instante, tasaTimeout: 0 });
  const ids: number[] = [];
  for (let i = 0; i < cuantas + abiertas; i++) {
    if (i === cuantas) sim.configurar({ tasaTimeout: 1 });
    const r = await pedir(e.app, admin, 'POST', '/checkOut', {
      dn: dnNuevo(),
      compania: 'T',
      plataforma: 1,
      monto: MONTOS[i % MONTOS.length],
    });
    if (r.statusCode !== 200 && r.statusCode !== 202) throw new Error(`checkOut ${r.statusCode} ${r.body}`);
    ids.push((r.json() as { id: number }).id);
  }
  sim.configurar({ desfaseRelojMs: 0, tasaTimeout: 0 });
  const creada = new Date(instante).toISOString();
  await sql`update recargas set creada = ${creada}::timestamptz,
      dia = (${creada}::timestamptz at time zone ${ZONA})::date
    where id = any(${ids})`.execute(e.db);
  return { sim, ids };
}

/** The statement the in-process simulator gives for a day (what the uploads carry). */
export const estadoDelSimulador = async (dia: string) =>
  (await simuladorDe(e, 'demo', 1)).estadoDeCuenta(dia, ZONA);

const COLUMNAS = ['Folio', 'Id', 'Número', 'Monto', 'Estatus', 'Hora'];
/** A row's cells; the amount as a number of pesos (a sheet's cell) or as text with centavos (`50.00`). */
const celdas = (f: FilaEstadoCuenta, monto: (c: number) => number | string = (c) => c / 100) => [
  f.folio,
  f.id,
  f.dn,
  monto(f.centavos),
  f.estado,
  f.hora,
];

/** A statement as a provider's .xlsx (numbers as numbers) or .csv (semicolons, quoted, BOM). */
export const comoXlsx = async (filas: FilaEstadoCuenta[]) => ({
  nombre: 'estado.xlsx',
  datos: await libro([COLUMNAS, ...filas.map((f) => celdas(f))]),
});
export const comoCsv = (filas: FilaEstadoCuenta[]) => ({
  nombre: 'estado.csv',
  datos: Buffer.from(
    `\uFEFF${[COLUMNAS, ...filas.map((f) => celdas(f, pesosDe))].map((c) => c.map((x) => `"${String(x)}"`).join(';')).join('\r\n')}\r\n`,
  ),
});

/** POST /api/conciliaciones/subir with the fields and the file. */
export const subir = (
  s: Sesion,
  campos: Record<string, string>,
  archivo?: { nombre: string; datos: Buffer; tipo?: string },
) => {
  const f = formulario(campos, archivo);
  return pedir(e.app, s, 'POST', '/api/conciliaciones/subir', f.payload, { cabeceras: f.headers });
};

/** A day's mismatches, all pages, without their row ids (two comparisons of one day differ in those). */
export async function diferenciasDe(s: Sesion, id: number) {
  const todas: Record<string, unknown>[] = [];
  let after = '';
  for (;;) {
    const r = await pedir(
      e.app,
      s,
      'GET',
      `/api/conciliaciones/${id}?limit=2${after ? `&after=${after}` : ''}`,
    );
    if (r.statusCode !== 200) throw new Error(`dia ${r.statusCode} ${r.body}`);
    const b = r.json() as { filas: Record<string, unknown>[]; siguiente: string | null };
    todas.push(...b.filas.map(({ id: _, ...resto }) => resto));
    if (!b.siguiente) return todas;
    after = b.siguiente;
  }
}

/** How many days and mismatches are stored, every company's. */
export const guardadas = async () => ({
  dias: (await e.db.selectFrom('conciliaciones').select('id').execute()).length,
  diferencias: (await e.db.selectFrom('conciliacion_diferencias').select('id').execute()).length,
});
