import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { M } from '@recargas/contracts/mensajes';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leerConfig } from '../src/config.ts';
import { abrirDb } from '../src/db/database.ts';
import { migrar } from '../src/db/migrate.ts';
import { sembrar } from '../src/db/seed/index.ts';
import { REDACTAR } from '../src/lib/bitacora.ts';
import { RegistroProveedores } from '../src/providers/registro.ts';
import { cuentasReloadly } from '../src/providers/reloadly-sesion.ts';
import { servidorSimulador } from '../src/providers/servidor-simulador.ts';
import { baseDeDatosNueva, PASSWORD_DEMO, plataformaReloadly } from './entorno.ts';
import { puertoLibre, sesionHttp } from './proceso.ts';

/**
 * No Reloadly credential or token reaches a log: the adapters (through the registry, as the API
 * and the worker make them) log at trace level into a buffer while they get tokens, top up, read
 * balances, have their token revoked, lose an answer and reconcile; and, on PostgreSQL
 * (DATABASE_URL: the embedded database is slow to open from a second process), the API runs as
 * its own process at LOG_LEVEL trace doing the same. Everything printed is searched for the
 * secret and every token the sandbox handed out (and the user's session token).
 */
const CON_PROCESO = Boolean(process.env.DATABASE_URL);
const SECRETO = 'secreto-reloadly-que-nunca-sale-en-bitacoras';
let sim: ReturnType<typeof servidorSimulador>;
let base: Awaited<ReturnType<typeof baseDeDatosNueva>>;
let datos: string;
let hijo: ChildProcess | undefined;
let salida = '';
let api: string;
let simUrl: string;

beforeAll(async () => {
  sim = servidorSimulador({ esperaTimeoutMs: 1500 });
  await new Promise<void>((ok) => sim.server.listen(0, '127.0.0.1', ok));
  simUrl = `http://127.0.0.1:${(sim.server.address() as AddressInfo).port}`;
  if (!CON_PROCESO) return;
  base = await baseDeDatosNueva();
  datos = mkdtempSync(join(tmpdir(), 'recargas-bitacora-'));
  const db = await abrirDb({ databaseUrl: base.url, dataDir: datos });
  await migrar(db);
  await sembrar(db);
  await plataformaReloadly(db);
  await db.destroy();
  const puerto = await puertoLibre();
  hijo = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: new URL('..', import.meta.url).pathname,
    env: {
      ...process.env,
      PORT: String(puerto),
      HOST: '127.0.0.1',
      DATA_DIR: datos,
      DATABASE_URL: base.url ?? '',
      JWT_SECRET: 'secreto-jwt-de-la-prueba-de-bitacoras-0123456789',
      DOS_PASOS_CLAVES: 'prueba:secreto-jwt-de-la-prueba-de-bitacoras-0123456789',
      LOG_LEVEL: 'trace',
      WEB_DIR: '/nonexistent',
      RATE_LIMIT_MAX: '100000',
      PROVIDER_TIMEOUT_MS: '1000',
      RECONCILIAR_TRAS: '1',
      GRACIA_NO_ENCONTRADA: '1',
      RELOADLY_PRUEBA_CLIENT_ID: 'cliente-bitacora',
      RELOADLY_PRUEBA_CLIENT_SECRET: SECRETO,
      RELOADLY_PRUEBA_URL: `${simUrl}/reloadly`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  hijo.stdout?.on('data', (d: Buffer) => {
    salida += d.toString();
  });
  hijo.stderr?.on('data', (d: Buffer) => {
    salida += d.toString();
  });
  api = `http://127.0.0.1:${puerto}`;
  for (let i = 0; i < 450; i++) {
    if (hijo.exitCode !== null) throw new Error(`la API terminó: ${salida.slice(-2000)}`);
    if (
      await fetch(`${api}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((ok) => setTimeout(ok, 200));
  }
}, 240_000);
afterAll(async () => {
  if (hijo && hijo.exitCode === null) {
    const h = hijo;
    await new Promise((ok) => {
      h.once('exit', ok);
      h.kill('SIGKILL');
    });
  }
  sim?.server.closeAllConnections();
  await new Promise((ok) => sim?.server.close(ok));
  await base?.borrar();
  if (datos) rmSync(datos, { recursive: true, force: true });
});

/** A pino logger at trace level with the app's redaction, into memory. */
function bitacora() {
  let escrito = '';
  const destino = new Writable({
    write(trozo, _codificacion, listo) {
      escrito += trozo.toString();
      listo();
    },
  });
  return { log: pino({ level: 'trace', redact: REDACTAR }, destino), escrito: () => escrito };
}

describe('credentials and tokens stay out of the logs', () => {
  it('the adapters at trace level: tokens, top-ups, balance, a 401, a lost answer, a missing account', async () => {
    const { log, escrito } = bitacora();
    const cuentas = cuentasReloadly({
      RELOADLY_PRUEBA_CLIENT_ID: 'cliente-adaptador',
      RELOADLY_PRUEBA_CLIENT_SECRET: SECRETO,
      RELOADLY_PRUEBA_URL: `${simUrl}/reloadly`,
    });
    const registro = new RegistroProveedores(
      { providerTimeoutMs: 1000, reloadly: cuentas, simuladorPermitido: true },
      log,
    );
    const fila = { id: 1, empresa_id: 1, codigo: 'recargatodo', adaptador: 'reloadly', operadores: {} };
    const p = registro.de({ ...fila, cuenta: 'PRUEBA' });
    const envio = (id: string) => ({
      id,
      dn: '5512345678',
      icc: '',
      carrier: 'T' as const,
      monto: 30,
      tipo: 'x',
    });
    expect((await p.send(envio('b-1'))).estado).toBe('aceptada');
    await p.balance();
    sim.reloadly.revocar();
    expect((await p.send(envio('b-2'))).estado).toBe('desconocida'); // 401 on the POST
    await p.balance(); // a read: refreshed and retried
    await fetch(`${simUrl}/fallas`, { method: 'PUT', body: JSON.stringify({ tasaCaida: 1 }) });
    expect((await p.send(envio('b-3'))).estado).toBe('desconocida');
    await fetch(`${simUrl}/fallas`, { method: 'PUT', body: JSON.stringify({ tasaCaida: 0 }) });
    expect((await p.status('b-3')).estado).toBe('aceptada');
    const sinCuenta = registro.de({ ...fila, id: 2, cuenta: 'OTRA' });
    expect(await sinCuenta.send(envio('b-4'))).toEqual({
      estado: 'rechazada',
      mensaje: M.plataformaSinCredenciales,
      codigo: 'proveedor_no_disponible',
    });

    const texto = escrito();
    expect(texto).toContain('reloadly: new access token');
    expect(texto).toContain('reloadly: top-up not accepted');
    expect(texto).toContain('RELOADLY_OTRA_CLIENT_ID');
    expect([SECRETO, ...sim.reloadly.emitidos].filter((x) => texto.includes(x))).toEqual([]);
  });

  it.runIf(CON_PROCESO)(
    'the API process at trace level, through token, top-ups, balance, a 401 and a lost answer',
    async () => {
      const cabeceras = await sesionHttp(api, 'admin', PASSWORD_DEMO);
      let n = 0;
      const recargar = () =>
        fetch(`${api}/checkOut`, {
          method: 'POST',
          headers: { ...cabeceras, 'idempotency-key': `bitacora-${++n}` },
          body: JSON.stringify({ dn: '5512345678', compania: 'T', monto: 30 }),
        });
      expect((await recargar()).status).toBe(200);
      expect((await fetch(`${api}/saldosData`, { headers: cabeceras })).status).toBe(200);
      sim.reloadly.revocar();
      expect((await fetch(`${api}/saldosData`, { headers: cabeceras })).status).toBe(200);
      await fetch(`${simUrl}/fallas`, { method: 'PUT', body: JSON.stringify({ tasaCaida: 1 }) });
      expect((await recargar()).status).toBe(202);
      // The reconciliation job finds the lost one through the transaction reports.
      const ultima = async () =>
        (
          (await (await fetch(`${api}/movimientos`, { headers: cabeceras })).json()) as {
            movimientos: { estatus: string }[];
          }
        ).movimientos[0]?.estatus;
      while ((await ultima()) === 'pendiente') await new Promise((ok) => setTimeout(ok, 300));
      expect(await ultima()).toBe('exitosa');

      expect(sim.reloadly.emitidos.length).toBeGreaterThanOrEqual(2);
      expect(salida).toContain('reloadly: new access token');
      const token = cabeceras.authorization.slice('Bearer '.length);
      const fugas = [SECRETO, token, ...sim.reloadly.emitidos].filter((x) => salida.includes(x));
      expect(fugas).toEqual([]);
    },
    120_000,
  );

  it('the redaction paths hide a logged config, token answer and authorization header', () => {
    const { log, escrito } = bitacora();
    const config = leerConfig({
      DATA_DIR: 'memory://',
      RELOADLY_X_CLIENT_ID: 'id-x',
      RELOADLY_X_CLIENT_SECRET: SECRETO,
    });
    log.info({ config }, 'config');
    log.info({ respuesta: { access_token: 'token-de-acceso-secreto', client_secret: SECRETO } }, 'token');
    log.info({ peticion: { headers: { authorization: 'Bearer token-de-acceso-secreto' } } }, 'pedir');
    expect(escrito()).toContain('[Redacted]');
    expect(escrito()).not.toContain(SECRETO);
    expect(escrito()).not.toContain('token-de-acceso-secreto');
  });
});
