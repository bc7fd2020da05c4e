import type { AddressInfo } from 'node:net';
import { M, texto } from '@recargas/contracts/mensajes';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Envio } from '../src/providers/puerto.ts';
import {
  CatalogoReloadly,
  estadoReloadly,
  mapearOperadores,
  montoAceptado,
  type OperadorReloadly,
  ProveedorReloadly,
} from '../src/providers/reloadly.ts';
import {
  AUDIENCIAS,
  type CuentaReloadly,
  cuentasReloadly,
  SesionReloadly,
} from '../src/providers/reloadly-sesion.ts';
import { servidorSimulador } from '../src/providers/servidor-simulador.ts';
import { SIN_FALLAS, Simulador } from '../src/providers/simulador.ts';
import { ProveedorSimulado } from '../src/providers/simulador-local.ts';
import { libroSimulador } from './entorno.ts';

/**
 * The Reloadly adapter over HTTP against the simulator's wire-compatible sandbox: the token
 * (cached, one refresh under 50 concurrent calls), the operator mapping and amounts, every
 * status, and a POST whose answer is lost found again by customIdentifier.
 */
let sim: ReturnType<typeof servidorSimulador>;
let url: string;
let cuenta: CuentaReloadly;

beforeAll(async () => {
  // A held answer outlasts the adapter's 5 s wait; 5 s keeps 50 calls at once on a loaded machine in time.
  sim = servidorSimulador({ esperaTimeoutMs: 10_000 });
  await new Promise<void>((ok) => sim.server.listen(0, '127.0.0.1', ok));
  url = `http://127.0.0.1:${(sim.server.address() as AddressInfo).port}`;
  cuenta = cuentasReloadly({
    RELOADLY_PRUEBA_CLIENT_ID: 'cliente-prueba',
    RELOADLY_PRUEBA_CLIENT_SECRET: 'secreto-prueba',
    RELOADLY_PRUEBA_URL: `${url}/reloadly`,
  }).PRUEBA as CuentaReloadly;
});
afterAll(async () => {
  sim.server.closeAllConnections();
  await new Promise((ok) => sim.server.close(ok));
});
const fallas = (f: Partial<typeof SIN_FALLAS>) =>
  fetch(`${url}/fallas`, { method: 'PUT', body: JSON.stringify({ ...SIN_FALLAS, ...f }) });
beforeEach(async () => {
  await fallas({});
});

/** A fresh adapter on the account (its own session and operator list). */
function adaptador(opciones: { override?: Record<string, number>; ahora?: () => number } = {}) {
  const sesion = new SesionReloadly(cuenta, 5000, undefined, opciones.ahora);
  const catalogo = new CatalogoReloadly(sesion, opciones.ahora);
  const att = new ProveedorSimulado(new Simulador());
  return { sesion, proveedor: new ProveedorReloadly({ sesion, catalogo }, opciones.override ?? {}, att) };
}

let n = 0;
const envio = (e: Partial<Envio> = {}): Envio => ({
  id: `r-${++n}`,
  dn: '5512345678',
  icc: '',
  carrier: 'T',
  monto: 30,
  tipo: 'prueba',
  ...e,
});
const recibidas = async (id: string) => (await libroSimulador(url)).recibidos[id];

describe('Reloadly accounts from configuration', () => {
  it('sandbox by default, live on request; _URL points both hosts at the sandbox', () => {
    const c = cuentasReloadly({
      RELOADLY_UNO_CLIENT_ID: 'a',
      RELOADLY_UNO_CLIENT_SECRET: 's',
      RELOADLY_DOS_CLIENT_ID: 'b',
      RELOADLY_DOS_CLIENT_SECRET: 't',
      RELOADLY_DOS_AUDIENCE: 'live',
    });
    expect(c.UNO).toMatchObject({ audience: AUDIENCIAS.sandbox, authUrl: 'https://auth.reloadly.com' });
    expect(c.UNO?.apiUrl).toBe(AUDIENCIAS.sandbox);
    expect(c.DOS).toMatchObject({ audience: AUDIENCIAS.live, apiUrl: AUDIENCIAS.live });
    expect(cuenta.apiUrl).toBe(`${url}/reloadly`);
  });
});

describe('token', () => {
  it('50 concurrent calls share one token; after a revocation 50 calls cause one refresh', async () => {
    const { proveedor } = adaptador();
    const antes = sim.reloadly.tokensEmitidos;
    const saldos = await Promise.all(Array.from({ length: 50 }, () => proveedor.balance()));
    expect(saldos.every((s) => typeof s.GENERAL === 'number')).toBe(true);
    expect(sim.reloadly.tokensEmitidos - antes).toBe(1);
    await Promise.all(Array.from({ length: 50 }, () => proveedor.balance()));
    expect(sim.reloadly.tokensEmitidos - antes).toBe(1);
    sim.reloadly.revocar();
    // Every read gets a 401, one refresh serves them all, each read is retried once.
    const otra = await Promise.all(Array.from({ length: 50 }, () => proveedor.balance()));
    expect(otra).toHaveLength(50);
    expect(sim.reloadly.tokensEmitidos - antes).toBe(2);
  });

  it('kept until shortly before it expires, then renewed', async () => {
    let ahora = 1_000_000;
    const { proveedor } = adaptador({ ahora: () => ahora });
    const antes = sim.reloadly.tokensEmitidos;
    await proveedor.balance();
    ahora += 3_500_000; // 3,500 s of a 3,600 s token: still good
    await proveedor.balance();
    expect(sim.reloadly.tokensEmitidos - antes).toBe(1);
    ahora += 50_000; // within the last minute: renewed before use
    await proveedor.balance();
    expect(sim.reloadly.tokensEmitidos - antes).toBe(2);
  });

  it('a POST answered 401 is not repeated: the row stays open, nothing arrived, the next one works', async () => {
    const { proveedor } = adaptador();
    expect((await proveedor.send(envio())).estado).toBe('aceptada'); // token and operators in hand
    sim.reloadly.revocar();
    const e = envio();
    expect(await proveedor.send(e)).toEqual({ estado: 'desconocida', motivo: 'http 401' });
    expect(await recibidas(e.id)).toBeUndefined();
    expect(await proveedor.status(e.id)).toEqual({ estado: 'no-encontrada' });
    expect((await proveedor.send(envio())).estado).toBe('aceptada');
  });
});

describe('operators and amounts', () => {
  it('T, M, U, A, V, B map to the airtime operators read from Reloadly; the override wins', async () => {
    const { sesion } = adaptador();
    const lista = await new CatalogoReloadly(sesion).operadores();
    const ids = (m: ReturnType<typeof mapearOperadores>) =>
      Object.fromEntries(Object.entries(m).map(([c, o]) => [c, o?.operatorId]));
    expect(ids(mapearOperadores(lista))).toEqual({ T: 1100, M: 1110, U: 1120, A: 1130, V: 1140, B: 1150 });
    expect(ids(mapearOperadores(lista, { T: 1101, B: 9999 }))).toEqual({
      T: 1101,
      M: 1110,
      U: 1120,
      A: 1130,
      V: 1140,
    });
  });

  it('fixed and range amounts: local amounts only', () => {
    const base = { operatorId: 1, name: 'x', supportsLocalAmounts: true };
    const fijo: OperadorReloadly = { ...base, denominationType: 'FIXED', localFixedAmounts: [20, 50] };
    const rango: OperadorReloadly = {
      ...base,
      denominationType: 'RANGE',
      localMinAmount: 10,
      localMaxAmount: 500,
    };
    expect([20, 30, 50].map((m) => montoAceptado(fijo, m))).toEqual([true, false, true]);
    expect([9, 10, 500, 501].map((m) => montoAceptado(rango, m))).toEqual([false, true, true, false]);
    expect(montoAceptado({ ...rango, supportsLocalAmounts: false }, 30)).toBe(false);
  });

  it('an amount or carrier the operator refuses is refused before anything is sent', async () => {
    const { proveedor } = adaptador({ override: { B: 9999 } });
    const caro = envio({ monto: 1000 });
    const suelto = envio({ carrier: 'M', monto: 25 });
    const sinOperador = envio({ carrier: 'B' });
    expect(await proveedor.send(caro)).toEqual({
      estado: 'rechazada',
      mensaje: texto('montoNoPermitidoOperador', { monto: 1000 }),
      codigo: 'monto_no_permitido',
    });
    expect(await proveedor.send(suelto)).toEqual({
      estado: 'rechazada',
      mensaje: texto('montoNoPermitidoOperador', { monto: 25 }),
      codigo: 'monto_no_permitido',
    });
    expect(await proveedor.send(sinOperador)).toEqual({
      estado: 'rechazada',
      mensaje: texto('operadorNoDisponible', { carrier: 'Bait' }),
      codigo: 'operador_no_disponible',
    });
    for (const e of [caro, suelto, sinOperador]) expect(await recibidas(e.id)).toBeUndefined();
  });
});

describe('statuses', () => {
  it('SUCCESSFUL -> exitosa, FAILED and REFUNDED -> fallida, PROCESSING -> pendiente', async () => {
    expect(estadoReloadly({ status: 'SUCCESSFUL', transactionId: 7 })).toEqual({
      estado: 'aceptada',
      folio: '7',
    });
    expect(estadoReloadly({ status: 'FAILED' })).toEqual({
      estado: 'rechazada',
      mensaje: M.rechazoProveedor,
    });
    expect(estadoReloadly({ status: 'REFUNDED' })).toEqual({
      estado: 'rechazada',
      mensaje: M.rechazoProveedor,
    });
    expect(estadoReloadly({ status: 'PROCESSING' })).toEqual({ estado: 'en-proceso' });
    expect(estadoReloadly({ status: 'OTRO' }).estado).toBe('desconocida');

    const { proveedor } = adaptador();
    const bien = envio();
    const r = await proveedor.send(bien);
    expect(r).toMatchObject({ estado: 'aceptada' });
    expect(await proveedor.status(bien.id)).toEqual(r);
    sim.reloadly.reembolsar(bien.id);
    expect(await proveedor.status(bien.id)).toEqual({ estado: 'rechazada', mensaje: M.rechazoProveedor });

    await fallas({ tasaRechazo: 1 });
    expect(await proveedor.send(envio())).toEqual({ estado: 'rechazada', mensaje: M.rechazoProveedor });

    await fallas({ demoraResultadoMs: 60_000 });
    const lenta = envio();
    expect(await proveedor.send(lenta)).toEqual({ estado: 'desconocida', motivo: 'en-proceso' });
    // Asked by its transactionId now (the PROCESSING answer gave it), still in process.
    expect(await proveedor.status(lenta.id)).toEqual({ estado: 'en-proceso' });
  });
});

describe('a lost answer', () => {
  it('a dropped connection and a timeout leave it unknown; customIdentifier finds it in the reports', async () => {
    for (const f of [{ tasaCaida: 1 }, { tasaTimeout: 1 }, { tasa5xx: 1, semilla: 3 }]) {
      await fallas(f);
      const e = envio();
      expect((await adaptador().proveedor.send(e)).estado).toBe('desconocida');
      await fallas({});
      // Another process (a fresh adapter) reconciles: it finds the row by our id.
      const r = await adaptador().proveedor.status(e.id);
      if ((await recibidas(e.id)) === 1) expect(r).toMatchObject({ estado: 'aceptada' });
      else expect(r).toEqual({ estado: 'no-encontrada' });
    }
    const libro = await libroSimulador(url);
    expect(libro.dobles).toBe(0);
  });

  it('balance from the accounts API goes down by what was charged', async () => {
    const { proveedor } = adaptador();
    const antes = (await proveedor.balance()).GENERAL ?? 0;
    expect((await proveedor.send(envio({ monto: 50 }))).estado).toBe('aceptada');
    expect((await proveedor.balance()).GENERAL).toBe(antes - 50);
  });

  it('the sandbox answers auto-detect and refuses a call without Reloadly’s Accept header', async () => {
    const { sesion } = adaptador();
    const r = await sesion.pedir('/operators/auto-detect/phone/5512345671/countries/MX');
    expect(r.status).toBe(200);
    expect(r.cuerpo).toMatchObject({ operatorId: expect.any(Number), name: expect.any(String) });
    const token = await sesion.listo();
    const sinAccept = await fetch(`${url}/reloadly/accounts/balance`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(sinAccept.status).toBe(406);
  });
});
