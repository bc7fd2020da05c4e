import type { Carrier } from '@recargas/contracts/carriers';
import { M } from '@recargas/contracts/mensajes';
import type { Ctx } from '../../contexto.ts';
import { Cortacircuitos } from '../../providers/cortacircuitos.ts';
import type { ResultadoEnvio } from '../../providers/puerto.ts';
import type { FilaProveedor, RegistroProveedores } from '../../providers/registro.ts';
import * as saldos from '../saldos/service.ts';
import * as repo from './repo.ts';

/** A platform a top-up may go to: the provider account and the platform user it is sent with. */
export interface Destino {
  proveedor: FilaProveedor;
  plataformaUsuarioId: number | null;
  usuario?: string | undefined;
}

/** The breakers of a process, one set per provider registry (the app's, the worker's, a test's). */
const cortes = new WeakMap<RegistroProveedores, Cortacircuitos>();
export const cortesDe = (ctx: Ctx) => {
  let c = cortes.get(ctx.proveedores);
  if (!c) {
    c = new Cortacircuitos(ctx.config.corte, (cambio) => void saldos.cambioDeCorte(ctx, cambio));
    cortes.set(ctx.proveedores, c);
  }
  return c;
};

/** What became of a send: a result, or `abierto` (no platform could take it: nothing was sent). */
export type Envio = { fila: repo.Recarga; r: ResultadoEnvio | { estado: 'abierto' } };

/** Certainly not taken by that platform: refused before a connection opened, or its breaker was open. */
const noLaTomo = (r: Envio['r']) => r.estado === 'no-enviada' || r.estado === 'abierto';

/**
 * The one send of a row through its platforms in order: the next one is tried only when the
 * previous certainly did not take it; any other answer (a decision, or an unknown outcome that
 * stays with its platform for reconciliation) ends it. The row records the platform before each
 * send, so a crash never leaves it pointing at a platform it was not sent to. A platform with no
 * provider here (registro.ts `cerrada`) is passed over unsent and unmoved: the row fails with
 * that refusal, nothing charged, unless a later platform takes it.
 */
export async function enviarEnOrden(ctx: Ctx, fila: repo.Recarga, destinos: Destino[]): Promise<Envio> {
  let actual = fila;
  let r: Envio['r'] = { estado: 'abierto' };
  for (const [i, d] of destinos.entries()) {
    if (ctx.proveedores.cerrada(d.proveedor)) {
      // The first platform's reason stands: a platform tried before keeps its own.
      if (i === 0) r = { estado: 'rechazada', mensaje: M.plataformaSinProveedor };
      continue;
    }
    if (i > 0) {
      const movida = await repo.moverAPlataforma(ctx.db, actual.id, {
        proveedor_id: d.proveedor.id,
        plataforma_usuario_id: d.plataformaUsuarioId,
      });
      if (!movida) break;
      actual = movida;
    }
    const envio = {
      ...(d.usuario ? { usuario: d.usuario } : {}),
      id: String(actual.id),
      dn: actual.dn,
      icc: actual.icc,
      carrier: actual.compania as Carrier,
      monto: actual.monto,
      tipo: actual.tipo,
    };
    r = await cortesDe(ctx).enviar({ proveedorId: d.proveedor.id, empresaId: d.proveedor.empresa_id }, () =>
      ctx.proveedores.de(d.proveedor).send(envio),
    );
    if (!noLaTomo(r)) break;
  }
  return { fila: actual, r };
}

/** A send no platform took: the row fails at once, nothing was charged. */
export const ningunaLaTomo = (e: Envio) => noLaTomo(e.r);
