import type { Ctx } from '../../contexto.ts';
import type { Db } from '../../db/database.ts';
import type { Adaptador } from '../../providers/registro.ts';
import * as auditoria from '../auditoria/service.ts';
import * as empresas from '../empresas/service.ts';
import * as repo from './repo.ts';

/** A platform's provider: its adapter kind and, for reloadly, the account's name (RELOADLY_<CUENTA>_*). */
export interface ProveedorPlataforma {
  adaptador: Adaptador;
  cuenta: string | null;
}

/**
 * set-provider (admin CLI): platform `numero` of a company gets another provider, with one row
 * of the audit trail (a configuration change, the operator's) in the same transaction. The write
 * changes the company's `version` (0014), so every running process takes the new adapter at its
 * next top-up of that company; reconciliation, balances and activations read the row anyway.
 * Answers the provider it had (unchanged when equal), or undefined when there is no such platform.
 */
export const cambiarProveedor = (db: Db, empresaId: number, numero: number, nuevo: ProveedorPlataforma) =>
  db.transaction().execute(async (tx) => {
    const fila = await repo.proveedorParaCambiar(tx, empresaId, numero);
    if (!fila) return undefined;
    const antes = { adaptador: fila.adaptador, cuenta: fila.cuenta };
    if (antes.adaptador === nuevo.adaptador && antes.cuenta === nuevo.cuenta) return antes;
    await empresas.guardarProveedor(tx, fila.id, nuevo);
    const cambio = { empresaId, tipo: 'configuracion', tabla: 'proveedores', fila: fila.id } as const;
    await auditoria.registrar(tx, auditoria.OPERADOR, [{ ...cambio, antes, despues: nuevo }]);
    return antes;
  });

/**
 * At each start (main.ts, worker.ts): one warning per company platform that has no provider able
 * to take a top-up in this process, so nobody learns it from a refused customer.
 */
export async function avisarSinProveedor(ctx: Pick<Ctx, 'db' | 'proveedores' | 'log'>) {
  for (const p of await repo.proveedoresConEmpresa(ctx.db)) {
    const motivo = ctx.proveedores.faltaProveedor(p);
    if (motivo)
      ctx.log.warn(
        { empresa: p.empresa, plataforma: p.numero, adaptador: p.adaptador, motivo },
        `Plataforma ${p.numero} de ${p.empresa} sin proveedor real (${motivo}): sus recargas se rechazan hasta set-provider`,
      );
  }
}
