import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntornoReloadly, entrar } from './entorno.ts';
import { pedir, recargar } from './peticion.ts';

/**
 * A company with platform 1 on the Reloadly adapter, through the API: a top-up ends exitosa with
 * Reloadly's transactionId as folio, the balances screen shows the account's balance from the
 * accounts API, and a minimum above it raises the low-balance alert as for the other providers.
 */
let e: Awaited<ReturnType<typeof crearEntornoReloadly>>;
beforeAll(async () => {
  e = await crearEntornoReloadly();
});
afterAll(async () => {
  await e?.cerrar();
});

describe('platform 1 on Reloadly', () => {
  it('top-up, balance and the minimum-balance alert', async () => {
    const cliente = await entrar(e.app, 'cliente');
    const r = await recargar(e.app, cliente, { dn: '5512345678', compania: 'T' }, 'reloadly-1');
    expect(r.statusCode).toBe(200);
    const fila = await e.db
      .selectFrom('recargas')
      .select(['id', 'estado', 'folio', 'monto'])
      .where('idempotencia', 'like', '%reloadly-1')
      .executeTakeFirstOrThrow();
    expect(fila.estado).toBe('exitosa');
    const cuenta = e.sandbox.cuentas('reloadly-cliente-prueba');
    expect(cuenta.registro().recibidos).toEqual({ [String(fila.id)]: 1 });
    expect(Number(fila.folio)).toBeGreaterThan(0);

    const admin = await entrar(e.app, 'admin');
    const saldo = cuenta.balance().GENERAL as number;
    expect((await pedir(e.app, admin, 'GET', '/saldosData')).json().data.saldos.recargatodo).toBe(saldo);
    const minimos = await pedir(e.app, admin, 'PATCH', '/minimos', {
      minimos: [
        { id: 1, minimo: saldo + 1 },
        { id: 2, minimo: 0 },
      ],
    });
    expect(minimos.statusCode).toBe(200);
    const alertas = (await pedir(e.app, admin, 'GET', '/api/alertasSaldo')).json().alertas as {
      mensaje: string;
    }[];
    expect(alertas).toHaveLength(1);
    expect(alertas[0]?.mensaje).toContain('GENERAL');
  });
});
