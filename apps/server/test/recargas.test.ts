import { M, texto } from '@recargas/contracts/mensajes';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as recargas from '../src/modules/recargas/service.ts';
import { SIN_FALLAS } from '../src/providers/simulador.ts';
import { crearEntorno, type Entorno, entrar, simuladorDe } from './entorno.ts';
import { pedir } from './peticion.ts';
import { vigilarVersion } from './recargas-prueba.ts';

let e: Entorno;
let admin: Awaited<ReturnType<typeof entrar>>;
let cliente: Awaited<ReturnType<typeof entrar>>;
beforeAll(async () => {
  e = await crearEntorno({ graciaNoEncontrada: 1 });
  admin = await entrar(e.app, 'admin');
  cliente = await entrar(e.app, 'cliente');
});
afterAll(() => e.cerrar());
beforeEach(async () => {
  (await simuladorDe(e)).configurar(SIN_FALLAS);
});

let n = 0;
const dnNuevo = () => `55${String(10_000_000 + ++n).slice(-8)}`;

type Sesion = Awaited<ReturnType<typeof entrar>>;
const recargar = (s: Sesion, body: Record<string, unknown>, clave?: string, url = '/checkOut') =>
  pedir(e.app, s, 'POST', url, body, { clave });
const fila = (id: number) =>
  e.db.selectFrom('recargas').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const ctx = () => e.app;
/** The user's places taken in the daily count (conteo_recargas), over every day. */
const enConteo = async (username: string) => {
  const f = await e.db
    .selectFrom('conteo_recargas as c')
    .innerJoin('usuarios as u', 'u.id', 'c.usuario_id')
    .select((eb) => eb.fn.sum<number>('c.n').as('n'))
    .where('u.username', '=', username)
    .executeTakeFirst();
  return Number(f?.n ?? 0);
};

describe('POST /checkOut', () => {
  it('a top-up by phone: row written, sent once, Recarga exitosa with the provider folio', async () => {
    const dn = dnNuevo();
    // cliente holds no Permiso Monto: the company's default amount goes (recargas-montos.test.ts).
    const r = await recargar(cliente, { dn, compania: 'T' }, 'k-exito');
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({ estado: 'exitosa', mensaje: M.recargaExitosa });
    expect(body.folio).toMatch(/^\d+$/);
    const f = await fila(body.id);
    expect(f).toMatchObject({
      dn,
      compania: 'T',
      monto: 30,
      estado: 'exitosa',
      tipo: 'todito',
      tipo_recarga: 1,
    });
    expect(f.lider_id).toBeGreaterThan(0);
    expect((await simuladorDe(e)).registro().recibidos[String(body.id)]).toBe(1);
  });

  it.each([
    [{ dn: '55123', compania: 'T' }, M.telefonoInvalido],
    [{ dn: '55123456789', compania: 'T' }, M.telefonoInvalido],
    [{ dn: '55abc45678', compania: 'T' }, M.telefonoInvalido],
    [{ icc: '8952abc', compania: 'M' }, M.iccInvalido],
    [{ icc: '1'.repeat(21), compania: 'M' }, M.iccInvalido],
    [{ compania: 'T' }, M.recargaFaltanDatos],
    [{ dn: '5512345678' }, M.recargaFaltanDatos],
    [{ dn: '5512345678', compania: 'X' }, M.recargaFaltanDatos],
  ])('refuses %j with the spec message, writes nothing', async (body, mensaje) => {
    const antes = await e.db
      .selectFrom('recargas')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const r = await recargar(cliente, body);
    expect(r.statusCode).toBe(400);
    expect(r.json().mensaje).toBe(mensaje);
    const despues = await e.db
      .selectFrom('recargas')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(despues.n).toBe(antes.n);
  });

  it('a top-up by ICC (19 digits) is accepted and defaults the amount from the company', async () => {
    // Telcel: an AT&T or Movistar ICC with no DN at all needs ATT_SIN_DN / MOVI_SIN_DN.
    const r = await recargar(cliente, { icc: '8952140061234567890', compania: 'T' }, 'k-icc');
    expect(r.statusCode).toBe(200);
    expect(await fila(r.json().id)).toMatchObject({ icc: '8952140061234567890', dn: '', monto: 30 });
  });

  it('the same Idempotency-Key sent 10 times at once sends once and answers the same row', async () => {
    const sim = await simuladorDe(e);
    sim.configurar({ latenciaMs: 30 });
    const dn = dnNuevo();
    const r = await Promise.all(
      Array.from({ length: 10 }, () => recargar(cliente, { dn, compania: 'T' }, 'k-diez')),
    );
    const ids = new Set(r.map((x) => x.json().id));
    expect(ids.size).toBe(1);
    expect(r.every((x) => [200, 202].includes(x.statusCode))).toBe(true);
    const [id] = [...ids];
    expect(sim.registro().recibidos[String(id)]).toBe(1);
    expect(await e.db.selectFrom('recargas').select('id').where('dn', '=', dn).execute()).toHaveLength(1);
    // Later repeats get the decided answer.
    const otra = await recargar(cliente, { dn, compania: 'T' }, 'k-diez');
    expect(otra.statusCode).toBe(200);
    expect(otra.json().id).toBe(id);
  });

  it('without a key, an identical submit within the minute is the same top-up (double click)', async () => {
    // The key is made from the clock's minute: pin the clock to its first and last second, or a
    // real minute boundary between the two submits would make them two top-ups.
    const minuto = Math.ceil(Date.now() / 60_000) * 60_000;
    vi.useFakeTimers({ now: minuto, toFake: ['Date'] });
    try {
      const dn = dnNuevo();
      const a = await recargar(cliente, { dn, compania: 'T' });
      vi.setSystemTime(minuto + 59_999);
      const b = await recargar(cliente, { dn, compania: 'T' });
      expect(b.json().id).toBe(a.json().id);
      const c = await recargar(cliente, { dn, compania: 'U' });
      expect(c.json().id).not.toBe(a.json().id);
      // The next minute, the same submit is a new top-up.
      vi.setSystemTime(minuto + 60_000);
      const d = await recargar(cliente, { dn, compania: 'T' });
      expect(d.statusCode).toBe(200);
      expect(d.json().id).not.toBe(a.json().id);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a declined top-up fails with the provider message and gives its place in the daily count back', async () => {
    const antes = await enConteo('cliente');
    (await simuladorDe(e)).configurar({ tasaRechazo: 1 });
    const r = await recargar(cliente, { dn: dnNuevo(), compania: 'T' }, 'k-rechazo');
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({ estado: 'fallida', mensaje: 'Número no válido para recarga' });
    expect(await enConteo('cliente')).toBe(antes);
    // The count is the one a top-up takes: an accepted one keeps its place.
    (await simuladorDe(e)).configurar(SIN_FALLAS);
    expect((await recargar(cliente, { dn: dnNuevo(), compania: 'T' }, 'k-rechazo-despues')).statusCode).toBe(
      200,
    );
    expect(await enConteo('cliente')).toBe(antes + 1);
  });

  it('a timeout leaves the row open (202), and reconciliation decides it without sending again', async () => {
    const sim = await simuladorDe(e);
    sim.configurar({ tasaTimeout: 1 });
    const r = await recargar(cliente, { dn: dnNuevo(), compania: 'T' }, 'k-timeout');
    expect(r.statusCode).toBe(202);
    expect(r.json()).toMatchObject({ estado: 'pendiente', mensaje: M.recargaEnProceso });
    sim.configurar(SIN_FALLAS);
    expect(await recargas.reconciliar(ctx(), r.json().id)).toBe(true);
    expect(await fila(r.json().id)).toMatchObject({ estado: 'exitosa' });
    expect(sim.registro().recibidos[String(r.json().id)]).toBe(1);
  });

  it('an outcome unknown at first and known later stays open until the provider knows', async () => {
    const sim = await simuladorDe(e);
    sim.configurar({ demoraResultadoMs: 300 });
    const r = await recargar(cliente, { dn: dnNuevo(), compania: 'T' }, 'k-despues');
    expect(r.statusCode).toBe(202);
    expect(await recargas.reconciliar(ctx(), r.json().id)).toBe(false);
    await new Promise((ok) => setTimeout(ok, 350));
    expect(await recargas.reconciliar(ctx(), r.json().id)).toBe(true);
    expect((await fila(r.json().id)).estado).toBe('exitosa');
    expect(sim.registro().recibidos[String(r.json().id)]).toBe(1);
  });

  it('a send the provider never received fails after the grace period, with no charge and no resend', async () => {
    const sim = await simuladorDe(e);
    sim.configurar({ tasa5xx: 1, semilla: 7 });
    // Find a seed roll that loses the request before the provider (5xx-antes).
    let id = 0;
    for (let i = 0; i < 20 && !id; i++) {
      const r = await recargar(cliente, { dn: dnNuevo(), compania: 'T' }, `k-perdida-${i}`);
      if (sim.registro().recibidos[String(r.json().id)] === undefined) id = r.json().id;
    }
    expect(id).toBeGreaterThan(0);
    sim.configurar(SIN_FALLAS);
    expect(await recargas.reconciliar(ctx(), id)).toBe(false);
    await new Promise((ok) => setTimeout(ok, 1100));
    expect(await recargas.reconciliar(ctx(), id)).toBe(true);
    expect(await fila(id)).toMatchObject({ estado: 'fallida', mensaje: M.recargaNoConfirmada });
    expect(sim.registro().recibidos[String(id)]).toBeUndefined();
  });

  it('a row written but never sent (crash before the call) is never sent by reconciliation: it fails, no charge', async () => {
    const sim = await simuladorDe(e);
    const r = await recargar(cliente, { dn: dnNuevo(), compania: 'T' }, 'k-crash');
    const id = r.json().id;
    // As the row stood between its write and the call: open, and unknown to the provider.
    await e.db
      .updateTable('recargas')
      .set({ estado: 'pendiente', folio: null, terminada: null })
      .where('id', '=', id)
      .execute();
    sim.reiniciar();
    expect(await recargas.reconciliar(ctx(), id)).toBe(false);
    await new Promise((ok) => setTimeout(ok, 1100));
    expect(await recargas.reconciliar(ctx(), id)).toBe(true);
    expect(await fila(id)).toMatchObject({ estado: 'fallida', mensaje: M.recargaNoConfirmada });
    expect(sim.registro().recibidos[String(id)]).toBeUndefined();
  });

  it('only an administrator with PLATAFORMAS switches to platform 2', async () => {
    const p2 = await simuladorDe(e, 'demo', 2);
    const delCliente = await recargar(
      cliente,
      { dn: dnNuevo(), compania: 'M', plataforma: 2 },
      'k-p-cliente',
    );
    expect(p2.registro().recibidos[String(delCliente.json().id)]).toBeUndefined();
    const delAdmin = await recargar(
      admin,
      { dn: dnNuevo(), compania: 'M', monto: 30, plataforma: 2 },
      'k-p-admin',
    );
    expect(p2.registro().recibidos[String(delAdmin.json().id)]).toBe(1);
    expect(p2.balance().MOVISTAR).toBe(1_000_000 - 30);
  });
});

// The statements of a top-up are prepared per connection on PostgreSQL (db/database.ts).
describe.skipIf(!process.env.DATABASE_URL)('prepared statements of a top-up', () => {
  it('keep working when a migration adds a column to recargas while the server runs', async () => {
    const dos = async () => {
      for (let i = 0; i < 2; i++) {
        const r = await recargar(cliente, { dn: dnNuevo(), compania: 'T' });
        expect(r.statusCode, r.body).toBe(200);
      }
    };
    await dos();
    // A prepared `returning *` would now fail: 'cached plan must not change result type'.
    await sql`alter table recargas add column columna_nueva text`.execute(e.db);
    try {
      await dos();
    } finally {
      await sql`alter table recargas drop column columna_nueva`.execute(e.db);
    }
    await dos();
  });
});

describe('the company a top-up reads, kept in memory', () => {
  const version = async () =>
    (await e.db.selectFrom('empresas').select('version').where('id', '=', 1).executeTakeFirstOrThrow())
      .version;

  it('changes version with each of its rows a top-up reads, and a top-up sees the change at once', async () => {
    const sinMonto = async () => {
      const r = await recargar(cliente, { dn: dnNuevo(), compania: 'T' });
      expect(r.statusCode, r.body).toBe(200);
      return (await fila(r.json().id)).monto;
    };
    expect(await sinMonto()).toBe(30);
    const v0 = await version();
    await sql`update empresas set ajustes = ajustes || '{"montoPorDefecto": 70}' where id = 1`.execute(e.db);
    const v1 = await version();
    expect(v1).toBeGreaterThan(v0);
    try {
      expect(await sinMonto()).toBe(70);
    } finally {
      await sql`update empresas set ajustes = ajustes - 'montoPorDefecto' where id = 1`.execute(e.db);
    }
    expect(await sinMonto()).toBe(30);

    const { cambia, igual } = await vigilarVersion(e.db, version);
    await cambia(sql`update proveedores set minimo = minimo + 1 where empresa_id = 1 and numero = 1`);
    await cambia(sql`insert into plataformas_empresa (empresa_id, proveedor_id, username)
      select 1, id, 'version-prueba' from proveedores where empresa_id = 1 and numero = 2`);
    await cambia(sql`insert into plataformas_carrier (empresa_id, carrier, plataforma_empresa_id)
      select 1, 'A', id from plataformas_empresa where username = 'version-prueba'`);
    await cambia(sql`delete from plataformas_carrier where empresa_id = 1 and carrier = 'A'`);
    await cambia(sql`delete from plataformas_empresa where username = 'version-prueba'`);
    // Another company's rows leave this one's copy alone.
    await sql`update proveedores set minimo = minimo + 1 where empresa_id = 2`.execute(e.db);
    await igual();
  });
});

describe('daily limits hold under concurrency', () => {
  it('50 concurrent top-ups for a user with 5 left: exactly 5 accepted, 45 refused in Spanish', async () => {
    await e.db.updateTable('usuarios').set({ max_recargas: 5 }).where('username', '=', 'lider').execute();
    const inicio = new Date(); // the seed's history rows are older
    const lider = await entrar(e.app, 'lider');
    const r = await Promise.all(
      Array.from({ length: 50 }, (_, i) => recargar(lider, { dn: dnNuevo(), compania: 'T' }, `k-lim-${i}`)),
    );
    const codigos = r.map((x) => x.statusCode);
    expect(codigos.filter((c) => c === 200)).toHaveLength(5);
    expect(codigos.filter((c) => c === 429)).toHaveLength(45);
    for (const x of r.filter((x) => x.statusCode === 429)) {
      expect(x.json().mensaje).toBe(texto('limiteRecargasDia', { max: 5 }));
    }
    const filas = await e.db
      .selectFrom('recargas as r')
      .innerJoin('usuarios as u', 'u.id', 'r.usuario_id')
      .select('r.id')
      .where('u.username', '=', 'lider')
      .where('r.creada', '>=', inicio)
      .execute();
    expect(filas).toHaveLength(5);
  });

  it('a failed top-up frees its place: after a decline the user can still top up', async () => {
    await e.db.updateTable('usuarios').set({ max_recargas: 1 }).where('username', '=', 'portas').execute();
    const portas = await entrar(e.app, 'portas');
    (await simuladorDe(e)).configurar({ tasaRechazo: 1 });
    expect((await recargar(portas, { dn: dnNuevo(), compania: 'T' }, 'k-l1')).statusCode).toBe(422);
    (await simuladorDe(e)).configurar(SIN_FALLAS);
    expect((await recargar(portas, { dn: dnNuevo(), compania: 'T' }, 'k-l2')).statusCode).toBe(200);
    expect((await recargar(portas, { dn: dnNuevo(), compania: 'T' }, 'k-l3')).statusCode).toBe(429);
  });
});

describe('external top-up and top-up without a user', () => {
  it('POST /foreignCheckOut needs RECARGA_EXTERNA and a folio, and calls no provider', async () => {
    const sinPermiso = await recargar(
      cliente,
      { dn: dnNuevo(), compania: 'T', monto: 30, folio: 'F1' },
      undefined,
      '/foreignCheckOut',
    );
    expect(sinPermiso.statusCode).toBe(403);
    const sinFolio = await recargar(
      admin,
      { dn: dnNuevo(), compania: 'T', monto: 30 },
      undefined,
      '/foreignCheckOut',
    );
    expect(sinFolio.statusCode).toBe(400);
    expect(sinFolio.json().mensaje).toBe(M.sinFolio);
    const sim = await simuladorDe(e);
    const ok = await recargar(
      admin,
      { dn: dnNuevo(), compania: 'T', monto: 30, folio: 'EXT-77', type: 3 },
      'k-ext',
      '/foreignCheckOut',
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ estado: 'exitosa', mensaje: M.recargaExternaExitosa, folio: 'EXT-77' });
    expect(sim.registro().recibidos[String(ok.json().id)]).toBeUndefined();
    expect(await fila(ok.json().id)).toMatchObject({ tipo_recarga: 3, folio_externo: 'EXT-77' });
  });

  it('the public top-up works for a company that allows it, up to its daily cap', async () => {
    await e.db
      .updateTable('empresas')
      .set({ max_recargas_sin_usuario: 2 })
      .where('codigo', '=', 'demo')
      .execute();
    const publica = (body: Record<string, unknown>, empresa = 'demo') =>
      pedir(e.app, null, 'POST', `/checkOut/${empresa}/recargaSinUsuario`, body);
    const a = await publica({ dn: dnNuevo(), compania: 'T' });
    expect(a.statusCode).toBe(200);
    expect(await fila(a.json().id)).toMatchObject({ usuario_id: null, tipo_recarga: 2, monto: 30 });
    expect((await publica({ dn: dnNuevo(), compania: 'T' })).statusCode).toBe(200);
    const tercera = await publica({ dn: dnNuevo(), compania: 'T' });
    expect(tercera.statusCode).toBe(429);
    expect(tercera.json().mensaje).toBe(texto('limiteRecargasDia', { max: 2 }));
    const gmcel = await publica({ dn: dnNuevo(), compania: 'T' }, 'gmcel');
    expect(gmcel.statusCode).toBe(403);
    expect(gmcel.json().mensaje).toBe(M.sinRecargaSinUsuario);
    expect((await publica({ dn: '123', compania: 'T' })).json().mensaje).toBe(M.telefonoInvalido);
  });
});
