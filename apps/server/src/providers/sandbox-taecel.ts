import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Carrier } from '@recargas/contracts/carriers';
import { hoyEn } from '../lib/fechas.ts';
import type { Simulador } from './simulador.ts';

/** The sandbox's NIP of every key: any other is refused as TAECEL refuses a wrong one. */
export const NIP_SANDBOX_TAECEL = '1234';
/** A number whose top-ups always succeed at once, whatever faults are set (a connection check). */
export const NUMERO_PRUEBA_TAECEL = '5555555555';

/** A product as getProducts lists it (the fields the adapter reads, and a few it shows). */
export interface ProductoTaecel {
  Codigo: string;
  Carrier: string;
  Nombre: string;
  /** Pesos with two decimals; "0.00": an open-amount product (the amount travels as `monto`). */
  Monto: string;
  /** 1 airtime, 2 bundles, 3 services. */
  Categoria: string;
  Vigencia: string;
}

const MONTOS = [10, 20, 30, 50, 100, 150, 200, 300, 500];
const PREFIJOS: Record<Carrier, [string, string]> = {
  T: ['TEL', 'Telcel'],
  M: ['MOV', 'Movistar'],
  U: ['UNE', 'Unefon'],
  A: ['ATT', 'AT&T'],
  V: ['VIR', 'Virgin Mobile'],
  B: ['BAI', 'Bait'],
};

const producto = (Codigo: string, Carrier: string, monto: number, Categoria = '1'): ProductoTaecel => ({
  Codigo,
  Carrier,
  Nombre: `${Carrier} $${monto}`,
  Monto: `${monto}.00`,
  Categoria,
  Vigencia: Categoria === '1' ? 'N/A' : '30 días',
});

/** Fixed airtime of every carrier, one bundle per carrier (not airtime) and AT&T's open amount. */
export const PRODUCTOS_TAECEL: ProductoTaecel[] = [
  ...Object.values(PREFIJOS).flatMap(([p, nombre]) => [
    ...MONTOS.map((m) => producto(`${p}${String(m).padStart(3, '0')}`, nombre, m)),
    producto(`${p}PAQ100`, nombre, 100, '2'),
  ]),
  { ...producto('ATTABIERTO', 'AT&T', 0), Nombre: 'AT&T monto libre' },
];

const carrierDe = (codigo: string) =>
  (Object.entries(PREFIJOS) as [Carrier, [string, string]][]).find(([, [p]]) => codigo.startsWith(p))?.[0];

/** A form POST's fields. */
async function formulario(req: IncomingMessage) {
  let texto = '';
  for await (const trozo of req) texto += trozo;
  return new URLSearchParams(texto);
}

/** A sale as StatusTXN and getSales show it; `Status` Exitosa, Fallida or En proceso. */
interface Venta {
  transID: string;
  Folio: string;
  Status: string;
  Referencia: string;
  Producto: string;
  Monto: string;
  Nota: string;
  Fecha: string;
}

/**
 * TAECEL's API as the simulator serves it under /taecel: form POSTs with `key` and `nip`, JSON
 * answers `{success, error, message, data}`. Each key is one account (`taecel-<key>` in GET
 * /libro), its sales in the simulator's ledger under their transID, with the same faults as the
 * other platforms: no idempotency key, so every RequestTXN that arrives is a new sale.
 */
export function sandboxTaecel(
  cuenta: (nombre: string) => Simulador,
  /** Holds an answer back, as a provider that times out does (servidor-simulador.ts). */
  demorar: (contestar: () => void) => void,
) {
  /** transID -> the sale's product code, per key. */
  const ventas = new Map<string, { key: string; producto: string }>();
  let siguiente = 700_000;

  const venta = (sim: Simulador, transID: string): Venta | undefined => {
    const v = ventas.get(transID);
    const envio = sim.envio(transID);
    if (!v || !envio) return undefined;
    const r = sim.consultar(transID);
    return {
      transID,
      Folio: r.estado === 'aceptada' ? r.folio : '',
      Status: r.estado === 'aceptada' ? 'Exitosa' : r.estado === 'rechazada' ? 'Fallida' : 'En proceso',
      Referencia: envio.dn,
      Producto: v.producto,
      Monto: `${envio.monto}.00`,
      Nota: r.estado === 'rechazada' ? r.mensaje : '',
      Fecha: envio.tipo,
    };
  };

  async function atender(req: IncomingMessage, res: ServerResponse, ruta: string) {
    const responder = (cuerpo: unknown, status = 200) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(cuerpo));
    };
    const bien = (data: unknown) => responder({ success: true, error: 0, message: '', data });
    const mal = (error: number, message: string) => responder({ success: false, error, message, data: null });
    if (req.method === 'GET' && ruta === '/libro') return responder(porReferencia());
    if (req.method !== 'POST') return responder({ success: false, error: 404, message: 'Ruta' }, 404);
    const f = await formulario(req);
    const key = f.get('key') ?? '';
    if (!key) return mal(1, 'Key requerida');
    if (f.get('nip') !== NIP_SANDBOX_TAECEL) return mal(2, 'NIP incorrecto');
    const sim = cuenta(`taecel-${key}`);
    const latencia = sim.configuracion.latenciaMs;
    if (latencia > 0) await new Promise((r) => setTimeout(r, latencia));
    const metodo = ruta.replace(/^\//, '');
    if (metodo === 'getBalance') {
      const { GENERAL = 0 } = sim.balance();
      return bien([
        { Bolsa: 'Tiempo Aire', Saldo: `${GENERAL}.00` },
        { Bolsa: 'Servicios', Saldo: '0.00' },
      ]);
    }
    if (metodo === 'getProducts') return bien(PRODUCTOS_TAECEL);
    if (metodo === 'StatusTXN') {
      const v = ventas.get(f.get('transID') ?? '')?.key === key && venta(sim, f.get('transID') ?? '');
      return v ? bien(v) : mal(404, 'Transacción no encontrada');
    }
    if (metodo === 'getSales') {
      const dia = f.get('fecha') ?? '';
      const suyas = [...ventas].filter(([, v]) => v.key === key).map(([t]) => venta(sim, t));
      return bien(suyas.filter((v) => v && hoyEn('America/Mexico_City', new Date(v.Fecha)) === dia));
    }
    if (metodo === 'RequestTXN') return recargar(key, sim, f);
    return mal(404, 'Método no encontrado');

    /** One sale: the product and number checked first, then the transport dice; never deduplicated. */
    function recargar(key: string, sim: Simulador, f: URLSearchParams) {
      const p = PRODUCTOS_TAECEL.find((x) => x.Codigo === f.get('producto'));
      const carrier = p && carrierDe(p.Codigo);
      const referencia = f.get('referencia') ?? '';
      const monto = p?.Monto === '0.00' ? Number(f.get('monto')) : Number.parseInt(p?.Monto ?? '', 10);
      if (!p || !carrier) return mal(10, 'Producto no válido');
      if (!/^\d{10}$/.test(referencia)) return mal(11, 'Referencia no válida');
      if (!Number.isInteger(monto) || monto < 10 || monto > 500) return mal(12, 'Monto no válido');
      const prueba = referencia === NUMERO_PRUEBA_TAECEL;
      const transporte = prueba ? 'normal' : sim.transporte();
      if (transporte === '5xx-antes') return responder({ error: 'interno' }, 500);
      const transID = String(++siguiente);
      ventas.set(transID, { key, producto: p.Codigo });
      // The sale's time rides in `tipo`: the simulator keeps what arrived as it came.
      const envio = { id: transID, dn: referencia, icc: '', carrier, monto, tipo: new Date().toISOString() };
      const asiento = sim.recibir(envio);
      if (prueba) asiento.listoEn = 0;
      if (transporte === 'caida') return req.socket.destroy();
      if (transporte === '5xx-despues') return responder({ error: 'interno' }, 500);
      const contestar = () => {
        const v = venta(sim, transID);
        if (v?.Status === 'Fallida') return mal(20, v.Nota);
        bien({ transID, Folio: v?.Folio ?? '', Status: v?.Status ?? '' });
      };
      if (transporte !== 'timeout') return contestar();
      demorar(contestar);
    }
  }

  /** Sales per number of every key (GET /taecel/libro): a number sold twice is a double send. */
  function porReferencia() {
    const n: Record<string, number> = {};
    for (const [t, v] of ventas) {
      const dn = cuenta(`taecel-${v.key}`).envio(t)?.dn ?? '';
      n[dn] = (n[dn] ?? 0) + 1;
    }
    return n;
  }
  return { atender, porReferencia };
}
