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
    // Another adapter's operator ids or product codes mean nothing to this one: they go.
    const borrar = antes.adaptador !== nuevo.adaptador && Object.keys(fila.operadores).length > 0;
    await empresas.guardarProveedor(tx, fila.id, { ...nuevo, ...(borrar ? { operadores: '{}' } : {}) });
    const [a, d] = borrar ? [{ operadores: fila.operadores }, { operadores: {} }] : [{}, {}];
    await auditoria.registrar(tx, auditoria.OPERADOR, [
      { ...cambio(empresaId, fila.id), antes: { ...antes, ...a }, despues: { ...nuevo, ...d } },
    ]);
    return antes;
  });

const cambio = (empresaId: number, fila: number) =>
  ({ empresaId, tipo: 'configuracion', tabla: 'proveedores', fila }) as const;

/** Operator ids or product codes per carrier, as `leer` takes them for the row's adapter. */
export type Elegidos = Record<string, number | string>;

/**
 * set-operators (admin CLI): the company's own operators (Reloadly) or products (TAECEL) of
 * platform `numero`, read by `leer` for the row's adapter (an error string when they do not
 * fit it), audited like set-provider and followed by running processes the same way. Answers
 * the adapter with the choice it now has, or undefined when there is no such platform.
 */
export const cambiarElegidos = (
  db: Db,
  empresaId: number,
  numero: number,
  leer: (adaptador: string) => Elegidos | string,
) =>
  db.transaction().execute(async (tx) => {
    const fila = await repo.proveedorParaCambiar(tx, empresaId, numero);
    if (!fila) return undefined;
    const nuevos = leer(fila.adaptador);
    if (typeof nuevos === 'string') return { adaptador: fila.adaptador, error: nuevos };
    const antes = fila.operadores;
    if (JSON.stringify(antes) !== JSON.stringify(nuevos)) {
      await empresas.guardarProveedor(tx, fila.id, { operadores: JSON.stringify(nuevos) });
      await auditoria.registrar(tx, auditoria.OPERADOR, [
        { ...cambio(empresaId, fila.id), antes: { operadores: antes }, despues: { operadores: nuevos } },
      ]);
    }
    return { adaptador: fila.adaptador, despues: nuevos };
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
