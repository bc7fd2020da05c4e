import { M } from '@recargas/contracts/mensajes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../src/contexto.ts';
import { iniciarColas } from '../src/jobs/colas.ts';
import { registrarTrabajadorMasivas } from '../src/modules/masivas/trabajos.ts';
import { crearEntorno, type Entorno, entrar, libroSimulador, simuladorConFallas } from './entorno.ts';
import { bloqueDePrueba } from './masivas-prueba.ts';
import { pedir } from './peticion.ts';

/**
 * A block of 500 lines recharged through the HTTP simulator injecting timeouts, 5xx and
 * dropped connections, with two workers (the API's and a second pg-boss) taking the jobs and
 * 'Recargar bloque' pressed twice at once, then again for the lines whose attempt failed, until
 * recargadas equals lineas. The simulator's ledger must show each line sent and charged once.
 */
const LINEAS = 500;

let e: Entorno;
let sim: Awaited<ReturnType<typeof simuladorConFallas>>;
let simUrl: string;
let segundo: Ctx;
beforeAll(async () => {
  sim = await simuladorConFallas({ tasaTimeout: 0.1, tasa5xx: 0.1, tasaCaida: 0.05, semilla: 7 });
  simUrl = sim.url;
  e = await crearEntorno(sim.ajustes);
  const boss = await iniciarColas(e.db, { trabajador: true, log: e.app.log });
  segundo = { db: e.db, config: e.config, proveedores: e.app.proveedores, boss, log: e.app.log };
  await registrarTrabajadorMasivas(segundo);
}, 120_000);
afterAll(async () => {
  await segundo?.boss.stop({ graceful: false, wait: true });
  await e?.cerrar();
  await sim?.cerrar();
});

describe('bulk block under provider faults, two workers', () => {
  it('500 lines: each sent and charged once, complete when recargadas equals lineas', async () => {
    const { bloque } = await bloqueDePrueba(e, 'demo', LINEAS, {
      prefijo: '8952199',
      dn: '57',
      monto: 30,
      compania: 'T',
      nombre: (i) => `Prueba ${i}`,
    });
    expect(bloque.lineas).toBe(LINEAS);
    const s = await entrar(e.app, 'admin');
    const presionar = () =>
      pedir(e.app, s, 'POST', '/api/recargarBloque', { fecha: bloque.fechaNumerica }, { ip: '10.7.7.7' });
    const estado = async () =>
      (await pedir(e.app, s, 'GET', `/api/recargasMasivas?fecha=${bloque.fechaNumerica}`)).json().bloque as {
        lineas: number;
        recargadas: number;
        enCurso: number;
      };

    const inicio = Date.now();
    // Double press: the second finds every line queued and queues nothing.
    const [a, b] = await Promise.all([presionar(), presionar()]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().encoladas + b.json().encoladas).toBe(LINEAS);
    let presiones = 1;
    const limite = Date.now() + 240_000;
    let actual = await estado();
    while (actual.recargadas < actual.lineas && Date.now() < limite) {
      await new Promise((ok) => setTimeout(ok, 1000));
      actual = await estado();
      // A failed attempt (never received by the provider) is recharged by pressing again.
      if (actual.enCurso === 0 && actual.recargadas < actual.lineas) {
        await presionar();
        presiones++;
      }
    }
    expect(actual.recargadas).toBe(LINEAS);
    const tiempo = Date.now() - inicio;

    const filas = await e.db
      .selectFrom('recargas')
      .select(['id', 'idempotencia', 'estado', 'monto'])
      .where('idempotencia', 'like', 'b:%')
      .execute();
    const cuenta = await libroSimulador(simUrl);
    const dobles = cuenta.dobles;
    expect(dobles).toBe(0);
    // Per line: exactly one successful top-up, and only that one reached the provider.
    const porLinea = new Map<string, typeof filas>();
    for (const f of filas) {
      const linea = f.idempotencia.split(':')[1] ?? '';
      porLinea.set(linea, [...(porLinea.get(linea) ?? []), f]);
    }
    expect(porLinea.size).toBe(LINEAS);
    for (const [, intentos] of porLinea) {
      expect(intentos.filter((f) => f.estado === 'exitosa')).toHaveLength(1);
      expect(intentos.filter((f) => cuenta.recibidos[String(f.id)] !== undefined)).toHaveLength(1);
    }
    expect(filas.filter((f) => f.estado === 'exitosa').reduce((t, f) => t + f.monto, 0)).toBe(cuenta.cobrado);
    // The trail of every top-up the jobs closed names the press's address; reconciliation's, none.
    const rastro = await e.db
      .selectFrom('auditoria')
      .select(['ip', 'usuario'])
      .where('tipo', '=', 'recarga')
      .where(
        'fila',
        'in',
        filas.map((f) => String(f.id)),
      )
      .execute();
    expect(rastro.length).toBeGreaterThanOrEqual(LINEAS);
    for (const r of rastro) expect(r.ip ?? r.usuario).toBe(r.ip ? '10.7.7.7' : M.actorConciliacion);
    console.log(
      `bulk faults: ${LINEAS} lines complete in ${tiempo} ms with ${presiones} presses; ` +
        `${filas.length} attempts (${filas.length - LINEAS} failed unsent), double sends ${dobles}`,
    );
  }, 300_000);
});
