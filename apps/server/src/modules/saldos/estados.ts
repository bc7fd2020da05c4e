import { M, texto } from '@recargas/contracts/mensajes';
import type { Ctx } from '../../contexto.ts';
import type { CambioCorte } from '../../providers/cortacircuitos.ts';
import * as notificaciones from '../notificaciones/service.ts';
import * as repo from './repo.ts';

/** Writes of each account, one after another: an open and the close after it land in order. */
const enCurso = new Map<number, Promise<unknown>>();

/**
 * A breaker changed in this process: the stored state follows (with the time of the change)
 * and, when this write is the one that opened or closed it, the administrators of the company
 * are notified once. Never throws: a breaker keeps working when the database does not answer.
 */
export function cambioDeCorte(ctx: Ctx, c: CambioCorte): Promise<unknown> {
  const siguiente = (enCurso.get(c.proveedorId) ?? Promise.resolve())
    .then(() => guardar(ctx, c))
    .catch((e: unknown) => ctx.log.error({ err: e, proveedor: c.proveedorId }, 'corte: estado sin guardar'));
  enCurso.set(c.proveedorId, siguiente);
  return siguiente;
}

async function guardar(ctx: Ctx, c: CambioCorte) {
  const cambio = await repo.cambiarEstado(ctx.db, c);
  if (!cambio) return;
  const abre = c.estado === 'abierto';
  if (!abre && cambio.antes !== 'abierto') return;
  const proveedor = (await repo.proveedores(ctx.db, c.empresaId)).find((p) => p.id === c.proveedorId);
  const datos = { plataforma: proveedor?.nombre ?? String(c.proveedorId) };
  await notificaciones.notificarAdministradores(
    ctx,
    c.empresaId,
    `corte:${c.proveedorId}:${abre ? 'abre' : 'cierra'}:${cambio.cambiado.getTime()}`,
    abre
      ? { titulo: M.asuntoPlataformaFuera, cuerpo: texto('plataformaFuera', datos), url: '/in/saldos' }
      : { titulo: M.asuntoPlataformaDeVuelta, cuerpo: texto('plataformaDeVuelta', datos), url: '/in/saldos' },
  );
}

/** The breaker state of each provider account of a company, for the balances screen. */
export async function estadosDe(ctx: Pick<Ctx, 'db'>, empresaId: number) {
  const filas = await repo.estados(ctx.db, empresaId);
  return filas.map((f) => ({
    plataforma: f.numero,
    nombre: f.nombre,
    estado: f.estado ?? 'disponible',
    cambiado: f.cambiado ? new Date(f.cambiado).toISOString() : null,
  }));
}
