import { M, texto } from '@recargas/contracts/mensajes';
import type { Ctx } from '../../contexto.ts';
import type { Saldos } from '../../providers/puerto.ts';
import * as auditoria from '../auditoria/service.ts';
import * as empresas from '../empresas/service.ts';
import * as notificaciones from '../notificaciones/service.ts';
import { estadosDe } from './estados.ts';
import * as repo from './repo.ts';

export { cambioDeCorte } from './estados.ts';
export {
  avisarSinProveedor,
  cambiarElegidos,
  cambiarProveedor,
  type ProveedorPlataforma,
} from './plataformas.ts';

type Proveedor = Awaited<ReturnType<typeof repo.proveedores>>[number];

/**
 * Reads the balances of the providers (all companies, or one) and records an alert the first
 * time a bag drops under its provider's minimum; the alert closes when the bag is back.
 */
export async function revisar(ctx: Ctx, empresaId?: number) {
  const leidos: { proveedor: Proveedor; saldos: Saldos }[] = [];
  for (const proveedor of await repo.proveedores(ctx.db, empresaId)) {
    // A provider that does not answer is skipped: its alert state stays as it was.
    const saldos = await ctx.proveedores
      .de(proveedor)
      .balance()
      .catch(() => undefined);
    if (!saldos) continue;
    leidos.push({ proveedor, saldos });
    await alertar(ctx, proveedor, saldos);
  }
  return leidos;
}

async function alertar(ctx: Ctx, p: Proveedor, saldos: Saldos) {
  for (const [bolsa, saldo] of Object.entries(saldos)) {
    if (p.minimo > 0 && saldo < p.minimo) {
      const abierta = await repo.abrirAlerta(ctx.db, {
        empresa_id: p.empresa_id,
        proveedor_id: p.id,
        bolsa,
        saldo: Math.floor(saldo),
        minimo: p.minimo,
      });
      // Only the caller that opened the alert notifies: one notification per crossing.
      if (abierta) {
        const datos = { proveedor: p.nombre, bolsa, saldo: Math.floor(saldo), minimo: p.minimo };
        await notificaciones.notificarAdministradores(ctx, p.empresa_id, `saldo:${abierta.id}`, {
          titulo: M.asuntoSaldoBajo,
          cuerpo: texto('saldoBajo', datos),
          url: '/in/saldos',
        });
      }
    } else {
      await repo.cerrarAlerta(ctx.db, p.id, bolsa);
    }
  }
}

/** GET /saldosData for a company: Recargatodo's balance, Pagaqui's two bags, each platform's state. */
export async function saldosDe(ctx: Ctx, empresaId: number) {
  const [leidos, estados] = await Promise.all([revisar(ctx, empresaId), estadosDe(ctx, empresaId)]);
  const de = (numero: number): Saldos => leidos.find((l) => l.proveedor.numero === numero)?.saldos ?? {};
  return {
    data: {
      saldos: {
        recargatodo: de(1).GENERAL ?? 0,
        pagaqui: { MOVISTAR: de(2).MOVISTAR ?? 0, IUSA_UNEFON: de(2).IUSA_UNEFON ?? 0 },
      },
      estados,
    },
  };
}

export async function minimosDe(ctx: Ctx, empresaId: number) {
  const filas = await repo.proveedores(ctx.db, empresaId);
  return { data: { minimos: filas.map((p) => ({ id: p.numero as 1 | 2, minimo: p.minimo })) } };
}

/** Who saves: a session of the company (its IP goes on the audit trail). */
type Quien = { empresaId: number; usuarioId: number; username?: string; ip?: string | undefined };

/** PATCH /minimos: each minimum that changes is one row of the audit trail, in the same transaction. */
export async function guardarMinimos(ctx: Ctx, q: Quien, minimos: { id: number; minimo: number }[]) {
  const empresaId = q.empresaId;
  await ctx.db.transaction().execute(async (tx) => {
    const cambios: auditoria.Cambio[] = [];
    for (const m of minimos) {
      const antes = await repo.minimoParaCambiar(tx, empresaId, m.id);
      await empresas.guardarMinimo(tx, empresaId, m.id, m.minimo);
      if (antes) {
        const fila = { empresaId, tipo: 'minimo', tabla: 'proveedores', fila: antes.id } as const;
        cambios.push({ ...fila, antes: { minimo: antes.minimo }, despues: { minimo: m.minimo } });
      }
    }
    await auditoria.registrar(tx, auditoria.actorDe(q), cambios);
  });
  await revisar(ctx, empresaId);
}

export async function alertas(ctx: Ctx, empresaId: number) {
  const filas = await repo.alertasAbiertas(ctx.db, empresaId);
  return {
    alertas: filas.map((a) => ({
      id: a.id,
      creada: a.creada.toISOString(),
      mensaje: texto('saldoBajo', { proveedor: a.nombre, bolsa: a.bolsa, saldo: a.saldo, minimo: a.minimo }),
    })),
  };
}

/** POST /api/configRecargasSinUsuario: the company's cap without a user, audited as a limit. */
export const guardarMaxSinUsuario = (ctx: Ctx, q: Quien, maxRecargas: number) =>
  ctx.db.transaction().execute(async (tx) => {
    const antes = await repo.maxSinUsuarioParaCambiar(tx, q.empresaId);
    await empresas.guardarMaxSinUsuario(tx, q.empresaId, maxRecargas);
    const fila = { empresaId: q.empresaId, tipo: 'limite', tabla: 'empresas', fila: q.empresaId } as const;
    await auditoria.registrar(tx, auditoria.actorDe(q), [
      {
        ...fila,
        antes: { maxRecargasSinUsuario: antes?.max },
        despues: { maxRecargasSinUsuario: maxRecargas },
      },
    ]);
  });
