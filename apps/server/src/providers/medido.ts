import type { Carrier } from '@recargas/contracts/carriers';
import { enviosRecargas, latenciaProveedor } from '../lib/metricas.ts';
import type * as puerto from './puerto.ts';

/** An adapter whose sends and status calls are counted and timed for /metrics. */
export class ProveedorMedido implements puerto.ProveedorRecargas {
  constructor(
    private readonly adaptador: puerto.ProveedorRecargas,
    private readonly proveedor: string,
  ) {}

  async catalogo(carrier: Carrier) {
    return (await this.adaptador.catalogo?.(carrier)) ?? null;
  }

  async send(envio: puerto.Envio): Promise<puerto.ResultadoEnvio> {
    const fin = latenciaProveedor.startTimer({ proveedor: this.proveedor, operacion: 'send' });
    let resultado = 'error';
    try {
      const r = await this.adaptador.send(envio);
      resultado = r.estado;
      return r;
    } finally {
      fin();
      enviosRecargas.inc({ proveedor: this.proveedor, resultado });
    }
  }

  async status(id: string, consulta?: puerto.ConsultaEstado): Promise<puerto.ResultadoConsulta> {
    const fin = latenciaProveedor.startTimer({ proveedor: this.proveedor, operacion: 'status' });
    try {
      return await this.adaptador.status(id, consulta);
    } finally {
      fin();
    }
  }

  balance() {
    return this.adaptador.balance();
  }
  estadoDeCuenta(dia: string, zona: string) {
    return this.adaptador.estadoDeCuenta(dia, zona);
  }
  activar(icc: string) {
    return this.adaptador.activar(icc);
  }
  estatusActivacion(icc: string) {
    return this.adaptador.estatusActivacion(icc);
  }
  portar(s: puerto.SolicitudPorta) {
    return this.adaptador.portar(s);
  }
  detallePorta(dn: string) {
    return this.adaptador.detallePorta(dn);
  }
}
