import * as portabilidades from '../../modules/portabilidades/service.ts';
import type { Db } from '../database.ts';
import { idAdmin } from './comun.ts';

/** Demo port-outs: how many, all in the screen's default range. */
export const PORTAS_DEMO = 30;

/**
 * Demo port-out rows of a company (the seed): the same in every fresh database, six in each
 * state of the row flow (to activate, to port, failed port, to recharge, recharged), some with
 * the fields that show 'NA' missing, inserted over the last 20 days.
 */
export async function sembrarPortabilidades(db: Db, empresaId: number) {
  const admin = await idAdmin(db, empresaId);
  const ahora = Date.now();
  const carriers = ['T', 'M', 'U', 'V', 'B'] as const;
  const filas: portabilidades.NuevaPorta[] = Array.from({ length: PORTAS_DEMO }, (_, i) => {
    const estado = i % 5; // 0 activar, 1 portar, 2 portar nuevamente, 3 recargar, 4 recargada
    const insertada = new Date(ahora - (i * 16 + 3) * 3_600_000);
    const completa = i % 6 !== 5;
    const icc = `8952140${String(500_000_000_000 + i * 104_729).slice(-12)}`;
    return {
      empresa_id: empresaId,
      icc,
      lider_nombre: i % 3 === 0 ? 'Lider Demo' : `Lider ${1 + (i % 4)}`,
      cliente_nombre: i % 2 === 0 ? 'Cliente Demo' : null,
      inter: completa ? `INT-${100 + i}` : null,
      insertada,
      usuario_id: admin,
      monto_recarga: completa ? [50, 100, 200][i % 3] : null,
      nip: estado === 0 && !completa ? null : estado === 2 ? '0000' : String(1000 + ((i * 37) % 9000)),
      carrier_origen: completa || estado > 0 ? (carriers[i % carriers.length] ?? 'T') : null,
      carrier_destino: 'A',
      dn_origen: completa || estado > 0 ? `55${String(40_000_000 + i * 1_237).slice(-8)}` : null,
      dn_destino: estado === 0 ? null : `56${icc.slice(-8)}`,
      fecha_porta: estado >= 2 ? new Date(insertada.getTime() + 3_600_000) : null,
      is_port: estado >= 3,
      fecha_recarga: estado === 4 ? new Date(insertada.getTime() + 2 * 3_600_000) : null,
    };
  });
  // Rows to recharge need an amount, and ported rows origin data.
  for (const f of filas) {
    if (f.is_port && f.monto_recarga === null) f.monto_recarga = 100;
  }
  await portabilidades.insertar(db, filas);
}
