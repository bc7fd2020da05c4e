import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cortesDe } from '../src/modules/recargas/respaldo.ts';
import {
  crearEntorno,
  type Entorno,
  entrar,
  libroSimulador,
  plataformaReloadly,
  simuladorConFallas,
  sinTopeCliente,
} from './entorno.ts';

/** The breaker changes of `demo`'s platform 1 in this process as they happen (ms), and its provider id. */
export async function cambiosDeCorte(e: Entorno) {
  const { id: proveedorId } = await e.db
    .selectFrom('proveedores as p')
    .innerJoin('empresas as em', 'em.id', 'p.empresa_id')
    .select('p.id')
    .where('em.codigo', '=', 'demo')
    .where('p.numero', '=', 1)
    .executeTakeFirstOrThrow();
  const cambios: { estado: string; t: number }[] = [];
  cortesDe(e.app).observar((c) => {
    if (c.proveedorId === proveedorId) cambios.push({ estado: c.estado, t: Date.now() });
  });
  return { proveedorId, cambios };
}

/**
 * 1,000 top-ups over real HTTP against the HTTP simulator injecting 20% timeouts, 10% 5xx and
 * 5% dropped connections, with double submits mixed in; the workers reconcile. The simulator's
 * own ledger is then compared with ours. `reloadly`: platform 1 runs on the Reloadly adapter
 * against the simulator's Reloadly sandbox (its ledger of customIdentifiers).
 */
export function probarFallas({ reloadly = false }: { reloadly?: boolean } = {}) {
  const TOTAL = 1000;
  const CONCURRENCIA = 25;

  let e: Entorno;
  let sim: Awaited<ReturnType<typeof simuladorConFallas>>;
  let simUrl: string;
  let api: string;
  beforeAll(async () => {
    sim = await simuladorConFallas({ tasaTimeout: 0.2, tasa5xx: 0.1, tasaCaida: 0.05, semilla: 42 });
    simUrl = sim.url;
    e = await crearEntorno(sim.ajustes);
    if (reloadly) await plataformaReloadly(e.db);
    // The ledger comparison counts every row: start without the seed's top-up history.
    await e.db.deleteFrom('recargas').execute();
    await sinTopeCliente(e.db);
    api = await e.app.listen({ port: 0, host: '127.0.0.1' });
  }, 120_000);
  afterAll(async () => {
    await e?.cerrar();
    await sim?.cerrar();
  });

  describe(`faults injected through the HTTP simulator${reloadly ? ' (platform 1 on Reloadly)' : ''}`, () => {
    it('1,000 top-ups: 0 double sends, every row terminal after reconciliation, money matches the ledger', async () => {
      const s = await entrar(e.app, 'cliente');
      const cabeceras = {
        'content-type': 'application/json',
        authorization: `Bearer ${s.token}`,
        'x-xsrf-token': s.xsrf,
        cookie: `XSRF-TOKEN=${s.xsrf}`,
      };
      const estados: Record<number, number> = {};
      let siguiente = 0;
      const trabajador = async () => {
        while (siguiente < TOTAL) {
          const i = siguiente++;
          const body = JSON.stringify({ dn: `55${String(i).padStart(8, '0')}`, compania: 'T' });
          // Every 10th submit is double-clicked: the same key twice at once.
          const veces = i % 10 === 0 ? 2 : 1;
          const r = await Promise.all(
            Array.from({ length: veces }, () =>
              fetch(`${api}/checkOut`, {
                method: 'POST',
                body,
                headers: { ...cabeceras, 'idempotency-key': `f-${i}` },
              }),
            ),
          );
          for (const x of r) estados[x.status] = (estados[x.status] ?? 0) + 1;
        }
      };
      const inicio = Date.now();
      await Promise.all(Array.from({ length: CONCURRENCIA }, trabajador));
      const envio = Date.now() - inicio;
      expect(
        Object.keys(estados)
          .map(Number)
          .every((c) => [200, 202, 422].includes(c)),
      ).toBe(true);

      const abiertas = async () =>
        (
          await e.db
            .selectFrom('recargas')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('estado', 'in', ['pendiente', 'enviada'])
            .executeTakeFirstOrThrow()
        ).n;
      const abiertasTrasEnvio = await abiertas();
      const limite = Date.now() + 150_000;
      while ((await abiertas()) > 0 && Date.now() < limite) await new Promise((ok) => setTimeout(ok, 500));
      const reconciliacion = Date.now() - inicio - envio;

      const filas = await e.db.selectFrom('recargas').select(['id', 'estado', 'monto', 'mensaje']).execute();
      expect(filas).toHaveLength(TOTAL);
      expect(filas.filter((f) => f.estado === 'pendiente' || f.estado === 'enviada')).toEqual([]);

      const libro = await libroSimulador(simUrl);
      if (reloadly) {
        // Every top-up went through the Reloadly sandbox's account (the others only had balances read).
        const cuentas = (await (await fetch(`${simUrl}/libro`)).json()) as Record<
          string,
          { recibidos: Record<string, number> }
        >;
        const conRecargas = Object.entries(cuentas).filter(([, c]) => Object.keys(c.recibidos).length > 0);
        expect(conRecargas.map(([nombre]) => nombre)).toEqual(['reloadly-cliente-prueba']);
      }
      expect(libro.dobles).toBe(0);
      const exitosas = filas.filter((f) => f.estado === 'exitosa');
      expect(exitosas.reduce((t, f) => t + f.monto, 0)).toBe(libro.cobrado);
      // A row we failed as never received has no entry in the provider's ledger.
      for (const f of filas.filter((f) => f.estado === 'fallida'))
        expect(libro.recibidos[String(f.id)]).toBeUndefined();

      console.log(
        `faults${reloadly ? ' (Reloadly)' : ''}: ${TOTAL} top-ups (+${TOTAL / 10} double submits), answers ${JSON.stringify(estados)}, ` +
          `${abiertasTrasEnvio} open after sending, all terminal ${reconciliacion} ms later; ` +
          `exitosas ${exitosas.length}, fallidas ${filas.length - exitosas.length}, double sends ${libro.dobles}; send phase ${envio} ms`,
      );
    }, 300_000);
  });
}
