import { M } from '@recargas/contracts/mensajes';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { construirApp } from '../src/app.ts';
import { type Config, leerConfig } from '../src/config.ts';
import { crearEntorno, type Entorno, entrar } from './entorno.ts';
import { pedir, recargar } from './peticion.ts';

let e: Entorno;
beforeAll(async () => {
  // A small limit; one hop of proxy in front (TRUST_PROXY=1); tokens on /metrics and /docs.
  e = await crearEntorno({
    rateLimitMax: 20,
    trustProxy: 1,
    metricsToken: 'token-metricas',
    docsToken: 'token-docs',
  });
  // A fresh database takes long on a loaded machine.
}, 180_000);
afterAll(() => e.cerrar());

/** Another app over the same database with other settings (a new database is slow to make). */
async function conOtraApp(ajustes: Partial<Config>, probar: (app: Entorno['app']) => Promise<void>) {
  const app = await construirApp({ ...e.config, ...ajustes }, e.db);
  try {
    await probar(app);
  } finally {
    await app.close();
  }
}

/** Requests from one client behind the proxy, each claiming another address of its own. */
const desdeCliente = (cliente: string, n: number, url = '/getEmpresa/demo') =>
  Promise.all(
    Array.from({ length: n }, (_, i) =>
      pedir(e.app, null, 'GET', url, undefined, {
        cabeceras: { 'x-forwarded-for': `10.9.${i}.1, ${cliente}` },
      }),
    ),
  );
const estados = (rs: { statusCode: number }[]) => {
  const cuenta: Record<number, number> = {};
  for (const r of rs) cuenta[r.statusCode] = (cuenta[r.statusCode] ?? 0) + 1;
  return cuenta;
};

describe('TRUST_PROXY', () => {
  it('reads a hop count or a list of addresses; 0 or unset trusts nothing', () => {
    expect(leerConfig({ DATA_DIR: 'memory://', TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(leerConfig({ DATA_DIR: 'memory://', TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe(
      '10.0.0.0/8, 127.0.0.1',
    );
    expect(leerConfig({ DATA_DIR: 'memory://', TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(leerConfig({ DATA_DIR: 'memory://' }).trustProxy).toBe(false);
  });

  it('a client sending its own X-Forwarded-For cannot escape the per-IP limit (1 hop)', async () => {
    expect(estados(await desdeCliente('203.0.113.7', 40))).toEqual({ 200: 20, 429: 20 });
    // Another client behind the same proxy has its own count.
    expect(estados(await desdeCliente('203.0.113.8', 1))).toEqual({ 200: 1 });
  });

  it('the same with the proxy named by address', async () => {
    await conOtraApp({ trustProxy: '127.0.0.1' }, async (app) => {
      const rs = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          pedir(app, null, 'GET', '/getEmpresa/demo', undefined, {
            cabeceras: { 'x-forwarded-for': `10.9.${i}.1, 203.0.113.9` },
          }),
        ),
      );
      expect(estados(rs)).toEqual({ 200: 20, 429: 20 });
    });
  });
});

describe('/health and /ready', () => {
  it('are not rate-limited', async () => {
    const cliente = '203.0.113.20';
    expect(estados(await desdeCliente(cliente, 25))).toEqual({ 200: 20, 429: 5 });
    expect(estados(await desdeCliente(cliente, 30, '/health'))).toEqual({ 200: 30 });
    expect(estados(await desdeCliente(cliente, 30, '/ready'))).toEqual({ 200: 30 });
    expect((await pedir(e.app, null, 'GET', '/ready')).json()).toEqual({ estado: 'ok' });
  });

  it('/ready answers 503 with a mensaje while the database is away; /health still 200', {
    timeout: 120_000,
  }, async () => {
    const sinBase = await crearEntorno();
    await sinBase.db.destroy();
    try {
      const r = await pedir(sinBase.app, null, 'GET', '/ready');
      expect(r.statusCode).toBe(503);
      expect(r.json()).toEqual({ mensaje: M.servicioNoDisponible });
      expect((await pedir(sinBase.app, null, 'GET', '/health')).statusCode).toBe(200);
    } finally {
      await sinBase.cerrar().catch(() => {});
    }
  });
});

describe('/metrics and /docs behind their tokens', () => {
  const bearer = (t: string) => ({ authorization: `Bearer ${t}` });

  it('/metrics: 401 without or with a wrong token, the figures with it', async () => {
    const sin = await pedir(e.app, null, 'GET', '/metrics');
    expect(sin.statusCode).toBe(401);
    expect(sin.json()).toEqual({ mensaje: M.sinToken });
    const mal = await pedir(e.app, null, 'GET', '/metrics', undefined, { cabeceras: bearer('token-docs') });
    expect(mal.statusCode).toBe(401);
    expect(mal.json()).toEqual({ mensaje: M.tokenInvalido });
    const bien = await pedir(e.app, null, 'GET', '/metrics', undefined, {
      cabeceras: bearer('token-metricas'),
    });
    expect(bien.statusCode).toBe(200);
    for (const nombre of [
      'process_cpu_seconds_total',
      'http_request_duration_seconds',
      'recargas_abiertas',
      'recargas_abierta_mas_antigua_segundos',
      'cola_trabajos{cola="reconciliar-recarga",estado="created"}',
      'recargas_envios_total',
      'proveedor_latencia_segundos',
    ])
      expect(bien.body).toContain(nombre);
  });

  it('business figures: sends by outcome and provider, provider latency, open top-ups', async () => {
    const s = await entrar(e.app, 'admin');
    const r = await recargar(e.app, s, { dn: '5512340001', compania: 'T', monto: 30 }, 'k-metricas');
    expect(r.json()).toMatchObject({ estado: 'exitosa' });
    // The same row as if its outcome were still unknown, an hour old.
    await sql`update recargas set estado = 'pendiente', creada = now() - interval '1 hour'
      where id = ${r.json().id}`.execute(e.db);
    const m = (
      await pedir(e.app, null, 'GET', '/metrics', undefined, { cabeceras: bearer('token-metricas') })
    ).body;
    expect(m).toMatch(/recargas_envios_total\{proveedor="[^"]+",resultado="aceptada"\} 1\n/);
    expect(m).toMatch(/proveedor_latencia_segundos_count\{proveedor="[^"]+",operacion="send"\} 1\n/);
    expect(m).toMatch(/recargas_abiertas\{estado="pendiente"\} 1\n/);
    const edad = Number(/^recargas_abierta_mas_antigua_segundos (\S+)$/m.exec(m)?.[1]);
    expect(edad).toBeGreaterThanOrEqual(3600);
  });

  it('/docs: the same with its own token', async () => {
    expect((await pedir(e.app, null, 'GET', '/docs/json')).statusCode).toBe(401);
    expect(
      (await pedir(e.app, null, 'GET', '/docs', undefined, { cabeceras: bearer('token-metricas') }))
        .statusCode,
    ).toBe(401);
    const r = await pedir(e.app, null, 'GET', '/docs/json', undefined, { cabeceras: bearer('token-docs') });
    expect(r.json().openapi).toMatch(/^3\./);
  });

  it('without a token: open in development, not served in production', async () => {
    const sinTokens = { metricsToken: undefined, docsToken: undefined };
    await conOtraApp({ ...sinTokens, produccion: true }, async (app) => {
      for (const url of ['/metrics', '/docs/json']) {
        const r = await pedir(app, null, 'GET', url);
        expect(r.statusCode).toBe(404);
        expect(r.json()).toEqual({ mensaje: M.noEncontrado });
      }
      expect((await pedir(app, null, 'GET', '/health')).statusCode).toBe(200);
    });
    await conOtraApp(sinTokens, async (app) => {
      expect((await pedir(app, null, 'GET', '/metrics')).statusCode).toBe(200);
      expect((await pedir(app, null, 'GET', '/docs/json')).statusCode).toBe(200);
    });
  });
});
