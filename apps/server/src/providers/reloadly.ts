import { CARRIERS, type Carrier } from '@recargas/contracts/carriers';
import { instanteDeReloj } from '@recargas/contracts/fechas';
import { M, texto } from '@recargas/contracts/mensajes';
import type { Bitacora } from '../lib/bitacora.ts';
import { sumarDias } from '../lib/fechas.ts';
import { ConAtt } from './con-att.ts';
import { centavosDe, estadoDe, type FilaEstadoCuenta } from './estado-cuenta.ts';
import { fallaDeEnvio } from './http.ts';
import type * as puerto from './puerto.ts';
import { type Respuesta, type SesionReloadly, SinToken } from './reloadly-sesion.ts';
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
  override: Readonly<Record<string, number | string>> = {},
): Partial<Record<Carrier, OperadorReloadly>> {
  const mapa: Partial<Record<Carrier, OperadorReloadly>> = {};
  const aire = lista
    .filter((o) => !o.bundle && !o.data && !o.pin && !o.comboProduct)
    .sort((a, b) => a.name.length - b.name.length);
  for (const carrier of Object.keys(NOMBRES) as Carrier[]) {
    const elegido = override[carrier];
    const o =
      elegido !== undefined
        ? lista.find((x) => x.operatorId === Number(elegido))
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

/** A UTC instant as Reloadly's reports write dates: `yyyy-MM-dd HH:mm:ss`. */
export const fechaReloadly = (t: number) => new Date(t).toISOString().slice(0, 19).replace('T', ' ');
/** A report's date (UTC, `yyyy-MM-dd HH:mm:ss`) as an instant; NaN when it is not one. */
export const instanteReloadly = (texto: string) => Date.parse(`${texto.trim().replace(' ', 'T')}Z`);

/** Transactions per page of the report a statement is read from. */
const POR_PAGINA = 200;

/** A transaction of the report as a statement row; undefined while it is still PROCESSING. */
function filaDeTransaccion(t: Record<string, unknown>): FilaEstadoCuenta | undefined {
  const estado = estadoDe(String(t.status ?? ''));
  if (t.status === 'PROCESSING') return undefined;
  // What the line got, in pesos: the delivered amount, else the requested one (useLocalAmount).
  const monto =
    t.deliveredAmountCurrencyCode === 'MXN'
      ? t.deliveredAmount
      : t.requestedAmountCurrencyCode === 'MXN'
        ? t.requestedAmount
        : undefined;
  const centavos = typeof monto === 'number' || typeof monto === 'string' ? centavosDe(monto) : undefined;
  const hora = instanteReloadly(String(t.transactionDate ?? ''));
  // A row that cannot be read makes the statement unreadable: never a charge silently dropped.
  if (!estado || centavos === undefined || Number.isNaN(hora))
    throw new Error(`reloadly report: transaction ${String(t.transactionId)} unreadable`);
  const id = String(t.customIdentifier ?? '');
  return {
    folio: String(t.transactionId ?? ''),
    id: /^\d{1,10}$/.test(id) ? id : '',
    dn: String(t.recipientPhone ?? '').slice(0, 20),
    centavos,
    estado,
    hora: new Date(hora).toISOString(),
  };
}

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

/** Why a call failed, short for the log and the row: the socket's code, a timeout, or the message. */
function causaDe(e: unknown): string {
  const codigo = (e as { cause?: { code?: unknown } } | null)?.cause?.code;
  if (typeof codigo === 'string') return codigo;
  if (e instanceof Error) return e.name === 'TimeoutError' ? 'timeout' : e.message;
  return 'error';
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
export class ProveedorReloadly extends ConAtt implements puerto.ProveedorRecargas {
  /** Our id -> Reloadly's transactionId of the top-ups it answered PROCESSING. */
  private readonly enCurso = new Map<string, string>();

  constructor(
    private readonly cuenta: { sesion: SesionReloadly; catalogo: CatalogoReloadly } | undefined,
    private readonly override: Readonly<Record<string, number | string>>,
    att: puerto.ProveedorPortabilidad,
    private readonly log?: Bitacora,
  ) {
    super(att);
  }

  /** The carrier's operator (as send picks it) and its amounts, from the operators kept an hour. */
  async catalogo(carrier: Carrier): Promise<puerto.CatalogoMontos | null> {
    if (!this.cuenta) return null;
    const o = mapearOperadores(await this.cuenta.catalogo.operadores(), this.override)[carrier];
    return o ? (monto) => montoAceptado(o, monto) : () => false;
  }

  async send(envio: puerto.Envio): Promise<puerto.ResultadoEnvio> {
    if (!this.cuenta)
      return { estado: 'rechazada', mensaje: M.plataformaSinCredenciales, codigo: 'proveedor_no_disponible' };
    const { sesion, catalogo } = this.cuenta;
    let operador: OperadorReloadly | undefined;
    try {
      operador = mapearOperadores(await catalogo.operadores(), this.override)[envio.carrier];
      await sesion.listo();
    } catch (e) {
      // Operators and a token come before the POST: whatever failed here (refused, unreachable,
      // timed out), nothing was sent, so the breaker counts it and another platform may take it.
      return this.sinEnviar(envio, e);
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
      // No token for the POST (it expired meanwhile) or no connection opened: certainly not sent
      // (another platform may take it); anything later may have reached Reloadly: unknown.
      if (e instanceof SinToken) return this.sinEnviar(envio, e);
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

  /** A top-up that never left for Reloadly, logged with the cause (never the token or secret). */
  private sinEnviar(envio: puerto.Envio, e: unknown): puerto.ResultadoEnvio {
    const causa = e instanceof SinToken && e.cause !== undefined ? e.cause : e;
    const motivo = causaDe(causa);
    this.log?.warn(
      { cuenta: this.cuenta?.sesion.cuenta.nombre, id: envio.id, motivo },
      'reloadly: top-up not sent (operators or token unavailable)',
    );
    return { estado: 'no-enviada', motivo };
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
   * The day's statement from Reloadly's transactions report (GET /topups/reports/transactions,
   * startDate and endDate in UTC, inclusive, paged from 1): the day runs midnight to midnight of
   * `zona`. SUCCESSFUL, FAILED and REFUNDED rows; PROCESSING ones are not decided yet.
   */
  async estadoDeCuenta(dia: string, zona: string): Promise<FilaEstadoCuenta[]> {
    if (!this.cuenta) throw new Error('reloadly: sin credenciales');
    const desde = instanteDeReloj(`${dia} 00:00:00`, zona);
    const hasta = instanteDeReloj(`${sumarDias(dia, 1)} 00:00:00`, zona);
    const filas: FilaEstadoCuenta[] = [];
    for (let pagina = 1; ; pagina++) {
      const r = await this.cuenta.sesion.pedir(
        `/topups/reports/transactions?startDate=${encodeURIComponent(fechaReloadly(desde))}` +
          `&endDate=${encodeURIComponent(fechaReloadly(hasta - 1000))}&page=${pagina}&size=${POR_PAGINA}`,
      );
      const cuerpo = r.cuerpo as { content?: unknown; totalPages?: unknown } | null;
      if (r.status !== 200 || !Array.isArray(cuerpo?.content))
        throw new Error(`reloadly report: http ${r.status}`);
      for (const t of cuerpo.content as Record<string, unknown>[]) {
        const f = filaDeTransaccion(t);
        if (f) filas.push(f);
      }
      if (cuerpo.content.length === 0 || pagina >= Number(cuerpo.totalPages)) return filas;
    }
  }
}
