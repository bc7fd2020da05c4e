import { createServer, type Server } from 'node:http';
import type { Alteracion } from './estado-cuenta.ts';
import type { Envio, SolicitudPorta } from './puerto.ts';
import { leer, sandboxReloadly } from './sandbox-reloadly.ts';
import { sandboxTaecel } from './sandbox-taecel.ts';
import { type Fallas, SIN_FALLAS, Simulador, saldosIniciales } from './simulador.ts';

/**
 * The provider simulator as its own HTTP server: one simulated account per first path segment
 * (/1-recargatodo/..., /1-pagaqui/...; an account ending in pagaqui has Pagaqui's two bags), faults set with PUT /fallas, ledger at GET /libro.
 * Under /reloadly it is also Reloadly's API (sandbox-reloadly.ts), under /taecel TAECEL's
 * (sandbox-taecel.ts), with the same faults and ledger.
 * A timeout holds the answer for `esperaTimeoutMs`, longer than any client waits.
 */
export function servidorSimulador(
  opciones: { fallas?: Partial<Fallas>; esperaTimeoutMs?: number; saldo?: number } = {},
) {
  let fallas: Fallas = { ...SIN_FALLAS, ...opciones.fallas };
  const cuentas = new Map<string, Simulador>();
  const cuenta = (nombre: string) => {
    let s = cuentas.get(nombre);
    if (!s) {
      s = new Simulador(fallas, saldosIniciales(nombre, opciones.saldo));
      cuentas.set(nombre, s);
    }
    return s;
  };
  const espera = opciones.esperaTimeoutMs ?? 30_000;
  const pendientes = new Set<NodeJS.Timeout>();
  /** An answer held back `espera` ms, as a provider that times out holds it; dropped on close. */
  const demorar = (contestar: () => void) => {
    const t = setTimeout(() => {
      pendientes.delete(t);
      contestar();
    }, espera);
    pendientes.add(t);
  };
  const reloadly = sandboxReloadly(cuenta, demorar);
  const taecel = sandboxTaecel(cuenta, demorar);

  const server: Server = createServer(async (req, res) => {
    const responder = (status: number, cuerpo: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(cuerpo));
    };
    try {
      const url = new URL(req.url ?? '/', 'http://simulador');
      const [, primero = '', segundo, tercero] = url.pathname.split('/');
      if (primero === 'reloadly')
        return await reloadly.atender(req, res, url.pathname.slice('/reloadly'.length), url.searchParams);
      if (primero === 'taecel') return await taecel.atender(req, res, url.pathname.slice('/taecel'.length));
      if (req.method === 'PUT' && primero === 'fallas') {
        fallas = { ...fallas, ...(await leer(req)) };
        for (const s of cuentas.values()) s.configurar(fallas);
        return responder(200, fallas);
      }
      if (req.method === 'GET' && primero === 'health') return responder(200, {});
      if (req.method === 'GET' && primero === 'libro') {
        return responder(200, Object.fromEntries([...cuentas].map(([n, s]) => [n, s.registro()])));
      }
      if (req.method === 'POST' && primero === 'reiniciar') {
        cuentas.clear();
        return responder(200, {});
      }
      const sim = cuenta(decodeURIComponent(primero));
      // The request is read whole, then the provider takes its time: a client that dies
      // meanwhile has still been heard.
      const cuerpo = req.method === 'POST' ? await leer(req) : undefined;
      const latencia = sim.configuracion.latenciaMs;
      if (latencia > 0) await new Promise((r) => setTimeout(r, latencia));
      if (req.method === 'GET' && segundo === 'saldo') return responder(200, sim.balance());
      // The daily statement (issue 22), and the mismatches a test injects into it.
      if (req.method === 'GET' && segundo === 'estado-cuenta')
        return responder(
          200,
          sim.estadoDeCuenta(url.searchParams.get('dia') ?? '', url.searchParams.get('zona') ?? 'UTC'),
        );
      if (req.method === 'POST' && segundo === 'alteraciones') {
        sim.alterarEstadoCuenta(cuerpo as Alteracion);
        return responder(200, {});
      }
      // ATT's activation and portability server (the detail answers after latenciaDetalleMs more).
      if (req.method === 'POST' && segundo === 'activaciones') {
        return responder(200, sim.activar(String((cuerpo as { icc?: unknown }).icc ?? '')));
      }
      if (req.method === 'GET' && segundo === 'activaciones' && tercero) {
        if (sim.transporte() !== 'normal') return responder(500, { error: 'interno' });
        const r = sim.estatusActivacion(decodeURIComponent(tercero));
        return r.estado === 'activa' ? responder(200, r.estatus) : responder(404, { error: 'icc' });
      }
      if (req.method === 'POST' && segundo === 'portabilidades' && !tercero) {
        return responder(200, sim.portar(cuerpo as SolicitudPorta));
      }
      if (req.method === 'GET' && segundo === 'portabilidades' && tercero) {
        const espera = sim.configuracion.latenciaDetalleMs;
        if (espera > 0) await new Promise((r) => setTimeout(r, espera));
        if (sim.transporte() !== 'normal') return responder(500, { error: 'interno' });
        const r = sim.detallePorta(decodeURIComponent(tercero));
        return r.estado === 'encontrado' ? responder(200, r.detalle) : responder(404, { error: 'dn' });
      }
      if (req.method === 'GET' && segundo === 'recargas' && tercero) {
        const r = sim.consultar(decodeURIComponent(tercero));
        return responder(r.estado === 'no-encontrada' ? 404 : 200, r);
      }
      if (req.method === 'POST' && segundo === 'recargas') {
        const envio = cuerpo as Envio;
        const transporte = sim.transporte();
        if (transporte === '5xx-antes') return responder(500, { error: 'interno' });
        const asiento = sim.recibir(envio);
        if (transporte === 'caida') return req.socket.destroy();
        if (transporte === '5xx-despues') return responder(500, { error: 'interno' });
        if (transporte === 'timeout') return demorar(() => responder(200, sim.respuesta(asiento)));
        const r = sim.respuesta(asiento);
        return responder(r.estado === 'en-proceso' ? 202 : 200, r);
      }
      responder(404, { error: 'ruta' });
    } catch {
      responder(400, { error: 'peticion' });
    }
  });
  server.on('close', () => {
    for (const t of pendientes) clearTimeout(t);
  });
  return { server, cuentas: cuenta, reloadly: reloadly.estado, taecel };
}
