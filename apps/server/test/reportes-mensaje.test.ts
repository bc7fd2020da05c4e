import { M } from '@recargas/contracts/mensajes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, entrar, type Sesion, simuladorDe } from './entorno.ts';
import { pedir } from './peticion.ts';

/**
 * Issue 41: Ventas' Mensaje column is filled for top-ups made through the product: the message
 * the user was answered is the one written on the row, for a success by number, a success by a
 * batch of them, an external top-up and a declined one.
 */
let e: Entorno;
let admin: Sesion;
beforeAll(async () => {
  e = await crearEntorno();
  admin = await entrar(e.app, 'admin');
});
afterAll(() => e.cerrar());

const post = (url: string, cuerpo: object, clave: string) =>
  pedir(e.app, admin, 'POST', url, cuerpo, { clave });

/** The Mensaje of the Ventas row of each number. */
async function mensajes(): Promise<Record<string, string>> {
  const r = await pedir(e.app, admin, 'GET', '/reportes');
  expect(r.statusCode).toBe(200);
  const filas = (r.json() as { reportes: { dn: string; mensaje: string }[] }).reportes;
  return Object.fromEntries(filas.map((f) => [f.dn, f.mensaje]));
}

describe("Ventas' Mensaje of top-ups made through the product", () => {
  it('is the message the user was answered', async () => {
    const recarga = (dn: string, clave: string) =>
      post('/checkOut', { icc: '', dn, compania: 'T', monto: 30 }, clave);
    const exitosa = await recarga('5541000001', 'mensaje-1');
    expect(exitosa.json().mensaje).toBe(M.recargaExitosa);
    // Several at once are closed together (one statement for the batch).
    await Promise.all(['5541000002', '5541000003', '5541000004'].map((dn) => recarga(dn, `lote-${dn}`)));
    const externa = await post(
      '/foreignCheckOut',
      { icc: '', dn: '5541000005', compania: 'T', monto: 30, folio: 'F123' },
      'mensaje-ext',
    );
    expect(externa.json().mensaje).toBe(M.recargaExternaExitosa);
    const sim = await simuladorDe(e);
    sim.configurar({ tasaRechazo: 1 });
    const rechazada = await recarga('5541000006', 'mensaje-rechazo');
    sim.configurar({ tasaRechazo: 0 });
    expect(rechazada.statusCode).toBe(422);

    const m = await mensajes();
    expect(m['5541000001']).toBe(M.recargaExitosa);
    for (const dn of ['5541000002', '5541000003', '5541000004']) expect(m[dn]).toBe(M.recargaExitosa);
    expect(m['5541000005']).toBe(M.recargaExternaExitosa);
    expect(m['5541000006']).toBe(rechazada.json().mensaje);
    expect(m['5541000006']).not.toBe('');
  });
});
