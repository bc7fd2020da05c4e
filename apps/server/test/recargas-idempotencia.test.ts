import { M } from '@recargas/contracts/mensajes';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as masivas from '../src/modules/masivas/service.ts';
import { SIN_FALLAS } from '../src/providers/simulador.ts';
import { crearEntorno, type Entorno, entrar, idUsuario, type Sesion, simuladorDe } from './entorno.ts';
import { pedir } from './peticion.ts';
import { cuentaRecargas } from './recargas-prueba.ts';

/**
 * Issue 17, idempotency keys scoped to (company, caller, key): another caller's key is another
 * request; the same key with another request by the same caller is 422 and sends nothing; the
 * same key with the same request is the first answer.
 */
let e: Entorno;
const s: Record<'admin' | 'root' | 'lider' | 'cliente', Sesion> = {} as never;

beforeAll(async () => {
  e = await crearEntorno();
  for (const u of ['admin', 'root', 'lider', 'cliente'] as const) s[u] = await entrar(e.app, u);
});
afterAll(() => e.cerrar());
beforeEach(async () => {
  (await simuladorDe(e)).configurar(SIN_FALLAS);
});

let n = 0;
const dnNuevo = () => `59${String(10_000_000 + ++n).slice(-8)}`;
const recargar = (quien: Sesion | null, cuerpo: object, clave: string, url = '/checkOut') =>
  pedir(e.app, quien, 'POST', quien ? url : '/checkOut/demo/recargaSinUsuario', cuerpo, { clave });
const fila = (id: number) =>
  e.db.selectFrom('recargas').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const deDn = (dn: string) => e.db.selectFrom('recargas').selectAll().where('dn', '=', dn).execute();
const cuenta = () => cuentaRecargas(e.db);
const recibidos = async (id: number) => (await simuladorDe(e)).registro().recibidos[String(id)];
const usuarioId = (u: string) => idUsuario(e, 1, u);

describe("another caller's key is another request", () => {
  it("user B sending user A's key gets B's own top-up, made and sent", async () => {
    const [dnA, dnB] = [dnNuevo(), dnNuevo()];
    const a = await recargar(s.cliente, { dn: dnA, compania: 'T' }, 'compartida-1');
    expect(a.statusCode).toBe(200);
    const b = await recargar(s.lider, { dn: dnB, compania: 'T' }, 'compartida-1');
    expect(b.statusCode).toBe(200);
    expect(b.json().id).not.toBe(a.json().id);
    expect(await fila(b.json().id)).toMatchObject({ dn: dnB, usuario_id: await usuarioId('lider') });
    expect(await recibidos(b.json().id)).toBe(1);
    expect(await recibidos(a.json().id)).toBe(1);
  });

  it('the same key and the same body by another user is still their own top-up', async () => {
    const dn = dnNuevo();
    const a = await recargar(s.cliente, { dn, compania: 'T' }, 'compartida-2');
    const b = await recargar(s.lider, { dn, compania: 'T' }, 'compartida-2');
    expect(b.json().id).not.toBe(a.json().id);
    expect((await deDn(dn)).map((f) => f.usuario_id).sort()).toEqual(
      [await usuarioId('cliente'), await usuarioId('lider')].sort(),
    );
  });

  it("the public top-up with a user's key is a top-up of its own (no user), not the user's answer", async () => {
    const dn = dnNuevo();
    const a = await recargar(s.cliente, { dn, compania: 'T' }, 'compartida-3');
    const anonima = await recargar(null, { dn, compania: 'T' }, 'compartida-3');
    expect(anonima.statusCode).toBe(200);
    expect(anonima.json().id).not.toBe(a.json().id);
    expect(await fila(anonima.json().id)).toMatchObject({ usuario_id: null, tipo_recarga: 2 });
    expect(await recibidos(anonima.json().id)).toBe(1);
    // And a user sending the public caller's key gets no public answer either.
    const dnU = dnNuevo();
    const publica = await recargar(null, { dn: dnU, compania: 'T' }, 'compartida-4');
    const deUsuario = await recargar(s.lider, { dn: dnU, compania: 'T' }, 'compartida-4');
    expect(deUsuario.json().id).not.toBe(publica.json().id);
  });

  it('two callers sending one key at the same moment (one batch) each get their own', async () => {
    const dns = [dnNuevo(), dnNuevo(), dnNuevo()];
    const r = await Promise.all(
      (['cliente', 'lider', 'admin'] as const).map((u, i) =>
        recargar(
          s[u],
          { dn: dns[i] as string, compania: 'T', ...(u === 'admin' ? { monto: 30 } : {}) },
          'a-la-vez',
        ),
      ),
    );
    expect(new Set(r.map((x) => x.json().id)).size).toBe(3);
    for (const [i, x] of r.entries()) {
      expect(x.statusCode).toBe(200);
      expect((await fila(x.json().id)).dn).toBe(dns[i]);
      expect(await recibidos(x.json().id)).toBe(1);
    }
  });
});

describe('the same caller and key with another request: 422, nothing sent', () => {
  it('another number, another amount, another carrier or another route', async () => {
    const dn = dnNuevo();
    const primera = await recargar(s.admin, { dn, compania: 'T', monto: 30 }, 'reusada-1');
    expect(primera.statusCode).toBe(200);
    const antes = await cuenta();
    for (const [cuerpo, url] of [
      [{ dn: dnNuevo(), compania: 'T', monto: 30 }, '/checkOut'],
      [{ dn, compania: 'T', monto: 50 }, '/checkOut'],
      [{ dn, compania: 'U', monto: 30 }, '/checkOut'],
      [{ dn, compania: 'T' }, '/checkOut'],
      [{ dn, compania: 'T', monto: 30, folio: 'F-1' }, '/foreignCheckOut'],
    ] as const) {
      const r = await recargar(s.admin, cuerpo, 'reusada-1', url);
      expect(r.statusCode, JSON.stringify(cuerpo)).toBe(422);
      expect(r.json()).toEqual({ mensaje: M.claveIdempotenciaReutilizada });
    }
    expect(await cuenta()).toBe(antes);
    expect(await recibidos(primera.json().id)).toBe(1);
    // The same body again is the first answer, sent once.
    const otra = await recargar(s.admin, { dn, compania: 'T', monto: 30 }, 'reusada-1');
    expect(otra.statusCode).toBe(200);
    expect(otra.json()).toEqual(primera.json());
    expect(await recibidos(primera.json().id)).toBe(1);
  });

  it('the public caller too', async () => {
    const dn = dnNuevo();
    const primera = await recargar(null, { dn, compania: 'T' }, 'reusada-2');
    const otra = await recargar(null, { dn: dnNuevo(), compania: 'T' }, 'reusada-2');
    expect(otra.statusCode).toBe(422);
    expect(otra.json().mensaje).toBe(M.claveIdempotenciaReutilizada);
    const igual = await recargar(null, { dn, compania: 'T' }, 'reusada-2');
    expect(igual.json().id).toBe(primera.json().id);
  });

  it('by ICC of an inventory line (its own transaction): 422, the line stays as it was', async () => {
    const icc = `89521660${String(++n).padStart(11, '0')}`;
    const { id } = await e.db
      .insertInto('lineas')
      .values({ empresa_id: 1, icc, dn: '5566770000', compania: 'T', monto: 100 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const primera = await recargar(s.admin, { icc, compania: 'T' }, 'reusada-3');
    expect(primera.statusCode).toBe(200);
    const otra = await recargar(s.admin, { icc, compania: 'U' }, 'reusada-3');
    expect(otra.statusCode).toBe(422);
    const igual = await recargar(s.admin, { icc, compania: 'T' }, 'reusada-3');
    expect(igual.json().id).toBe(primera.json().id);
    expect(await e.db.selectFrom('recargas').select('id').where('linea_id', '=', id).execute()).toHaveLength(
      1,
    );
  });

  it('ten at once, five of each body, one key: one top-up, its body answered, the others 422', async () => {
    const sim = await simuladorDe(e);
    sim.configurar({ latenciaMs: 30 });
    const [x, y] = [dnNuevo(), dnNuevo()];
    const r = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        recargar(s.cliente, { dn: i % 2 ? x : y, compania: 'T' }, 'a-la-vez-2'),
      ),
    );
    const filas = [...(await deDn(x)), ...(await deDn(y))];
    expect(filas).toHaveLength(1);
    const ganadora = filas[0]?.dn;
    for (const [i, resp] of r.entries()) {
      if ((i % 2 ? x : y) === ganadora) expect(resp.json().id).toBe(filas[0]?.id);
      else expect(resp.statusCode).toBe(422);
    }
    expect(await recibidos(filas[0]?.id ?? 0)).toBe(1);
  });

  it('a refused repeat of a written key keeps the first answer (the rule changed since)', async () => {
    const dn = dnNuevo();
    const primera = await recargar(s.admin, { dn, compania: 'T', monto: 200 }, 'reusada-4');
    expect(primera.statusCode).toBe(200);
    await e.db
      .updateTable('empresas')
      .set({ ajustes: JSON.stringify({ reciclaje: true, activaciones: true, montos: [30, 50] }) })
      .where('id', '=', 1)
      .execute();
    try {
      const igual = await recargar(s.admin, { dn, compania: 'T', monto: 200 }, 'reusada-4');
      expect(igual.statusCode).toBe(200);
      expect(igual.json().id).toBe(primera.json().id);
      const nueva = await recargar(s.admin, { dn, compania: 'T', monto: 200 }, 'reusada-5');
      expect(nueva.statusCode).toBe(400);
    } finally {
      await e.db
        .updateTable('empresas')
        .set({ ajustes: JSON.stringify({ reciclaje: true, activaciones: true }) })
        .where('id', '=', 1)
        .execute();
    }
  });
});

describe('keys that name a resource stay shared on purpose', () => {
  it("a bulk line's attempt is one top-up whoever presses and whatever key they send", async () => {
    const b = await masivas.crearBloque(e.app, 1, await usuarioId('admin'), [
      { icc: '8952166000000000001', dn: '5966000001', monto: 50, compania: 'T', nombre: 'Una' },
    ]);
    const linea = (await pedir(e.app, s.admin, 'GET', `/api/recargasMasivas?fecha=${b.fechaNumerica}`)).json()
      .lineas[0];
    const a = await recargar(s.admin, { id: linea.id }, 'masiva-a', '/api/recargarIndividual');
    const r = await recargar(s.root, { id: linea.id }, 'masiva-a', '/api/recargarIndividual');
    expect(a.statusCode).toBe(200);
    expect(r.json().id).toBe(a.json().id);
    expect(await recibidos(a.json().id)).toBe(1);
  });
});
