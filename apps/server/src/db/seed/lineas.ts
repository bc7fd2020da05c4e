import type { Db } from '../database.ts';
import { azarFijo, idAdmin } from './comun.ts';

/** Demo inventory lines: how many, and the days back their uploads spread over. */
export const LINEAS_DEMO = 300;

/**
 * Inventory lines of `demo` for administrarBase (issue 4): the same values in every fresh
 * database (a fixed pseudo-random sequence), uploaded over the last ~75 days so most fall in
 * the screen's default two-month range. Two thirds belong to the demo leader (some to its
 * client), a tenth are recharged, and a few are recharged without a date (they can be unlocked).
 */
export async function sembrarLineas(db: Db, empresaId: number, liderId: number, clienteId: number) {
  const admin = await idAdmin(db, empresaId);
  const azar = azarFijo(20260401);
  const companias = ['T', 'M', 'U', 'A', 'V', 'B'];
  const montos = [30, 50, 70, 100, 200];
  const ahora = Date.now();
  const filas = Array.from({ length: LINEAS_DEMO }, (_, i) => {
    const subida = new Date(ahora - Math.floor(azar() * 75 * 86_400_000));
    const delLider = azar() < 0.67;
    const recargada = i % 10 === 3;
    const sinFecha = i % 50 === 7;
    // One line in fifteen had a 30-day validity, mostly run out: the bulk recycling list.
    const dias = i % 15 === 5 ? 30 : 180;
    const vigencia = new Date(subida.getTime() + dias * 86_400_000).toISOString().slice(0, 10);
    return {
      empresa_id: empresaId,
      icc: `8952140${String(100_000_000_000 + i * 7919).slice(-12)}`,
      dn: i % 12 === 0 ? '' : `55${String(20_000_000 + i * 3571).slice(-8)}`,
      monto: montos[Math.floor(azar() * montos.length)] ?? 30,
      lider_id: delLider ? liderId : null,
      cliente_id: delLider && azar() < 0.4 ? clienteId : null,
      compania: companias[Math.floor(azar() * companias.length)] ?? 'T',
      subido_por: admin,
      fecha_subida: subida,
      fecha_actualizacion: subida,
      fecha_vigencia: vigencia,
      fecha_recarga: recargada ? new Date(Math.min(ahora, subida.getTime() + 86_400_000)) : null,
      nir: i % 12 === 0 ? '55' : null,
      plataforma: i % 5 === 0 ? 2 : 1,
      is_recargado: recargada || sinFecha,
    };
  });
  await db.insertInto('lineas').values(filas).execute();
}
