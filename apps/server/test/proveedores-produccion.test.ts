import type { AddressInfo } from 'node:net';
import { M } from '@recargas/contracts/mensajes';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { construirApp } from '../src/app.ts';
import { cambiarPlataforma } from '../src/cli/proveedor.ts';
import type { Config } from '../src/config.ts';
import { servidorSimulador } from '../src/providers/servidor-simulador.ts';
import { admin as cli } from './admin-cli.ts';
import { crearEntorno, type Entorno, entrar, reloadlyPrueba, type Sesion } from './entorno.ts';
import { pedir, recargar as rec } from './peticion.ts';
import { recargaYPlataforma } from './recargas-prueba.ts';

/**
 * Issue 39: with the simulator refused (NODE_ENV=production: simuladorPermitido false) the demo
 * company's seeded simulated platforms are closed. A top-up, a balance read, an activation never
 * reach the in-process simulator nor the HTTP one (PROVIDER_SIM_URL); a top-up fails with the
 * reason and nothing charged unless a real platform (Reloadly's sandbox here) takes it; the
 * operator's set-provider is followed by the running app, and PROVEEDOR_SIMULADO=1 reopens it.
 */
let e: Entorno;
let sim: ReturnType<typeof servidorSimulador>;
let simUrl: string;
/** A second API on the same database whose simulator would be the HTTP one. */
let porHttp: FastifyInstance;
let admin: Sesion;
let cliente: Sesion;
beforeAll(async () => {
  sim = servidorSimulador();
  await new Promise<void>((ok) => sim.server.listen(0, '127.0.0.1', ok));
  simUrl = `http://127.0.0.1:${(sim.server.address() as AddressInfo).port}`;
  e = await crearEntorno({ simuladorPermitido: false, reloadly: reloadlyPrueba(simUrl) });
  porHttp = await otraApp({ providerSimUrl: simUrl });
  admin = await entrar(e.app, 'admin');
  cliente = await entrar(e.app, 'cliente');
}, 120_000);
afterAll(async () => {
  await porHttp?.close();
  await e?.cerrar();
  sim?.server.closeAllConnections();
  await new Promise((ok) => sim?.server.close(ok));
});

async function otraApp(ajustes: Partial<Config>) {
  const app = await construirApp({ ...e.config, ...ajustes }, e.db);
  await app.ready();
  return app;
}

let n = 0;
const recargar = (compania: string, app = e.app, quien = cliente, monto?: number) => {
  n++;
  const cuerpo = { dn: `5547${String(n).padStart(6, '0')}`, compania, ...(monto ? { monto } : {}) };
  return rec(app, quien, cuerpo, `cerrada-${n}`);
};

const fila = (id: number) => recargaYPlataforma(e.db, id);
/** The client's count of top-ups today: a refused one gives its count back. */
const usadas = async () =>
  (
    await e.db
      .selectFrom('conteo_recargas as c')
      .innerJoin('usuarios as u', 'u.id', 'c.usuario_id')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('c.n'), eb.lit(0)).as('n'))
      .where('u.username', '=', 'cliente')
      .executeTakeFirstOrThrow()
  ).n;
/** Accounts the HTTP simulator served, outside Reloadly's sandbox. */
const cuentasSimuladas = async () =>
  Object.keys((await (await fetch(`${simUrl}/libro`)).json()) as object).filter(
    (c) => !c.startsWith('reloadly-'),
  );
const enReloadly = () => sim.cuentas('reloadly-cliente-prueba').registro().recibidos;

/** Nothing reached a simulator: no in-process one was made, the HTTP one saw no account. */
async function ningunSimulador() {
  expect(e.app.proveedores.simuladores.size).toBe(0);
  expect(porHttp.proveedores.simuladores.size).toBe(0);
  expect(await cuentasSimuladas()).toEqual([]);
}

/** set-provider as the operator runs it: a process of its own on PostgreSQL; on the embedded database, which one process holds, its function here. */
async function ponerProveedor(args: string[]) {
  if (e.config.databaseUrl) {
    const r = await cli(['set-provider', ...args], {
      DATABASE_URL: e.config.databaseUrl,
      JWT_SECRET: e.config.jwtSecret,
      DOS_PASOS_CLAVES: `prueba:${e.config.jwtSecret}`,
    });
    expect(r).toMatchObject({ codigo: 0, stdout: expect.stringContaining(`Plataforma ${args[1]} de demo`) });
    return;
  }
  await cambiarPlataforma(e.db, e.config, args, (m) => {
    throw new Error(m);
  });
}

// On PostgreSQL set-provider is a process of its own: seconds each on a busy machine.
describe('no simulator where it is refused (issue 39)', { timeout: 120_000 }, () => {
  it('a top-up on a simulated platform fails with the reason, nothing charged, no simulator reached', async () => {
    for (const app of [e.app, porHttp]) {
      const antes = await usadas();
      const r = await recargar('T', app);
      expect(r.statusCode).toBe(422);
      expect(r.json()).toMatchObject({ estado: 'fallida', folio: null, mensaje: M.plataformaSinProveedor });
      expect(await fila(r.json().id)).toMatchObject({
        estado: 'fallida',
        mensaje: M.plataformaSinProveedor,
        folio: null,
        numero: 1,
      });
      expect(await usadas()).toBe(antes);
    }
    await ningunSimulador();
  });

  it('balances, activations and activation status never reach it either', async () => {
    const icc = await e.db
      .selectFrom('lineas as l')
      .innerJoin('empresas as em', 'em.id', 'l.empresa_id')
      .select('l.icc')
      .where('em.codigo', '=', 'demo')
      .limit(1)
      .executeTakeFirstOrThrow();
    const porta = await e.db
      .selectFrom('portabilidades')
      .select(['id', 'dn_destino'])
      .where('dn_destino', 'is', null)
      .limit(1)
      .executeTakeFirstOrThrow();
    for (const app of [e.app, porHttp]) {
      const saldos = await pedir(app, admin, 'GET', '/saldosData');
      expect(saldos.json().data.saldos).toEqual({ recargatodo: 0, pagaqui: { MOVISTAR: 0, IUSA_UNEFON: 0 } });
      const estatus = await pedir(app, admin, 'GET', `/statusActivacion/${icc.icc}`);
      expect([estatus.statusCode, estatus.json().mensaje]).toEqual([503, M.plataformaSinProveedor]);
      const activar = await pedir(app, admin, 'POST', '/api/portOuts/activacion', {
        id: porta.id,
        accion: 'activar',
      });
      expect([activar.statusCode, activar.json().mensaje]).toEqual([503, M.plataformaSinProveedor]);
    }
    const despues = await e.db
      .selectFrom('portabilidades')
      .select(['id', 'dn_destino'])
      .where('id', '=', porta.id)
      .executeTakeFirstOrThrow();
    expect(despues).toEqual(porta);
    await ningunSimulador();
  });

  it("a real platform 2, the carrier's backup, takes what the closed platform 1 cannot", async () => {
    await ponerProveedor(['demo', '2', 'reloadly', 'PRUEBA']);
    const { plataformas } = (await pedir(e.app, admin, 'GET', '/plataformasEmpresa')).json();
    const pagaqui = plataformas.find((p: { usuario: string }) => p.usuario === 'pagaqui_centro').id;
    const respaldo = { carrier: 'T', empresaPlataformaId: null, respaldoId: pagaqui };
    expect((await pedir(e.app, admin, 'POST', '/cambiarPlataformasEmpresa', respaldo)).statusCode).toBe(200);

    const r = await recargar('T');
    expect(r.statusCode).toBe(200);
    expect(await fila(r.json().id)).toMatchObject({ estado: 'exitosa', numero: 2 });
    expect(enReloadly()).toEqual({ [String(r.json().id)]: 1 });
    // Movistar has no backup: refused as before, nothing sent.
    const sinRespaldo = await recargar('M');
    expect(sinRespaldo.json()).toMatchObject({ estado: 'fallida', mensaje: M.plataformaSinProveedor });
    expect(Object.keys(enReloadly())).toHaveLength(1);
    await ningunSimulador();

    const rastro = await e.db
      .selectFrom('auditoria')
      .select(['usuario', 'tipo', 'antes', 'despues'])
      .where('tabla', '=', 'proveedores')
      .execute();
    expect(rastro).toEqual([
      {
        usuario: M.actorOperador,
        tipo: 'configuracion',
        antes: { adaptador: 'simulador', cuenta: null },
        despues: { adaptador: 'reloadly', cuenta: 'PRUEBA' },
      },
    ]);
  });

  it('the running app follows set-provider without a restart, both ways', async () => {
    await ponerProveedor(['demo', '1', 'reloadly', 'PRUEBA']);
    const r = await recargar('M');
    expect(r.statusCode).toBe(200);
    expect(await fila(r.json().id)).toMatchObject({ estado: 'exitosa', numero: 1 });
    expect(enReloadly()[String(r.json().id)]).toBe(1);

    await ponerProveedor(['demo', '1', 'ninguno']);
    const enviadas = Object.keys(enReloadly()).length;
    const cerrada = await recargar('M');
    expect(cerrada.json()).toMatchObject({ estado: 'fallida', mensaje: M.plataformaSinProveedor });
    expect(Object.keys(enReloadly())).toHaveLength(enviadas);
    await ningunSimulador();
  });

  it('PROVEEDOR_SIMULADO=1 (staging) lets the simulator answer; without it the same platform refuses', async () => {
    const jefe = await entrar(e.app, 'admin', 'tonodigital');
    const staging = await otraApp({ simuladorPermitido: true });
    try {
      const r = await recargar('T', staging, jefe, 50);
      expect(r.json()).toMatchObject({ estado: 'exitosa', mensaje: M.recargaExitosa });
      expect(staging.proveedores.simuladores.size).toBe(1);
    } finally {
      await staging.close();
    }
    expect((await recargar('T', e.app, jefe, 50)).json()).toMatchObject({
      estado: 'fallida',
      mensaje: M.plataformaSinProveedor,
    });
    await ningunSimulador();
  });
});
