import { M, texto } from '@recargas/contracts/mensajes';
import { COLUMNAS_RECICLAJE } from '@recargas/contracts/reciclaje';
import { describe, expect, it } from 'vitest';
import { sumarDias } from '../src/lib/fechas.ts';
import { idUsuario } from './entorno.ts';
import { pedir } from './peticion.ts';
import {
  admin,
  adminDemo,
  clienteId,
  demo,
  e,
  liderId,
  prepararReciclaje,
  tgmex,
} from './reciclaje-entorno.ts';
import { hoy, linea, lineaDb, pendientes } from './reciclaje-prueba.ts';

/** Reciclado masivo: the pending list, Reciclar and Olvidar one row, and Reciclar Todas. */
prepararReciclaje();

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

    const r = await pedir(e.app, admin, 'GET', '/api/recicladas/pendientesPorReciclar');
    expect(r.json().titulos.map((t: { llave: string }) => t.llave)).toEqual([...COLUMNAS_RECICLAJE]);
  });

  it('refuses a cursor that is not one of ours', async () => {
    const r = await pedir(e.app, admin, 'GET', '/api/recicladas/pendientesPorReciclar?after=xyz');
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
    const r = await pedir(e.app, admin, 'POST', `/api/recicladas/pendientesPorReciclar/${l.dn}`, {
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

    const otra = await pedir(e.app, admin, 'POST', `/api/recicladas/pendientesPorReciclar/${l.dn}`, {});
    expect(otra.statusCode).toBe(409);
    expect(otra.json().mensaje).toBe(texto('dnNoPendiente', { dn: l.dn }));
    expect(
      await e.db.selectFrom('reciclajes').selectAll().where('linea_id', '=', l.id).execute(),
    ).toHaveLength(1);
  });

  it('Olvidar leaves the line as it is until a later validity runs out', async () => {
    const l = await linea(tgmex, { lider_id: liderId });
    const r = await pedir(e.app, admin, 'POST', `/api/recicladas/pendientesPorReciclar/${l.dn}`, {
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
    const r = await pedir(e.app, admin, 'POST', `/api/recicladas/pendientesPorReciclar/${ajena.dn}`, {});
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
      const r = await pedir(e.app, admin, 'POST', url, {});
      expect(r.statusCode).toBe(409);
      expect(r.json().mensaje).toBe(texto('dnEnRecarga', { dn: l.dn }));
    }
    expect(await lineaDb(l.id)).toEqual(l);
    // Once the top-up is over, the line can be recycled.
    await e.db.updateTable('recargas').set({ estado: 'fallida' }).where('linea_id', '=', l.id).execute();
    const r = await pedir(e.app, admin, 'POST', `/api/recicladas/pendientesPorReciclar/${l.dn}`, {});
    expect(r.json()).toEqual({ mensaje: M.dnReciclado, lineas: 1 });
  });

  it('a number that is not digits is a 400 with the line message', async () => {
    const r = await pedir(e.app, admin, 'POST', '/api/recicladas/pendientesPorReciclar/55a1', {});
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
      pedir(e.app, admin, 'POST', '/api/recicladas/pendientesPorReciclar'),
      pedir(e.app, admin, 'POST', '/api/recicladas/pendientesPorReciclar'),
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
