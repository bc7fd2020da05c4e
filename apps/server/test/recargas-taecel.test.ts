import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { texto } from '@recargas/contracts/mensajes';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REDACTAR } from '../src/lib/bitacora.ts';
import { comparar } from '../src/modules/conciliaciones/comparar.ts';
import type { ConsultaEstado, Envio } from '../src/providers/puerto.ts';
import { RegistroProveedores } from '../src/providers/registro.ts';
import {
  NIP_SANDBOX_TAECEL,
  NUMERO_PRUEBA_TAECEL,
  PRODUCTOS_TAECEL,
} from '../src/providers/sandbox-taecel.ts';
import { servidorSimulador } from '../src/providers/servidor-simulador.ts';
import { SIN_FALLAS, Simulador } from '../src/providers/simulador.ts';
import { ProveedorSimulado } from '../src/providers/simulador-local.ts';
import {
  CatalogoTaecel,
  elegirProducto,
  type ProductosElegidos,
  ProveedorTaecel,
} from '../src/providers/taecel.ts';
import {
  ClienteTaecel,
  type CuentaTaecel,
  centavos,
  cuentasTaecel,
  URL_TAECEL,
} from '../src/providers/taecel-cuenta.ts';

/**
 * The TAECEL adapter over HTTP against the simulator's /taecel sandbox: credentials from the
 * environment, products and balances, and exactly-once without an idempotency key: a send is
 * never repeated, a lost answer is decided by StatusTXN or by the day's sales, and two possible
 * sales leave the top-up open.
 */
let sim: ReturnType<typeof servidorSimulador>;
let url: string;
let cuenta: CuentaTaecel;

beforeAll(async () => {
  sim = servidorSimulador({ esperaTimeoutMs: 5000 });
  await new Promise<void>((ok) => sim.server.listen(0, '127.0.0.1', ok));
  url = `http://127.0.0.1:${(sim.server.address() as AddressInfo).port}`;
  cuenta = cuentasTaecel({
    TAECEL_PRUEBA_KEY: 'llave-prueba',
    TAECEL_PRUEBA_NIP: NIP_SANDBOX_TAECEL,
    TAECEL_PRUEBA_URL: `${url}/taecel`,
  }).PRUEBA as CuentaTaecel;
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

/** A fresh adapter: a new process, which knows no transID of an earlier one. */
function adaptador(c: CuentaTaecel = cuenta, lineas: string[] = [], elegidos: ProductosElegidos = {}) {
  const log = { warn: (o: unknown, m: string) => lineas.push(JSON.stringify(o) + m) };
  const cliente = new ClienteTaecel(c, 1000, log as never);
  return new ProveedorTaecel(
    { cliente, catalogo: new CatalogoTaecel(cliente) },
    elegidos,
    new ProveedorSimulado(new Simulador()),
    log as never,
  );
}

let n = 0;
const envio = (e: Partial<Envio> = {}): Envio => ({
  id: `t-${++n}`,
  dn: `55${String(10_000_000 + n).slice(-8)}`,
  icc: '',
  carrier: 'T',
  monto: 50,
  tipo: 'prueba',
  ...e,
});
/** What reconciliation passes: the row's data and our other rows near it. */
const consulta = (e: Envio, otras: { folio: string | null; abierta: boolean }[] = []): ConsultaEstado => ({
  dn: e.dn,
  carrier: e.carrier,
  monto: e.monto,
  enviada: new Date(),
  otras: async () => otras,
});
/** Sales of a number in the sandbox's ledger. */
const ventas = async (dn: string) =>
  ((await (await fetch(`${url}/taecel/libro`)).json()) as Record<string, number>)[dn] ?? 0;

describe('TAECEL accounts from configuration', () => {
  it('key and NIP required, TAECEL host by default; a misspelt variable stops the start', () => {
    expect(cuentasTaecel({ TAECEL_UNO_KEY: 'k', TAECEL_UNO_NIP: '1' }).UNO?.url).toBe(URL_TAECEL);
    expect(() => cuentasTaecel({ TAECEL_UNO_KEY: 'k' })).toThrow(/TAECEL_UNO_NIP es obligatoria/);
    expect(() => cuentasTaecel({ TAECEL_UNO_CLAVE: 'k' })).toThrow(/TAECEL_UNO_CLAVE no es una variable/);
    expect(() =>
      cuentasTaecel({ TAECEL_UNO_KEY: 'k', TAECEL_UNO_NIP: '1', TAECEL_UNO_URL: 'ftp://x' }),
    ).toThrow(/TAECEL_UNO_URL/);
  });

  it('amounts are read as exact centavos', () => {
    expect(centavos('1,234.50')).toBe(123_450);
    expect(centavos('$50')).toBe(5000);
    expect(centavos('0.1')).toBe(10);
    expect(centavos('50.123')).toBeUndefined();
  });
});

describe('TAECEL products and balance', () => {
  it('airtime at the exact amount, else the open-amount product; bundles never', () => {
    expect(elegirProducto(PRODUCTOS_TAECEL, 'T', 50).producto?.Codigo).toBe('TEL050');
    expect(elegirProducto(PRODUCTOS_TAECEL, 'A', 37)).toMatchObject({
      producto: { Codigo: 'ATTABIERTO' },
      abierto: true,
    });
    expect(elegirProducto(PRODUCTOS_TAECEL, 'M', 37)).toEqual({ producto: undefined, hay: true });
    expect(
      elegirProducto(
        PRODUCTOS_TAECEL.filter((p) => p.Categoria === '2'),
        'T',
        100,
      ).producto,
    ).toBeUndefined();
  });

  it("the company's own products: per carrier and amount, per carrier, none when getProducts lost it", () => {
    const elegidos = { 'T:100': 'TELPAQ100', A: 'ATT050', M: 'MOVRETIRADO' };
    const elegir = (carrier: 'T' | 'A' | 'M', monto: number) =>
      elegirProducto(PRODUCTOS_TAECEL, carrier, monto, elegidos);
    expect(elegir('T', 100).producto?.Codigo).toBe('TELPAQ100');
    // Not named for 50: the automatic choice.
    expect(elegir('T', 50).producto?.Codigo).toBe('TEL050');
    // AT&T's chosen product is 50 pesos: other amounts are refused, not sent as the open one.
    expect(elegir('A', 50).producto?.Codigo).toBe('ATT050');
    expect(elegir('A', 37)).toEqual({ producto: undefined, hay: true });
    expect(elegir('M', 50)).toEqual({ producto: undefined, hay: false });
  });

  it('a chosen product is what RequestTXN sells and what a lost answer is looked for by', async () => {
    const elegidos = { 'T:100': 'TELPAQ100' };
    await fallas({ tasaTimeout: 1 });
    const e = envio({ monto: 100 });
    expect(await adaptador(cuenta, [], elegidos).send(e)).toEqual({
      estado: 'desconocida',
      motivo: 'timeout',
    });
    await fallas({});
    // The automatic choice (TEL100) would not find the sale; the company's does.
    expect(await adaptador().status(e.id, consulta(e))).toEqual({ estado: 'no-encontrada' });
    expect(await adaptador(cuenta, [], elegidos).status(e.id, consulta(e))).toMatchObject({
      estado: 'aceptada',
    });
    const dia = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Mexico_City' });
    const r = await fetch(`${url}/taecel/getSales`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `key=llave-prueba&nip=${NIP_SANDBOX_TAECEL}&fecha=${dia}`,
    });
    const { data } = (await r.json()) as { data: { Referencia: string; Producto: string }[] };
    expect(data.filter((v) => v.Referencia === e.dn).map((v) => v.Producto)).toEqual(['TELPAQ100']);
  });

  it('a wrong NIP is refused with TAECEL shape, nothing sold; its balance is the airtime bag', async () => {
    const r = await fetch(`${url}/taecel/getBalance`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'key=llave-prueba&nip=9999',
    });
    expect(await r.json()).toEqual({ success: false, error: 2, message: 'NIP incorrecto', data: null });
    const malo = adaptador({ ...cuenta, nip: '9999' });
    const e = envio();
    expect(await malo.send(e)).toMatchObject({ estado: 'no-enviada' });
    expect(await ventas(e.dn)).toBe(0);
    expect((await adaptador().balance()).GENERAL).toBeGreaterThan(0);
  });

  it('a carrier amount it does not sell is refused before any sale', async () => {
    const e = envio({ carrier: 'M', monto: 37 });
    expect(await adaptador().send(e)).toEqual({
      estado: 'rechazada',
      mensaje: texto('montoNoPermitidoOperador', { monto: 37 }),
      codigo: 'monto_no_permitido',
    });
    expect(await ventas(e.dn)).toBe(0);
  });

  it('its catalogue (/v1/companias) takes the amounts send would sell, from getProducts', async () => {
    const [movistar, att] = [await adaptador().catalogo('M'), await adaptador().catalogo('A')];
    expect([50, 70, 100].map((m) => movistar?.(m))).toEqual([true, false, true]);
    // AT&T has an open-amount product: any amount.
    expect([50, 70].map((m) => att?.(m))).toEqual([true, true]);
  });
});

describe('TAECEL exactly-once without an idempotency key', () => {
  it('an answered sale: its transID is the folio, StatusTXN confirms it', async () => {
    const p = adaptador();
    const e = envio({ carrier: 'A', monto: 37 });
    const r = await p.send(e);
    expect(r).toMatchObject({ estado: 'aceptada' });
    expect(await p.status(e.id)).toEqual(r);
    expect(await ventas(e.dn)).toBe(1);
  });

  it('a timeout: another process finds the one sale by number, product, amount and time', async () => {
    await fallas({ tasaTimeout: 1 });
    const e = envio();
    expect(await adaptador().send(e)).toEqual({ estado: 'desconocida', motivo: 'timeout' });
    await fallas({});
    expect(await adaptador().status(e.id, consulta(e))).toMatchObject({ estado: 'aceptada' });
    expect(await ventas(e.dn)).toBe(1);
  });

  it('a 500 before the sale: not found, so never charged', async () => {
    await fallas({ tasa5xx: 1, semilla: 3 });
    const p = adaptador();
    const hechas: Envio[] = [];
    // The dice split 500s before and after the sale: send until one came before.
    for (let i = 0; i < 10; i++) {
      const e = envio();
      expect(await p.send(e)).toMatchObject({ estado: 'desconocida' });
      hechas.push(e);
    }
    await fallas({});
    // One at a time: each is a new process's first calls, within the adapter's 1 s.
    const leidas: [number, string][] = [];
    for (const e of hechas)
      leidas.push([await ventas(e.dn), (await adaptador().status(e.id, consulta(e))).estado]);
    for (const [v, r] of leidas) expect(r).toBe(v === 0 ? 'no-encontrada' : 'aceptada');
  });

  it('a late result stays in process, then is decided by StatusTXN', async () => {
    await fallas({ demoraResultadoMs: 400 });
    const p = adaptador();
    const e = envio();
    expect(await p.send(e)).toEqual({ estado: 'desconocida', motivo: 'en-proceso' });
    expect(await p.status(e.id)).toEqual({ estado: 'en-proceso' });
    await new Promise((ok) => setTimeout(ok, 450));
    expect(await p.status(e.id)).toMatchObject({ estado: 'aceptada' });
  });

  it('two possible sales leave it open and logged; a sale another row holds is not this one', async () => {
    await fallas({ tasaCaida: 1 });
    const uno = envio();
    const dos = envio({ dn: uno.dn });
    const lineas: string[] = [];
    expect((await adaptador().send(uno)).estado).toBe('desconocida');
    expect((await adaptador().send(dos)).estado).toBe('desconocida');
    await fallas({});
    expect(await adaptador(cuenta, lineas).status(dos.id, consulta(dos))).toEqual({
      estado: 'desconocida',
      motivo: 'ambigua',
    });
    expect(lineas.join()).toMatch(/ambiguous sale/);
    expect(lineas.join()).not.toContain(NIP_SANDBOX_TAECEL);
    const ventaDeUno = (await adaptador().estadoDeCuenta(hoy(), 'America/Mexico_City')).filter(
      (f) => f.dn === uno.dn,
    );
    expect(ventaDeUno).toHaveLength(2);
    const suya = { folio: ventaDeUno[0]?.folio ?? '', abierta: false };
    // One sale left, but another row of ours of that number is still open: it may be its own.
    const abierta = { folio: null, abierta: true };
    expect(await adaptador().status(dos.id, consulta(dos, [suya, abierta]))).toEqual({
      estado: 'desconocida',
      motivo: 'ambigua',
    });
    // Once the other is decided (its folio held), the one sale left is this one's.
    const r = await adaptador().status(dos.id, consulta(dos, [suya]));
    expect(r).toEqual({ estado: 'aceptada', folio: ventaDeUno[1]?.folio });
    expect(await ventas(uno.dn)).toBe(2);
  });

  it('the test number is sold at once whatever the faults; the statement reads getSales', async () => {
    await fallas({ tasaTimeout: 1 });
    const e = envio({ dn: NUMERO_PRUEBA_TAECEL });
    const r = await adaptador().send(e);
    expect(r).toMatchObject({ estado: 'aceptada' });
    const filas = await adaptador().estadoDeCuenta(hoy(), 'America/Mexico_City');
    expect(filas).toContainEqual(
      expect.objectContaining({
        folio: (r as { folio: string }).folio,
        dn: NUMERO_PRUEBA_TAECEL,
        centavos: 5000,
        estado: 'exitosa',
      }),
    );
  });

  it('on the reconciliation screen an open row of two possible sales is a difference for a person', async () => {
    await fallas({ tasaCaida: 1 });
    const uno = envio();
    const dos = envio({ dn: uno.dn });
    for (const e of [uno, dos]) await adaptador().send(e);
    await fallas({});
    expect((await adaptador().status(dos.id, consulta(dos))).estado).toBe('desconocida');
    const suyas = (await adaptador().estadoDeCuenta(hoy(), 'America/Mexico_City')).filter(
      (f) => f.dn === uno.dn,
    );
    const [primera] = suyas;
    // Ours: the first decided by its sale (folio = transID), the second still open.
    const nuestras = [
      {
        id: 1,
        folio: primera?.folio ?? '',
        dn: uno.dn,
        icc: '',
        monto: 50,
        estado: 'exitosa',
        creada: new Date(),
      },
      { id: 2, folio: null, dn: uno.dn, icc: '', monto: 50, estado: 'pendiente', creada: new Date() },
    ];
    const { diferencias } = comparar(nuestras, suyas);
    expect(diferencias.map((d) => [d.tipo, d.recarga_id])).toEqual([
      ['faltaNuestra', null],
      ['faltaSuya', 2],
    ]);
  });
});

const hoy = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());

describe('credentials stay out of the logs', () => {
  it('at trace level: the config, sends with faults, status, balance and statement', async () => {
    let escrito = '';
    const destino = new Writable({
      write(trozo, _codificacion, listo) {
        escrito += trozo.toString();
        listo();
      },
    });
    const log = pino({ level: 'trace', redact: REDACTAR }, destino);
    const taecel = cuentasTaecel({
      TAECEL_PRUEBA_KEY: 'llave-secreta-de-bitacora',
      TAECEL_PRUEBA_NIP: NIP_SANDBOX_TAECEL,
      TAECEL_PRUEBA_URL: `${url}/taecel`,
    });
    log.info({ config: { taecel } }, 'config');
    const registro = new RegistroProveedores(
      { providerTimeoutMs: 1000, taecel, simuladorPermitido: true },
      log,
    );
    const fila = { id: 1, empresa_id: 1, codigo: 'recargatodo', adaptador: 'taecel', operadores: {} };
    const p = registro.de({ ...fila, cuenta: 'PRUEBA' });
    await fallas({ tasaTimeout: 0.5, tasa5xx: 0.3 });
    for (let i = 0; i < 6; i++) {
      const e = envio();
      await p.send(e);
      await p.status(e.id, consulta(e));
    }
    await fallas({});
    await p.balance();
    await p.estadoDeCuenta(hoy(), 'America/Mexico_City');
    // An account without credentials: refused before anything is sent, and said at start-up.
    expect(await registro.de({ ...fila, id: 2, cuenta: 'NINGUNA' }).send(envio())).toMatchObject({
      estado: 'rechazada',
      codigo: 'proveedor_no_disponible',
    });
    expect(registro.faltaProveedor({ adaptador: 'taecel', cuenta: 'NINGUNA' })).toBe(
      'sin credenciales TAECEL_NINGUNA_*',
    );
    expect(registro.faltaProveedor({ adaptador: 'taecel', cuenta: 'PRUEBA' })).toBeUndefined();
    expect(escrito).toContain('taecel');
    expect(escrito).not.toContain('llave-secreta-de-bitacora');
    expect(escrito).not.toMatch(new RegExp(`nip[^,]*${NIP_SANDBOX_TAECEL}`));
  });
});
