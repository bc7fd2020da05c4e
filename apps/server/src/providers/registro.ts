import type { Config } from '../config.ts';
import type { Bitacora } from '../lib/bitacora.ts';
import { ProveedorHttp } from './http.ts';
import { ProveedorMedido } from './medido.ts';
import type { ProveedorRecargas } from './puerto.ts';
import { CatalogoReloadly, ProveedorReloadly } from './reloadly.ts';
import { type CuentasReloadly, SesionReloadly } from './reloadly-sesion.ts';
import { Simulador, saldosIniciales } from './simulador.ts';
import { ProveedorSimulado } from './simulador-local.ts';

/** A provider row: platform 1 (Recargatodo) or 2 (Pagaqui) of one company. */
export interface FilaProveedor {
  id: number;
  empresa_id: number;
  codigo: string;
  adaptador: string;
  /** Platform number (1, 2); PROVIDER_SIM_URL_2 serves number 2 when set. */
  numero?: number;
  /** The Reloadly account's name (RELOADLY_<CUENTA>_*) of a `reloadly` row (0025). */
  cuenta: string | null;
  /** Operator ids per carrier that override the mapping read from Reloadly (0025). */
  operadores: Record<string, number>;
}

/**
 * Adapters for the provider rows, one instance per row (a change to a row is taken at the next
 * start). `simulador` rows use the in-process simulator, or the HTTP simulator when
 * PROVIDER_SIM_URL is set (account `<empresa>-<codigo>`); `reloadly` rows use Reloadly's API
 * with the credentials of their account, one token and one operator list per account.
 */
export class RegistroProveedores {
  private readonly adaptadores = new Map<number, ProveedorRecargas>();
  private readonly cuentas = new Map<string, { sesion: SesionReloadly; catalogo: CatalogoReloadly }>();
  /** In-process simulators by provider row, for tests and benchmarks to inspect and steer. */
  readonly simuladores = new Map<number, Simulador>();

  private readonly simUrl: string | undefined;
  private readonly simUrl2: string | undefined;
  private readonly timeoutMs: number;
  private readonly reloadly: CuentasReloadly;
  private readonly saldoSimulado: number | undefined;

  constructor(
    config: Partial<
      Pick<Config, 'providerSimUrl' | 'providerSimUrl2' | 'providerTimeoutMs' | 'reloadly' | 'simuladorSaldo'>
    > = {},
    private readonly log?: Bitacora,
  ) {
    this.simUrl = config.providerSimUrl;
    this.simUrl2 = config.providerSimUrl2;
    this.timeoutMs = config.providerTimeoutMs ?? 5000;
    this.reloadly = config.reloadly ?? {};
    this.saldoSimulado = config.simuladorSaldo;
  }

  de(fila: FilaProveedor): ProveedorRecargas {
    let a = this.adaptadores.get(fila.id);
    if (!a) {
      a = new ProveedorMedido(this.crear(fila), fila.codigo);
      this.adaptadores.set(fila.id, a);
    }
    return a;
  }

  private crear(fila: FilaProveedor): ProveedorRecargas {
    if (fila.adaptador === 'simulador') return this.simulado(fila);
    if (fila.adaptador === 'reloadly')
      return new ProveedorReloadly(
        this.cuentaReloadly(fila),
        fila.operadores ?? {},
        this.simulado(fila),
        this.log,
      );
    throw new Error(`Adaptador de proveedor desconocido: ${fila.adaptador}`);
  }

  private simulado(fila: FilaProveedor) {
    const url = (fila.numero === 2 && this.simUrl2) || this.simUrl;
    if (url) return new ProveedorHttp(url, `${fila.empresa_id}-${fila.codigo}`, this.timeoutMs);
    const sim = new Simulador(undefined, saldosIniciales(fila.codigo, this.saldoSimulado));
    this.simuladores.set(fila.id, sim);
    return new ProveedorSimulado(sim);
  }

  /** The session of the row's account; undefined (and said once in the log) when it has no credentials. */
  private cuentaReloadly(fila: FilaProveedor) {
    const nombre = fila.cuenta ?? '';
    const cuenta = this.reloadly[nombre];
    if (!cuenta) {
      this.log?.error(
        { proveedor: fila.id, cuenta: nombre },
        `reloadly: no RELOADLY_${nombre}_CLIENT_ID set`,
      );
      return undefined;
    }
    let c = this.cuentas.get(nombre);
    if (!c) {
      const sesion = new SesionReloadly(cuenta, this.timeoutMs, this.log);
      c = { sesion, catalogo: new CatalogoReloadly(sesion) };
      this.cuentas.set(nombre, c);
    }
    return c;
  }
}
