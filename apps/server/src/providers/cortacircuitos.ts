import { BrokenCircuitError, CircuitState, CountBreaker, circuitBreaker, handleWhenResult } from 'cockatiel';
import type { ResultadoEnvio } from './puerto.ts';

/** A provider account's state as the balances screen shows it. */
export type EstadoCorte = 'disponible' | 'con-fallas' | 'abierto';

export interface CambioCorte {
  proveedorId: number;
  empresaId: number;
  estado: EstadoCorte;
}

export interface OpcionesCorte {
  /** Sends seen in the window before the breaker may open. */
  minimoLlamadas: number;
  /** How long it stays open before one send probes the provider again. */
  probarTrasMs: number;
}

/** The last sends judged; half of them failed opens the breaker. */
const VENTANA = 20;
/** A failure this recent keeps a closed breaker 'con-fallas'. */
const FALLAS_RECIENTES_MS = 60_000;

/** What the breaker counts as a failure: the connection never opened, or the provider timed out. */
const esFalla = (r: unknown) => {
  const e = r as ResultadoEnvio;
  return e.estado === 'no-enviada' || (e.estado === 'desconocida' && e.motivo === 'timeout');
};

/** The breaker of one provider account (cockatiel), and the state last told to the listener. */
class Corte {
  readonly politica;
  estado: EstadoCorte = 'disponible';
  private ultimaFalla = 0;

  constructor(
    private readonly cuenta: { proveedorId: number; empresaId: number },
    opciones: OpcionesCorte,
    private readonly avisar: (c: CambioCorte) => void,
  ) {
    this.politica = circuitBreaker(handleWhenResult(esFalla), {
      halfOpenAfter: opciones.probarTrasMs,
      breaker: new CountBreaker({
        threshold: 0.5,
        size: VENTANA,
        minimumNumberOfCalls: opciones.minimoLlamadas,
      }),
    });
    this.politica.onBreak(() => this.cambiar('abierto'));
    this.politica.onReset(() => this.cambiar(this.reciente() ? 'con-fallas' : 'disponible'));
  }

  private reciente = () => Date.now() - this.ultimaFalla < FALLAS_RECIENTES_MS;

  private cambiar(estado: EstadoCorte) {
    if (estado === this.estado) return;
    this.estado = estado;
    this.avisar({ ...this.cuenta, estado });
  }

  /** After a send the breaker let through: a closed breaker shows recent failures or none. */
  anotar(r: ResultadoEnvio) {
    if (esFalla(r)) this.ultimaFalla = Date.now();
    if (this.politica.state !== CircuitState.Closed) return;
    this.cambiar(this.reciente() ? 'con-fallas' : 'disponible');
  }
}

/**
 * The circuit breakers of a process, one per provider account: after repeated connection
 * failures or timeouts a breaker opens and refuses sends without trying (the caller then takes
 * the next platform); after `probarTrasMs` one send probes, and its success closes it. Each
 * change of state goes to the listener (persisted and notified by the saldos module).
 */
export class Cortacircuitos {
  private readonly cortes = new Map<number, Corte>();
  private readonly oyentes: ((c: CambioCorte) => void)[] = [];

  constructor(
    private readonly opciones: OpcionesCorte,
    avisar: (c: CambioCorte) => void,
  ) {
    this.oyentes.push(avisar);
  }

  /** Another listener of the changes (a test timing them as they happen). */
  observar(f: (c: CambioCorte) => void) {
    this.oyentes.push(f);
  }

  private de(cuenta: { proveedorId: number; empresaId: number }) {
    let c = this.cortes.get(cuenta.proveedorId);
    if (!c) {
      c = new Corte(cuenta, this.opciones, (cambio) => {
        for (const f of this.oyentes) f(cambio);
      });
      this.cortes.set(cuenta.proveedorId, c);
    }
    return c;
  }

  /** This process's state of an account. */
  estado = (proveedorId: number): EstadoCorte => this.cortes.get(proveedorId)?.estado ?? 'disponible';

  /**
   * One send through the account's breaker; `abierto` when the breaker refused it, so it was
   * certainly not sent.
   */
  async enviar(
    cuenta: { proveedorId: number; empresaId: number },
    send: () => Promise<ResultadoEnvio>,
  ): Promise<ResultadoEnvio | { estado: 'abierto' }> {
    const corte = this.de(cuenta);
    try {
      const r = await corte.politica.execute(send);
      corte.anotar(r);
      return r;
    } catch (e) {
      if (e instanceof BrokenCircuitError) return { estado: 'abierto' };
      throw e;
    }
  }
}
