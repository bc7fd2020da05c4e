import { CARRIERS, type Carrier } from '@recargas/contracts/carriers';
import { M, texto } from '@recargas/contracts/mensajes';
import type { Bitacora } from '../lib/bitacora.ts';
import { fallaDeEnvio } from './http.ts';
import type * as puerto from './puerto.ts';
import { SinEstadoCuenta } from './puerto.ts';
import type { Respuesta, SesionReloadly } from './reloadly-sesion.ts';
import { comoEnvio } from './simulador-local.ts';

/** A Mexican operator as Reloadly lists it: the fields the adapter reads. */
export interface OperadorReloadly {
  operatorId: number;
  name: string;
  bundle?: boolean;
  data?: boolean;
  pin?: boolean;
  comboProduct?: boolean;
  denominationType: 'FIXED' | 'RANGE';
  supportsLocalAmounts?: boolean;
  localFixedAmounts?: number[] | null;
  localMinAmount?: number | null;
  localMaxAmount?: number | null;
}

/** Our carrier codes by the names Reloadly (and TAECEL's products) give the Mexican operators. */
export const NOMBRES: Record<Carrier, RegExp> = {
  T: /telcel/i,
  M: /movistar/i,
  U: /unefon/i,
  A: /at&t|\batt\b/i,
  V: /virgin/i,
  B: /\bbait\b/i,
};

/**
 * Carrier -> operator: the company's override (operator ids per carrier) first; else the plain
 * airtime operator (no bundle, data, PIN or combo) whose name says the carrier, the shortest
 * name when several do ('Telcel Mexico' before 'Telcel Mexico Internet Amigo').
 */
export function mapearOperadores(
  lista: readonly OperadorReloadly[],
  override: Readonly<Record<string, number>> = {},
): Partial<Record<Carrier, OperadorReloadly>> {
  const mapa: Partial<Record<Carrier, OperadorReloadly>> = {};
  const aire = lista
    .filter((o) => !o.bundle && !o.data && !o.pin && !o.comboProduct)
    .sort((a, b) => a.name.length - b.name.length);
  for (const carrier of Object.keys(NOMBRES) as Carrier[]) {
    const elegido = override[carrier];
    const o =
      elegido !== undefined
        ? lista.find((x) => x.operatorId === elegido)
        : aire.find((x) => NOMBRES[carrier].test(x.name));
    if (o) mapa[carrier] = o;
  }
  return mapa;
}

/** Whether the operator takes `monto` pesos: local amounts only, in its fixed list or range. */
export function montoAceptado(o: OperadorReloadly, monto: number): boolean {
  if (!o.supportsLocalAmounts) return false;
  if (o.denominationType === 'FIXED') return (o.localFixedAmounts ?? []).includes(monto);
  return (
    o.localMinAmount != null &&
    o.localMaxAmount != null &&
    monto >= o.localMinAmount &&
    monto <= o.localMaxAmount
  );
}

/** Reloadly's transaction statuses onto the port's: SUCCESSFUL, FAILED/REFUNDED, PROCESSING. */
export function estadoReloadly(t: { status?: unknown; transactionId?: unknown }): puerto.ResultadoConsulta {
  if (t.status === 'SUCCESSFUL') return { estado: 'aceptada', folio: String(t.transactionId ?? '') };
  if (t.status === 'FAILED' || t.status === 'REFUNDED')
    return { estado: 'rechazada', mensaje: M.rechazoProveedor };
  if (t.status === 'PROCESSING') return { estado: 'en-proceso' };
  return { estado: 'desconocida', motivo: `estado ${String(t.status)}` };
}

const UNA_HORA = 3_600_000;

/** Mexico's operators of one account, read from the operators API and kept an hour (one read at a time). */
export class CatalogoReloadly {
  private lista: { operadores: OperadorReloadly[]; leida: number } | undefined;
  private leyendo: Promise<OperadorReloadly[]> | undefined;

  constructor(
    private readonly sesion: SesionReloadly,
    private readonly ahora: () => number = Date.now,
  ) {}

  operadores(): Promise<OperadorReloadly[]> {
    if (this.lista && this.ahora() - this.lista.leida < UNA_HORA)
      return Promise.resolve(this.lista.operadores);
    this.leyendo ??= this.leer().finally(() => {
      this.leyendo = undefined;
    });
    return this.leyendo;
  }

  private async leer() {
    const r = await this.sesion.pedir('/operators/countries/MX?includeBundles=true&includeData=true');
    if (r.status !== 200 || !Array.isArray(r.cuerpo)) throw new Error(`reloadly operators: http ${r.status}`);
    this.lista = { operadores: r.cuerpo as OperadorReloadly[], leida: this.ahora() };
    return this.lista.operadores;
  }
}

/** Reloadly's decision errors that do not say the top-up was refused (a repeat, a limit, our token). */
const DUDOSOS = new Set([401, 408, 409, 429]);

/**
 * Reloadly's Airtime API behind the provider port. Our top-up id travels as `customIdentifier`;
 * the POST is sent once and never repeated: any answer that is not a decision leaves the row
 * open, and `status` finds the transaction by its id (when a PROCESSING answer gave it) or by
 * `customIdentifier` in the transaction reports. The activation and portability calls are not
 * Reloadly's: they go to `att`, the platform's ATT server.
 */
export class ProveedorReloadly implements puerto.ProveedorRecargas {
  /** Our id -> Reloadly's transactionId of the top-ups it answered PROCESSING. */
  private readonly enCurso = new Map<string, string>();

  constructor(
    private readonly cuenta: { sesion: SesionReloadly; catalogo: CatalogoReloadly } | undefined,
    private readonly override: Readonly<Record<string, number>>,
    private readonly att: puerto.ProveedorPortabilidad,
    private readonly log?: Bitacora,
  ) {}

  async send(envio: puerto.Envio): Promise<puerto.ResultadoEnvio> {
    if (!this.cuenta)
      return { estado: 'rechazada', mensaje: M.plataformaSinCredenciales, codigo: 'proveedor_no_disponible' };
    const { sesion, catalogo } = this.cuenta;
    let operador: OperadorReloadly | undefined;
    try {
      // Operators and a token before the POST: failing here, nothing was sent.
      operador = mapearOperadores(await catalogo.operadores(), this.override)[envio.carrier];
      await sesion.listo();
    } catch {
      return { estado: 'rechazada', mensaje: M.recargaNoConfirmada };
    }
    if (!operador)
      return {
        estado: 'rechazada',
        mensaje: texto('operadorNoDisponible', { carrier: CARRIERS[envio.carrier] }),
        codigo: 'operador_no_disponible',
      };
    if (!montoAceptado(operador, envio.monto))
      return {
        estado: 'rechazada',
        mensaje: texto('montoNoPermitidoOperador', { monto: envio.monto }),
        codigo: 'monto_no_permitido',
      };
    let r: Respuesta;
    try {
      r = await sesion.pedir('/topups', {
        operatorId: operador.operatorId,
        amount: envio.monto,
        useLocalAmount: true,
        customIdentifier: envio.id,
        recipientPhone: { countryCode: 'MX', number: envio.dn },
      });
    } catch (e) {
      // Connection never opened: certainly not sent (another platform may take it); else unknown.
      return fallaDeEnvio(e);
    }
    if (r.status === 200 || r.status === 201) return comoEnvio(this.leido(envio.id, r.cuerpo));
    const error = r.cuerpo as { errorCode?: unknown } | null;
    this.log?.warn(
      { cuenta: sesion.cuenta.nombre, id: envio.id, status: r.status, errorCode: error?.errorCode },
      'reloadly: top-up not accepted',
    );
    if (
      r.status >= 400 &&
      r.status < 500 &&
      !DUDOSOS.has(r.status) &&
      !/DUPLICAT|ALREADY/i.test(String(error?.errorCode))
    )
      return { estado: 'rechazada', mensaje: M.rechazoProveedor };
    return { estado: 'desconocida', motivo: `http ${r.status}` };
  }

  /** A transaction as read: its status mapped; a PROCESSING one's id kept for `status`. */
  private leido(id: string, t: unknown): puerto.ResultadoConsulta {
    const tx = (t ?? {}) as { status?: unknown; transactionId?: unknown };
    const r = estadoReloadly(tx);
    if (r.estado === 'en-proceso' && tx.transactionId != null) this.enCurso.set(id, String(tx.transactionId));
    else this.enCurso.delete(id);
    return r;
  }

  async status(id: string): Promise<puerto.ResultadoConsulta> {
    if (!this.cuenta) return { estado: 'desconocida', motivo: 'sin credenciales' };
    const { sesion } = this.cuenta;
    try {
      const tid = this.enCurso.get(id);
      if (tid) {
        const r = await sesion.pedir(`/topups/${encodeURIComponent(tid)}/status`);
        if (r.status !== 200) return { estado: 'desconocida', motivo: `http ${r.status}` };
        return this.leido(id, { ...(r.cuerpo as object), transactionId: tid });
      }
      const r = await sesion.pedir(
        `/topups/reports/transactions?customIdentifier=${encodeURIComponent(id)}&page=1&size=5`,
      );
      if (r.status !== 200) return { estado: 'desconocida', motivo: `http ${r.status}` };
      const t = ((r.cuerpo as { content?: { customIdentifier?: unknown }[] } | null)?.content ?? []).find(
        (x) => x.customIdentifier === id,
      );
      return t ? this.leido(id, t) : { estado: 'no-encontrada' };
    } catch (e) {
      return { estado: 'desconocida', motivo: e instanceof Error ? e.name : 'error' };
    }
  }

  /** The account's balance (in its currency) as the platform's one bag. */
  async balance(): Promise<puerto.Saldos> {
    if (!this.cuenta) throw new Error('reloadly: sin credenciales');
    const r = await this.cuenta.sesion.pedir('/accounts/balance');
    const saldo = (r.cuerpo as { balance?: unknown } | null)?.balance;
    if (r.status !== 200 || typeof saldo !== 'number') throw new Error(`reloadly balance: http ${r.status}`);
    return { GENERAL: saldo };
  }

  /**
   * Not read from Reloadly yet: its transaction report by date range would serve (paged, by
   * customIdentifier), but the sandbox does not filter by date. The administrator uploads the file.
   */
  async estadoDeCuenta(): Promise<puerto.FilaEstadoCuenta[]> {
    throw new SinEstadoCuenta('reloadly');
  }

  activar(icc: string) {
    return this.att.activar(icc);
  }

  estatusActivacion(icc: string) {
    return this.att.estatusActivacion(icc);
  }

  portar(s: puerto.SolicitudPorta) {
    return this.att.portar(s);
  }

  detallePorta(dn: string) {
    return this.att.detallePorta(dn);
  }
}
