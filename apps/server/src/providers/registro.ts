import type { Config } from '../config.ts';
import type { Bitacora } from '../lib/bitacora.ts';
import { PlataformaCerrada } from './cerrada.ts';
import { ProveedorHttp } from './http.ts';
import { ProveedorMedido } from './medido.ts';
import type { ProveedorRecargas } from './puerto.ts';
import { CatalogoReloadly, ProveedorReloadly } from './reloadly.ts';
import { type CuentasReloadly, SesionReloadly } from './reloadly-sesion.ts';
import { Simulador, saldosIniciales } from './simulador.ts';
import { ProveedorSimulado } from './simulador-local.ts';
import { CatalogoTaecel, ProveedorTaecel } from './taecel.ts';
import { ClienteTaecel, type CuentasTaecel } from './taecel-cuenta.ts';

/** The adapter kinds a provider row may name (0025, 0037, 0040); `ninguno`: no provider yet. */
export const ADAPTADORES = ['simulador', 'reloadly', 'taecel', 'ninguno'] as const;
export type Adaptador = (typeof ADAPTADORES)[number];

/** A provider row: platform 1 (Recargatodo) or 2 (Pagaqui) of one company. */
export interface FilaProveedor {
  id: number;
  empresa_id: number;
  codigo: string;
  adaptador: string;
  /** Platform number (1, 2); PROVIDER_SIM_URL_2 serves number 2 when set. */
  numero?: number;
  /** The account's name (RELOADLY_<CUENTA>_*, TAECEL_<CUENTA>_*) of a `reloadly` or `taecel` row. */
  cuenta: string | null;
  /**
   * The company's choice per carrier over the automatic one (0025, set-operators): Reloadly's
   * operator ids, or TAECEL's product codes (providers/taecel.ts, ProductosElegidos).
   */
  operadores: Record<string, number | string>;
}

/** The settings the adapters read; whether the simulator may answer is never left to a default. */
type AjustesRegistro = Pick<Config, 'simuladorPermitido'> &
  Partial<
    Pick<
      Config,
      'providerSimUrl' | 'providerSimUrl2' | 'providerTimeoutMs' | 'reloadly' | 'taecel' | 'simuladorSaldo'
    >
  >;

/** What makes a row's adapter: another value (set-provider, a hand edit) makes a new one. */
const huella = (f: FilaProveedor) => `${f.adaptador}|${f.cuenta ?? ''}|${JSON.stringify(f.operadores ?? {})}`;

/**
 * Adapters for the provider rows, one instance per row while its adapter, account and operators
 * stay as they are (the rows come from the company's `version`, so a change is followed without a
 * restart). `simulador` rows use the in-process simulator, or the HTTP simulator when
 * PROVIDER_SIM_URL is set (account `<empresa>-<codigo>`), only where the simulator is allowed;
 * `reloadly` rows use Reloadly's API with the credentials of their account, one token and one
 * operator list per account; `ninguno` rows and refused simulators are closed platforms.
 */
export class RegistroProveedores {
  private readonly adaptadores = new Map<number, { huella: string; adaptador: ProveedorRecargas }>();
  private readonly cuentas = new Map<string, { sesion: SesionReloadly; catalogo: CatalogoReloadly }>();
  private readonly cuentasTaecel = new Map<string, { cliente: ClienteTaecel; catalogo: CatalogoTaecel }>();
  /** In-process simulators by provider row, for tests and benchmarks to inspect and steer. */
  readonly simuladores = new Map<number, Simulador>();

  private readonly simUrl: string | undefined;
  private readonly simUrl2: string | undefined;
  private readonly timeoutMs: number;
  private readonly reloadly: CuentasReloadly;
  private readonly taecel: CuentasTaecel;
  private readonly saldoSimulado: number | undefined;
  private readonly simuladorPermitido: boolean;

  constructor(
    config: AjustesRegistro,
    private readonly log?: Bitacora,
  ) {
    this.simuladorPermitido = config.simuladorPermitido;
    this.simUrl = config.providerSimUrl;
    this.simUrl2 = config.providerSimUrl2;
    this.timeoutMs = config.providerTimeoutMs ?? 5000;
    this.reloadly = config.reloadly ?? {};
    this.taecel = config.taecel ?? {};
    this.saldoSimulado = config.simuladorSaldo;
  }

  de(fila: FilaProveedor): ProveedorRecargas {
    const h = huella(fila);
    const guardado = this.adaptadores.get(fila.id);
    if (guardado?.huella === h) return guardado.adaptador;
    this.simuladores.delete(fila.id);
    const adaptador = new ProveedorMedido(this.crear(fila), fila.codigo);
    this.adaptadores.set(fila.id, { huella: h, adaptador });
    return adaptador;
  }

  /** Whether the row's top-ups go nowhere here: no provider, or a simulator this process refuses. */
  cerrada(fila: Pick<FilaProveedor, 'adaptador'>): boolean {
    return fila.adaptador === 'ninguno' || (fila.adaptador === 'simulador' && !this.simuladorPermitido);
  }

  /** Why the row has no provider able to take a top-up here (start-up warnings); undefined: it has one. */
  faltaProveedor(fila: Pick<FilaProveedor, 'adaptador' | 'cuenta'>): string | undefined {
    if (fila.adaptador === 'ninguno') return 'sin proveedor';
    if (this.cerrada(fila)) return 'simulador no permitido (PROVEEDOR_SIMULADO)';
    if (fila.adaptador === 'reloadly' && !this.reloadly[fila.cuenta ?? ''])
      return `sin credenciales RELOADLY_${fila.cuenta}_*`;
    if (fila.adaptador === 'taecel' && !this.taecel[fila.cuenta ?? ''])
      return `sin credenciales TAECEL_${fila.cuenta}_*`;
    return undefined;
  }

  private crear(fila: FilaProveedor): ProveedorRecargas {
    if (fila.adaptador === 'ninguno') return new PlataformaCerrada();
    if (fila.adaptador === 'simulador') return this.simulado(fila);
    if (fila.adaptador === 'reloadly')
      return new ProveedorReloadly(
        this.cuentaReloadly(fila),
        fila.operadores ?? {},
        this.simulado(fila),
        this.log,
      );
    if (fila.adaptador === 'taecel')
      return new ProveedorTaecel(
        this.cuentaTaecel(fila),
        fila.operadores ?? {},
        this.simulado(fila),
        this.log,
      );
    throw new Error(`Adaptador de proveedor desconocido: ${fila.adaptador}`);
  }

  /** The simulator of a row (its top-ups, or a Reloadly row's ATT calls), or closed where refused. */
  private simulado(fila: FilaProveedor): ProveedorRecargas {
    if (!this.simuladorPermitido) return new PlataformaCerrada();
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

  /** The client of a TAECEL row's account (one product list per account); undefined without credentials. */
  private cuentaTaecel(fila: FilaProveedor) {
    const nombre = fila.cuenta ?? '';
    const cuenta = this.taecel[nombre];
    if (!cuenta) {
      this.log?.error({ proveedor: fila.id, cuenta: nombre }, `taecel: no TAECEL_${nombre}_KEY set`);
      return undefined;
    }
    let c = this.cuentasTaecel.get(nombre);
    if (!c) {
      const cliente = new ClienteTaecel(cuenta, this.timeoutMs, this.log);
      c = { cliente, catalogo: new CatalogoTaecel(cliente) };
      this.cuentasTaecel.set(nombre, c);
    }
    return c;
  }
}
