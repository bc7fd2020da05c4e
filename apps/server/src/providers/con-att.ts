import type * as puerto from './puerto.ts';

/**
 * An aggregator's adapter (Reloadly, TAECEL) sells airtime only: its activation and
 * portability calls go to `att`, the platform's ATT server.
 */
export abstract class ConAtt implements puerto.ProveedorPortabilidad {
  constructor(private readonly att: puerto.ProveedorPortabilidad) {}

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
