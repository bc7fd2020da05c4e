import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { construirApp } from '../src/app.ts';
import { leerConfig } from '../src/config.ts';
import { abrirDb } from '../src/db/database.ts';
import { migrar } from '../src/db/migrate.ts';
import { empezarDrenaje } from '../src/plugins/metricas.ts';
import { baseDeDatosNueva } from './entorno.ts';

/**
 * Issue 40, seen in bench:upgrade: while an API drains (SIGTERM, app.close()), a request that
 * arrives on a keep-alive connection it still holds (a proxy's) got Fastify's 503, which Caddy
 * passes to the user instead of trying the other API. Now it is served. The close is held open
 * by a slow step of its own (as pg-boss's stop is in main.ts), the window in which that happens.
 */
const base = await baseDeDatosNueva();
const config = {
  ...leerConfig({
    ...process.env,
    DATA_DIR: 'memory://',
    JWT_SECRET: randomBytes(32).toString('hex'),
    DOS_PASOS_CLAVES: `prueba:${randomBytes(32).toString('hex')}`,
  }),
  databaseUrl: base.url,
  logLevel: 'silent' as const,
  trabajadores: false,
};
const db = await abrirDb(config);
afterAll(async () => {
  await db.destroy();
  await base.borrar();
});

it('a request on an open keep-alive connection while the API closes is answered 200, not 503', async () => {
  await migrar(db);
  const app = await construirApp(config, db);
  let soltar = () => {};
  app.addHook('preClose', () => new Promise<void>((ok) => (soltar = ok)));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;

  const conexion = connect(port, '127.0.0.1');
  let respuestas = '';
  conexion.on('data', (d: Buffer) => {
    respuestas += d.toString();
  });
  const pedir = async () => {
    const antes = respuestas.length;
    conexion.write('GET /health HTTP/1.1\r\nhost: api\r\n\r\n');
    while (!/\r\n\r\n[\s\S]*\}/.test(respuestas.slice(antes))) await new Promise((ok) => setTimeout(ok, 20));
  };
  await pedir();
  const cerrando = app.close();
  await new Promise((ok) => setTimeout(ok, 100));
  await pedir();
  soltar();
  await cerrando;
  conexion.destroy();
  expect([...respuestas.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => m[1])).toEqual(['200', '200']);
  // A new connection is refused once it drains.
  const nueva = await new Promise<string>((ok) =>
    request({ port, host: '127.0.0.1', path: '/health' })
      .on('error', (e: NodeJS.ErrnoException) => ok(e.code ?? ''))
      .end(),
  );
  expect(nueva).toBe('ECONNREFUSED');
}, 60_000);

it('draining (SIGTERM with SHUTDOWN_DRAIN_MS): /ready 503, each answer closes its connection', async () => {
  const app = await construirApp(config, db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const pedir = (path: string) =>
    new Promise<{ estado: number; conexion: string | undefined }>((ok, mal) =>
      request({ port, host: '127.0.0.1', path, agent: false, headers: { connection: 'keep-alive' } }, (r) => {
        r.resume();
        r.on('end', () => ok({ estado: r.statusCode ?? 0, conexion: r.headers.connection }));
      })
        .on('error', mal)
        .end(),
    );
  expect(await pedir('/ready')).toEqual({ estado: 200, conexion: 'keep-alive' });
  empezarDrenaje(app);
  expect(await pedir('/ready')).toEqual({ estado: 503, conexion: 'close' });
  expect(await pedir('/health')).toEqual({ estado: 200, conexion: 'close' });
  await app.close();
}, 60_000);
