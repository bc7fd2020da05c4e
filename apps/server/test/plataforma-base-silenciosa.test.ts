import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirDb } from '../src/db/database.ts';
import { migrar } from '../src/db/migrate.ts';
import { sembrar } from '../src/db/seed/index.ts';
import { baseDeDatosNueva, PASSWORD_DEMO } from './entorno.ts';
import { entornoDeProceso, ProcesoApi, puertoLibre, sesionHttp } from './proceso.ts';

/**
 * Issue 40: PostgreSQL stops answering (connections stay open, no bytes pass). Before, /ready and
 * every request hung 150 s with no log line. The API runs as its own process with the default
 * limits, through a TCP proxy the test can silence.
 */
class ProxySilenciable {
  private readonly server: Server;
  private readonly pares = new Set<[Socket, Socket]>();
  silencio = false;

  constructor(private readonly destino: number) {
    this.server = createServer((cliente) => {
      const base = connect(this.destino, '127.0.0.1');
      const par: [Socket, Socket] = [cliente, base];
      this.pares.add(par);
      // Silent: every byte is dropped, nothing is closed.
      cliente.on('data', (d) => this.silencio || base.write(d));
      base.on('data', (d) => this.silencio || cliente.write(d));
      const cerrar = () => {
        cliente.destroy();
        base.destroy();
        this.pares.delete(par);
      };
      cliente.on('close', cerrar).on('error', cerrar);
      base.on('close', cerrar).on('error', cerrar);
    });
  }

  escuchar(puerto: number) {
    return new Promise<void>((ok) => this.server.listen(puerto, '127.0.0.1', ok));
  }

  /** Back: the connections of the silence are cut (their protocol state is lost), new ones pass. */
  hablar() {
    this.silencio = false;
    for (const [a, b] of this.pares) {
      a.destroy();
      b.destroy();
    }
  }

  cerrar() {
    this.hablar();
    return new Promise((ok) => this.server.close(ok));
  }
}

const pg = process.env.DATABASE_URL;
let api: ProcesoApi;
let proxy: ProxySilenciable;
let borrar: () => Promise<void>;

beforeAll(async () => {
  if (!pg) return;
  const base = await baseDeDatosNueva();
  borrar = base.borrar;
  const url = new URL(base.url ?? '');
  const db = await abrirDb({ databaseUrl: url.toString(), dataDir: '' });
  await migrar(db);
  await sembrar(db);
  await db.destroy();
  proxy = new ProxySilenciable(Number(url.port || 5432));
  const puertoProxy = await puertoLibre();
  await proxy.escuchar(puertoProxy);
  url.port = String(puertoProxy);
  const puerto = await puertoLibre();
  const secreto = 'secreto-de-la-prueba-de-base-silenciosa-0123456789';
  api = new ProcesoApi(
    `http://127.0.0.1:${puerto}`,
    entornoDeProceso({ puerto, url: url.toString(), secreto }, { WORKERS: '0', LOG_LEVEL: 'info' }),
  );
  await api.arrancar();
}, 120_000);
afterAll(async () => {
  await api?.matar();
  await proxy?.cerrar();
  await borrar?.();
});

/** The answer's status and body, and how long it took (ms). */
async function medir(hacer: () => Promise<Response>) {
  const inicio = Date.now();
  const r = await hacer().catch((e: Error) => e);
  const ms = Date.now() - inicio;
  if (r instanceof Error) return { status: 0, cuerpo: { mensaje: r.message }, ms };
  return { status: r.status, cuerpo: (await r.json().catch(() => ({}))) as { mensaje?: string }, ms };
}

const metrica = async () =>
  /^base_de_datos_responde (\d)/m.exec(await (await fetch(`${api.url}/metrics`)).text())?.[1];

const advertencias = () =>
  api.salida
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { level: number; msg: string })
    .filter((l) => l.level >= 40);

describe.skipIf(!pg)('a silent database', () => {
  it('503s within their limits, one warning, and all back within 30 s of it answering', async () => {
    const cabeceras = await sesionHttp(api.url, 'admin', PASSWORD_DEMO);
    const recargar = (clave: string) =>
      fetch(`${api.url}/checkOut`, {
        method: 'POST',
        body: JSON.stringify({ dn: '5512345678', compania: 'T', monto: 50 }),
        headers: { ...cabeceras, 'idempotency-key': clave },
      });
    const entrar = () =>
      fetch(`${api.url}/iniciarSesion`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'cliente', password: PASSWORD_DEMO, empresa: 'demo' }),
      });
    expect((await recargar('antes')).status).toBe(200);
    expect(await metrica()).toBe('1');
    const antes = advertencias().length;

    proxy.silencio = true;
    const [listo, login, recarga] = await Promise.all([
      medir(() => fetch(`${api.url}/ready`)),
      medir(entrar),
      medir(() => recargar('durante')),
    ]);
    expect(listo.status).toBe(503);
    expect(listo.ms).toBeLessThan(5000);
    for (const r of [login, recarga]) {
      expect(r.status).toBe(503);
      expect(r.cuerpo.mensaje).toMatch(/^[^a-z]*[A-ZÁÉÍÓÚ].*[a-záéíóúñ]/);
      expect(r.ms).toBeLessThan(15_000);
    }
    expect(listo.cuerpo.mensaje).toBe(login.cuerpo.mensaje);
    expect(await metrica()).toBe('0');
    const nuevas = advertencias().slice(antes);
    expect(nuevas.map((l) => l.msg)).toEqual([expect.stringMatching(/^Base de datos sin respuesta/)]);

    proxy.hablar();
    const vuelta = Date.now();
    while ((await fetch(`${api.url}/ready`)).status !== 200) {
      expect(Date.now() - vuelta).toBeLessThan(30_000);
      await new Promise((ok) => setTimeout(ok, 250));
    }
    expect((await entrar()).status).toBe(200);
    expect((await recargar('despues')).status).toBe(200);
    expect(Date.now() - vuelta).toBeLessThan(30_000);
    expect(await metrica()).toBe('1');
    expect(api.salida).toContain('Base de datos disponible de nuevo');
  }, 90_000);
});
