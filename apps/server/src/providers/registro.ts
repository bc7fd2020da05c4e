import { ProveedorHttp } from './http.ts';
import type { ProveedorRecargas } from './puerto.ts';
import { Simulador, saldosIniciales } from './simulador.ts';
import { ProveedorSimulado } from './simulador-local.ts';

/** A provider row: platform 1 (Recargatodo) or 2 (Pagaqui) of one company. */
export interface FilaProveedor {
  id: number;
  empresa_id: number;
  codigo: string;
  adaptador: string;
}

/**
 * Adapters for the provider rows, one instance per row. `simulador` rows use the in-process
 * simulator, or the HTTP simulator when PROVIDER_SIM_URL is set (account `<empresa>-<codigo>`).
 * A real provider is a new `adaptador` value and one adapter file.
 */
export class RegistroProveedores {
  private readonly adaptadores = new Map<number, ProveedorRecargas>();
  /** In-process simulators by provider row, for tests and benchmarks to inspect and steer. */
  readonly simuladores = new Map<number, Simulador>();

  constructor(
    private readonly simUrl?: string,
    private readonly timeoutMs = 5000,
  ) {}

  de(fila: FilaProveedor): ProveedorRecargas {
    let a = this.adaptadores.get(fila.id);
    if (!a) {
      a = this.crear(fila);
      this.adaptadores.set(fila.id, a);
    }
    return a;
  }

  private crear(fila: FilaProveedor): ProveedorRecargas {
    if (fila.adaptador !== 'simulador')
      throw new Error(`Adaptador de proveedor desconocido: ${fila.adaptador}`);
    if (this.simUrl)
      return new ProveedorHttp(this.simUrl, `${fila.empresa_id}-${fila.codigo}`, this.timeoutMs);
    const sim = new Simulador(undefined, saldosIniciales(fila.codigo));
    this.simuladores.set(fila.id, sim);
    return new ProveedorSimulado(sim);
  }
}
