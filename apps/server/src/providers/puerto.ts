import type { Carrier } from '@recargas/contracts/carriers';
import type { CodigoFalla } from '@recargas/contracts/recargas/fallas';
import type { EstatusActivacion } from '@recargas/contracts/reciclaje';
import type { FilaEstadoCuenta } from './estado-cuenta.ts';

/** One top-up as a provider sees it; `id` is ours and travels with the call. */
export interface Envio {
  id: string;
  dn: string;
  icc: string;
  carrier: Carrier;
  monto: number;
  tipo: string;
  /** The company's platform user chosen for the carrier (absent: the company's default account). */
  usuario?: string;
}

/** A provider's refusal; `codigo`: its cause when the adapter knows it (else `rechazada`). */
export type Rechazo = { estado: 'rechazada'; mensaje: string; codigo?: CodigoFalla };

/**
 * What a send can tell us. `desconocida` (timeout, dropped connection, 5xx) means the
 * provider may or may not have charged: the row stays open and reconciliation asks `status`.
 * `no-enviada`: it certainly never reached the provider (the connection was never opened), so
 * the top-up may go to another platform. `motivo` 'timeout' marks a timeout (the breaker counts it).
 */
export type ResultadoEnvio =
  | { estado: 'aceptada'; folio: string }
  | Rechazo
  | { estado: 'desconocida'; motivo: string }
  | { estado: 'no-enviada'; motivo: string };

/** `no-encontrada`: the provider never received that id. `en-proceso`: not decided yet. */
export type ResultadoConsulta =
  | { estado: 'aceptada'; folio: string }
  | Rechazo
  | { estado: 'en-proceso' }
  | { estado: 'no-encontrada' }
  | { estado: 'desconocida'; motivo: string };

export { type FilaEstadoCuenta, SinEstadoCuenta } from './estado-cuenta.ts';

/**
 * What a status call may need besides our id, for a provider that never knew it (TAECEL: no
 * idempotency key): the row's number, carrier and amount, when it was sent, and (read only when
 * asked) our other rows on that platform of the same number and amount sent within `ms` of it,
 * so a sale that may be another row's is never taken for this one.
 */
export interface ConsultaEstado {
  dn: string;
  carrier: Carrier;
  monto: number;
  enviada: Date;
  otras(ms: number): Promise<{ folio: string | null; abierta: boolean }[]>;
}

/** Balance per bag (Pagaqui: MOVISTAR and IUSA_UNEFON; Recargatodo: GENERAL). */
export type Saldos = Record<string, number>;

/** Whether a platform's catalogue takes an amount (pesos) for one carrier. */
export type CatalogoMontos = (monto: number) => boolean;

/** The top-up provider port of ARCHITECTURE.md; one adapter file per real provider. */
export interface ProveedorRecargas extends ProveedorPortabilidad {
  /**
   * The amounts the platform takes for a carrier, from its product catalogue (kept by the
   * adapter); null: the adapter has no catalogue call. Throws when it cannot be read.
   */
  catalogo?(carrier: Carrier): Promise<CatalogoMontos | null>;
  send(envio: Envio): Promise<ResultadoEnvio>;
  status(id: string, consulta?: ConsultaEstado): Promise<ResultadoConsulta>;
  balance(): Promise<Saldos>;
  /**
   * The adapter's statement source: one day (yyyy-mm-dd in `zona`) as normalized rows
   * (estado-cuenta.ts); throws SinEstadoCuenta when it has none, anything else when unreadable.
   */
  estadoDeCuenta(dia: string, zona: string): Promise<FilaEstadoCuenta[]>;
}

/** A SIM's activation (ATT): the number it was given, or why not. */
export type ResultadoActivacion =
  | { estado: 'aceptada'; dn: string }
  | { estado: 'rechazada'; mensaje: string }
  | { estado: 'desconocida'; motivo: string };

/** A portability request: the number `dnOrigen` (carrier, NIP) moves onto the SIM numbered `dnDestino`. */
export interface SolicitudPorta {
  icc: string;
  dnDestino: string;
  dnOrigen: string;
  carrierOrigen: string;
  nip: string;
}

export type ResultadoPorta =
  | { estado: 'aceptada'; referencia: string }
  | { estado: 'rechazada'; mensaje: string }
  | { estado: 'desconocida'; motivo: string };

/** ATT's portability detail of a number (spec section 3, Detail items). */
export interface DetallePortaProveedor {
  telefonoAPortar: string;
  telefonoDestino: string;
  fechaCrea: string;
  fechaModifica: string;
  refExterna1: string;
  estado: string;
  comentarios: string;
}

export type ResultadoDetallePorta =
  | { estado: 'encontrado'; detalle: DetallePortaProveedor }
  | { estado: 'no-encontrado' }
  | { estado: 'desconocida'; motivo: string };

/** ATT's record of a SIM (spec section 3, Activation status), or that it is not active yet. */
export type ResultadoEstatusActivacion =
  | { estado: 'activa'; estatus: EstatusActivacion }
  | { estado: 'inactiva' }
  | { estado: 'desconocida'; motivo: string };

/** The activation and portability calls of the port (ARCHITECTURE.md: activationStatus, portDetail). */
export interface ProveedorPortabilidad {
  activar(icc: string): Promise<ResultadoActivacion>;
  estatusActivacion(icc: string): Promise<ResultadoEstatusActivacion>;
  portar(s: SolicitudPorta): Promise<ResultadoPorta>;
  detallePorta(dn: string): Promise<ResultadoDetallePorta>;
}
