import { M } from '@recargas/contracts/mensajes';
import { ErrorApi } from '../lib/errores.ts';
import type * as puerto from './puerto.ts';
import { SinEstadoCuenta } from './puerto.ts';

/** Why a closed platform answers what it answers (logs, reconciliation). */
const SIN_PROVEEDOR = 'sin proveedor';

/**
 * A platform with no provider that may answer here (issue 39): adaptador `ninguno`, or the
 * simulator where it is not allowed (NODE_ENV=production without PROVEEDOR_SIMULADO=1). Nothing
 * is sent anywhere: a top-up is refused before any charge, a balance or a statement cannot be
 * read, and an activation or portability call is a 503 with the same Spanish refusal.
 */
export class PlataformaCerrada implements puerto.ProveedorRecargas {
  async send(): Promise<puerto.ResultadoEnvio> {
    return { estado: 'rechazada', mensaje: M.plataformaSinProveedor, codigo: 'proveedor_no_disponible' };
  }

  /** A row still open here was sent by an earlier provider: it stays open, never decided by us. */
  async status(): Promise<puerto.ResultadoConsulta> {
    return { estado: 'desconocida', motivo: SIN_PROVEEDOR };
  }

  async balance(): Promise<puerto.Saldos> {
    throw new Error(SIN_PROVEEDOR);
  }

  async estadoDeCuenta(): Promise<puerto.FilaEstadoCuenta[]> {
    throw new SinEstadoCuenta(SIN_PROVEEDOR);
  }

  activar = rehusar<puerto.ResultadoActivacion>;
  estatusActivacion = rehusar<puerto.ResultadoEstatusActivacion>;
  portar = rehusar<puerto.ResultadoPorta>;
  detallePorta = rehusar<puerto.ResultadoDetallePorta>;
}

/** The activation and portability calls: refused with the reason, nothing written by the caller. */
async function rehusar<T>(): Promise<T> {
  throw new ErrorApi(503, M.plataformaSinProveedor);
}
