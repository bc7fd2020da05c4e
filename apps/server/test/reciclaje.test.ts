import { M, texto } from '@recargas/contracts/mensajes';
import { PERMISOS } from '@recargas/contracts/permisos';
import { COLUMNAS_RECICLAJE } from '@recargas/contracts/reciclaje';
import { type Insertable, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LineasTable } from '../src/db/schema.ts';
import { PASSWORD_DEMO } from '../src/db/seed/index.ts';
import { hoyEn, sumarDias } from '../src/lib/fechas.ts';
import * as usuarios from '../src/modules/usuarios/service.ts';
import {
  conToken,
  crearEntorno,
  type Entorno,
  entrar,
  idEmpresa,
  idUsuario,
  type Sesion,
  simuladorDe,
} from './entorno.ts';
import { nuevaLinea } from './lineas-prueba.ts';

interface LineaApi {
  id: number;
  icc: string;
  dn: string;
  lider: number;
  liderNombre: string;
  cliente: number;
  clienteNombre: string;
  fechaVigencia: string | null;
}

let e: Entorno;
/** tgmex is the company of the exact counts; demo only has to stay untouched by it. */
let tgmex: number;
let demo: number;
let admin: Sesion;
let adminDemo: Sesion;
let liderId: number;
let clienteId: number;
const hoy = hoyEn('America/Mexico_City');

const empresaId = (codigo: string) => idEmpresa(e, codigo);

const pedir = (s: Sesion, method: 'GET' | 'POST', url: string, payload?: object) =>
  e.app.inject({ method, url, payload, headers: conToken(s.token, s.xsrf) });

/** A line of `empresa`; by default pending (a number, validity ended ten days ago). */
const linea = (empresa: number, campos: Partial<Insertable<LineasTable>> = {}) =>
  nuevaLinea(e, '8952777', {
    empresa_id: empresa,
    monto: 50,
    fecha_vigencia: sumarDias(hoy, -10),
    ...campos,
  });

async function pendientes(s: Sesion) {
  const filas: LineaApi[] = [];
  let after: string | null = null;
  let total: number | null = null;
  do {
    const r = await pedir(
      s,
      'GET',
      `/api/recicladas/pendientesPorReciclar?limit=7${after ? `&after=${after}` : ''}`,
    );
    expect(r.statusCode).toBe(200);
    const b = r.json();
    if (after === null) total = b.total;
    else expect(b.total).toBeNull();
    filas.push(...b.lineas);
    after = b.siguiente;
  } while (after);
  return { filas, total };
}

const lineaDb = (id: number) =>
  e.db.selectFrom('lineas').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const ajustar = (empresa: number, cambios: object) =>
  sql`update empresas set ajustes = coalesce(ajustes, '{}'::jsonb) || ${JSON.stringify(cambios)}::jsonb where id = ${empresa}`.execute(
    e.db,
  );

beforeAll(async () => {
  e = await crearEntorno();
  tgmex = await empresaId('tgmex');
  demo = await empresaId('demo');
  await ajustar(tgmex, { reciclaje: true, activaciones: true });
  liderId = (
    await e.db
      .insertInto('lideres')
      .values({ empresa_id: tgmex, nombre: 'Lider Sur' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  clienteId = (
    await e.db
      .insertInto('clientes')
      .values({ empresa_id: tgmex, lider_id: liderId, nombre: 'Cliente Sur' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await usuarios.crear(e.db, {
    empresaId: tgmex,
    username: 'recicla',
    nombre: 'Admin Reciclaje',
    password: PASSWORD_DEMO,
    nivel: 1,
    liderId: null,
    permisos: [...PERMISOS],
  });
  admin = await entrar(e.app, 'recicla', 'tgmex');
  adminDemo = await entrar(e.app, 'admin');
});
afterAll(() => e.cerrar());

describe('Reciclado masivo: the pending list', () => {
  it('lists lines with a number whose validity ended, oldest first, paged without gaps', async () => {
    const antes = await pendientes(admin);
    const nuevas: { id: number }[] = [];
    for (let i = 0; i < 16; i++)
      nuevas.push(await linea(tgmex, { fecha_vigencia: sumarDias(hoy, -1 - (i % 5)) }));
    const conLider = await linea(tgmex, { lider_id: liderId, cliente_id: clienteId });
    // Not pending: validity today or later, none, no number; another company's expired line.
    await linea(tgmex, { fecha_vigencia: hoy });
    await linea(tgmex, { fecha_vigencia: sumarDias(hoy, 30) });
    await linea(tgmex, { fecha_vigencia: null });
    await linea(tgmex, { dn: '' });
    const ajena = await linea(demo);

    const { filas, total } = await pendientes(admin);
    expect(total).toBe((antes.total ?? 0) + 17);
    expect(filas).toHaveLength(total ?? -1);
    expect(new Set(filas.map((f) => f.id)).size).toBe(filas.length);
    const claves = filas.map((f) => `${f.fechaVigencia} ${String(f.id).padStart(12, '0')}`);
    expect(claves).toEqual([...claves].sort());
    expect(filas.map((f) => f.id)).toEqual(expect.arrayContaining([...nuevas.map((l) => l.id), conLider.id]));
    expect(filas.map((f) => f.id)).not.toContain(ajena.id);
    const sinNadie = filas.find((f) => f.id === nuevas[0]?.id);
    expect(sinNadie).toMatchObject({
      lider: 0,
      liderNombre: M.lineaSinLider,
      cliente: 0,
      clienteNombre: M.lineaSinCliente,
    });
    expect(filas.find((f) => f.id === conLider.id)).toMatchObject({
      liderNombre: 'Lider Sur',
      clienteNombre: 'Cliente Sur',
    });

    const r = await pedir(admin, 'GET', '/api/recicladas/pendientesPorReciclar');
    expect(r.json().titulos.map((t: { llave: string }) => t.llave)).toEqual([...COLUMNAS_RECICLAJE]);
  });

  it('refuses a cursor that is not one of ours', async () => {
    const r = await pedir(admin, 'GET', '/api/recicladas/pendientesPorReciclar?after=xyz');
    expect(r.statusCode).toBe(400);
    expect(r.json().mensaje).toBe(M.cursorInvalido);
  });
});

describe('Reciclar and Olvidar one row', () => {
  it('Reciclar returns the line to stock, keeps what it had, and a second press changes nothing', async () => {
    const l = await linea(tgmex, {
      lider_id: liderId,
      cliente_id: clienteId,
      is_recargado: true,
      fecha_recarga: new Date('2026-01-05T12:00:00Z'),
    });
    const r = await pedir(admin, 'POST', `/api/recicladas/pendientesPorReciclar/${l.dn}`, {
      accion: 'reciclar',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ mensaje: M.dnReciclado, lineas: 1 });
    const despues = await lineaDb(l.id);
    expect(despues).toMatchObject({
      icc: l.icc,
      dn: l.dn,
      lider_id: null,
      cliente_id: null,
      is_recargado: false,
      fecha_recarga: null,
      fecha_vigencia: null,
    });
    const registro = await e.db.selectFrom('reciclajes').selectAll().where('linea_id', '=', l.id).execute();
    expect(registro).toHaveLength(1);
    expect(registro[0]).toMatchObject({
      empresa_id: tgmex,
      accion: 'reciclar',
      dn: l.dn,
      lider_id: liderId,
      cliente_id: clienteId,
      fecha_vigencia: l.fecha_vigencia,
    });
    expect(registro[0]?.fecha_recarga?.toISOString()).toBe('2026-01-05T12:00:00.000Z');

    const otra = await pedir(admin, 'POST', `/api/recicladas/pendientesPorReciclar/${l.dn}`, {});
    expect(otra.statusCode).toBe(409);
    expect(otra.json().mensaje).toBe(texto('dnNoPendiente', { dn: l.dn }));
    expect(
      await e.db.selectFrom('reciclajes').selectAll().where('linea_id', '=', l.id).execute(),
    ).toHaveLength(1);
  });

  it('Olvidar leaves the line as it is until a later validity runs out', async () => {
    const l = await linea(tgmex, { lider_id: liderId });
    const r = await pedir(admin, 'POST', `/api/recicladas/pendientesPorReciclar/${l.dn}`, {
      accion: 'olvidar',
    });
    expect(r.json()).toEqual({ mensaje: M.dnOlvidada, lineas: 1 });
    const despues = await lineaDb(l.id);
    expect(despues).toMatchObject({
      lider_id: liderId,
      fecha_vigencia: l.fecha_vigencia,
      vigencia_olvidada: l.fecha_vigencia,
    });
    expect((await pendientes(admin)).filas.map((f) => f.id)).not.toContain(l.id);
    // A new validity (an upload replacing the line) that also runs out brings it back.
    await e.db
      .updateTable('lineas')
      .set({ fecha_vigencia: sumarDias(hoy, -2) })
      .where('id', '=', l.id)
      .execute();
    expect((await pendientes(admin)).filas.map((f) => f.id)).toContain(l.id);
    const acciones = await e.db
      .selectFrom('reciclajes')
      .select('accion')
      .where('linea_id', '=', l.id)
      .execute();
    expect(acciones).toEqual([{ accion: 'olvidar' }]);
  });

  it("another company's number is not in the inventory, and nothing of it changes", async () => {
    const ajena = await linea(demo, { lider_id: null });
    const r = await pedir(admin, 'POST', `/api/recicladas/pendientesPorReciclar/${ajena.dn}`, {});
    expect(r.statusCode).toBe(404);
    expect(r.json().mensaje).toBe(texto('dnNoEnInventario', { dn: ajena.dn }));
    expect(await lineaDb(ajena.id)).toEqual(ajena);
  });

  it('a line held by a top-up in flight is left alone', async () => {
    const l = await linea(tgmex, { is_recargado: true });
    await e.db
      .insertInto('recargas')
      .values({
        empresa_id: tgmex,
        usuario_id: await idUsuario(e, tgmex, 'recicla'),
        idempotencia: `reciclaje-${l.id}`,
        proveedor_id: (
          await e.db
            .selectFrom('proveedores')
            .select('id')
            .where('empresa_id', '=', tgmex)
            .executeTakeFirstOrThrow()
        ).id,
        icc: l.icc,
        dn: l.dn,
        compania: 'T',
        monto: 50,
        tipo: 'todito',
        tipo_recarga: 1,
        folio_externo: null,
        mensaje: null,
        folio: null,
        lider_id: null,
        cliente_id: null,
        dia: hoy,
        enviada: null,
        terminada: null,
        linea_id: l.id,
      })
      .execute();
    for (const url of [`/api/recicladas/pendientesPorReciclar/${l.dn}`, `/api/dnReciclar/${l.dn}`]) {
      const r = await pedir(admin, 'POST', url, {});
      expect(r.statusCode).toBe(409);
      expect(r.json().mensaje).toBe(texto('dnEnRecarga', { dn: l.dn }));
    }
    expect(await lineaDb(l.id)).toEqual(l);
    // Once the top-up is over, the line can be recycled.
    await e.db.updateTable('recargas').set({ estado: 'fallida' }).where('linea_id', '=', l.id).execute();
    const r = await pedir(admin, 'POST', `/api/recicladas/pendientesPorReciclar/${l.dn}`, {});
    expect(r.json()).toEqual({ mensaje: M.dnReciclado, lineas: 1 });
  });

  it('a number that is not digits is a 400 with the line message', async () => {
    const r = await pedir(admin, 'POST', '/api/recicladas/pendientesPorReciclar/55a1', {});
    expect(r.statusCode).toBe(400);
    expect(r.json().mensaje).toContain(M.lineaDnInvalido);
  });
});

describe('Reciclar Todas', () => {
  it('recycles every pending line of the company once, even pressed twice at the same time', async () => {
    const demoAntes = await pendientes(adminDemo);
    for (let i = 0; i < 12; i++) await linea(tgmex);
    const { total } = await pendientes(admin);
    expect(total).toBeGreaterThanOrEqual(12);
    const [a, b] = await Promise.all([
      pedir(admin, 'POST', '/api/recicladas/pendientesPorReciclar'),
      pedir(admin, 'POST', '/api/recicladas/pendientesPorReciclar'),
    ]);
    const bien = [a, b].filter((r) => r.statusCode === 200);
    const sobra = [a, b].filter((r) => r.statusCode !== 200);
    // One press recycles them all; the other finds nothing left (or both split the work).
    expect(bien.reduce((s, r) => s + r.json().lineas, 0)).toBe(total);
    for (const r of bien) expect(r.json().mensaje).toBe(M.dnReciclados);
    for (const r of sobra) {
      expect(r.statusCode).toBe(409);
      expect(r.json().mensaje).toBe(M.sinPendientesReciclar);
    }
    expect((await pendientes(admin)).total).toBe(0);
    const registros = await e.db
      .selectFrom('reciclajes')
      .select((eb) => eb.fn.count<number>('linea_id').distinct().as('lineas'))
      .select((eb) => eb.fn.countAll<number>().as('filas'))
      .where('empresa_id', '=', tgmex)
      .where('accion', '=', 'reciclar')
      .executeTakeFirstOrThrow();
    expect(Number(registros.filas)).toBe(Number(registros.lineas));
    // Demo's pending lines are not tgmex's to recycle.
    expect((await pendientes(adminDemo)).total).toBe(demoAntes.total);
  });
});

describe('Reciclar Lineas (panel of the top-up screen)', () => {
  it('recycles a number of the inventory whether or not it is pending', async () => {
    const l = await linea(tgmex, { fecha_vigencia: sumarDias(hoy, 60), lider_id: liderId });
    const r = await pedir(admin, 'POST', `/api/dnReciclar/${l.dn}`);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ mensaje: M.dnReciclado, lineas: 1 });
    expect(await lineaDb(l.id)).toMatchObject({ lider_id: null, fecha_vigencia: null });
    const nada = await pedir(admin, 'POST', '/api/dnReciclar/3399999999');
    expect(nada.statusCode).toBe(404);
    expect(nada.json().mensaje).toBe(texto('dnNoEnInventario', { dn: '3399999999' }));
  });

  it('is refused where the company has recycling off', async () => {
    const l = await linea(tgmex);
    await ajustar(tgmex, { reciclaje: false });
    try {
      const r = await pedir(admin, 'POST', `/api/dnReciclar/${l.dn}`);
      expect(r.statusCode).toBe(403);
      expect(r.json().mensaje).toBe(M.funcionDeshabilitada);
      expect(await lineaDb(l.id)).toEqual(l);
    } finally {
      await ajustar(tgmex, { reciclaje: true });
    }
  });

  it('levels 2 and 3 are refused', async () => {
    for (const usuario of ['lider', 'cliente']) {
      const s = await entrar(e.app, usuario);
      for (const [metodo, url] of [
        ['POST', '/api/dnReciclar/5520003571'],
        ['GET', '/api/recicladas/pendientesPorReciclar'],
        ['POST', '/api/recicladas/pendientesPorReciclar'],
        ['GET', '/statusActivacion/8952140100000007919'],
      ] as const) {
        expect((await pedir(s, metodo, url)).statusCode).toBe(403);
      }
    }
  });
});

describe('Estatus ICC ATT', () => {
  it("answers ATT's record of an active ICC of the inventory", async () => {
    const l = await linea(tgmex, { icc: '8952777000000000124' });
    const r = await pedir(admin, 'GET', `/statusActivacion/${l.icc}`);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      ResponseCode: '0',
      dnPermanente: '5600000124',
      fechaCreacion: expect.stringMatching(/^2026-\d{2}-\d{2}$/),
      organizacion: 'ATT Mexico',
      subinventario: 'SUB-0124',
      marca: 'AT&T',
      kit: 'KIT-000124',
    });
  });

  it('an ICC not active yet becomes active once ATT activates it', async () => {
    const l = await linea(tgmex, { icc: '8952777000000000131' });
    const antes = await pedir(admin, 'GET', `/statusActivacion/${l.icc}`);
    expect(antes.statusCode).toBe(404);
    expect(antes.json().mensaje).toBe(M.estatusActivacionError);
    const sim = await simuladorDe(e, 'tgmex', 1);
    expect(sim.activar(l.icc)).toEqual({ estado: 'aceptada', dn: '5600000131' });
    const despues = await pedir(admin, 'GET', `/statusActivacion/${l.icc}`);
    expect(despues.json().dnPermanente).toBe('5600000131');
  });

  it("another company's ICC, or one nobody has, gets the same failure text", async () => {
    const ajena = await linea(demo, { icc: '8952777000000000142' });
    for (const icc of [ajena.icc, '8952777000000000998']) {
      const r = await pedir(admin, 'GET', `/statusActivacion/${icc}`);
      expect(r.statusCode).toBe(404);
      expect(r.json().mensaje).toBe(M.estatusActivacionError);
    }
  });

  it("ATT's server failing is a 502 with the failure text, not a 500", async () => {
    const l = await linea(tgmex, { icc: '8952777000000000156' });
    const sim = await simuladorDe(e, 'tgmex', 1);
    sim.configurar({ tasa5xx: 1 });
    try {
      const r = await pedir(admin, 'GET', `/statusActivacion/${l.icc}`);
      expect(r.statusCode).toBe(502);
      expect(r.json().mensaje).toBe(M.estatusActivacionError);
    } finally {
      sim.configurar({ tasa5xx: 0 });
    }
  });

  it('is refused where the company has activations off', async () => {
    const l = await linea(tgmex, { icc: '8952777000000000168' });
    await ajustar(tgmex, { activaciones: false });
    try {
      const r = await pedir(admin, 'GET', `/statusActivacion/${l.icc}`);
      expect(r.statusCode).toBe(403);
      expect(r.json().mensaje).toBe(M.funcionDeshabilitada);
    } finally {
      await ajustar(tgmex, { activaciones: true });
    }
  });
});
