import { M } from '@recargas/contracts/mensajes';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { crearIndicesEnLinea } from '../src/db/indices-en-linea.ts';
import { up as migrar0038 } from '../src/db/migrations/0038_referencia_unica.ts';
import { SIN_FALLAS } from '../src/providers/simulador.ts';
import {
  crearEntorno,
  type Entorno,
  entrar,
  idEmpresa,
  idUsuario,
  type Sesion,
  simuladorDe,
} from './entorno.ts';
import { dnNuevo, nuevaLlave, v1 } from './integraciones-prueba.ts';
import { pedir } from './peticion.ts';

/**
 * Issue 44: a /v1 Idempotency-Key and a `referencia` are the company's, not the API key's. A
 * retry through a rotated key, or a key of another user of the company, replays the first
 * answer; the same reference under another Idempotency-Key is 409 and charges nothing, also
 * when the requests race; another company's keys and references are its own.
 */
let e: Entorno;
let admin: Sesion;
let otraAdmin: Sesion;
const usuario = (u: string) => idUsuario(e, 1, u);

beforeAll(async () => {
  e = await crearEntorno({ llavesPorMinuto: 1000 });
  admin = await entrar(e.app, 'admin');
  otraAdmin = await entrar(e.app, 'admin', 'gmcel');
}, 180_000);
afterAll(() => e.cerrar());
beforeEach(async () => {
  (await simuladorDe(e)).configurar(SIN_FALLAS);
});

const filasDe = (dn: string) => e.db.selectFrom('recargas').select('id').where('dn', '=', dn).execute();
const enviadas = async (id: number, empresa = 'demo') =>
  (await simuladorDe(e, empresa)).registro().recibidos[String(id)];
const recargar = (llave: string, cuerpo: object, clave: string) =>
  v1(e, llave, 'POST', '/v1/recargas', cuerpo, clave);

describe('Idempotency-Key per company', () => {
  it('a retry through a rotated key replays the first answer: no second top-up', async () => {
    const vieja = await nuevaLlave(e, admin, await usuario('cliente'));
    const cuerpo = { dn: dnNuevo(), compania: 'T', referencia: 'rot-1' };
    const a = await recargar(vieja.llave, cuerpo, 'ticket-rot');
    expect(a.statusCode).toBe(200);
    expect((await pedir(e.app, admin, 'DELETE', `/api/llaves/${vieja.id}`)).statusCode).toBe(200);
    const nueva = await nuevaLlave(e, admin, await usuario('cliente'));
    const b = await recargar(nueva.llave, cuerpo, 'ticket-rot');
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.json()).toEqual(a.json());
    expect(await filasDe(cuerpo.dn)).toHaveLength(1);
    expect(await enviadas(a.json().id)).toBe(1);
  });

  it("a key of another user of the company replays it; another body is the key's conflict", async () => {
    const cliente = await nuevaLlave(e, admin, await usuario('cliente'));
    const lider = await nuevaLlave(e, admin, await usuario('lider'));
    const cuerpo = { dn: dnNuevo(), compania: 'T' };
    const a = await recargar(cliente.llave, cuerpo, 'ticket-otro-usuario');
    const b = await recargar(lider.llave, cuerpo, 'ticket-otro-usuario');
    expect(b.json().id).toBe(a.json().id);
    expect(await filasDe(cuerpo.dn)).toHaveLength(1);
    const otro = { dn: dnNuevo(), compania: 'T' };
    const c = await recargar(lider.llave, otro, 'ticket-otro-usuario');
    expect(c.statusCode).toBe(422);
    expect(c.json()).toEqual({ mensaje: M.claveIdempotenciaReutilizada, codigo: 'idempotencia_reutilizada' });
    expect(await filasDe(otro.dn)).toHaveLength(0);
  });

  it("another company's same Idempotency-Key and referencia are its own top-up", async () => {
    const nuestra = await nuevaLlave(e, admin, await usuario('cliente'));
    const gmcel = await idEmpresa(e, 'gmcel');
    const suya = await nuevaLlave(e, otraAdmin, await idUsuario(e, gmcel, 'admin'));
    const cuerpo = { dn: dnNuevo(), compania: 'T', referencia: 'compartida' };
    const a = await recargar(nuestra.llave, cuerpo, 'ticket-compartido');
    (await simuladorDe(e, 'gmcel')).configurar(SIN_FALLAS);
    // gmcel asks for the amount: its default one.
    const { montoPorDefecto } = (await v1(e, suya.llave, 'GET', '/v1/companias')).json();
    const b = await recargar(suya.llave, { ...cuerpo, monto: montoPorDefecto }, 'ticket-compartido');
    expect([a.statusCode, b.statusCode], b.body).toEqual([200, 200]);
    expect(b.json().id).not.toBe(a.json().id);
    expect(await enviadas(b.json().id, 'gmcel')).toBe(1);
  });
});

describe('referencia per company', () => {
  it('the same referencia under another Idempotency-Key, from any key of the company, is 409', async () => {
    const una = await nuevaLlave(e, admin, await usuario('cliente'));
    const otra = await nuevaLlave(e, admin, await usuario('lider'));
    const primera = { dn: dnNuevo(), compania: 'T', referencia: 'ref-409' };
    const a = await recargar(una.llave, primera, 'r-1');
    expect(a.statusCode).toBe(200);
    for (const [llave, clave] of [
      [una.llave, 'r-2'],
      [otra.llave, 'r-3'],
    ] as const) {
      const dn = dnNuevo();
      const b = await recargar(llave, { dn, compania: 'T', referencia: 'ref-409' }, clave);
      expect(b.statusCode).toBe(409);
      expect(b.json()).toEqual({ mensaje: M.referenciaRepetida, codigo: 'referencia_repetida' });
      expect(await filasDe(dn)).toHaveLength(0);
    }
    // The first request's retry, through any key, still replays it.
    expect((await recargar(otra.llave, primera, 'r-1')).json().id).toBe(a.json().id);
  });

  it('concurrent requests with one referencia and their own Idempotency-Keys: exactly one top-up', async () => {
    const llaves = await Promise.all(
      ['cliente', 'lider', 'cliente'].map(async (u) => (await nuevaLlave(e, admin, await usuario(u))).llave),
    );
    const dns = Array.from({ length: 12 }, () => dnNuevo());
    const rs = await Promise.all(
      dns.map((dn, i) =>
        recargar(llaves[i % llaves.length] as string, { dn, compania: 'T', referencia: 'carrera' }, `c-${i}`),
      ),
    );
    const status = rs.map((r) => r.statusCode).sort();
    expect(status).toEqual([200, ...Array(11).fill(409)]);
    const enlaces = await e.db
      .selectFrom('recargas_api')
      .select('recarga_id')
      .where('referencia', '=', 'carrera')
      .where('empresa_id', '=', await idEmpresa(e, 'demo'))
      .execute();
    expect(enlaces).toHaveLength(1);
    const escritas = await e.db.selectFrom('recargas').select('id').where('dn', 'in', dns).execute();
    expect(escritas.map((f) => f.id)).toEqual([enlaces[0]?.recarga_id]);
  });
});

describe('migration 0038 on a database that had the old keys and repeated references', () => {
  it('moves recent keys to the company form, marks repeats, and then holds both rules', async () => {
    const cliente = await nuevaLlave(e, admin, await usuario('cliente'));
    const otra = await nuevaLlave(e, admin, await usuario('cliente'));
    const hechas: { id: number; llave: { id: number; llave: string }; clave: string; cuerpo: object }[] = [];
    for (const [i, llave, clave] of [
      [0, cliente, 'vieja-1'],
      [1, cliente, 'vieja-2'],
      [2, otra, 'vieja-1'],
    ] as const) {
      const cuerpo = { dn: dnNuevo(), compania: 'T', referencia: `mig-${i}` };
      // Made under keys of their own now; rewritten below as 0037 would have written them.
      hechas.push({ id: (await recargar(llave.llave, cuerpo, `hoy-${i}`)).json().id, llave, clave, cuerpo });
    }
    // The database as 0037 left it: keys per API key, the two first top-ups with one reference.
    await sql`drop index recargas_api_referencia_unica`.execute(e.db);
    await sql`alter table recargas_api drop column repetida`.execute(e.db);
    for (const h of hechas)
      await sql`update recargas set idempotencia = ${`k:${h.llave.id}:${h.clave}`} where id = ${h.id}`.execute(
        e.db,
      );
    await sql`update recargas_api set referencia = 'mig-repetida'
      where recarga_id in (${hechas[0]?.id}, ${hechas[1]?.id})`.execute(e.db);

    await e.db.transaction().execute((tx) => migrar0038(tx as never));
    // Then, as migrate.ts does, the online index: repeats marked, the unique index built.
    await crearIndicesEnLinea(e.db, { info: () => {} });
    const [a, b, c] = hechas as [(typeof hechas)[0], (typeof hechas)[0], (typeof hechas)[0]];
    const filas = await e.db
      .selectFrom('recargas as r')
      .innerJoin('recargas_api as x', 'x.recarga_id', 'r.id')
      .select(['r.id', 'r.idempotencia', 'x.repetida'])
      .where('r.id', 'in', [a.id, b.id, c.id])
      .orderBy('r.id')
      .execute();
    // One key under two API keys: the first top-up takes it.
    expect(filas).toEqual([
      { id: a.id, idempotencia: 'v1:vieja-1', repetida: false },
      { id: b.id, idempotencia: 'v1:vieja-2', repetida: true },
      { id: c.id, idempotencia: `k:${otra.id}:vieja-1`, repetida: false },
    ]);
    // A retry that spans the upgrade replays its top-up; the kept reference still holds.
    expect((await recargar(otra.llave, b.cuerpo, 'vieja-2')).json().id).toBe(b.id);
    const r = await recargar(
      otra.llave,
      { dn: dnNuevo(), compania: 'T', referencia: 'mig-repetida' },
      'nueva',
    );
    expect(r.statusCode).toBe(409);
  });
});
