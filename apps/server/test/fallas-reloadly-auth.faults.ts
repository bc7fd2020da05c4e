import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config.ts';
import { servidorSimulador } from '../src/providers/servidor-simulador.ts';
import {
  crearEntorno,
  type Entorno,
  entrar,
  libroSimulador,
  plataformaReloadly,
  reloadlyPrueba,
  sinTopeCliente,
} from './entorno.ts';
import { cambiosDeCorte } from './fallas-prueba.ts';
import { pedir, recargar } from './peticion.ts';

/**
 * Reloadly unreachable before a top-up is sent (issue 44): platform 1 of `demo` on Reloadly
 * (the simulator's sandbox over HTTP), Telcel's second platform a Pagaqui user on platform 2
 * (another simulator). With no token cached, Reloadly's auth first hangs (timeouts), later
 * refuses connections: each top-up is "not sent", so the breaker counts it, opens after its
 * threshold, and every top-up moves to platform 2. When Reloadly answers again a probe closes the
 * breaker and top-ups go to it again. Both ledgers against our rows: nothing twice, nothing lost.
 */
const PROBAR_TRAS_MS = 1000;
const MINIMO = 10;
const POR_FASE = 150;

let e: Entorno;
let cliente: Awaited<ReturnType<typeof entrar>>;
const reloadly = servidorSimulador();
const pagaqui = servidorSimulador();
let puertoReloadly = 0;
let urlReloadly = '';
let urlPagaqui = '';
let cambios: { estado: string; t: number }[] = [];

/** Reloadly's auth hangs (accepts, never answers) while `mudo`; how many token requests arrived. */
let mudo = false;
let pedidosToken = 0;
const colgadas: ServerResponse[] = [];
const atender = reloadly.server.listeners('request')[0] as (q: IncomingMessage, s: ServerResponse) => void;
reloadly.server.removeAllListeners('request');
reloadly.server.on('request', (req, res) => {
  if (req.url?.startsWith('/reloadly/oauth/token')) {
    pedidosToken++;
    if (mudo) return void colgadas.push(res);
  }
  atender(req, res);
});

const escuchar = (s: typeof reloadly, puerto = 0) =>
  new Promise<number>((ok) =>
    s.server.listen(puerto, '127.0.0.1', () => ok((s.server.address() as AddressInfo).port)),
  );

beforeAll(async () => {
  puertoReloadly = await escuchar(reloadly);
  urlReloadly = `http://127.0.0.1:${puertoReloadly}`;
  urlPagaqui = `http://127.0.0.1:${await escuchar(pagaqui)}`;
  e = await crearEntorno({
    providerSimUrl2: urlPagaqui,
    reloadly: reloadlyPrueba(urlReloadly),
    providerTimeoutMs: 1500,
    reconciliarTras: 1,
    graciaNoEncontrada: 15,
    barridoTras: 2,
    trabajadores: true,
    corte: { minimoLlamadas: MINIMO, probarTrasMs: PROBAR_TRAS_MS },
  } satisfies Partial<Config>);
  await plataformaReloadly(e.db);
  await e.db.deleteFrom('recargas').execute();
  await sinTopeCliente(e.db);
  const admin = await entrar(e.app, 'admin');
  cliente = await entrar(e.app, 'cliente');
  const { plataformas } = (await pedir(e.app, admin, 'GET', '/plataformasEmpresa')).json() as {
    plataformas: { id: number; usuario: string }[];
  };
  const respaldo = plataformas.find((p) => p.usuario === 'pagaqui_centro')?.id;
  const r = await pedir(e.app, admin, 'POST', '/cambiarPlataformasEmpresa', {
    carrier: 'T',
    empresaPlataformaId: null,
    respaldoId: respaldo,
  });
  expect(r.statusCode).toBe(200);
  ({ cambios } = await cambiosDeCorte(e));
}, 120_000);
afterAll(async () => {
  for (const res of colgadas) res.destroy();
  await e?.cerrar();
  for (const s of [reloadly, pagaqui]) {
    s.server.closeAllConnections();
    if (s.server.listening) await new Promise((ok) => s.server.close(ok));
  }
});

/** `total` Telcel top-ups of the phase `prefijo` (its numbers start with it), 10 at a time. */
async function recargas(prefijo: string, total: number) {
  const respuestas: Record<number, number> = {};
  let siguiente = 0;
  const trabajador = async () => {
    while (siguiente < total) {
      const i = siguiente++;
      const r = await recargar(
        e.app,
        cliente,
        { dn: `${prefijo}${String(i).padStart(7, '0')}`, compania: 'T' },
        `${prefijo}-${i}`,
      );
      respuestas[r.statusCode] = (respuestas[r.statusCode] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: 10 }, trabajador));
  return respuestas;
}

/** A phase's rows once none is open: state and the platform each ended on. */
async function filas(prefijo: string) {
  const abiertas = async () =>
    Number(
      (
        await sql<{ n: string }>`select count(*) as n from recargas
          where estado in ('pendiente', 'enviada') and dn like ${`${prefijo}%`}`.execute(e.db)
      ).rows[0]?.n,
    );
  const limite = Date.now() + 60_000;
  while ((await abiertas()) > 0 && Date.now() < limite) await new Promise((ok) => setTimeout(ok, 250));
  return (
    await sql<{ id: string; dn: string; estado: string; monto: number; numero: number }>`select r.id::text,
      r.dn, r.estado, r.monto, p.numero from recargas r join proveedores p on p.id = r.proveedor_id
      where r.dn like ${`${prefijo}%`}`.execute(e.db)
  ).rows;
}

/**
 * Every top-up of a phase answered and ended charged on platform 2 (a 202: platform 2 answered
 * late on a loaded machine; reconciled there).
 */
function seMovieron(r: Record<number, number>, f: Awaited<ReturnType<typeof filas>>) {
  expect(Object.keys(r).filter((c) => c !== '200' && c !== '202')).toEqual([]);
  expect(f).toHaveLength(POR_FASE);
  expect(f.filter((x) => x.estado !== 'exitosa' || x.numero !== 2)).toEqual([]);
}

/** Whether the breaker opened since `desde` (ms). */
const abrioDesde = (desde: number) => cambios.some((c) => c.t >= desde && c.estado === 'abierto');

/**
 * Reloadly answers again: after PROBAR_TRAS_MS one top-up probes it and closes the breaker (sends
 * made while the probe is out are refused by the breaker, so they go first, alone), then the rest.
 * Each ends on Reloadly (a 202 is one whose answer was late: reconciled there, never moved).
 */
async function volver(prefijo: string) {
  await new Promise((ok) => setTimeout(ok, PROBAR_TRAS_MS + 100));
  const sonda = await recargar(
    e.app,
    cliente,
    { dn: `${prefijo}9999999`, compania: 'T' },
    `${prefijo}-sonda`,
  );
  expect(sonda.statusCode).toBe(200);
  expect(cambios.at(-1)?.estado).not.toBe('abierto');
  const r = await recargas(prefijo, 30);
  expect(Object.keys(r).filter((c) => c !== '200' && c !== '202')).toEqual([]);
  const f = await filas(prefijo);
  expect(f).toHaveLength(31);
  expect(f.filter((x) => x.numero !== 1 || (x.estado !== 'exitosa' && x.estado !== 'fallida'))).toEqual([]);
}

describe('faults: Reloadly unreachable before sending, no token cached', () => {
  it(`auth timing out: ${POR_FASE} top-ups all move to platform 2, the breaker opens after ${MINIMO} tries`, async () => {
    mudo = true;
    const desde = Date.now();
    const r = await recargas('561', POR_FASE);
    const f = await filas('561');
    seMovieron(r, f);
    expect(abrioDesde(desde)).toBe(true);
    // Concurrent sends share one token request; once open, the breaker lets one probe a second.
    const segundos = Math.ceil((Date.now() - desde) / 1000);
    expect(pedidosToken).toBeLessThanOrEqual(MINIMO + segundos);
    console.log(
      `reloadly auth timing out: ${POR_FASE} top-ups moved to platform 2 in ${Date.now() - desde} ms, ` +
        `${pedidosToken} token requests reached Reloadly`,
    );
    for (const res of colgadas.splice(0)) res.destroy();
    mudo = false;
    // Short-lived tokens from now on: the next phase starts with none cached.
    reloadly.reloadly.ttlS = 1;
    await volver('562');
  }, 300_000);

  it(`auth refusing connections: ${POR_FASE} top-ups all move to platform 2, then back to Reloadly`, async () => {
    await new Promise((ok) => setTimeout(ok, 1200));
    reloadly.server.closeAllConnections();
    await new Promise((ok) => reloadly.server.close(ok));
    const desde = Date.now();
    const r = await recargas('563', POR_FASE);
    const f = await filas('563');
    seMovieron(r, f);
    expect(abrioDesde(desde)).toBe(true);
    await escuchar(reloadly, puertoReloadly);
    await volver('564');
  }, 300_000);

  it('the ledgers against our rows: 0 double sends, each top-up charged once on the platform it ended on', async () => {
    const todas = await filas('56');
    const [l1, l2] = await Promise.all([libroSimulador(urlReloadly), libroSimulador(urlPagaqui)]);
    expect(l1.dobles + l2.dobles).toBe(0);
    expect(Object.keys(l1.recibidos).filter((id) => id in l2.recibidos)).toEqual([]);
    for (const x of todas) {
      const [suyo, otro] = x.numero === 1 ? [l1, l2] : [l2, l1];
      expect(otro.recibidos[x.id]).toBeUndefined();
      if (x.estado === 'exitosa') expect(suyo.recibidos[x.id]).toBe(1);
      else expect(suyo.recibidos[x.id]).toBeUndefined();
    }
    const exitosas = todas.filter((x) => x.estado === 'exitosa');
    expect(l1.cobrado + l2.cobrado).toBe(exitosas.reduce((t, x) => t + x.monto, 0));
    // While Reloadly was unreachable nothing reached its top-ups.
    expect(todas.filter((x) => /^56[13]/.test(x.dn) && x.id in l1.recibidos)).toEqual([]);
    console.log(
      `reloadly unreachable: ${todas.length} top-ups, ${Object.keys(l1.recibidos).length} reached Reloadly ` +
        `(after it came back), ${Object.keys(l2.recibidos).length} platform 2; double sends ${l1.dobles + l2.dobles}`,
    );
  });
});
