import type { Carrier } from '@recargas/contracts/carriers';
import type * as puerto from './puerto.ts';
import type { Simulador } from './simulador.ts';

const esperar = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

/** Maps what the provider answered to a send into the port's three outcomes. */
export function comoEnvio(r: puerto.ResultadoConsulta): puerto.ResultadoEnvio {
  if (r.estado === 'aceptada' || r.estado === 'rechazada' || r.estado === 'desconocida') return r;
  return { estado: 'desconocida', motivo: r.estado };
}

/**
 * The simulator's catalogue, fixed so tests and sandbox keys can rely on it: Movistar, Unefon,
 * Virgin and Bait take the amounts of a fixed list (not 70, as the Movistar operator refused it),
 * Telcel and AT&T any whole amount from 10 to 500 (as Reloadly's sandbox lists them).
 */
const MONTOS_FIJOS = [10, 20, 30, 50, 100, 150, 200, 300, 500];
export const catalogoSimulado = (carrier: Carrier): puerto.CatalogoMontos =>
  carrier === 'T' || carrier === 'A' ? (m) => m >= 10 && m <= 500 : (m) => MONTOS_FIJOS.includes(m);

/** The simulator in the same process: the default adapter, with the same faults as over HTTP. */
export class ProveedorSimulado implements puerto.ProveedorRecargas {
  constructor(readonly simulador: Simulador) {}

  async catalogo(carrier: Carrier) {
    return catalogoSimulado(carrier);
  }

  async send(envio: puerto.Envio): Promise<puerto.ResultadoEnvio> {
    if (this.simulador.configuracion.sinConexion) return { estado: 'no-enviada', motivo: 'ECONNREFUSED' };
    const transporte = this.simulador.transporte();
    await esperar(this.simulador.configuracion.latenciaMs);
    if (transporte === '5xx-antes') return { estado: 'desconocida', motivo: '500' };
    const asiento = this.simulador.recibir(envio);
    if (transporte !== 'normal') return { estado: 'desconocida', motivo: transporte };
    return comoEnvio(this.simulador.respuesta(asiento));
  }

  async status(id: string): Promise<puerto.ResultadoConsulta> {
    await esperar(this.simulador.configuracion.latenciaMs);
    return this.simulador.consultar(id);
  }

  async balance() {
    return this.simulador.balance();
  }

  async estadoDeCuenta(dia: string, zona: string) {
    await esperar(this.simulador.configuracion.latenciaMs);
    return this.simulador.estadoDeCuenta(dia, zona);
  }

  /** An activation or port with the same transport faults as a send (they are safe to repeat). */
  private async conFallas<T>(hacer: () => T): Promise<T | { estado: 'desconocida'; motivo: string }> {
    const transporte = this.simulador.transporte();
    await esperar(this.simulador.configuracion.latenciaMs);
    if (transporte === '5xx-antes') return { estado: 'desconocida', motivo: '500' };
    const r = hacer();
    return transporte === 'normal' ? r : { estado: 'desconocida', motivo: transporte };
  }

  activar(icc: string): Promise<puerto.ResultadoActivacion> {
    return this.conFallas(() => this.simulador.activar(icc));
  }

  estatusActivacion(icc: string): Promise<puerto.ResultadoEstatusActivacion> {
    return this.conFallas(() => this.simulador.estatusActivacion(icc));
  }

  portar(s: puerto.SolicitudPorta): Promise<puerto.ResultadoPorta> {
    return this.conFallas(() => this.simulador.portar(s));
  }

  async detallePorta(dn: string): Promise<puerto.ResultadoDetallePorta> {
    await esperar(this.simulador.configuracion.latenciaDetalleMs);
    return this.conFallas(() => this.simulador.detallePorta(dn));
  }
}
