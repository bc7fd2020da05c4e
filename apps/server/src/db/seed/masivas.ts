import * as masivas from '../../modules/masivas/service.ts';
import type { Db } from '../database.ts';
import { idAdmin } from './comun.ts';

/** Lines of the demo block the seed makes (each a new inventory line too). */
export const LINEAS_BLOQUE_DEMO = 25;

/** Demo blocks: `LINEAS_BLOQUE_DEMO` lines new to the inventory, uploaded by the company's admin. */
export async function sembrarBloque(db: Db, empresaId: number, semilla: number) {
  const admin = await idAdmin(db, empresaId);
  const companias = ['T', 'M', 'U', 'A', 'V', 'B'] as const;
  const montos = [30, 50, 70, 100, 200];
  const filas = Array.from({ length: LINEAS_BLOQUE_DEMO }, (_, i) => ({
    icc: `89521${String(semilla).padStart(2, '0')}${String(500_000_000_000 + i * 7907).slice(-12)}`,
    dn: `56${String(30_000_000 + semilla * 100_000 + i * 3343).slice(-8)}`,
    monto: montos[i % montos.length] ?? 30,
    compania: companias[i % companias.length] ?? 'T',
    nombre: `Cliente masivo ${i + 1}`,
  }));
  return masivas.escribirBloque(db, empresaId, admin, filas);
}
