import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { crearEntorno, type Entorno } from './entorno.ts';
import { pedir } from './peticion.ts';

/** A redis-server of this test alone, on a free port, that the test stops and starts again. */
class RedisPropio {
  private proceso: ChildProcess | undefined;
  constructor(readonly puerto: number) {}

  async arrancar() {
    this.proceso = spawn(
      'redis-server',
      ['--port', String(this.puerto), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    const cliente = new Redis(this.puerto, '127.0.0.1', { lazyConnect: true, retryStrategy: () => 100 });
    cliente.on('error', () => {});
    await esperar(async () => (await cliente.ping().catch(() => '')) === 'PONG');
    cliente.disconnect();
  }

  /** SIGSTOP / SIGCONT: a Redis that hangs with its connections open, then wakes up. */
  pausar(pausa: boolean) {
    this.proceso?.kill(pausa ? 'SIGSTOP' : 'SIGCONT');
  }

  async parar() {
    const p = this.proceso;
    if (!p || p.exitCode !== null) return;
    p.kill('SIGKILL');
    await once(p, 'exit');
  }
}

async function esperar(condicion: () => Promise<boolean>) {
  for (let i = 0; i < 300; i++) {
    if (await condicion()) return;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error('la condición no se cumplió');
}

async function puertoLibre() {
  const s = createServer().listen(0, '127.0.0.1');
  await once(s, 'listening');
  const { port } = s.address() as AddressInfo;
  s.close();
  return port;
}

let e: Entorno;
let redis: RedisPropio;
let consulta: Redis;
beforeAll(async () => {
  redis = new RedisPropio(await puertoLibre());
  await redis.arrancar();
  consulta = new Redis(redis.puerto, '127.0.0.1', { retryStrategy: () => 100, maxRetriesPerRequest: 0 });
  consulta.on('error', () => {});
  e = await crearEntorno({ redisUrl: `redis://127.0.0.1:${redis.puerto}`, rateLimitMax: 10 });
}, 180_000);
afterAll(async () => {
  await e?.cerrar();
  consulta?.disconnect();
  await redis?.parar();
});

const desde = (ip: string, n: number, url = '/getEmpresa/demo') =>
  Promise.all(Array.from({ length: n }, () => pedir(e.app, null, 'GET', url, undefined, { ip })));
const estados = (rs: { statusCode: number }[]) => {
  const cuenta: Record<number, number> = {};
  for (const r of rs) cuenta[r.statusCode] = (cuenta[r.statusCode] ?? 0) + 1;
  return cuenta;
};
const enRedis = async (ip: string) => Number(await consulta.get(`fastify-rate-limit-${ip}`));
const avisosRedis = (espia: { mock: { calls: unknown[][] } }) =>
  espia.mock.calls.filter((c) => String(c[0]).includes('Redis')).length;

describe('rate limits while Redis comes and goes (REDIS_URL)', () => {
  it('counts in Redis, falls back to this process with one warning, goes back when it returns', async () => {
    // Redis up: the counters live there (shared by every API process).
    await esperar(
      async () =>
        (await desde('198.51.100.1', 1))[0]?.statusCode === 200 && (await enRedis('198.51.100.1')) > 0,
    );
    await desde('198.51.100.1', 4);
    expect(await enRedis('198.51.100.1')).toBe(5);

    const avisos = vi.spyOn(e.app.log, 'warn');
    const informes = vi.spyOn(e.app.log, 'info');
    const errores = vi.spyOn(console, 'error');
    await redis.parar();
    // Requests while ioredis keeps trying to reconnect: none is a 500, the limit still holds.
    const durante = await desde('198.51.100.2', 30);
    expect(estados(durante)).toEqual({ 200: 10, 429: 20 });
    await new Promise((ok) => setTimeout(ok, 3000));
    expect(estados(await desde('198.51.100.3', 12))).toEqual({ 200: 10, 429: 2 });
    expect(estados(await desde('198.51.100.3', 5, '/health'))).toEqual({ 200: 5 });
    expect(avisosRedis(avisos)).toBe(1);
    expect(errores.mock.calls.filter((c) => String(c[0]).includes('ioredis'))).toEqual([]);

    // Redis back (empty): the counters go back there.
    await redis.arrancar();
    await esperar(async () => {
      await desde('198.51.100.4', 1);
      return (await enRedis('198.51.100.4').catch(() => 0)) > 0;
    });
    expect(avisosRedis(informes)).toBe(1);
    expect(avisosRedis(avisos)).toBe(1);
  }, 120_000);

  it('a Redis that hangs holds no request: counted here meanwhile, shared again when it answers', async () => {
    const avisos = vi.spyOn(e.app.log, 'warn');
    const informes = vi.spyOn(e.app.log, 'info');
    avisos.mockClear();
    informes.mockClear();
    redis.pausar(true);
    try {
      expect(estados(await desde('198.51.100.5', 12))).toEqual({ 200: 10, 429: 2 });
      expect(avisosRedis(avisos)).toBe(1);
    } finally {
      redis.pausar(false);
    }
    await esperar(async () => {
      await desde('198.51.100.6', 1);
      return (await enRedis('198.51.100.6')) > 0;
    });
    expect(avisosRedis(informes)).toBe(1);
  }, 120_000);
});
