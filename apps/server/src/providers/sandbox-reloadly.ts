import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Carrier } from '@recargas/contracts/carriers';
import { fechaReloadly, instanteReloadly, type OperadorReloadly } from './reloadly.ts';
import { AUDIENCIAS } from './reloadly-sesion.ts';
import type { Simulador } from './simulador.ts';

/** A request's JSON body ({} when empty). */
export const leer = async (req: IncomingMessage) => {
  let texto = '';
  for await (const trozo of req) texto += trozo;
  return texto ? JSON.parse(texto) : {};
};

const MONTOS = [10, 20, 30, 50, 100, 150, 200, 300, 500];
type OperadorSandbox = OperadorReloadly & { carrier: Carrier };
const operador = (o: Omit<OperadorSandbox, 'supportsLocalAmounts'>): OperadorSandbox => ({
  bundle: false,
  data: false,
  pin: false,
  comboProduct: false,
  supportsLocalAmounts: true,
  localFixedAmounts: null,
  localMinAmount: null,
  localMaxAmount: null,
  ...o,
});
const fijo = (operatorId: number, name: string, carrier: Carrier, extra: Partial<OperadorReloadly> = {}) =>
  operador({ operatorId, name, carrier, denominationType: 'FIXED', localFixedAmounts: MONTOS, ...extra });
const rango = (operatorId: number, name: string, carrier: Carrier) =>
  operador({ operatorId, name, carrier, denominationType: 'RANGE', localMinAmount: 10, localMaxAmount: 500 });

/** Mexico's operators as the sandbox lists them; the bundle and data ones are not airtime. */
const OPERADORES = [
  rango(1100, 'Telcel Mexico', 'T'),
  fijo(1101, 'Telcel Mexico Internet Amigo', 'T', { data: true, localFixedAmounts: [50, 100, 200] }),
  fijo(1110, 'Movistar Mexico', 'M'),
  fijo(1120, 'Unefon Mexico', 'U'),
  rango(1130, 'AT&T Mexico', 'A'),
  fijo(1131, 'AT&T Mexico Bundles', 'A', { bundle: true }),
  fijo(1140, 'Virgin Mobile Mexico', 'V'),
  fijo(1150, 'Bait Mexico', 'B'),
];

/** An operator as Reloadly's API shows it (without the sandbox's carrier). */
const publico = ({ carrier, ...o }: OperadorSandbox) => ({
  ...o,
  fixedAmounts: o.localFixedAmounts ?? [],
  minAmount: o.localMinAmount,
  maxAmount: o.localMaxAmount,
  senderCurrencyCode: 'MXN',
  destinationCurrencyCode: 'MXN',
  country: { isoName: 'MX', name: 'Mexico' },
});

const error = (status: number, errorCode: string, message: string, path: string) => ({
  timeStamp: new Date().toISOString(),
  message,
  path,
  errorCode,
  infoLink: null,
  details: [],
  status,
});

/**
 * Reloadly's Airtime API as the simulator serves it under /reloadly (token, operators,
 * auto-detect, top-ups, status, reports, balance): its paths, headers and shapes, so the real
 * adapter runs against it over HTTP. Each client_id is one account (`reloadly-<client_id>` in
 * GET /libro) with the simulator's faults and ledger by customIdentifier.
 */
export function sandboxReloadly(
  cuenta: (nombre: string) => Simulador,
  /** Holds an answer back, as a provider that times out does (servidor-simulador.ts). */
  demorar: (contestar: () => void) => void,
) {
  const tokens = new Map<string, { cliente: string; vence: number }>();
  /** customIdentifier -> transactionId, and back; the refunded ones. */
  const transacciones = new Map<string, number>();
  const porTransaccion = new Map<number, { cliente: string; id: string }>();
  /** When each transaction arrived (ms, on the account simulator's clock, which a test may set back). */
  const llegadas = new Map<string, number>();
  const reembolsadas = new Set<string>();
  let siguiente = 5000;
  const estado = {
    /** Tokens handed out since the start (tests count refreshes). */
    tokensEmitidos: 0,
    /** Lifetime of the next tokens, in seconds. */
    ttlS: 3600,
    /** Every token handed out so far, so a test can look for them in logs. */
    emitidos: [] as string[],
    /** Every token stops working at once (a 401 on the next call). */
    revocar: () => tokens.clear(),
    /** Reloadly refunded a transaction (REFUNDED from then on). */
    reembolsar: (customIdentifier: string) => reembolsadas.add(customIdentifier),
  };

  /** A transaction as Reloadly shows it, or undefined when that id never arrived. */
  const transaccion = (cliente: string, id: string) => {
    const sim = cuenta(`reloadly-${cliente}`);
    const envio = sim.envio(id);
    const r = sim.consultar(id);
    const transactionId = transacciones.get(`${cliente}:${id}`);
    if (!envio || transactionId === undefined) return undefined;
    const status =
      r.estado === 'aceptada'
        ? reembolsadas.has(id)
          ? 'REFUNDED'
          : 'SUCCESSFUL'
        : r.estado === 'rechazada'
          ? 'FAILED'
          : 'PROCESSING';
    return {
      transactionId,
      status,
      operatorTransactionId: r.estado === 'aceptada' ? r.folio : null,
      customIdentifier: id,
      recipientPhone: envio.dn,
      countryCode: 'MX',
      operatorId: OPERADORES.find((o) => o.carrier === envio.carrier)?.operatorId,
      requestedAmount: envio.monto,
      requestedAmountCurrencyCode: 'MXN',
      deliveredAmount: envio.monto,
      deliveredAmountCurrencyCode: 'MXN',
      transactionDate: fechaReloadly(llegadas.get(`${cliente}:${id}`) ?? Date.now()),
    };
  };

  /**
   * The transactions report: one by customIdentifier, or every transaction of the account whose
   * date (UTC) falls between startDate and endDate inclusive, by transactionId, in pages
   * (`page` from 1, `size`).
   */
  function reporte(cliente: string, consulta: URLSearchParams) {
    const id = consulta.get('customIdentifier');
    if (id !== null) {
      const t = transaccion(cliente, id);
      return t ? [t] : [];
    }
    const desde = instanteReloadly(consulta.get('startDate') ?? '');
    const hasta = instanteReloadly(consulta.get('endDate') ?? '');
    return [...transacciones]
      .filter(([clave]) => clave.startsWith(`${cliente}:`))
      .sort(([, a], [, b]) => a - b)
      .flatMap(([clave]) => {
        const t = transaccion(cliente, clave.slice(cliente.length + 1));
        const llegada = llegadas.get(clave) ?? 0;
        return t && !(llegada < desde) && !(llegada >= hasta + 1000) ? [t] : [];
      });
  }

  async function atender(req: IncomingMessage, res: ServerResponse, ruta: string, consulta: URLSearchParams) {
    const responder = (status: number, cuerpo: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(cuerpo));
    };
    if (req.method === 'POST' && ruta === '/oauth/token') {
      const c = (await leer(req)) as Record<string, unknown>;
      const audiencias: unknown[] = Object.values(AUDIENCIAS);
      if (
        c.grant_type !== 'client_credentials' ||
        !audiencias.includes(c.audience) ||
        !c.client_id ||
        !c.client_secret
      )
        return responder(401, { error: 'invalid_client' });
      const access_token = randomBytes(24).toString('base64url');
      tokens.set(access_token, { cliente: String(c.client_id), vence: Date.now() + estado.ttlS * 1000 });
      estado.tokensEmitidos++;
      estado.emitidos.push(access_token);
      return responder(200, {
        access_token,
        scope: 'developer',
        expires_in: estado.ttlS,
        token_type: 'Bearer',
      });
    }
    const valor = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const token = tokens.get(valor);
    if (!token || token.vence < Date.now()) {
      const codigo = token ? 'TOKEN_EXPIRED' : 'INVALID_TOKEN';
      return responder(401, error(401, codigo, 'Full authentication is required', ruta));
    }
    if (!req.headers.accept?.includes('application/com.reloadly.topups-v1+json'))
      return responder(406, error(406, 'NOT_ACCEPTABLE', 'Unsupported Accept header', ruta));
    const sim = cuenta(`reloadly-${token.cliente}`);
    const cuerpo = req.method === 'POST' ? ((await leer(req)) as Record<string, unknown>) : undefined;
    const latencia = sim.configuracion.latenciaMs;
    if (latencia > 0) await new Promise((r) => setTimeout(r, latencia));

    if (req.method === 'GET' && ruta === '/operators/countries/MX')
      return responder(
        200,
        OPERADORES.map(({ carrier, ...o }) => o),
      );
    const detectar = /^\/operators\/auto-detect\/phone\/(\d+)\/countries\/MX$/.exec(ruta);
    if (req.method === 'GET' && detectar) {
      const aire = OPERADORES.filter((x) => !x.bundle && !x.data);
      return responder(200, publico(aire[Number(detectar[1]?.at(-1)) % aire.length] as OperadorSandbox));
    }
    if (req.method === 'GET' && ruta === '/accounts/balance') {
      const { GENERAL = 0 } = sim.balance();
      return responder(200, {
        balance: GENERAL,
        currencyCode: 'MXN',
        currencyName: 'Mexican Peso',
        updatedAt: new Date().toISOString(),
      });
    }
    if (req.method === 'GET' && ruta === '/topups/reports/transactions') {
      const todas = reporte(token.cliente, consulta);
      const size = Math.min(Math.max(Number(consulta.get('size')) || 20, 1), 200);
      const page = Math.max(Number(consulta.get('page')) || 1, 1);
      return responder(200, {
        content: todas.slice((page - 1) * size, page * size),
        totalElements: todas.length,
        totalPages: Math.ceil(todas.length / size),
        number: page - 1,
        size,
      });
    }
    const consultaEstado = /^\/topups\/(\d+)\/status$/.exec(ruta);
    if (req.method === 'GET' && consultaEstado) {
      const de = porTransaccion.get(Number(consultaEstado[1]));
      const t = de && de.cliente === token.cliente ? transaccion(de.cliente, de.id) : undefined;
      if (!t) return responder(404, error(404, 'TRANSACTION_NOT_FOUND', 'Transaction not found', ruta));
      return responder(200, { code: null, message: null, status: t.status, transaction: t });
    }
    if (req.method === 'POST' && ruta === '/topups' && cuerpo) return recargar(token.cliente, sim, cuerpo);
    return responder(404, error(404, 'NOT_FOUND', 'Not found', ruta));

    /** POST /topups with the simulator's transport faults; the amount is checked before anything is received. */
    function recargar(cliente: string, sim: Simulador, c: Record<string, unknown>) {
      const operador = OPERADORES.find((o) => o.operatorId === c.operatorId);
      const monto = Number(c.amount);
      const id = String(c.customIdentifier ?? '');
      const telefono = c.recipientPhone as { countryCode?: unknown; number?: unknown } | undefined;
      if (!operador) return responder(400, error(400, 'INVALID_OPERATOR_ID', 'Operator not found', ruta));
      const permitido =
        c.useLocalAmount === true &&
        (operador.denominationType === 'FIXED'
          ? (operador.localFixedAmounts ?? []).includes(monto)
          : monto >= (operador.localMinAmount ?? 0) && monto <= (operador.localMaxAmount ?? 0));
      if (!permitido)
        return responder(400, error(400, 'INVALID_AMOUNT_FOR_OPERATOR', 'Amount not allowed', ruta));
      if (!id || telefono?.countryCode !== 'MX' || typeof telefono.number !== 'string')
        return responder(
          400,
          error(400, 'INVALID_RECIPIENT', 'Recipient phone and customIdentifier required', ruta),
        );
      const transporte = sim.transporte();
      if (transporte === '5xx-antes')
        return responder(500, error(500, 'SERVER_ERROR', 'Internal error', ruta));
      if (!transacciones.has(`${cliente}:${id}`)) {
        transacciones.set(`${cliente}:${id}`, ++siguiente);
        porTransaccion.set(siguiente, { cliente, id });
        llegadas.set(`${cliente}:${id}`, Date.now() - (sim.configuracion.desfaseRelojMs ?? 0));
      }
      sim.recibir({ id, dn: telefono.number, icc: '', carrier: operador.carrier, monto, tipo: 'reloadly' });
      if (transporte === 'caida') return req.socket.destroy();
      if (transporte === '5xx-despues')
        return responder(500, error(500, 'SERVER_ERROR', 'Internal error', ruta));
      const contestar = () => responder(200, transaccion(cliente, id));
      if (transporte !== 'timeout') return contestar();
      demorar(contestar);
    }
  }
  return { atender, estado };
}
