import type { Db } from '../database.ts';
import { azarFijo } from './comun.ts';

export const RECARGAS_DEMO = 600;

/**
 * A year of top-up history in `demo` for the sales report and the charts: fixed pseudo-random
 * rows by the demo admin, leader and client, a few of them on inventory lines (origin columns).
 * They are history only: the daily limit counters are not touched.
 */
export async function sembrarRecargas(db: Db, empresaId: number) {
  const usuarios = await db
    .selectFrom('usuarios')
    .select(['id', 'lider_id', 'cliente_id'])
    .where('empresa_id', '=', empresaId)
    .where('username', 'in', ['admin', 'lider', 'cliente'])
    .execute();
  const proveedores = await db
    .selectFrom('proveedores')
    .select('id')
    .where('empresa_id', '=', empresaId)
    .execute();
  const lineas = await db
    .selectFrom('lineas')
    .select(['id', 'icc', 'dn'])
    .where('empresa_id', '=', empresaId)
    .limit(40)
    .execute();
  const azar = azarFijo(20261123);
  const elegir = <T>(lista: readonly T[]) => lista[Math.floor(azar() * lista.length)] as T;
  const ahora = Date.now();
  const filas = Array.from({ length: RECARGAS_DEMO }, (_, i) => {
    // Denser in recent weeks, so the report's default 10 days has rows.
    const dias = i < 60 ? azar() * 10 : azar() * 365;
    const creada = new Date(ahora - Math.floor(dias * 86_400_000));
    const u = elegir(usuarios);
    const linea = i % 15 === 0 ? elegir(lineas) : undefined;
    const exitosa = azar() < 0.85;
    return {
      empresa_id: empresaId,
      usuario_id: u.id,
      idempotencia: `demo-${i}`,
      proveedor_id: elegir(proveedores).id,
      icc: linea?.icc ?? '',
      dn: linea?.dn || `55${String(30_000_000 + i * 7717).slice(-8)}`,
      compania: elegir(['T', 'M', 'U', 'A', 'V', 'B']),
      monto: elegir([30, 50, 70, 100, 200]),
      tipo: 'todito',
      tipo_recarga: 1,
      estado: exitosa ? ('exitosa' as const) : ('fallida' as const),
      mensaje: exitosa ? 'Recarga exitosa' : 'Número no válido para recarga',
      folio: exitosa ? String(500_000 + i) : null,
      lider_id: u.lider_id,
      cliente_id: u.cliente_id,
      dia: creada.toISOString().slice(0, 10),
      creada,
      enviada: creada,
      terminada: creada,
      linea_id: linea?.id ?? null,
    };
  });
  await db.insertInto('recargas').values(filas).execute();
}
