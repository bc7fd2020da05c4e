import type { EstatusActivacion } from '@recargas/contracts/reciclaje';
import type {
  Envio,
  FilaEstadoCuenta,
  ProveedorRecargas,
  ResultadoActivacion,
  ResultadoConsulta,
  ResultadoDetallePorta,
  ResultadoEnvio,
  ResultadoEstatusActivacion,
  ResultadoPorta,
  SolicitudPorta,
} from './puerto.ts';
import { comoEnvio } from './simulador-local.ts';

/** Errors of the connect step: the request was never written, so the provider never saw it. */
const SIN_CONEXION = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * A send that threw: `no-enviada` only when the connection was never opened (fetch's cause
 * carries the socket's code); a timeout or anything later may have been heard: `desconocida`.
 */
export function fallaDeEnvio(e: unknown): ResultadoEnvio {
  const causa = (e as { cause?: { code?: unknown } } | null)?.cause;
  const codigo = typeof causa?.code === 'string' ? causa.code : '';
  if (SIN_CONEXION.has(codigo)) return { estado: 'no-enviada', motivo: codigo };
  const nombre = e instanceof Error ? e.name : 'error';
  return { estado: 'desconocida', motivo: nombre === 'TimeoutError' ? 'timeout' : nombre };
}

/**
 * A provider over HTTP (the simulator's wire protocol, `npm run provider:sim`). Any answer that
 * is not a decision (timeout, cut connection, 5xx, garbage) is `desconocida`: never assumed failed.
 */
export class ProveedorHttp implements ProveedorRecargas {
  constructor(
    private readonly base: string,
    private readonly cuenta: string,
    private readonly timeoutMs = 5000,
  ) {}

  private async pedir(ruta: string, init: RequestInit = {}): Promise<{ status: number; cuerpo: unknown }> {
    const r = await fetch(`${this.base}/${encodeURIComponent(this.cuenta)}${ruta}`, {
      ...init,
      headers: { 'content-type': 'application/json' },
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    return { status: r.status, cuerpo: await r.json().catch(() => null) };
  }

  async send(envio: Envio): Promise<ResultadoEnvio> {
    try {
      const r = await this.pedir('/recargas', { method: 'POST', body: JSON.stringify(envio) });
      if (r.status !== 200 && r.status !== 202) return { estado: 'desconocida', motivo: `http ${r.status}` };
      return comoEnvio(r.cuerpo as ResultadoConsulta);
    } catch (e) {
      return fallaDeEnvio(e);
    }
  }

  async status(id: string): Promise<ResultadoConsulta> {
    try {
      const r = await this.pedir(`/recargas/${encodeURIComponent(id)}`);
      if (r.status === 404) return { estado: 'no-encontrada' };
      if (r.status !== 200) return { estado: 'desconocida', motivo: `http ${r.status}` };
      return r.cuerpo as ResultadoConsulta;
    } catch (e) {
      return { estado: 'desconocida', motivo: e instanceof Error ? e.name : 'error' };
    }
  }

  async balance() {
    const r = await this.pedir('/saldo');
    if (r.status !== 200) throw new Error(`saldo: http ${r.status}`);
    return r.cuerpo as Record<string, number>;
  }

  async estadoDeCuenta(dia: string, zona: string) {
    const r = await this.pedir(
      `/estado-cuenta?dia=${encodeURIComponent(dia)}&zona=${encodeURIComponent(zona)}`,
    );
    if (r.status !== 200 || !Array.isArray(r.cuerpo)) throw new Error(`estado de cuenta: http ${r.status}`);
    return r.cuerpo as FilaEstadoCuenta[];
  }

  /** A decision (200 with estado aceptada/rechazada), else desconocida. */
  private async decision<T>(
    ruta: string,
    cuerpo: unknown,
  ): Promise<T | { estado: 'desconocida'; motivo: string }> {
    try {
      const r = await this.pedir(ruta, { method: 'POST', body: JSON.stringify(cuerpo) });
      const estado = (r.cuerpo as { estado?: unknown } | null)?.estado;
      if (r.status !== 200 || (estado !== 'aceptada' && estado !== 'rechazada'))
        return { estado: 'desconocida', motivo: `http ${r.status}` };
      return r.cuerpo as T;
    } catch (e) {
      return { estado: 'desconocida', motivo: e instanceof Error ? e.name : 'error' };
    }
  }

  activar(icc: string): Promise<ResultadoActivacion> {
    return this.decision('/activaciones', { icc });
  }

  async estatusActivacion(icc: string): Promise<ResultadoEstatusActivacion> {
    try {
      const r = await this.pedir(`/activaciones/${encodeURIComponent(icc)}`);
      if (r.status === 404) return { estado: 'inactiva' };
      if (r.status !== 200 || typeof r.cuerpo !== 'object' || r.cuerpo === null)
        return { estado: 'desconocida', motivo: `http ${r.status}` };
      return { estado: 'activa', estatus: r.cuerpo as EstatusActivacion };
    } catch (e) {
      return { estado: 'desconocida', motivo: e instanceof Error ? e.name : 'error' };
    }
  }

  portar(s: SolicitudPorta): Promise<ResultadoPorta> {
    return this.decision('/portabilidades', s);
  }

  async detallePorta(dn: string): Promise<ResultadoDetallePorta> {
    try {
      const r = await this.pedir(`/portabilidades/${encodeURIComponent(dn)}`);
      if (r.status === 404) return { estado: 'no-encontrado' };
      if (r.status !== 200 || typeof r.cuerpo !== 'object' || r.cuerpo === null)
        return { estado: 'desconocida', motivo: `http ${r.status}` };
      return {
        estado: 'encontrado',
        detalle: r.cuerpo as Extract<ResultadoDetallePorta, { detalle: unknown }>['detalle'],
      };
    } catch (e) {
      return { estado: 'desconocida', motivo: e instanceof Error ? e.name : 'error' };
    }
  }
}
