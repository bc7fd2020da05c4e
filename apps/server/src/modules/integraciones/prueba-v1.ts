import { createHash } from 'node:crypto';
import type { PeticionV1Recarga, RecargaV1 } from '@recargas/contracts/integraciones';
import { M } from '@recargas/contracts/mensajes';
import { montoDeRecarga } from '@recargas/contracts/recargas';
import type { CodigoFalla } from '@recargas/contracts/recargas/fallas';
import type { Ctx } from '../../contexto.ts';
import { ErrorApi } from '../../lib/errores.ts';
import type { ResultadoEnvio } from '../../providers/puerto.ts';
import { SIN_FALLAS, Simulador } from '../../providers/simulador.ts';
import { ProveedorSimulado } from '../../providers/simulador-local.ts';
import * as empresas from '../empresas/service.ts';
import type { LlamanteApi } from './service.ts';

/**
 * A sandbox key's top-up (`rk_test_…`, issue 44): the company's amount rule applies, then the
 * in-process simulator answers; nothing is written, sent to a platform, charged or counted
 * against the daily cap, and no webhook event follows. The same Idempotency-Key gets the same
 * answer while the process lives (the simulator's ledger is in memory). A number ending in 01,
 * 02 or 03 is refused as numero_invalido, saldo_insuficiente or proveedor_no_disponible, so an
 * integrator can test its failure paths.
 */

/** One simulator per process for every sandbox key, with a balance no test can exhaust. */
const simulador = new ProveedorSimulado(new Simulador(SIN_FALLAS, { GENERAL: Number.MAX_SAFE_INTEGER }));

const ESCENARIOS: Record<string, { mensaje: string; codigo: CodigoFalla }> = {
  '01': { mensaje: M.pruebaNumeroInvalido, codigo: 'numero_invalido' },
  '02': { mensaje: M.pruebaSaldoInsuficiente, codigo: 'saldo_insuficiente' },
  '03': { mensaje: M.plataformaNoDisponible, codigo: 'proveedor_no_disponible' },
};

/** A stable positive id of a sandbox top-up: the same key and Idempotency-Key give the same one. */
const idDe = (envio: string) => createHash('sha256').update(envio).digest().readUInt32BE(0) >>> 1 || 1;

export async function recargar(
  ctx: Ctx,
  quien: LlamanteApi,
  p: PeticionV1Recarga,
  clave: unknown,
): Promise<{ status: 200 | 202 | 422; cuerpo: RecargaV1 }> {
  if (typeof clave !== 'string') throw new ErrorApi(400, M.idempotenciaRequerida);
  const ajustes = empresas.ajustesDe(await empresas.porIdOError(ctx.db, quien.empresaId));
  const monto = montoDeRecarga(ajustes, quien, { elegido: p.monto });
  if ('mensaje' in monto) throw new ErrorApi(monto.status, monto.mensaje, {}, monto.codigo);
  const id = `prueba:${quien.llaveId}:${clave}`;
  const escenario = ESCENARIOS[(p.dn || p.icc).slice(-2)];
  const r: ResultadoEnvio = escenario
    ? { estado: 'rechazada', ...escenario }
    : await simulador.send({
        id,
        dn: p.dn,
        icc: p.icc,
        carrier: p.compania,
        monto: monto.monto,
        tipo: 'prueba',
      });
  const base = {
    id: idDe(id),
    dn: p.dn,
    icc: p.icc,
    compania: p.compania,
    monto: monto.monto,
    referencia: p.referencia ?? null,
    prueba: true as const,
  };
  if (r.estado === 'aceptada')
    return {
      status: 200,
      cuerpo: { ...base, estado: 'exitosa', mensaje: M.recargaExitosa, folio: r.folio, codigo: null },
    };
  if (r.estado === 'rechazada')
    return {
      status: 422,
      cuerpo: {
        ...base,
        estado: 'fallida',
        mensaje: r.mensaje,
        folio: null,
        codigo: r.codigo ?? 'rechazada',
      },
    };
  return {
    status: 202,
    cuerpo: { ...base, estado: 'pendiente', mensaje: M.recargaEnProceso, folio: null, codigo: null },
  };
}
