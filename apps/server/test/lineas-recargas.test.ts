import { M } from '@recargas/contracts/mensajes';
import type { Insertable } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Ctx } from '../src/contexto.ts';
import type { LineasTable } from '../src/db/schema.ts';
import * as recargas from '../src/modules/recargas/service.ts';
import { SIN_FALLAS } from '../src/providers/simulador.ts';
import { admin, cliente, clienteDemo, demo, e, lider, liderDemo, prepararDemo } from './demo-entorno.ts';
import { type Sesion, simuladorDe } from './entorno.ts';
import { nuevaLinea } from './lineas-prueba.ts';
import { pedir } from './peticion.ts';

/** Top-ups by ICC against the inventory (issue 4, slice 3). */
prepararDemo();
beforeEach(async () => {
  (await simuladorDe(e)).configurar(SIN_FALLAS);
});

let n = 0;
const iccNuevo = () => `8952555${String(100_000_000_000 + ++n).slice(-12)}`;

/** A Movistar line of the demo leader, with its stored amount. */
async function linea(campos: Partial<Insertable<LineasTable>> = {}) {
  const { id, icc } = await nuevaLinea(e, '8952556', {
    empresa_id: demo,
    dn: '5566778899',
    compania: 'M',
    monto: 70,
    lider_id: liderDemo,
    ...campos,
  });
  return { id, icc };
}
const lineaDb = (id: number) =>
  e.db.selectFrom('lineas').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const recargaDb = (id: number) =>
  e.db.selectFrom('recargas').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const recargasDeIcc = (icc: string) =>
  e.db.selectFrom('recargas').select('id').where('icc', '=', icc).execute();
const recargar = (s: Sesion, body: object, clave?: string, url = '/checkOut') =>
  pedir(e.app, s, 'POST', url, body, { clave });

describe('top-up by ICC of an inventory line', () => {
  it('takes number, carrier and amount from the line, and marks it recharged with the date', async () => {
    const l = await linea();
    const r = await recargar(cliente, { icc: l.icc, compania: 'T' }, 'icc-1');
    expect(r.statusCode).toBe(200);
    expect(await recargaDb(r.json().id)).toMatchObject({
      icc: l.icc,
      dn: '5566778899',
      compania: 'M',
      monto: 70,
      linea_id: l.id,
      estado: 'exitosa',
    });
    const despues = await lineaDb(l.id);
    expect(despues.is_recargado).toBe(true);
    expect(despues.fecha_recarga).toBeInstanceOf(Date);
    expect((await simuladorDe(e)).registro().recibidos[String(r.json().id)]).toBe(1);
  });

  it('an amount chosen by a holder of Permiso Monto wins over the line amount; others cannot choose', async () => {
    const l = await linea({ monto: null });
    // cliente holds no Permiso Monto: refused, nothing written, the line untouched.
    const negada = await recargar(cliente, { icc: l.icc, compania: 'M', monto: 200 }, 'icc-monto-negada');
    expect(negada.statusCode).toBe(403);
    expect(negada.json().mensaje).toBe(M.montoNoPermitido);
    expect(await recargasDeIcc(l.icc)).toHaveLength(0);
    expect((await lineaDb(l.id)).is_recargado).toBe(false);
    const r = await recargar(admin, { icc: l.icc, compania: 'M', monto: 200 }, 'icc-monto');
    expect((await recargaDb(r.json().id)).monto).toBe(200);
    const sinMonto = await linea({ monto: null });
    const r2 = await recargar(cliente, { icc: sinMonto.icc, compania: 'M' }, 'icc-monto-2');
    expect((await recargaDb(r2.json().id)).monto).toBe(30);
  });

  it('a recharged line is not topped up again: 409, nothing written, nothing sent', async () => {
    const l = await linea();
    expect((await recargar(cliente, { icc: l.icc, compania: 'M' }, 'icc-2a')).statusCode).toBe(200);
    const otra = await recargar(cliente, { icc: l.icc, compania: 'M' }, 'icc-2b');
    expect(otra.statusCode).toBe(409);
    expect(otra.json().mensaje).toBe(M.lineaYaRecargada);
    expect(await recargasDeIcc(l.icc)).toHaveLength(1);
    // The same key again is the first answer, not a refusal.
    const repetida = await recargar(cliente, { icc: l.icc, compania: 'M' }, 'icc-2a');
    expect(repetida.statusCode).toBe(200);
  });

  it('ten concurrent top-ups of one line with different keys: exactly one is written', async () => {
    const l = await linea();
    const r = await Promise.all(
      Array.from({ length: 10 }, (_, i) => recargar(cliente, { icc: l.icc, compania: 'M' }, `icc-conc-${i}`)),
    );
    const codigos = r.map((x) => x.statusCode).sort();
    expect(codigos.filter((c) => c === 200)).toHaveLength(1);
    expect(codigos.filter((c) => c === 409)).toHaveLength(9);
    expect(await recargasDeIcc(l.icc)).toHaveLength(1);
  });

  it('a declined top-up frees the line; a later one recharges it', async () => {
    const l = await linea();
    (await simuladorDe(e)).configurar({ tasaRechazo: 1 });
    expect((await recargar(cliente, { icc: l.icc, compania: 'M' }, 'icc-3a')).statusCode).toBe(422);
    expect(await lineaDb(l.id)).toMatchObject({ is_recargado: false, fecha_recarga: null });
    (await simuladorDe(e)).configurar(SIN_FALLAS);
    expect((await recargar(cliente, { icc: l.icc, compania: 'M' }, 'icc-3b')).statusCode).toBe(200);
    expect((await lineaDb(l.id)).is_recargado).toBe(true);
  });

  it('an unknown outcome keeps the line locked without a date (unlockable) until reconciliation', async () => {
    const l = await linea();
    const sim = await simuladorDe(e);
    sim.configurar({ tasaTimeout: 1 });
    const r = await recargar(cliente, { icc: l.icc, compania: 'M' }, 'icc-4');
    expect(r.statusCode).toBe(202);
    expect(await lineaDb(l.id)).toMatchObject({ is_recargado: true, fecha_recarga: null });
    sim.configurar(SIN_FALLAS);
    expect(await recargas.reconciliar(e.app as unknown as Ctx, r.json().id)).toBe(true);
    expect((await lineaDb(l.id)).fecha_recarga).toBeInstanceOf(Date);
  });

  it('the phone is cleared in ICC mode unless the user holds the DN permission of the carrier', async () => {
    const movi = await linea({ compania: 'M' });
    // cliente has no MOVI_DN: the line number is used.
    const r1 = await recargar(cliente, { icc: movi.icc, dn: '5511112222', compania: 'M' }, 'icc-5a');
    expect((await recargaDb(r1.json().id)).dn).toBe('5566778899');
    // lider holds MOVI_DN and ATT_DN: the typed number goes.
    const movi2 = await linea({ compania: 'M' });
    const r2 = await recargar(lider, { icc: movi2.icc, dn: '5511112222', compania: 'M' }, 'icc-5b');
    expect((await recargaDb(r2.json().id)).dn).toBe('5511112222');
    // No DN permission exists for Telcel: cleared even for lider.
    const telcel = await linea({ compania: 'T' });
    const r3 = await recargar(lider, { icc: telcel.icc, dn: '5511112222', compania: 'T' }, 'icc-5c');
    expect((await recargaDb(r3.json().id)).dn).toBe('5566778899');
    // An ICC outside the inventory: the typed number only with the permission. Without it an
    // AT&T top-up is left with no DN at all, which needs ATT_SIN_DN: refused, nothing written.
    const fuera = iccNuevo();
    const r4 = await recargar(cliente, { icc: fuera, dn: '5511112222', compania: 'A' }, 'icc-5d');
    expect(r4.statusCode).toBe(400);
    expect(r4.json().mensaje).toBe(M.recargaFaltanDatos);
    expect(await recargasDeIcc(fuera)).toHaveLength(0);
    const r5 = await recargar(lider, { icc: fuera, dn: '5511112222', compania: 'A' }, 'icc-5e');
    expect(await recargaDb(r5.json().id)).toMatchObject({ dn: '5511112222', linea_id: null });
  });

  it("a leader's or client's top-up of another leader's or client's line is refused, nothing written", async () => {
    const otroLider = await e.db
      .insertInto('lideres')
      .values({ empresa_id: demo, nombre: 'Lider Ajeno' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ajena = await linea({ lider_id: otroLider.id });
    const r = await recargar(cliente, { icc: ajena.icc, compania: 'M' }, 'icc-6a');
    expect(r.statusCode).toBe(403);
    expect(r.json().mensaje).toBe(M.lineaAjena);
    expect((await recargar(lider, { icc: ajena.icc, compania: 'M' }, 'icc-6b')).statusCode).toBe(403);
    expect(await recargasDeIcc(ajena.icc)).toHaveLength(0);
    expect((await lineaDb(ajena.id)).is_recargado).toBe(false);
    // Another client's line of the same leader: refused to the client, allowed to the leader.
    const otroCliente = await e.db
      .insertInto('clientes')
      .values({ empresa_id: demo, lider_id: liderDemo, nombre: 'Cliente Ajeno' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const deOtro = await linea({ cliente_id: otroCliente.id });
    expect((await recargar(cliente, { icc: deOtro.icc, compania: 'M' }, 'icc-6c')).statusCode).toBe(403);
    expect((await recargar(lider, { icc: deOtro.icc, compania: 'M' }, 'icc-6d')).statusCode).toBe(200);
    const propia = await linea({ cliente_id: clienteDemo });
    expect((await recargar(cliente, { icc: propia.icc, compania: 'M' }, 'icc-6e')).statusCode).toBe(200);
    // An administrator tops up any line of the company.
    expect(
      (await recargar(admin, { icc: (await linea({ lider_id: otroLider.id })).icc, compania: 'M' }, 'icc-6f'))
        .statusCode,
    ).toBe(200);
  });

  it('an external top-up by ICC marks the line recharged at once, with no provider call', async () => {
    const l = await linea();
    const r = await recargar(
      admin,
      { icc: l.icc, compania: 'M', folio: 'EXT-9', type: 3 },
      'icc-7',
      '/foreignCheckOut',
    );
    expect(r.statusCode).toBe(200);
    expect(await lineaDb(l.id)).toMatchObject({ is_recargado: true });
    expect((await lineaDb(l.id)).fecha_recarga).toBeInstanceOf(Date);
    expect((await simuladorDe(e)).registro().recibidos[String(r.json().id)]).toBeUndefined();
  });

  it("another company's line with the same ICC is not touched", async () => {
    const gmcel = (
      await e.db.selectFrom('empresas').select('id').where('codigo', '=', 'gmcel').executeTakeFirstOrThrow()
    ).id;
    const icc = iccNuevo();
    const { id } = await e.db
      .insertInto('lineas')
      .values({ empresa_id: gmcel, icc, dn: '3300000000', compania: 'T', monto: 100 })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Unefon: no DN needed with an ICC (AT&T and Movistar need ATT_SIN_DN / MOVI_SIN_DN for that).
    const r = await recargar(cliente, { icc, compania: 'U' }, 'icc-8');
    expect(r.statusCode).toBe(200);
    expect(await recargaDb(r.json().id)).toMatchObject({ dn: '', compania: 'U', linea_id: null });
    expect((await lineaDb(id)).is_recargado).toBe(false);
  });
});
