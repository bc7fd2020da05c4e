import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, entrar } from './entorno.ts';
import { pedir } from './peticion.ts';

/** The last movements of the top-up screen (moved from recargas.test.ts, which passed 400 lines). */
let e: Entorno;
let admin: Awaited<ReturnType<typeof entrar>>;
let cliente: Awaited<ReturnType<typeof entrar>>;
beforeAll(async () => {
  e = await crearEntorno();
  admin = await entrar(e.app, 'admin');
  cliente = await entrar(e.app, 'cliente');
});
afterAll(() => e.cerrar());

describe('GET /movimientos', () => {
  it('the last 10 of the caller, newest first, with the titles', async () => {
    const r = await pedir(e.app, cliente, 'GET', '/movimientos');
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.titulos.map((t: { valor: string }) => t.valor)).toEqual([
      'Estatus',
      'Fecha',
      'Compañia',
      'Numero',
      'Monto',
    ]);
    expect(body.movimientos).toHaveLength(10);
    const fechas = body.movimientos.map((m: { fecha: string }) => m.fecha);
    expect([...fechas].sort().reverse()).toEqual(fechas);
    const propios = await e.db
      .selectFrom('recargas as r')
      .innerJoin('usuarios as u', 'u.id', 'r.usuario_id')
      .select('r.dn')
      .where('u.username', '=', 'cliente')
      .where('u.empresa_id', '=', 1)
      .execute();
    const dns = new Set(propios.map((p) => p.dn));
    expect(body.movimientos.every((m: { dn: string }) => dns.has(m.dn) || m.dn.length === 19)).toBe(true);
  });

  it('a company that hides Monto from non-administrators (tgmex) drops the column', async () => {
    await e.db
      .updateTable('empresas')
      .set({ ajustes: JSON.stringify({ ocultarMontoNoAdmin: true }) })
      .where('codigo', '=', 'demo')
      .execute();
    try {
      const deCliente = (await pedir(e.app, cliente, 'GET', '/movimientos')).json();
      expect(deCliente.titulos.map((t: { llave: string }) => t.llave)).not.toContain('monto');
      expect(deCliente.movimientos.every((m: { monto: unknown }) => m.monto === null)).toBe(true);
      const deAdmin = (await pedir(e.app, admin, 'GET', '/movimientos')).json();
      expect(deAdmin.titulos.map((t: { llave: string }) => t.llave)).toContain('monto');
    } finally {
      await e.db
        .updateTable('empresas')
        .set({ ajustes: JSON.stringify({ reciclaje: true, activaciones: true }) })
        .where('codigo', '=', 'demo')
        .execute();
    }
  });

  it('needs a token', async () => {
    expect((await pedir(e.app, null, 'GET', '/movimientos')).statusCode).toBe(401);
    expect(
      (await pedir(e.app, null, 'POST', '/checkOut', { dn: '5512345678', compania: 'T' })).statusCode,
    ).toBe(401);
  });
});
