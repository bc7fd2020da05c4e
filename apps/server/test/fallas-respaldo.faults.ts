import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config.ts';
import { servidorSimulador } from '../src/providers/servidor-simulador.ts';
import { crearEntorno, type Entorno, entrar, libroSimulador, sinTopeCliente } from './entorno.ts';
import { cambiosDeCorte } from './fallas-prueba.ts';

/**
 * Failover between platforms (issue 22) over real HTTP, two simulators: platform 1 and
 * platform 2 (PROVIDER_SIM_URL_2). Telcel's second platform is a Pagaqui user. Platform 1 goes
 * down (its listener closed: connection refused) for a stretch of 1,000 top-ups, then comes
 * back; in the second case it times out instead. Both simulators' ledgers are compared with
 * our rows.
 */
const TOTAL = 1000;
const CONCURRENCIA = 25;
const PROBAR_TRAS_MS = 1000;

let e: Entorno;
let api: string;
let cabeceras: Record<string, string>;
const sim1 = servidorSimulador({ esperaTimeoutMs: 5000 });
const sim2 = servidorSimulador({ esperaTimeoutMs: 5000 });
let puerto1 = 0;
let url1 = '';
let url2 = '';
/** Breaker changes of platform 1 as they happen in this process (ms). */
let cambios: { estado: string; t: number }[] = [];
let proveedor1 = 0;

/** When each top-up send reached each simulator (ms, this process's clock). */
const llegadas: Record<1 | 2, number[]> = { 1: [], 2: [] };
for (const [n, s] of [
  [1, sim1],
  [2, sim2],
] as const)
  s.server.on('request', (req) => {
    if (req.method === 'POST' && req.url?.endsWith('/recargas')) llegadas[n].push(Date.now());
  });

const escuchar = (s: typeof sim1, puerto = 0) =>
  new Promise<number>((ok) =>
    s.server.listen(puerto, '127.0.0.1', () => ok((s.server.address() as AddressInfo).port)),
  );
/**
 * Platform 1 down: no new connection is accepted; the idle kept-alive ones are closed, and each
 * busy one as soon as its answer is sent. Closing only the idle ones could leave `close` waiting
 * on a connection the API keeps alive after its answer (a CI run hung in this test until its
 * 300 s limit; that this was the wait is likely, not proven).
 */
const apagar1 = () => {
  const cerrado = new Promise((ok) => sim1.server.close(ok));
  sim1.server.closeIdleConnections();
  const cada = setInterval(() => sim1.server.closeIdleConnections(), 20);
  return cerrado.finally(() => clearInterval(cada));
};

beforeAll(async () => {
  puerto1 = await escuchar(sim1);
  url1 = `http://127.0.0.1:${puerto1}`;
  url2 = `http://127.0.0.1:${await escuchar(sim2)}`;
  e = await crearEntorno({
    providerSimUrl: url1,
    providerSimUrl2: url2,
    // Long enough that a loaded machine does not time out the healthy platform.
    providerTimeoutMs: 2000,
    reconciliarTras: 1,
    graciaNoEncontrada: 15,
    barridoTras: 2,
    trabajadores: true,
    corte: { minimoLlamadas: 10, probarTrasMs: PROBAR_TRAS_MS },
  } satisfies Partial<Config>);
  await e.db.deleteFrom('recargas').execute();
  await sinTopeCliente(e.db);
  api = await e.app.listen({ port: 0, host: '127.0.0.1' });
  const admin = await entrar(e.app, 'admin');
  const cliente = await entrar(e.app, 'cliente');
  const conToken = (s: typeof admin) => ({
    'content-type': 'application/json',
    authorization: `Bearer ${s.token}`,
    'x-xsrf-token': s.xsrf,
    cookie: `XSRF-TOKEN=${s.xsrf}`,
  });
  const { plataformas } = (await (
    await fetch(`${api}/plataformasEmpresa`, { headers: conToken(admin) })
  ).json()) as {
    plataformas: { id: number; usuario: string }[];
  };
  const pagaqui = plataformas.find((p) => p.usuario === 'pagaqui_centro');
  const r = await fetch(`${api}/cambiarPlataformasEmpresa`, {
    method: 'POST',
    headers: conToken(admin),
    body: JSON.stringify({ carrier: 'T', empresaPlataformaId: null, respaldoId: pagaqui?.id }),
  });
  expect(r.status).toBe(200);
  cabeceras = conToken(cliente);
  ({ proveedorId: proveedor1, cambios } = await cambiosDeCorte(e));
}, 120_000);
afterAll(async () => {
  await e?.cerrar();
  for (const s of [sim1, sim2]) {
    s.server.closeAllConnections();
    await new Promise((ok) => s.server.close(ok));
  }
});

/** `total` top-ups by phone, `CONCURRENCIA` at a time; `antes(i)` runs before the i-th is asked. */
async function recargas(prefijo: Prefijo, total: number, antes: (i: number) => Promise<void> | void) {
  const respuestas: Record<string, number> = {};
  const pendientesAlResponder = new Set<number>();
  let siguiente = 0;
  const trabajador = async () => {
    while (siguiente < total) {
      const i = siguiente++;
      await antes(i);
      const r = await fetch(`${api}/checkOut`, {
        method: 'POST',
        body: JSON.stringify({ dn: `${PREFIJOS[prefijo]}${String(i).padStart(7, '0')}`, compania: 'T' }),
        headers: { ...cabeceras, 'idempotency-key': `${prefijo}-${i}` },
      });
      respuestas[r.status] = (respuestas[r.status] ?? 0) + 1;
      const cuerpo = (await r.json()) as { id?: number; estado?: string; mensaje?: string };
      if (![200, 202, 422].includes(r.status) && (respuestas[r.status] ?? 0) < 3)
        console.log(r.status, cuerpo);
      if (cuerpo.estado === 'pendiente' && cuerpo.id) pendientesAlResponder.add(cuerpo.id);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCIA }, trabajador));
  return { respuestas, pendientesAlResponder };
}

/** Resolves once `condicion` holds, or after `ms` (the assertions then say what was missing). */
async function hasta(condicion: () => boolean, ms: number) {
  const limite = Date.now() + ms;
  while (!condicion() && Date.now() < limite) await new Promise((ok) => setTimeout(ok, 20));
}

/** Each run's numbers start with its own three digits: its rows are those. */
const PREFIJOS = { caida: '551', lento: '552' } as const;
type Prefijo = keyof typeof PREFIJOS;

/** Our rows of a run, once every one is terminal (the workers reconcile). */
async function filasTerminales(prefijo: Prefijo) {
  const abiertas = async () =>
    Number(
      (
        await sql<{ n: string }>`select count(*) as n from recargas
          where estado in ('pendiente', 'enviada') and dn like ${`${PREFIJOS[prefijo]}%`}`.execute(e.db)
      ).rows[0]?.n,
    );
  const limite = Date.now() + 90_000;
  while ((await abiertas()) > 0 && Date.now() < limite) await new Promise((ok) => setTimeout(ok, 250));
  return (
    await sql<{ id: string; estado: string; monto: number; numero: number; creada: Date }>`select r.id::text,
      r.estado, r.monto, p.numero, r.creada from recargas r join proveedores p on p.id = r.proveedor_id
      where r.dn like ${`${PREFIJOS[prefijo]}%`}`.execute(e.db)
  ).rows;
}

/** Each ledger against our rows: nothing twice, nothing on both, money equal, a failed row unsent. */
async function cuadrar(filas: Awaited<ReturnType<typeof filasTerminales>>) {
  const [l1, l2] = await Promise.all([libroSimulador(url1), libroSimulador(url2)]);
  expect(l1.dobles + l2.dobles).toBe(0);
  expect(Object.keys(l1.recibidos).filter((id) => id in l2.recibidos)).toEqual([]);
  const exitosas = filas.filter((f) => f.estado === 'exitosa');
  expect(exitosas.reduce((t, f) => t + f.monto, 0)).toBe(l1.cobrado + l2.cobrado);
  for (const f of filas) {
    const libro = f.numero === 1 ? l1 : l2;
    const otro = f.numero === 1 ? l2 : l1;
    expect(otro.recibidos[f.id]).toBeUndefined();
    if (f.estado === 'exitosa') expect(libro.recibidos[f.id]).toBe(1);
    else expect(libro.recibidos[f.id]).toBeUndefined();
  }
  return { l1, l2, exitosas: exitosas.length };
}

describe('faults: failover between two platforms over HTTP', () => {
  it(`${TOTAL} top-ups, platform 1 refusing connections for a stretch: 0 lost, 0 twice, open → platform 2, closed → platform 1`, async () => {
    const inicio = Date.now();
    let abajo = false;
    let vuelta: Promise<unknown> | undefined;
    // Down from the 200th top-up to the 600th, then up again on the same port.
    const { respuestas } = await recargas('caida', TOTAL, async (i) => {
      if (i === 200) {
        abajo = true;
        await apagar1();
      }
      if (i === 600 && abajo) {
        abajo = false;
        // The rest wait until this one, the probe, has closed the breaker: a quick machine sent
        // all 400 within the breaker's last open second, and none reached platform 1 after it.
        let soltar = () => {};
        vuelta = new Promise((ok) => {
          soltar = () => ok(undefined);
        });
        await escuchar(sim1, puerto1);
        // The breaker last (re)opened before platform 1 came back: a probe is due within PROBAR_TRAS_MS.
        await new Promise((ok) => setTimeout(ok, PROBAR_TRAS_MS + 100));
        const abierto = cambios.findLast((c) => c.estado === 'abierto')?.t ?? 0;
        void hasta(() => cambios.some((c) => c.t > abierto && c.estado !== 'abierto'), 15_000).then(soltar);
      } else if (i > 600) await vuelta;
    });
    const envio = Date.now() - inicio;
    // 422: refused unsent when both breakers were open (a loaded machine can time out platform 2 too).
    expect(Object.keys(respuestas).filter((c) => !['200', '202', '422'].includes(c))).toEqual([]);
    const filas = await filasTerminales('caida');
    expect(filas).toHaveLength(TOTAL);
    expect(filas.filter((f) => f.estado !== 'exitosa' && f.estado !== 'fallida')).toEqual([]);
    const { exitosas } = await cuadrar(filas);

    // One open and one close of platform 1's breaker, in this process.
    const abre = cambios.find((c) => c.estado === 'abierto');
    const cierra = cambios.find((c) => abre && c.t > abre.t && c.estado !== 'abierto');
    expect(abre && cierra).toBeTruthy();
    const tAbre = abre?.t ?? 0;
    const tCierra = cierra?.t ?? 0;
    // Measured at the providers: while it was open every send went to platform 2 (platform 1
    // got only the probe that closed it); once closed, every send went to platform 1 again.
    const margen = 200;
    const en = (n: 1 | 2, desde: number, hasta: number) =>
      llegadas[n].filter((t) => t > desde && t < hasta).length;
    const mientras = { 1: en(1, tAbre, tCierra), 2: en(2, tAbre, tCierra) };
    expect(mientras[1]).toBeLessThanOrEqual(1);
    expect(mientras[2]).toBeGreaterThan(100);
    const despues = { 1: en(1, tCierra + margen, Infinity), 2: en(2, tCierra + margen, Infinity) };
    expect(despues[1]).toBeGreaterThan(100);
    expect(despues[2]).toBe(0);
    // Stored and notified once each way.
    const estado = await e.db
      .selectFrom('estados_proveedor')
      .select(['estado', 'cambiado'])
      .where('proveedor_id', '=', proveedor1)
      .executeTakeFirstOrThrow();
    expect(estado.estado).not.toBe('abierto');
    const avisos = await e.db
      .selectFrom('notificaciones')
      .select('clave')
      .distinct()
      .where('clave', 'like', `corte:${proveedor1}:%`)
      .execute();
    expect(avisos.map((a) => a.clave.split(':')[2]).sort()).toEqual(['abre', 'cierra']);
    console.log(
      `failover: ${TOTAL} top-ups, ${CONCURRENCIA} at a time, platform 1 refusing connections from the 200th to the 600th; ` +
        `answers ${JSON.stringify(respuestas)}; send phase ${envio} ms; open ${tCierra - tAbre} ms; ` +
        `sends while open: platform 1 ${mientras[1]}, platform 2 ${mientras[2]}; after closing: platform 1 ${despues[1]}, ` +
        `platform 2 ${despues[2]}; rows on platform 2: ${filas.filter((f) => f.numero === 2).length}; ` +
        `exitosas ${exitosas}, fallidas ${TOTAL - exitosas}`,
    );
  }, 300_000);

  it('platform 1 timing out: the unknown ones stay on platform 1 (never moved) and end terminal after reconciliation', async () => {
    const total = 200;
    // Each run's ledgers start empty.
    await Promise.all([url1, url2].map((u) => fetch(`${u}/reiniciar`, { method: 'POST' })));
    const fallas = (tasaTimeout: number) =>
      fetch(`${url1}/fallas`, { method: 'PUT', body: JSON.stringify({ tasaTimeout }) });
    const { pendientesAlResponder, respuestas } = await recargas('lento', total, async (i) => {
      if (i === 40) await fallas(1);
      if (i === 140) await fallas(0);
    });
    expect(Object.keys(respuestas).filter((c) => !['200', '202', '422'].includes(c))).toEqual([]);
    expect(pendientesAlResponder.size).toBeGreaterThan(0);
    const filas = await filasTerminales('lento');
    expect(filas).toHaveLength(total);
    expect(filas.filter((f) => f.estado !== 'exitosa' && f.estado !== 'fallida')).toEqual([]);
    const { l2 } = await cuadrar(filas);
    // Every top-up whose outcome was unknown when answered stayed with platform 1.
    const desconocidas = filas.filter((f) => pendientesAlResponder.has(Number(f.id)));
    expect(desconocidas.length).toBe(pendientesAlResponder.size);
    expect(desconocidas.filter((f) => f.numero !== 1)).toEqual([]);
    for (const f of desconocidas) expect(l2.recibidos[f.id]).toBeUndefined();
    console.log(
      `failover (timeouts): ${total} top-ups, platform 1 timing out from the 40th to the 140th: ` +
        `${desconocidas.length} unknown, all kept on platform 1 and terminal (${desconocidas.filter((f) => f.estado === 'exitosa').length} exitosas); ` +
        `${filas.filter((f) => f.numero === 2).length} went to platform 2 while its breaker was open`,
    );
  }, 300_000);
});
